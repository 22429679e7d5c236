"""What a Bonus / Malus figure's options are worth, in points: the facing a move ends
with, standing somewhere (objective, the neutral group's prey, threat, terror, the leader's
heart, closing in), a shot (into a melee too), the best shot from a point, a fight, daring
to touch a frightening enemy, and the free attacks of leaving a melee."""
from __future__ import annotations

import math

from game.ai.bonus_malus.world import PAS, World, heading, placed
from game.rulesets._shared.facing import in_front
from game.rulesets._shared.keep import success_odds
from game.rulesets.bonus_malus import deeds
from game.rulesets.bonus_malus import figures as F
from game.rulesets.bonus_malus.effects import Situation, flags
from game.rulesets.bonus_malus.levels import net


def snap(h: float) -> int:
    """A heading rounded to the move's offered facings (every 15 degrees)."""
    return int(round((h % 360.0) / 15.0)) % 24 * 15


class Valuer:
    """Mixed into the options builder (``self.w``: the World, ``self.p``: the profile,
    ``self.table``)."""

    w: World

    def facing_for(self, fig, pos, must=None) -> int:
        """The facing to end a move with: as many dangerous or valuable enemies in front as
        one facing allows (``must``: a figure to keep in front, the next shot's target)."""
        w = self.w
        weights = []
        for e in w.enemies:
            d = w.gap(fig, pos, e)
            reach = w.move_pas(e) + max([g.range * 2 for g in w.guns(e)] + [0.0])
            if d > max(reach, 14.0):
                continue
            weights.append((e.pos, w.value(e) + 2.0 * w.points(e) * (d <= reach)))
        if not weights:
            return snap(fig.facing if must is None else heading(pos, must.pos))
        cands = [heading(pos, p) for p, _ in weights]
        sx = sum(wt * math.cos(math.radians(heading(pos, p))) for p, wt in weights)
        sy = sum(wt * math.sin(math.radians(heading(pos, p))) for p, wt in weights)
        if abs(sx) + abs(sy) > 1e-9:
            cands.append(math.degrees(math.atan2(sy, sx)))
        best, bh = -1.0, cands[0]
        for h in cands:
            h = snap(h)
            probe = placed(fig, pos, h)
            if must is not None and not in_front(probe, must.pos):
                continue
            s = sum(wt for p, wt in weights if in_front(probe, p))
            if s > best:
                best, bh = s, h
        if must is not None and best < 0:
            bh = snap(heading(pos, must.pos))
        return bh

    def standing(self, fig, pos, facing: float, ran: bool = False) -> float:
        """What ending the activation at ``pos`` is worth: objective, neutral prey, less the
        threat there and terror."""
        w = self.w
        threat = w.threat(fig, pos, facing, ran=ran, marked=self.carries(fig, pos))
        return (self.kept_goal(fig, pos, threat) + float(self.p.get("lure_weight", 1.0)) * w.lure(fig, pos)
                - w.risk * threat - w.terror(fig, pos)
                + self.company(fig, pos) + self.approach(fig, pos))

    def carries(self, fig, pos) -> bool:
        """Extraction: the figure would hold the beacon at ``pos`` (it carries it, or picks
        it up there): every enemy's target."""
        o = self.w.objective
        if o.get("type") != "extraction" or fig.side not in self.w.state.seats():
            return False
        holder = o.get("holder")
        return holder == fig.id or (not holder and self.w.at_beacon(fig, pos))

    def kept_goal(self, fig, pos, threat: float) -> float:
        """The objective's value at ``pos`` as far as the figure lives to keep it: the
        beacon picked up or carried there is worth it only if its runner is not taken out
        before it acts again, and a runner taken out drops it at the enemy's feet (its
        share ``handover`` of the beacon's worth goes to them). A win on the spot is kept
        whatever the threat."""
        w = self.w
        g = w.goal(fig, pos)
        if g <= 0 or w.objective.get("type") != "extraction" or g >= 50.0 * w.norm:
            return g
        holder = w.objective.get("holder")
        mine = holder == fig.id or (not holder and w.at_beacon(fig, pos))
        if not mine:
            return g
        lost = min(1.0, threat / max(1e-9, w.points(fig) + w.breaks(fig)))
        worth = float(self.p.get("beacon_value", 1.2)) * w.norm * float(self.p.get("objective_weight", 1.0))
        return g * (1.0 - lost) - lost * float(self.p.get("handover", 0.5)) * worth

    def approach(self, fig, pos) -> float:
        """A little for closing on the nearest enemy team's figure (a game is won by
        taking figures out); more, the later it is, when the enemy has taken more points
        than we have (after the last turn, points decide), or as many against a team that
        stays home (a stand-off is a draw)."""
        k = float(self.p.get("approach", 0.1))
        w = self.w
        if not k or not w.foes:
            return 0.0
        if w.behind > 0 or (w.behind == 0 and w.passive):   # waiting loses (or draws) when the turns run out
            k += float(self.p.get("behind_approach", 0.5)) * min(1.0, w.state.turn / max(1, w.state.max_turns))
        size = max(w.state.width, w.state.height)
        d = min(math.dist(pos, e.pos) for e in w.foes)
        gain = k * w.norm * (1.0 - d / size)
        lost = float(self.p.get("approach_prey", 0.0))
        if lost and w.careful and self.new_prey(fig, pos):
            here = k * w.norm * (1.0 - min(math.dist(fig.pos, e.pos) for e in w.foes) / size)
            gain -= lost * max(0.0, gain - here)
        return gain

    def new_prey(self, fig, pos) -> bool:
        """A neutral figure that roams (no guarded post: a guardian chases no further than
        its leash) would turn on ``fig`` at ``pos`` and does not where it stands."""
        w = self.w
        return any(n.side not in w.neutral_post and w.neutral_prey(n, fig, pos) is fig
                   and w.neutral_prey(n) is not fig for n in w.neutrals)

    def company(self, fig, pos) -> float:
        """Near our Chef when the band is close to losing heart: its Moral+ (B-R35)."""
        w = self.w
        team = [f for f in w.state.figures.values() if f.side == w.side]
        lost = sum(1 for f in team if f.out)
        if not team or (lost + 1) * 2 <= len(team):
            return 0.0
        chefs = [a for a in w.allies if a.id != fig.id and "chef" in a.status.get("attributes", {})]
        if not chefs:
            return 0.0
        near = any(math.dist(pos, c.pos) - fig.radius - c.radius <= 5 * PAS for c in chefs)
        fi = w.fighter(fig)
        gain = success_odds(net(fi, "moral") + 1) - success_odds(net(fi, "moral"))
        return gain * w.points(fig) * (1.0 if near else 0.0)

    # ------------------------------------------------------------------ offence
    def shot_value(self, fig, pos, target, *, aimed=False, precise=False, extra=(), n=None) -> float:
        """Points a shot (all the weapon's shots) at ``target`` takes from ``pos``; a target
        in a melee may be any figure of it (B-R37): ours count against."""
        w = self.w
        melee = [target] + [o for o in w.state.figures.values()
                            if not o.out and o.id != target.id
                            and math.dist(o.pos, target.pos) - o.radius - target.radius <= F.CONTACT_MM]
        total = 0.0
        for m in melee:
            if m.id == fig.id:
                continue
            klass = "none" if precise else w.cover_class(fig, pos, m, m.pos)
            if klass == "blind":
                if m is target:
                    return -1.0
                klass = "none"
            wound, out = w.shot(fig, pos, m, m.pos, m.facing, aimed=aimed, cover_class=klass, extra=extra,
                                rate_at=n)
            sign = -1.0 if m.side == w.side else 1.0
            loss = w.loss(m, wound, out)
            total += sign * loss * (1.0 if m.side != w.side else float(self.p.get("friendly_fire", 1.5)))
        return total / len(melee)

    def best_shot(self, fig, pos, facing=None, aimed=False, exact: bool = False):
        """(points, target) of the best shot from ``pos`` (targets in front when ``facing``
        is given; ``exact``: from where the figure stands, as the rules would allow it)."""
        w = self.w
        if not w.guns(fig) or w.engaged(fig, pos):
            return 0.0, None
        best, tgt = 0.0, None
        probe = placed(fig, pos, facing) if facing is not None else None
        for e in w.enemies:
            if probe is not None and not in_front(probe, e.pos):
                continue
            if w.gap(fig, pos, e) > 2 * max(g.range for g in w.guns(fig)):
                continue
            if exact and all(deeds.weapon_refusal(w.state, self.table, fig, e, g.entry.id) is not None
                             for g in w.guns(fig)):
                continue
            v = self.shot_value(fig, pos, e, aimed=aimed)
            if v > best:
                best, tgt = v, e
        return best, tgt

    def fight_value(self, fig, pos, target, extra_foes: int = 0) -> float:
        w = self.w
        mine = w.engaged(fig, pos)
        supported = target.id not in {e.id for e in mine}
        a_eng = max(1, len(mine) + extra_foes)
        d_eng = max(1, len(w.engaged(target)) + (0 if supported or target.id in {e.id for e in w.engaged(fig)} else 1))
        fo = w.fight(fig, pos, target, a_engaged=a_eng, d_engaged=d_eng, supported=supported)
        gain = w.loss(target, fo.wound_defender, fo.out_defender)
        lost = w.loss(fig, fo.wound_attacker, fo.out_attacker) * float(self.p.get("melee_risk", 1.0))
        return gain - lost

    def dare(self, fig, target) -> float:
        """P(the figure dares to touch ``target``: a Moral test against fear, B-R47)."""
        w = self.w
        if "fear" not in flags(w.fighter(target)) or "fear" in flags(w.fighter(fig)):
            return 1.0
        if w.engaged(fig) and target in w.engaged(fig):
            return 1.0
        extra = F.aura(w.state, self.table, fig, "moral")
        return success_odds(net(w.fighter(fig), "moral", extra=extra))

    def disengage_cost(self, fig) -> float:
        w = self.w
        foes = w.engaged(fig)
        if not foes or "free_disengage" in flags(w.fighter(fig)):
            return 0.0
        from game.rulesets.bonus_malus import melee, odds

        me = w.fighter(fig)
        cost = 0.0
        for e in foes:
            ef = w.fighter(e)
            sit = Situation("free", foe=me)
            wo = odds.wound_odds(me, net(ef, "degats", sit), melee.melee_attack(ef, me, "free"),
                                 "fatal" in flags(ef, sit))
            cost += w.loss(fig, wo.wound, wo.out)
        return cost

    # ------------------------------------------------------------------ destinations
