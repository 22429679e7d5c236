"""A Bonus / Malus figure's options in its activation, each valued in points: what it takes
from the enemy now (exact odds), what the action it still has may add (a move then a shot
or a fight, a shot then a move to safety, aiming then shooting: two actions of different
types, B-R10), and where it ends: the threat there with the facing it chooses (toward the
enemies that matter: shields, sight and the next shots), the neutral group's choice of
prey, terror, and the scenario's objective. ``Builder.activation`` returns the Options;
their single input ``value`` is the net worth over the profile's norm."""
from __future__ import annotations

import math

from game.ai.bonus_malus.world import PAS, World, _toward, heading, placed, squash
from game.ai.utility import Option
from game.core.actions import Action
from game.geometry.shapes import Base
from game.rulesets._shared.facing import in_front
from game.rulesets._shared.keep import success_odds
from game.rulesets._shared.tables import base_of
from game.rulesets.bonus_malus import actions as A
from game.rulesets.bonus_malus import deeds
from game.rulesets.bonus_malus import figures as F
from game.rulesets.bonus_malus.effects import Situation, flags
from game.rulesets.bonus_malus.levels import net

FACINGS = A.FACINGS


def snap(h: float) -> int:
    """A heading rounded to the move's offered facings (every 15 degrees)."""
    return int(round((h % 360.0) / 15.0)) % 24 * 15


