"""One Bonus / Malus decision's picture of the table, from the deciding side's view only:
our figures, the enemy teams' and the neutral group's, what each is worth (its points), and
exact odds (``game.rulesets.bonus_malus.odds``, the odds preview's) of shots and fights from
any standing point and facing: what a figure may take from an enemy, what the enemies may
take from it where it would stand (the threat), what the neutral group would do (it turns
on the nearest figure within its radius: better an enemy than one of ours), the terror and
the objectives of the scenario. Values are in points (what victory counts)."""
from __future__ import annotations

import dataclasses
import math
from statistics import NormalDist

from game.ai.clock import foe_stays_home
from game.ai.neutral import NeutralParams
from game.core.state import Figure, GameState
from game.geometry.shapes import Base
from game.rulesets._shared.cover import cover
from game.rulesets._shared.facing import in_front
from game.rulesets._shared.keep import success_odds
from game.rulesets.bonus_malus import deeds, melee, odds, shooting, terrain
from game.rulesets.bonus_malus import figures as F
from game.rulesets.bonus_malus.effects import Situation, base_move, damage_budget, flags
from game.rulesets.bonus_malus.levels import net
from game.rulesets.bonus_malus.victory import REACH_MM, points_of, scores

PAS = F.PAS
TERROR_PAS = 10.0
_STANDARD = NormalDist()     # the score gap's spread law (World.worth)


def clip(x: float) -> float:
    return 0.0 if x < 0 else 1.0 if x > 1 else x


def squash(points: float, scale: float) -> float:
    """A value in points as a consideration input in (0, 1): 0.5 for nothing, monotone,
    about linear within one ``scale`` either way."""
    return 0.5 + 0.5 * math.tanh(points / (2.0 * scale))


def heading(a, b) -> float:
    return math.degrees(math.atan2(b[1] - a[1], b[0] - a[0])) % 360.0


def placed(f: Figure, pos, facing: float | None = None) -> Figure:
    """The figure as if it stood at ``pos`` (status shared: read only)."""
    return dataclasses.replace(f, x=float(pos[0]), y=float(pos[1]),
                               facing=f.facing if facing is None else float(facing))