class Builder:
    def __init__(self, world: World, engine, profile: dict, rng, few: bool = False):
        self.w, self.engine, self.p, self.rng = world, engine, profile, rng
        self.few = few
        self.table = world.table
        self.cover_points: set = set()      # end points hugging cover (always valued with it)

    # ------------------------------------------------------------------ helpers
    def option(self, action: Action, decision: str, value: float, note: str = "", resolve=None, **parts) -> Option:
        inputs = {"value": squash(value, self.w.norm)}
        inputs.update({k: round(v, 3) for k, v in parts.items()})
        return Option(action, decision, inputs, note=note or f"{value:+.2f}", resolve=resolve)

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
        return (w.goal(fig, pos) + float(self.p.get("lure_weight", 1.0)) * w.lure(fig, pos)
                - w.risk * w.threat(fig, pos, facing, ran=ran) - w.terror(fig, pos)
                + self.company(fig, pos) + self.approach(fig, pos))

    def approach(self, fig, pos) -> float:
        """A little for closing on the nearest enemy team's figure (a game is won by
        taking figures out)."""
        k = float(self.p.get("approach", 0.1))
        w = self.w
        if not k or not w.foes:
            return 0.0
        size = max(w.state.width, w.state.height)
        d = min(math.dist(pos, e.pos) for e in w.foes)
        return k * w.norm * (1.0 - d / size)

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
    def points_for(self, fig, allowance: float, n_random: int) -> list[tuple[tuple[float, float], object]]:
        """Candidate end points of a move: random reachable points, contact with enemies in
        reach, shooting spots, cover, the objective, away from danger. (point, foe to
        charge or None)."""
        w = self.w
        base = base_of(fig)
        out: list = []
        pts = []
        for _ in range(n_random):
            r = allowance * math.sqrt(0.1 + 0.85 * self.rng.random())
            a = self.rng.uniform(0.0, 2.0 * math.pi)
            pts.append((fig.x + r * math.cos(a), fig.y + r * math.sin(a)))
        out += [(p, None) for p in pts]
        reach_pas = allowance / PAS
        for e in w.enemies:
            d = w.gap(fig, fig.pos, e)
            if d <= reach_pas + 0.1 and not w.engaged(fig) or (w.engaged(fig) and e not in w.engaged(fig)
                                                              and d <= reach_pas):
                cps = self.table.contact_points(base, base_of(e), n=8)
                cps.sort(key=lambda c: math.dist(c, fig.pos))
                for c in cps[:2 if not self.few else 1]:
                    if math.dist(c, fig.pos) <= allowance + 1e-6:
                        out.append((c, e))
            guns = w.guns(fig)
            if guns and d > 0.5:
                rng = max(g.range for g in guns)
                step = min(allowance, max(0.0, (d - rng + 0.5) * PAS))
                if step > PAS:
                    out.append((_toward(fig.pos, e.pos, step), None))
        goal = self.goal_point(fig)
        if goal is not None:
            end = self.along(fig, goal, allowance)
            if end is not None:
                out.append((end, None))
        if w.enemies:
            near = min(w.enemies, key=lambda e: math.dist(e.pos, fig.pos))
            away = _toward(near.pos, fig.pos, math.dist(near.pos, fig.pos) + allowance * 0.9)
            out.append((away, None))
        if not self.few:
            for piece in w.state.terrain:
                if "cover" not in piece.tags and "blocks_sight" not in piece.tags:
                    continue
                from shapely.geometry import Point, Polygon

                poly = Polygon(piece.points)
                if poly.distance(Point(fig.pos)) > allowance:
                    continue
                ring = poly.buffer(fig.radius + 1.0, quad_segs=4).exterior
                for frac in (0.0, 0.25, 0.5, 0.75):
                    q = ring.interpolate(ring.project(Point(fig.pos)) + frac * ring.length)
                    if math.dist((q.x, q.y), fig.pos) <= allowance:
                        out.append(((q.x, q.y), None))
                        self.cover_points.add((q.x, q.y))
        clean = []
        for p, e in out:
            r = fig.radius
            if not (r <= p[0] <= w.state.width - r and r <= p[1] <= w.state.height - r):
                continue
            if math.dist(p, fig.pos) < 0.3 * PAS:
                continue
            if e is None and any(math.dist(p, o.pos) < fig.radius + o.radius + 0.5
                                 for o in w.state.figures.values() if not o.out and o.id != fig.id):
                continue
            if self.table.in_blocking_terrain(Base(id=fig.id, x=p[0], y=p[1], size=fig.size, shape=fig.shape)):
                continue
            clean.append((p, e))
        return clean

    def goal_point(self, fig):
        """Where the objective calls the figure: the opposing edge for the carrier, the
        carrier for the others once it is picked up, else the beacon or the nest."""
        obj = self.w.objective
        if not (obj.get("point") and obj.get("type") in ("extraction", "nest")):
            return None
        holder = self.w.state.figures.get(str(obj.get("holder") or ""))
        if holder is not None and holder.id == fig.id:
            return _carry_goal(self.w, fig)
        if holder is not None:
            return holder.pos
        return tuple(obj["point"])

    def along(self, fig, goal, allowance: float):
        """The farthest point within the allowance on the shortest way to ``goal`` (which
        may lie beyond it); None when there is no way."""
        key = ("along", fig.id, round(goal[0]), round(goal[1]), round(allowance))
        cache = self.w._cache
        if key not in cache:
            res = self.table.shortest_path(base_of(fig), goal)
            if res is None:
                for r in (1.0, 2.0, 3.0):
                    q = self.table.nearest_free_point(base_of(fig), goal, r * PAS)
                    res = self.table.shortest_path(base_of(fig), q) if q is not None else None
                    if res is not None:
                        break
            cache[key] = None if res is None else _cut([fig.pos, *res[0]], allowance * 0.97)
            cache[("leg",) + key[1:]] = None if res is None or not res[0] else tuple(res[0][0])
        return cache[key]

    def first_leg(self, fig, goal, allowance: float):
        """The first corner of the shortest way to ``goal`` (a run goes straight)."""
        self.along(fig, goal, allowance)
        return self.w._cache.get(("leg", fig.id, round(goal[0]), round(goal[1]), round(allowance)))

    def _resolver(self, fig, kind: str, p, facing, allowance: float, ignore_terrain: bool = False):
        engine = self.engine

        def resolve():
            table = engine.ruleset.table_for(engine.state)
            res = table.shortest_path(base_of(fig), p, max_cost=allowance, ignore_terrain=ignore_terrain)
            if res is None:
                return None
            return Action(kind, fig.id, path=tuple(tuple(q) for q in res[0]), value=facing)
        return resolve

    def _checked(self, action: Action):
        engine = self.engine

        def resolve():
            return action if engine.check(action) is None else None
        return resolve

    # ------------------------------------------------------------------ the activation
    def activation(self, fig, kinds: dict, reacting: bool = False) -> list[Option]:
        """Every option of the figure's next action (``kinds``: its templates by kind)."""
        w = self.w
        left = 1 if reacting else F.actions_left(fig)
        done = set(fig.status.get("done", ()))
        may_shoot_after = left >= 2 and (A.SHOOT not in done) and bool(w.guns(fig))
        may_fight_after = left >= 2 and A.FIGHT not in done
        may_move_after = left >= 2 and A.MOVE not in done
        here = fig.pos
        engaged = w.engaged(fig)
        stay_face = fig.facing
        stay = self.standing(fig, here, stay_face)
        out: list[Option] = []
        # what a move can do for the figure once it has shot (its last action)
        moves: list[tuple[float, Option]] = []
        if A.MOVE in kinds or A.CRAWL in kinds:
            kind = A.MOVE if A.MOVE in kinds else A.CRAWL
            allowance = kinds[kind].move.allowance
            cost = self.disengage_cost(fig)
            n = 6 if self.few else int(self.p.get("destinations", 12))
            def move_value(p, foe):
                follow, must = 0.0, None
                if foe is not None:
                    facing = snap(heading(p, foe.pos))
                    if may_fight_after:
                        follow = self.dare(fig, foe) * max(0.0, self.fight_value(fig, p, foe, extra_foes=0))
                else:
                    if may_shoot_after:
                        v, tgt = self.best_shot(fig, p)
                        if tgt is not None and v > 0:
                            follow, must = v, tgt
                    facing = self.facing_for(fig, p, must)
                end = self.standing(fig, p, facing)
                if not follow and left >= 2 and not w.last_turn:
                    pot, _ = self.best_shot(fig, p, facing)
                    follow = float(self.p.get("potential", 0.25)) * pot
                return end + follow - cost, end - cost, facing

            w.rough = True
            for p, foe in self.points_for(fig, allowance, n):
                value, base_value, facing = move_value(p, foe)
                opt = self.option(Action(kind, fig.id, value=facing), "move", value,
                                  note=f"{'charge ' + foe.id if foe else 'to'} {value:+.2f}",
                                  resolve=self._resolver(fig, kind, p, facing, allowance))
                opt.redo = (move_value, p, foe, kind, allowance)
                out.append(opt)
                moves.append([base_value, opt])
            w.rough = False
        if (A.RUN in kinds or A.ZIGZAG in kinds) and not self.few:
            out += self.runs(fig, kinds)
        self.refine(fig, out, moves)
        repos = max([stay] + [v for v, _ in moves]) if may_move_after else stay
        if A.SHOOT in kinds or A.PRECISE in kinds:
            out += self.shots(fig, kinds, repos, stay)
        if A.AIM in kinds and left >= 2 and A.SHOOT not in done and not engaged:
            v, tgt = self.best_shot(fig, here, fig.facing, aimed=True, exact=True)
            if tgt is not None and v > 0:
                out.append(self.option(Action(A.AIM, fig.id), "aim", v + stay, note=f"aim {tgt.id} {v + stay:+.2f}"))
        if A.FIGHT in kinds:
            for tid in kinds[A.FIGHT].targets:
                t = w.state.figures[tid]
                v = self.fight_value(fig, here, t)
                # the engaged figures turn to their enemies after the fight: stay as is
                out.append(self.option(Action(A.FIGHT, fig.id, targets=(tid,)), "attack", v + stay,
                                       note=f"fight {tid} {v:+.2f}"))
        if A.PSI in kinds:
            out += self.powers(fig, kinds[A.PSI], stay)
        if A.AID in kinds:
            for tid in kinds[A.AID].targets:
                t = w.state.figures[tid]
                p_ok = success_odds(0)
                v = p_ok * w.points(t) * (1 - t.vitality / max(1, t.max_vitality))
                out.append(self.option(Action(A.AID, fig.id, targets=(tid,)), "support", v + stay))
        if A.STAND in kinds:
            out.append(self.option(Action(A.STAND, fig.id), "support", stay + 0.4 * w.points(fig), note="stand"))
        if A.GUARD in kinds:
            pot, _ = self.best_shot(fig, here, fig.facing)
            out.append(self.option(Action(A.GUARD, fig.id), "idle", stay + 0.3 * pot, note="guard"))
        if A.NOTHING in kinds:
            out.append(self.option(Action(A.NOTHING, fig.id), "idle", stay, note="nothing"))
        if A.END in kinds:
            out.append(self.option(Action(A.END, fig.id), "idle", stay - 0.05 * w.norm, note="end"))
        return out

    def refine(self, fig, out: list[Option], moves: list) -> None:
        """The moves and runs were valued roughly (no cover in the threat): the best few
        are valued again with it."""
        rough = sorted((o for o in out if getattr(o, "redo", None)), key=lambda o: -o.inputs["value"])
        k = 4 if self.few else int(self.p.get("refine", 8))
        if not (self.p.get("cover", True) and self.w.careful):
            k = 0
        chosen = rough[:k] + [o for o in rough[k:] if k and len(o.redo) > 2 and o.redo[1] in self.cover_points]
        for o in chosen:
            redo = o.redo
            if len(redo) == 2:
                v = redo[0](redo[1])
                base = None
            else:
                move_value, p, foe, kind, allowance = redo
                v, base, facing = move_value(p, foe)
                o.action = Action(kind, fig.id, value=facing)
                o.resolve = self._resolver(fig, kind, p, facing, allowance)
            o.inputs["value"] = squash(v, self.w.norm)
            o.note = o.note.rsplit(" ", 1)[0] + f" {v:+.2f}*"
            for m in moves:
                if m[1] is o and base is not None:
                    m[0] = base
        for o in rough:
            o.redo = None

    def runs(self, fig, kinds) -> list[Option]:
        w = self.w
        out = []
        kind = A.RUN if A.RUN in kinds else A.ZIGZAG
        allowance = kinds[kind].move.allowance
        cost = self.disengage_cost(fig)
        n = 8 if self.few else int(self.p.get("run_directions", 16))
        goals = []
        goal = self.goal_point(fig)
        if goal is not None:
            leg = self.first_leg(fig, goal, allowance)
            leg = goal if leg is None or math.dist(leg, fig.pos) < 1.0 else leg
            goals.append(heading(fig.pos, leg))
        for k in range(n):
            goals.append(360.0 * k / n)
        seen = set()

        def run_value(p):
            return self.standing(fig, p, heading(fig.pos, p), ran=True) - cost

        width, height = w.state.width, w.state.height
        r = fig.radius + 0.5
        for h in goals:
            ux, uy = math.cos(math.radians(h)), math.sin(math.radians(h))
            room = min([(width - r - fig.x) / ux if ux > 1e-9 else math.inf,
                        (r - fig.x) / ux if ux < -1e-9 else math.inf,
                        (height - r - fig.y) / uy if uy > 1e-9 else math.inf,
                        (r - fig.y) / uy if uy < -1e-9 else math.inf])
            for frac in (1.0, 0.55):
                L = min(allowance - 0.5, room) * frac
                if goal is not None and h == goals[0]:
                    L = min(L, math.dist(fig.pos, leg))
                if L < PAS:
                    continue
                p = (fig.x + L * ux, fig.y + L * uy)
                if goal is not None and h == goals[0] and math.dist(fig.pos, goal) < L:
                    p = goal
                if any(_crosses(fig.pos, p, o.pos, fig.radius + o.radius) for o in w.state.figures.values()
                       if not o.out and o.id != fig.id):
                    continue
                key = (round(p[0]), round(p[1]))
                if key in seen:
                    continue
                seen.add(key)
                a = Action(kind, fig.id, path=(p,))
                w.rough = True
                v = run_value(p)
                w.rough = False
                opt = self.option(a, "move", v, note=f"{kind} {v:+.2f}", resolve=self._checked(a))
                opt.redo = (run_value, p)
                out.append(opt)
        return out

    def shots(self, fig, kinds, repos: float, stay: float) -> list[Option]:
        w = self.w
        out = []
        for kind in (A.SHOOT, A.PRECISE):
            if kind not in kinds:
                continue
            c = kinds[kind]
            refused = c.hints.get("refused", {})
            after = repos if kind == A.SHOOT else stay
            for wid in c.values:
                for tid in c.targets:
                    if tid in refused:
                        continue
                    t = w.state.figures[tid]
                    if deeds.weapon_refusal(w.state, self.table, fig, t, wid, kind == A.PRECISE) is not None:
                        continue
                    v = self._one_shot(fig, t, wid, kind == A.PRECISE)
                    out.append(self.option(Action(kind, fig.id, targets=(tid,), value=wid), "shoot", v + after,
                                           note=f"{kind} {tid} {v:+.2f}"))
        return out

    def _one_shot(self, fig, t, wid, precise: bool) -> float:
        """The shot with that weapon (its value, the others' guns left aside)."""
        w = self.w
        keep = fig.status.get("equipment")
        fi = w.fighter(fig)
        others = [e.id for e in fi.ranged_weapons() if e.id != wid]
        if not others:
            return self.shot_value(fig, fig.pos, t, aimed=precise, precise=precise)
        fig.status["equipment"] = [e for e in keep if e not in others]
        w._fighters.clear()
        try:
            return self.shot_value(fig, fig.pos, t, aimed=precise, precise=precise)
        finally:
            fig.status["equipment"] = keep
            w._fighters.clear()

    def powers(self, fig, c, stay: float) -> list[Option]:
        w = self.w
        out = []
        refused = c.hints.get("refused", {})
        p_ok = success_odds(net(w.fighter(fig), "psi"))
        for power in c.values:
            entry = w.fighter(fig).cat[power]
            effects = [e["do"] for e in entry.effects]
            for tid in c.targets:
                if tid in refused:
                    continue
                t = w.state.figures[tid]
                if deeds.power_refusal(w.state, self.table, fig, t, power) is not None:
                    continue
                if "heal" in effects:
                    v = p_ok * w.points(t) * (1 - t.vitality / max(1, t.max_vitality))
                elif "damage" in effects:
                    v = p_ok * 0.5 * w.loss(t, 0.6, 0.6 / max(1, t.max_vitality))
                elif "set_levels" in effects:
                    v = p_ok * 0.15 * w.value(t) * (1.0 if F.can_activate(t) else 0.2)
                elif "push" in effects:
                    v = p_ok * 0.2 * w.value(t)
                else:
                    v = p_ok * 0.05 * w.norm
                out.append(self.option(Action(A.PSI, fig.id, targets=(tid,), value=power), "psi", v + stay,
                                       note=f"{power} {tid} {v:+.2f}"))
        return out


def _edge_is_top(w: World, fig) -> bool:
    zones = (w.state.extras.get("zones") or {}).get(str(fig.side)) or []
    return not zones or (zones[0][1] + zones[0][3] / 2) * PAS <= w.state.height / 2


def _carry_goal(w: World, fig):
    """Where the carrier heads: straight for the opposing edge."""
    return (fig.x, w.state.height if _edge_is_top(w, fig) else 0.0)


def _crosses(a, b, c, r: float) -> bool:
    """The segment a-b passes within ``r`` of c."""
    ax, ay = a
    dx, dy = b[0] - ax, b[1] - ay
    L2 = dx * dx + dy * dy
    t = 0.0 if L2 <= 1e-12 else max(0.0, min(1.0, ((c[0] - ax) * dx + (c[1] - ay) * dy) / L2))
    return math.dist((ax + t * dx, ay + t * dy), c) < r


def _cut(path, length: float):
    """The point ``length`` along the polyline (its end when shorter)."""
    for a, b in zip(path, path[1:]):
        d = math.dist(a, b)
        if d >= length:
            return _toward(a, b, length)
        length -= d
    return tuple(path[-1])