class World:
    def __init__(self, view: GameState, table, side: int, profile: dict):
        self.state, self.table, self.side, self.p = view, table, side, profile
        seats = set(view.seats())
        live = [f for f in view.figures.values() if not f.out]
        self.allies = [f for f in live if f.side == side]
        self.foes = [f for f in live if f.side != side and f.side in seats]
        self.neutrals = [f for f in live if f.side not in seats]
        self.enemies = self.foes + self.neutrals
        self.careful = bool(profile.get("threat", True))
        self.risk = float(profile.get("risk_weight", 1.0))
        agents = {s: NeutralParams.from_data(view.sides[s].extras.get("agent"))
                  for s in view.side_ids() if s not in seats}
        self.neutral_radius = {s: a.radius for s, a in agents.items()}
        # a guardian's post: it never walks farther than the leash from the guarded point
        # (game.ai.neutral); none for a group that wanders
        self.neutral_post: dict[int, tuple[tuple[float, float], float]] = {
            s: (a.guard, a.leash) for s, a in agents.items() if a.guard is not None}
        self.objective = view.extras.get("objective") or {}
        self.soft = terrain.soft_cover(table)
        vals = [points_of(view, f) for f in view.figures.values()]
        self.norm = float(profile.get("norm_points", 0)) or max(vals + [1.0])
        self._fighters: dict = {}
        self._cache: dict = {}
        self.rough = False            # threat without cover (a first, cheap pass)
        # enemies spent this turn strike again next turn only (none after the last one)
        self.last_turn = view.turn >= view.max_turns
        sc = scores(view)
        self.behind = max([sc.get(s, 0.0) for s in seats if s != side] + [0.0]) - sc.get(side, 0.0)
        self.passive = self._passive()
        if self.last_turn and self.behind > 0:
            self.risk = min(self.risk, 1.0)     # waiting loses for sure: no more prudence than normal's
        self.spent_weight = 0.0 if self.last_turn else float(profile.get("spent_enemy", 0.7))
        self.spread = self._spread()

    def _spread(self) -> float:
        """How far (points, one standard deviation) the score gap may still move before the
        game ends on points: ``stakes`` x the norm per turn, growing as the square root of
        the turns left (the turn under way counted by the share of the player figures still
        to act in it; about half the dearest figure's points a turn, measured over seed
        701's games). 0 (the stakes off) but in the last ``stakes_turns`` turns: earlier an
        elimination or the objective may still decide, and the gap is far from final."""
        k = float(self.p.get("stakes", 0.0))
        if not k:
            return 0.0
        st = self.state
        if st.max_turns - st.turn + 1 > int(self.p.get("stakes_turns", 2)):
            return 0.0
        live = [f for f in st.figures.values() if not f.out and f.side in st.seats()]
        now = sum(1 for f in live if F.can_activate(f)) / max(1, len(live))
        left = max(0.0, st.max_turns - st.turn) + now
        return k * self.norm * math.sqrt(max(0.25, left))

    def worth(self, f: Figure) -> float:
        """A player figure's points, when we are behind on points as the end nears, as what
        taking it out does to our chance of winning on points (``stakes``). The final gap
        is our gap now (g < 0) plus a normal spread (``spread``: s) of what is still to
        come: losing x points costs Phi(g / s) - Phi((g - x) / s) of that chance and
        taking x gains Phi((g + x) / s) - Phi(g / s). Each is read against what the same x
        would do level (Phi(x / s) - 1/2), so that the law is bent, not scaled: what we may
        still lose counts less and what would close the gap more. Level or ahead, and with
        the stakes off, the plain points (the same law ahead, more caution, cost
        Extraction and Premiere partie: normal.yaml)."""
        v = points_of(self.state, f)
        s = self.spread
        if not s or self.behind <= 0 or f.side not in self.state.seats():
            return v
        key = ("worth", f.id)
        hit = self._cache.get(key)
        if hit is None:
            g = -self.behind
            phi = _STANDARD.cdf
            level = phi(v / s) - 0.5
            if level < 1e-9:
                hit = v
            elif f.side == self.side:
                hit = v * (phi(g / s) - phi((g - v) / s)) / level
            else:
                hit = v * (phi((g + v) / s) - phi(g / s)) / level
            self._cache[key] = hit
        return hit

    def _passive(self) -> bool:
        """The enemy team stays home: from the second turn, its figures in play stand on
        average within ``passive_pas`` of their deployment zones (``game.ai.clock``)."""
        return foe_stays_home(self.state, self.foes, PAS, float(self.p.get("passive_pas", 2.0)))

    # ------------------------------------------------------------------ values
    def value(self, f: Figure) -> float:
        """What taking the figure out of play is worth to us (its points; neutral figures
        count for nobody: only the harm they would do)."""
        if f.side not in self.state.seats():
            return self.neutral_worth(f)
        v = self.worth(f)
        v += self.danger(f) + self.breaks(f)
        if self.objective.get("holder") == f.id:
            v += float(self.p.get("carrier_value", 1.5)) * self.norm
        return v

    def neutral_worth(self, n: Figure) -> float:
        """A neutral figure counts for nobody: taking it out is worth only the harm it may do
        to us. Its danger (its blow on one of ours it would turn on now), and a share
        ``neutral_value`` of its points while one of ours stands within its radius and
        move (it may turn on us soon); hunting an enemy or far from us, nothing: shots
        at it are wasted (and spare the enemy it would harm)."""
        key = ("nworth", n.id)
        if key not in self._cache:
            danger = self.danger(n)
            radius = self.neutral_radius.get(n.side, 250.0) + self.move_pas(n) * PAS
            prey = self.neutral_prey(n)
            near = any(math.dist(a.pos, n.pos) - a.radius - n.radius <= radius for a in self.allies)
            if prey is not None and prey.side != self.side and not danger:
                near = False
            share = float(self.p.get("neutral_value", 0.15)) * points_of(self.state, n) if near else 0.0
            self._cache[key] = share + danger
        return self._cache[key]

    def danger(self, e: Figure) -> float:
        """What the enemy could take from us before we act again: its best blow on one
        of ours where they stand (taking it out spares that), weighed by danger_weight."""
        k = float(self.p.get("danger_weight", 0.5))
        if not k or not self.careful or e.side == self.side:
            return 0.0
        key = ("danger", e.id)
        if key not in self._cache:
            self._cache[key] = 0.0        # no recursion through value()
            best = 0.0
            for a in self.allies:
                if math.dist(a.pos, e.pos) > (self.reach(e) + 2) * PAS:
                    continue
                if e.side not in self.state.seats() and self.neutral_prey(e) is not a:
                    continue
                p_out, p_wound = self._enemy_blow(e, a, a.pos, a.facing, False)
                share = 1.0 / max(1, a.max_vitality)
                best = max(best, self.worth(a) * (p_out + share * max(0.0, p_wound - p_out)))
            self._cache[key] = k * best
        return self._cache[key]

    def points(self, f: Figure) -> float:
        return points_of(self.state, f)

    def breaks(self, f: Figure) -> float:
        """What losing the figure costs its team besides itself (points): when it is the
        loss that puts the team past half lost, each other figure tests its Moral once and
        flees for good on a failure (B-R8), weighed ``morale_break``. Nothing for the
        neutral group, a team already past half, or when the weight is 0 (greedy)."""
        k = float(self.p.get("morale_break", 0.8))
        st = self.state
        if not k or f.side not in st.seats() or st.sides[f.side].extras.get("demoralised"):
            return 0.0
        key = ("breaks", f.side)
        if key not in self._cache:
            team = [g for g in st.figures.values() if g.side == f.side]
            lost = sum(1 for g in team if g.out)
            worth = {}
            if 2 * (lost + 1) > len(team):
                for g in team:
                    if g.out or g.status.get("morale_tested"):
                        continue
                    fi = self.fighter(g)
                    p_fail = 1.0 - success_odds(net(fi, "moral", extra=F.aura(st, self.table, g, "moral")))
                    worth[g.id] = k * p_fail * self.worth(g)
            self._cache[key] = worth
        worth = self._cache[key]
        if not worth or f.out:
            return 0.0
        return sum(v for gid, v in worth.items() if gid != f.id)

    def fighter(self, f: Figure):
        key = (f.id, f.x, f.y, f.facing)
        hit = self._fighters.get(key)
        if hit is None:
            hit = self._fighters[key] = F.fighter(f)
        return hit

    def gap(self, a: Figure, pos, b: Figure) -> float:
        """Edge-to-edge distance in pas (round bases)."""
        return max(0.0, math.dist(pos, b.pos) - a.radius - b.radius) / PAS

    def move_pas(self, f: Figure) -> float:
        key = ("move", f.id)
        if key not in self._cache:
            self._cache[key] = float(base_move(self.fighter(f)))
        return self._cache[key]

    def guns(self, f: Figure):
        key = ("guns", f.id, tuple(f.status.get("equipment", ())))
        hit = self._cache.get(key)
        if hit is None:
            fi = self.fighter(f)
            hit = self._cache[key] = [shooting.weapon(fi, e) for e in fi.ranged_weapons()
                                      if e.id not in f.status.get("unloaded", ())]
        return hit

    def reach(self, f: Figure) -> float:
        """How far (pas, edge to edge) the figure may strike from where it stands: a move
        then its longest shot (long range), or a move into contact."""
        return self.move_pas(f) + max([2 * g.range for g in self.guns(f)] + [0.0])

    def engaged(self, f: Figure, pos=None) -> list[Figure]:
        pos = f.pos if pos is None else pos
        return [e for e in self.state.figures.values()
                if not e.out and e.side != f.side and e.id != f.id
                and math.dist(pos, e.pos) - f.radius - e.radius <= F.CONTACT_MM]

    def loss(self, f: Figure, wound: float, out: float) -> float:
        """Expected points a figure's side loses from these odds (wounds on a figure of
        several vitality points count a share)."""
        ours = f.side == self.side
        v = self.worth(f) if ours else self.value(f)
        share = 1.0 / max(1, f.max_vitality)
        lost = v * (out + share * max(0.0, wound - out))
        return lost + self.breaks(f) * out if ours else lost

    # ------------------------------------------------------------------ shots
    def cover_class(self, shooter: Figure, spos, target: Figure, tpos) -> str:
        key = ("cov", shooter.id, _r(spos), target.id, _r(tpos))
        hit = self._cache.get(key)
        if hit is None:
            sb = Base(id=shooter.id, x=spos[0], y=spos[1], size=shooter.size, shape=shooter.shape)
            tb = Base(id=target.id, x=tpos[0], y=tpos[1], size=target.size, shape=target.shape)
            c = cover(self.table, sb, tb, deeds.COVER, ignore=(shooter.id, target.id), soft=self.soft)
            hit = self._cache[key] = c.klass if c.visible else "blind"
        return hit

    def shot(self, shooter: Figure, spos, target: Figure, tpos, tfacing: float, *, aimed: bool = False,
             cover_class: str = "none", extra=(), rate_at: int | None = None) -> tuple[float, float]:
        """(P wound, P out) of the shooter's best gun at the target, all its shots at it."""
        d = self.gap(shooter, spos, target) if tpos is None else \
            max(0.0, math.dist(spos, tpos) - shooter.radius - target.radius) / PAS
        tpos = target.pos if tpos is None else tpos
        front = in_front(placed(target, tpos, tfacing), spos)
        best = (0.0, 0.0)
        for w in self.guns(shooter):
            band = shooting.band(w, d)
            if band is None:
                continue
            ex = tuple(extra) + ((("aimed", 1),) if aimed and not shooter.status.get("aimed") else ())
            key = ("shot", shooter.id, target.id, w.entry.id, band, front, cover_class, ex, target.vitality,
                   rate_at, bool(target.status.get("ran")), bool(target.status.get("crawled")))
            hit = self._cache.get(key)
            if hit is None:
                s = self.fighter(placed(shooter, spos, heading(spos, tpos)))
                t = self.fighter(placed(target, tpos, tfacing))
                o = odds.shot_odds(s, t, w, d, cover=cover_class if cover_class != "blind" else "none", extra=ex)
                n = w.rate if rate_at is None else rate_at
                fatal = "fatal" in flags(s, Situation("shots", foe=t))
                out = odds.out_after(target.vitality, n, o.wound, odds.points_law(fatal)) if n > 1 else o.out
                wound = 1 - (1 - o.wound) ** n
                hit = self._cache[key] = (wound, out)
            if hit[1] + 0.1 * hit[0] > best[1] + 0.1 * best[0]:
                best = hit
        return best

    # ------------------------------------------------------------------ fights
    def fight(self, att: Figure, apos, dfn: Figure, dpos=None, *, a_engaged: int = 1, d_engaged: int = 1,
              supported: bool = False, facing_d: float | None = None):
        """FightOdds of ``att`` standing at ``apos`` fighting ``dfn``."""
        dpos = dfn.pos if dpos is None else dpos
        fd = heading(dpos, apos) if facing_d is None else facing_d
        key = ("fight", att.id, dfn.id, a_engaged, d_engaged, supported, in_front(placed(dfn, dpos, fd), apos),
               att.vitality, dfn.vitality, int(att.status.get("damage_rolls", 0)),
               int(dfn.status.get("damage_rolls", 0)))
        hit = self._cache.get(key)
        if hit is None:
            a = self.fighter(placed(att, apos, heading(apos, dpos)))
            d = self.fighter(placed(dfn, dpos, fd))
            if melee.is_free(a, d):
                sit = Situation("free", foe=d)
                lvl = net(a, "degats", sit)
                wo = odds.wound_odds(d, lvl, melee.melee_attack(a, d, "free"), "fatal" in flags(a, sit))
                hit = odds.FightOdds(1.0, 0.0, 0.0, wo.wound, 0.0, wo.out, 0.0)
            else:
                hit = odds.fight_odds(a, d, attacker_engaged=a_engaged, defender_engaged=d_engaged,
                                      supported=supported)
            self._cache[key] = hit
        return hit

    def budget_left(self, f: Figure) -> bool:
        return int(f.status.get("damage_rolls", 0)) < damage_budget(self.fighter(f))

    # ------------------------------------------------------------------ threat
    def threat(self, fig: Figure, pos, facing: float, *, ran: bool = False, exclude=(),
               marked: bool = False) -> float:
        """Expected points the player enemies may take from ``fig`` standing at ``pos``
        facing ``facing`` before it acts again (each enemy its best of a charge and a shot,
        after a move; figures already spent this turn count less), plus the neutral group's
        if it would turn on it; their wounds add up (``wound_law``). An enemy with several of
        ours in reach strikes one of them (its blow shared, the most to the prey it would
        take most from), unless ``fig`` is ``marked`` (it holds the beacon): every enemy goes
        for that one."""
        if not self.careful:
            return 0.0
        key = ("threat", fig.id, _r(pos), round(facing) // 15, ran, tuple(exclude), self.rough, marked)
        hit = self._cache.get(key)
        if hit is not None:
            return hit
        blows: list[tuple[float, float]] = []      # (P out, P one wound only), weighed
        for e in self.foes:
            if e.id in exclude or math.dist(e.pos, pos) > (self.reach(e) + 2) * PAS:
                continue
            p_out, p_wound = self._enemy_blow(e, fig, pos, facing, ran)
            if not p_wound:
                continue
            w = 1.0 if F.can_activate(e) else self.spent_weight
            if not marked:
                w *= self.prey_share(e, fig, points_of(self.state, fig) * (p_out + 0.3 * (p_wound - p_out)))
            blows.append((w * p_out, w * max(0.0, p_wound - p_out)))
        for n in self.neutrals:
            if self.neutral_prey(n, fig, pos) is fig:
                p_out, p_wound = self._enemy_blow(n, fig, pos, facing, ran)
                w = 1.0 if F.can_activate(n) else self.spent_weight
                blows.append((w * p_out, w * max(0.0, p_wound - p_out)))
        p_out, wounds = self.wound_law(blows, fig.vitality) if self.p.get("wounds_add_up", True) \
            else _one_wound(blows)
        v = self.worth(fig)
        share = 1.0 / max(1, fig.max_vitality)
        hit = v * (p_out + share * wounds) + self.breaks(fig) * p_out
        self._cache[key] = hit
        return hit

    @staticmethod
    def wound_law(blows: list[tuple[float, float]], vitality: int) -> tuple[float, float]:
        """(P out, expected wounds kept) of a figure with ``vitality`` points left under
        independent blows, each (P it takes the figure out alone, P it deals one wound
        only): the wounds add up, and the one that reaches its vitality takes it out (a
        character of 3 points shot by several enemies in a turn)."""
        alive = [1.0] + [0.0] * max(0, vitality - 1)     # P(k wounds taken, still standing)
        out = 0.0
        for p_out, p_one in blows:
            nxt = [0.0] * len(alive)
            for k, q in enumerate(alive):
                if not q:
                    continue
                out += q * p_out
                nxt[k] += q * max(0.0, 1.0 - p_out - p_one)
                if k + 1 < len(alive):
                    nxt[k + 1] += q * p_one
                else:
                    out += q * p_one
            alive = nxt
        return out, sum(k * q for k, q in enumerate(alive))

    def prey_share(self, e: Figure, fig: Figure, worth: float) -> float:
        """The share of the enemy's blow that falls on ``fig`` (its blow worth ``worth``
        points there) when others of ours stand within its reach too: it strikes one of
        them, the likelier the more that one gives it (``prey_focus``: 0 shares evenly, 2
        goes mostly for the best prey), the whole shared as ``threat_share`` says."""
        k = float(self.p.get("prey_focus", 2.0))
        share = float(self.p.get("threat_share", 0.7))
        others = self.prey_worths(e, fig)
        if not others:
            return 1.0
        if not k:
            return (1.0 / (1 + len(others))) ** share
        mine = max(worth, 1e-6) ** k
        return (mine / (mine + sum(max(x, 1e-6) ** k for x in others))) ** share

    def prey_worths(self, e: Figure, fig: Figure) -> list[float]:
        """What the enemy's blow would take from each other figure of ours within its
        reach where it stands (points)."""
        key = ("preyw", e.id, fig.id, self.rough)
        if key not in self._cache:
            r = (self.reach(e) + 1.0) * PAS
            out = []
            for a in self.allies:
                if a.id == fig.id or math.dist(a.pos, e.pos) - a.radius - e.radius > r:
                    continue
                p_out, p_wound = self._enemy_blow(e, a, a.pos, a.facing, False)
                out.append(points_of(self.state, a) * (p_out + 0.3 * (p_wound - p_out)))
            self._cache[key] = out
        return self._cache[key]

    def _enemy_blow(self, e: Figure, fig: Figure, pos, facing: float, ran: bool) -> tuple[float, float]:
        """(P out, P wound) of the enemy's best blow at the figure standing there: the
        charge or the shot that takes most from it (a wound on a figure of several
        vitality points counts its share, so a shot that can only wound it still counts)."""
        d = max(0.0, math.dist(e.pos, pos) - e.radius - fig.radius) / PAS
        share = 1.0 / max(1, fig.max_vitality)
        mv = self.move_pas(e)
        best = (0.0, 0.0)
        if d <= mv + 0.2 and self._may_charge(e, fig) and self.may_reach(e, fig, pos):
            fo = self.fight(e, _toward(e.pos, pos, max(0.0, d * PAS)), fig, pos, facing_d=None)
            # an enemy held in another melee must break away first; one already in contact
            # with the figure there just fights it
            held = [x for x in self.engaged(e) if x.id != fig.id]
            slow = 0.6 if held and d > F.CONTACT_MM / PAS else 1.0
            best = (slow * fo.out_defender, slow * fo.wound_defender)
        if self.guns(e) and d <= self.reach(e) + 0.1 and not self.engaged(e):
            reach = max(0.0, d - mv)
            careful = self.p.get("cover", True) and not self.rough
            here = self.cover_class(e, e.pos, fig, pos) if careful else "none"
            # a move then a shot: from where the move may take it (straight at the figure,
            # or round to either side), the clearest line of those; the cover seen from
            # where it stands now is no shelter from a shooter that moves first
            seen, w, o = 0.0, 0.0, 0.0
            for spot in self.shot_spots(e, pos, (d - reach) * PAS, careful):
                klass = self.cover_class(e, spot, fig, pos) if careful else "none"
                if klass == "blind":
                    continue
                ws, os_ = self.shot(e, spot, fig, pos, facing, cover_class=klass)
                if not seen or os_ + share * max(0.0, ws - os_) > o + share * max(0.0, w - o):
                    seen, w, o = 1.0, ws, os_
            if not seen:          # out of sight from all of them: it may still find a way
                seen = float(self.p.get("blind_factor", 0.4))
                w, o = self.shot(e, _toward(e.pos, pos, (d - reach) * PAS), fig, pos, facing, cover_class="none")
            if float(self.p.get("aimed_threat", 1.0)) and d <= max(2 * g.range for g in self.guns(e)) \
                    and here != "blind":
                # in range where it stands: its two actions may be an aim and an aimed shot
                wa, oa = self.shot(e, e.pos, fig, pos, facing, aimed=True, cover_class=here)
                if seen < 1.0 or oa + 0.1 * wa > o + 0.1 * w:
                    seen, w, o = 1.0, wa, oa
            if ran:
                w, o = 0.6 * w, 0.6 * o
            if seen * (o + share * max(0.0, w - o)) > best[0] + share * max(0.0, best[1] - best[0]):
                best = (seen * o, seen * w)
        return best

    def shot_spots(self, e: Figure, pos, step: float, around: bool) -> list:
        """Where the enemy may shoot from after moving ``step`` mm: straight toward
        ``pos``, and (``around``) as far round to either side (45 and 90 degrees off the
        line), on the table and out of blocking terrain."""
        spots = [_toward(e.pos, pos, step)]
        if not around or step < PAS:
            return spots
        h = math.radians(heading(e.pos, pos))
        r = e.radius
        for da in (45.0, -45.0, 90.0, -90.0):
            a = h + math.radians(da)
            q = (e.x + step * math.cos(a), e.y + step * math.sin(a))
            if not (r <= q[0] <= self.state.width - r and r <= q[1] <= self.state.height - r):
                continue
            if self.table.in_blocking_terrain(Base(id=e.id, x=q[0], y=q[1], size=e.size, shape=e.shape)):
                continue
            spots.append(q)
        return spots

    def may_reach(self, e: Figure, fig: Figure, pos, gap: float = 0.0) -> bool:
        """Whether the enemy may come within ``gap`` (mm, edge to edge) of ``fig`` standing
        at ``pos``: always, but for a neutral guardian, whose centre never leaves its leash
        round the guarded point (it attacks what comes within reach and chases no further)."""
        post = self.neutral_post.get(e.side)
        if post is None:
            return True
        (gx, gy), leash = post
        return math.dist(pos, (gx, gy)) - fig.radius - e.radius <= leash + gap + F.CONTACT_MM

    def _may_charge(self, e: Figure, fig: Figure) -> bool:
        return not e.status.get("down") and not e.status.get("stunned")

    # ------------------------------------------------------------------ neutral group
    def neutral_prey(self, n: Figure, fig: Figure | None = None, pos=None) -> Figure | None:
        """The figure the neutral ``n`` would turn on (the nearest of any other side within
        its radius), with ``fig`` standing at ``pos``."""
        radius = self.neutral_radius.get(n.side, 250.0)
        best, bd = None, radius + 1e-6
        for o in self.state.figures.values():
            if o.out or o.side == n.side:
                continue
            p = pos if fig is not None and o.id == fig.id else o.pos
            d = max(0.0, math.dist(p, n.pos) - o.radius - n.radius)
            if d < bd:
                best, bd = o, d
        return best

    def lure(self, fig: Figure, pos) -> float:
        """What the neutral group does for us with ``fig`` at ``pos``: the harm it would do
        to an enemy it turns on (ours are counted in the threat)."""
        if not self.neutrals:
            return 0.0
        total = 0.0
        for n in self.neutrals:
            prey = self.neutral_prey(n, fig, pos)
            if prey is not None and prey.side != self.side and prey.side in self.state.seats():
                fo = self.fight(n, _toward(n.pos, prey.pos, self.gap(n, n.pos, prey) * PAS), prey)
                total += self.loss(prey, fo.wound_defender, fo.out_defender)
        return total

    def lure_now(self) -> float:
        """The harm the neutral group would do to the enemy teams' figures it turns on,
        everyone where they stand (the position's, for the evaluation)."""
        total = 0.0
        for n in self.neutrals:
            prey = self.neutral_prey(n)
            if prey is not None and prey.side != self.side and prey.side in self.state.seats():
                fo = self.fight(n, _toward(n.pos, prey.pos, self.gap(n, n.pos, prey) * PAS), prey)
                total += points_of(self.state, prey) * (fo.out_defender + 0.3 * fo.wound_defender)
        return total

    # ------------------------------------------------------------------ nerve
    def terror(self, fig: Figure, pos) -> float:
        """Expected loss from a terror test failed at the figure's next activation start:
        its activation, and the figure itself when a flight would leave the table."""
        if "terror" in flags(self.fighter(fig)):
            return 0.0
        if "terrors" not in self._cache:
            self._cache["terrors"] = [e for e in self.enemies if "terror" in flags(self.fighter(e))]
        # within the 10 pas now, or once the terrifying enemy has moved (it may act before
        # the figure's next activation starts): the latter weighed ``terror_reach``, less
        # the more of its move it would take
        reach = float(self.p.get("terror_reach", 0.6))
        near, chance = [], 0.0
        for e in self._cache["terrors"]:
            gap = math.dist(pos, e.pos) - fig.radius - e.radius
            if gap <= TERROR_PAS * PAS:
                near.append(e)
                chance = 1.0
            elif reach and F.can_activate(e) and gap <= (TERROR_PAS + self.move_pas(e)) * PAS \
                    and self.may_come(e, fig, pos):
                near.append(e)      # the less likely, the more of its move it needs
                chance = max(chance, reach * (1.0 - (gap / PAS - TERROR_PAS) / max(1.0, self.move_pas(e))))
        if not near:
            return 0.0
        fi = self.fighter(fig)
        extra = F.aura(self.state, self.table, fig, "moral")
        p_fail = 1.0 - success_odds(net(fi, "moral", extra=extra))
        # a figure still within the 10 pas tests again at each activation: over the next
        # ``terror_turns`` turns (those left), a failure at any of them
        tests = max(1, min(int(self.p.get("terror_turns", 1)), self.state.max_turns - self.state.turn + 1))
        p_fail = 1.0 - (1.0 - p_fail) ** tests
        v = points_of(self.state, fig)
        run = 2 * self.move_pas(fig) * PAS
        e = min(near, key=lambda n: math.dist(n.pos, pos))
        away = _toward(e.pos, pos, math.dist(e.pos, pos) + run)
        off = not (0 < away[0] < self.state.width and 0 < away[1] < self.state.height)
        return chance * p_fail * v * (float(self.p.get("flight_cost", 0.3)) + (1.0 if off else 0.3))

    def may_come(self, e: Figure, fig: Figure, pos) -> bool:
        """Whether a terrifying enemy may move within the 10 pas of ``fig`` at ``pos``
        before its next activation: a neutral guardian moves only for a prey within its
        radius (``fig`` there included) and never beyond its leash."""
        if e.side not in self.neutral_post:
            return True
        if self.neutral_prey(e, fig, pos) is None:
            return False          # no prey: it holds its post
        return self.may_reach(e, fig, pos, TERROR_PAS * PAS)

    def terror_soon(self, fig: Figure) -> float:
        """The terror the figure may meet at its next activation where it stands, when no
        terrifying enemy is within the 10 pas yet (acting now can still take it away;
        within them, the test comes with the activation itself)."""
        v = self.terror(fig, fig.pos)
        if v and any(math.dist(fig.pos, e.pos) - fig.radius - e.radius <= TERROR_PAS * PAS
                     for e in self._cache.get("terrors", ())):
            return 0.0
        return v

    # ------------------------------------------------------------------ objectives
    def goal(self, fig: Figure, pos) -> float:
        """What standing at ``pos`` does for the scenario's objective (points)."""
        t = self.objective.get("type")
        w = float(self.p.get("objective_weight", 1.0))
        if not w or t not in ("extraction", "nest") or fig.side not in self.state.seats():
            return 0.0
        if t == "extraction":
            return w * self._extraction(fig, pos)
        return w * self._nest(fig, pos)

    def _extraction(self, fig: Figure, pos) -> float:
        o = self.objective
        holder = self.state.figures.get(str(o.get("holder") or ""))
        worth = float(self.p.get("beacon_value", 1.2)) * self.norm
        size = max(self.state.width, self.state.height)
        if holder is not None and holder.side == self.side:
            if holder.id != fig.id:
                return 0.0
            gap = _edge_gap(self.state, fig, pos)
            if gap <= REACH_MM:
                return 50.0 * self.norm
            return worth * (1.0 - gap / size) * 1.5
        if holder is not None:          # theirs: close on the carrier
            d = math.dist(pos, holder.pos) / size
            return 0.3 * worth * (1.0 - d)
        d = max(0.0, math.dist(pos, o["point"]) - fig.radius)
        if self.at_beacon(fig, pos):
            return worth * (1.2 + 0.3 * (1.0 - _edge_gap(self.state, fig, pos) / size))
        ours = sorted(math.dist(a.pos, o["point"]) for a in self.allies)
        rank = sum(1 for x in ours if x < math.dist(fig.pos, o["point"]) - 1e-6)
        return worth * (1.0 - d / size) * (0.8 if rank == 0 else 0.25)

    def at_beacon(self, fig: Figure, pos) -> bool:
        """Extraction: the figure standing at ``pos`` would pick the beacon up."""
        o = self.objective
        return bool(o.get("point")) and max(0.0, math.dist(pos, o["point"]) - fig.radius) <= REACH_MM

    def nest_guarded(self) -> bool:
        """Le nid: an enemy (a guardian or the other team) stands in or by the nest."""
        o = self.objective
        if o.get("type") != "nest" or not o.get("point"):
            return False
        radius = float(o.get("radius", 50.0))
        return any(math.dist(e.pos, o["point"]) - e.radius <= radius + 3 * PAS for e in self.enemies)

    def _nest(self, fig: Figure, pos) -> float:
        o = self.objective
        radius = float(o.get("radius", 50.0))
        d = max(0.0, math.dist(pos, o["point"]) - fig.radius)
        worth = float(self.p.get("nest_value", 0.8)) * self.norm
        size = max(self.state.width, self.state.height)
        held = 0.3 if self.nest_guarded() else 1.0     # guarded: drive the guardians off first
        if d <= radius:
            streak = int(o.get("streak", 0)) if o.get("holder") == self.side else 0
            return worth * (1.0 + streak) * held
        return worth * 0.3 * held * (1.0 - d / size)


def _one_wound(blows: list[tuple[float, float]]) -> tuple[float, float]:
    """The earlier law (``wounds_add_up: false``): each blow takes the figure out alone or
    not at all, and the wound-only blows count one wound at most between them."""
    survive = 1.0
    for p_out, _ in blows:
        survive *= 1.0 - p_out
    return 1.0 - survive, min(1.0, sum(p for _, p in blows))


def _r(pos) -> tuple[int, int]:
    return (int(round(pos[0] / 8.0)), int(round(pos[1] / 8.0)))


def _toward(a, b, dist: float):
    """The point ``dist`` mm from ``a`` toward ``b``."""
    L = math.dist(a, b)
    if L <= 1e-9:
        return a
    k = dist / L
    return (a[0] + (b[0] - a[0]) * k, a[1] + (b[1] - a[1]) * k)


def _edge_gap(state: GameState, fig: Figure, pos) -> float:
    from game.rulesets.bonus_malus.victory import _edge_gap as gap

    return gap(state, placed(fig, pos))
