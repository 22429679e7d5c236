"""Concrete Mortebrume options for action templates, each with the raw inputs (in [0, 1])
of its considerations: strikes from standing points in the weapon's ideal band (behind the
target when it can be reached), shots from the current spot or after a step, spells with
the raise the target's resistance demands, moves, runs and turns scored by progress,
threat, the mist and the back shown, destiny points for healing and inspiration."""
from __future__ import annotations

import math

from game.ai.mortebrume import odds, support
from game.ai.mortebrume.world import World, angle_to, clip
from game.ai.utility import Option, worth_moving
from game.core.actions import Action
from game.rulesets._shared.tables import base_of
from game.rulesets.mortebrume import movement, sight, stats
from game.rulesets.mortebrume.stats import CM, CONTACT, EPS

RINGS = (1 / 3, 2 / 3, 1.0)
MIN_MOVE = 3 * CM - 0.5   # the rules' shortest move: a shorter one must leave the fighter better off


class Builder:
    """Options of one fighter's templates; ``w`` holds the decision's caches."""

    def __init__(self, world: World, engine, profile: dict, few: bool = False):
        self.w, self.engine, self.p = world, engine, profile
        self.norm = float(profile.get("norm_points", 8.0))
        self.directions = int(profile.get("directions", 8))
        self.few = few
        self.objectives = bool(profile.get("objectives", True))
        # a fallen enemy can neither act nor be helped nor count for anything (the rules'
        # "hors combat"): finishing it off spends an action (or a reserved one) for nothing
        self.finish = bool(profile.get("finish_fallen", False))
        self.angles = int(profile.get("strike_angles", 8))
        self.attacks: list = []   # (attack option, odds with n destiny dice) for inspiration
        self.end = world.endgame() if world.careful else 0.0
        self.margin = world.physique_margin() if self.end > 0 else 0.0

    # ------------------------------------------------------------------ helpers
    def progress(self, fig, pos, scale: float) -> float:
        if self.objectives:
            now, then = self.w.goal_distance(fig, fig.pos), self.w.goal_distance(fig, pos)
        else:
            foes = [e.pos for e in self.w.enemies] or [self.w.enemy_home(fig)]
            now = min(math.dist(fig.pos, e) for e in foes)
            then = min(math.dist(pos, e) for e in foes)
        return clip(0.5 + 0.5 * (now - then) / max(scale, 1.0))

    def back_shown(self, fig, pos, facing) -> float:
        """Share of the enemies within striking reach that stand behind the fighter."""
        me = self.w.placed(fig, pos, facing)
        near = [e for e in self.w.enemies
                if self.w.rough_gap(me, pos, e) <= stats.walk(e) + CONTACT]
        if not near:
            return 0.0
        return sum(1 for e in near if stats.from_behind(e, me)) / len(near)

    def free(self, fig, p) -> bool:
        st = self.w.state
        lo = fig.size * 0.75
        if not (lo <= p[0] <= st.width - lo and lo <= p[1] <= st.height - lo):
            return False
        if not all(math.dist(p, o.pos) >= (fig.size + o.size) / 2 * 1.05
                   for o in st.figures.values() if o.id != fig.id and not o.out):
            return False
        return not self.w.blocked(p, fig.size)

    def path_to(self, fig, allowance: float, end, exact: bool):
        """A legal path to ``end``: straight when clear, else around obstacles. ``exact``:
        only if its cost (whole centimetres, difficult ground...) fits the allowance."""
        table = self.w.table
        path = None
        if table.check_path(base_of(fig), [end], None).ok:
            path = (tuple(end),)
        else:
            res = table.shortest_path(base_of(fig), end, max_cost=allowance)
            if res is not None:
                path = tuple(tuple(q) for q in res[0][1:] or res[0])
            else:
                path = self._detour(fig, end) or self._step_in(fig, end, allowance)
        if path is None:
            return None
        if exact:
            cost = movement.whole_cm(movement.path_cost(table, self.w.state, fig, path))
            if cost > allowance + EPS:
                return None
        return path

    def affordable(self, fig, end, allowance: float) -> bool:
        """False when the straight way there is clear but costs more than the allowance
        (difficult ground, slopes, whole centimetres); True when it fits or is blocked (a
        way around is searched only if the option is tried)."""
        table = self.w.table
        if not table.check_path(base_of(fig), [end], None).ok:
            return True
        cost = movement.whole_cm(movement.path_cost(table, self.w.state, fig, [end]))
        return cost <= allowance + EPS

    def _detour(self, fig, end):
        """Two straight legs around whatever stands in the way (close bases can leave the
        path search no room to start from)."""
        table = self.w.table
        d = math.dist(fig.pos, end)
        base = math.atan2(end[1] - fig.y, end[0] - fig.x)
        for da in (0.6, -0.6, 1.1, -1.1):
            r = d * 0.5 / math.cos(da)
            mid = (fig.x + r * math.cos(base + da), fig.y + r * math.sin(base + da))
            if table.check_path(base_of(fig), [mid, end], None).ok:
                return (mid, tuple(end))
        return None

    def _step_in(self, fig, end, allowance: float):
        """A searched path to a point a base away from ``end``, then a straight step in.
        The path search sees square bases as their circumscribed circles, so a standing
        point in contact with a square target (or squeezed beside a companion) can be out
        of its reach though the table allows it (issue 17: a wolf planned a blow, found no
        way there and ran off, its activation lost)."""
        table = self.w.table
        back = angle_to(end, fig.pos)
        r = fig.size * 0.9
        for da in (0, 40, -40, 80, -80):
            a = math.radians(back + da)
            q = (end[0] + r * math.cos(a), end[1] + r * math.sin(a))
            if not self.free(fig, q) or not table.check_path(
                    base_of(self.w.placed(fig, q)), [end], None).ok:
                continue
            res = table.shortest_path(base_of(fig), q, max_cost=allowance)
            if res is not None:
                return tuple(tuple(x) for x in res[0][1:] or res[0]) + (tuple(end),)
        return None

    def _attack(self, fig, allowance, p, make, inputs, note, path=None) -> Option:
        """An attack along a known path (() where the fighter stands), else from point ``p``
        by a path searched only if the option is tried (it must fit the allowance)."""
        if path is not None:
            return Option(make(path), "attack", inputs, note=note)
        return Option(make((p,)), "attack", inputs, note=note,
                      resolve=self._lazy(fig, allowance, p, make, exact=True))

    def _lazy(self, fig, allowance, end, make, exact=False):
        def resolve():
            path = self.path_to(fig, allowance, end, exact)
            return None if path is None else make(path)
        return resolve

    def move_inputs(self, fig, points, facings, scale: float, safety=None) -> list[dict]:
        safe = self.w.threats(fig, points, facings) if safety is None else safety
        seen = self.w.seen_share(fig, points)
        stake = self.w.stone_stake(fig) if self.w.hold and self.objectives else 0.0
        out = []
        for p, face, th, sn in zip(points, facings, safe, seen):
            inputs = {"progress": self.progress(fig, p, scale)}
            if self.w.careful:
                inputs["safety"] = 1.0 - th
                inputs["unseen"] = 1.0 - sn
                inputs["back"] = 1.0 - self.back_shown(fig, p, face)
                inputs["company"] = self.w.company(fig, p)
            if self.w.hold and self.objectives:
                inputs["stone"] = self.w.stone_input(fig, p, stake)
            if self.end > 0:
                inputs["standing"] = self.standing_move(fig, inputs["progress"], th)
            out.append(inputs)
        return out

    def destinations(self, fig, allowance: float):
        a = allowance
        pts = []
        goals = self.w.goal_points(fig)[:2]
        if goals:   # round a wall or a rock that stands in the way
            for f in ((1.0,) if self.few else (1.0, 0.6)):
                q = self.w.along(fig, goals[0], a * f - 1.0)
                if q is not None:
                    pts.append(q)
        for g in goals:
            d = math.dist(g, fig.pos)
            if d > 1:
                for f in ((1.0,) if self.few else (1.0, 0.6, 0.3)):
                    r = min(a * f, max(0.0, d - fig.size))
                    pts.append((fig.x + (g[0] - fig.x) * r / d, fig.y + (g[1] - fig.y) * r / d))
        if self.w.careful:
            n = 4 if self.few else self.directions
            for ring in (RINGS[1:] if self.few else RINGS):
                for k in range(n):
                    ang = 2 * math.pi * k / n + ring
                    pts.append((fig.x + a * ring * math.cos(ang), fig.y + a * ring * math.sin(ang)))
        return [p for p in pts if 20.0 < math.dist(p, fig.pos) <= a + EPS and self.free(fig, p)]

    # ------------------------------------------------------------------ per template
    def build(self, choice) -> list[Option] | None:
        """The options of a template, or None for a kind this planner does not know."""
        st = self.w.state
        fig = st.figures.get(choice.actor) if choice.actor else None
        k = choice.kind
        if k in ("move", "run", "free_move"):
            return self.moves(fig, choice)
        if k == "turn":
            return self.turns(fig, choice)
        if k == "strike":
            return self.strikes(fig, choice)
        if k == "reserved":
            return self.reserved(fig, choice)
        if k == "shoot":
            return self.shots(fig, choice)
        if k == "cast":
            return support.casts(self, fig, choice)
        if k == "end":
            return [self.stay(choice)]
        if k == "heal":
            return support.heals(self, choice)
        if k == "inspire":
            return support.inspires(self, fig, choice)
        return None

    def stay(self, choice) -> Option:
        act = self.w.state.activation
        fig = self.w.state.figures.get(act["fig"]) if act else None
        if fig is None or fig.out:
            return Option(Action("end"), "idle", {})
        scale = 2 * max(stats.walk(fig), CM)
        inputs = self.move_inputs(fig, [fig.pos], [fig.facing], scale)[0]
        return Option(Action("end"), "move", inputs, note="stay")

    def moves(self, fig, choice) -> list[Option]:
        if fig is None or fig.out:   # a fallen fighter owed a move: it stays
            return [Option(Action(choice.kind, choice.actor), "idle", {})] \
                if choice.kind == "free_move" else []
        allowance = choice.move.allowance
        dests = self.destinations(fig, allowance)
        scale = 2 * max(stats.walk(fig), CM)
        facings = [angle_to(fig.pos, p) for p in dests]
        out = []
        stay = self.move_inputs(fig, [fig.pos], [fig.facing], scale)[0]
        if choice.kind == "free_move":
            out.append(Option(Action("free_move", fig.id), "move", stay, note="stay"))
        for end, inputs in zip(dests, self.move_inputs(fig, dests, facings, scale)):
            if not worth_moving(math.dist(fig.pos, end), MIN_MOVE, inputs, stay):
                continue              # a few centimetres gain nothing
            make = lambda path, k=choice.kind: Action(k, fig.id, path=path)  # noqa: E731
            out.append(Option(make((end,)), "move", inputs,
                              resolve=self._lazy(fig, allowance, end, make)))
        return out

    def turns(self, fig, choice) -> list[Option]:
        near = [e for e in self.w.enemies
                if self.w.rough_gap(fig, fig.pos, e) <= stats.walk(e) + CONTACT + 5 * CM]
        if not near or self.back_shown(fig, fig.pos, fig.facing) == 0.0:
            return []
        e = min(near, key=lambda e: math.dist(e.pos, fig.pos))
        want = angle_to(fig.pos, e.pos)
        vals = sorted(choice.values, key=lambda a: abs((float(a) - want + 180) % 360 - 180))
        face = float(vals[0])
        scale = 2 * max(stats.walk(fig), CM)
        inputs = self.move_inputs(fig, [fig.pos], [face], scale)[0]
        return [Option(Action("turn", fig.id, value=vals[0]), "move", inputs, note="face")]

    # --- strikes
    def stand_points(self, fig, t, wid, allowance: float):
        """(point, gap) where ``fig`` may stand to strike ``t`` in the weapon's ideal band:
        straight in, and around the target (its back first)."""
        lo, hi = stats.reach_band(wid)
        want = min(hi - 2.0, max(lo + 2.0, (lo + hi) / 2)) if hi > 0 else 1.0
        approach = angle_to(t.pos, fig.pos)
        angles = [approach]
        n = 3 if self.few else self.angles
        for k in range(n):
            angles.append((t.facing + 180 + 360 * k / n) % 360)
        out = []
        for ang in angles:
            r = math.radians(ang)
            dist = (fig.size + t.size) / 2 + want
            for _ in range(2):
                p = (t.x + dist * math.cos(r), t.y + dist * math.sin(r))
                me = self.w.placed(fig, p, angle_to(p, t.pos))
                g = self.w.gap(me, t)
                dist += want - g
            if math.dist(p, fig.pos) > allowance + EPS or not stats.in_band(wid, g):
                continue
            if not self.free(fig, p) or not self.affordable(fig, p, allowance):
                continue
            out.append((p, g))
        return out

    def attack_inputs(self, fig, pos, t, reaction, o, facing) -> dict:
        w = self.w
        dv = odds.damage_value(o, t, w.value(t))
        if w.hold and self.objectives:
            dv += o.p_out * w.holder_worth(t)   # a holder of the stone felled: its point
        inputs = {"damage": clip(dv / self.norm), "kill": o.p_out}
        if w.careful:
            back = min(1.0, o.expected_back / max(1, fig.vitality))
            inputs["risk"] = back
            th = w.threats(fig, [pos], [facing])[0]
            inputs["safety"] = 1.0 - th * (1.0 - 0.5 * o.p_out)
        if w.hold and self.objectives:
            # a blow struck off the stone costs what the stone is worth to this fighter
            inputs["stone"] = w.stone_input(fig, pos, blow=True)
        if self.end > 0:
            th = w.threats(fig, [pos], [facing])[0] if w.careful else 0.0
            inputs["standing"] = self.standing_blow(fig, t, o, th * (1.0 - o.p_out))
        return inputs

    def standing_blow(self, fig, t, o, threat: float) -> float:
        """The ``standing`` input of a blow as the turn limit nears (``World.endgame``):
        the physique it takes from the enemy less the physique the riposte and the enemy
        still to act may take back (``threat``: the share of the fighter at risk where it
        ends); when ahead, what may be lost counts double (an even trade risks the win),
        when behind, what is taken does. 1 (neutral) while the limit is far."""
        taken = max(o.expected_wounds, o.p_out * t.vitality)
        lost = o.expected_back + threat * fig.vitality
        if self.margin > 0:
            lost *= 2.0
        elif self.margin < 0:
            taken *= 2.0
        return 1.0 - self.end * (1.0 - clip(0.7 + (taken - lost) / 6.0))

    def standing_move(self, fig, progress: float, threat: float) -> float:
        """The ``standing`` input of a move as the turn limit nears: when behind, only a
        move toward the enemy keeps the game winnable; when ahead, the physique kept out
        of reach is the win."""
        if self.margin < 0:
            return 1.0 - self.end * (0.3 + 0.4 * (1.0 - progress))
        if self.margin > 0:
            return 1.0 - self.end * 0.6 * threat
        return 1.0

    def strikes(self, fig, choice) -> list[Option]:
        inspired = int(fig.status.get("inspired", 0) or 0)
        out = []
        w = self.w
        allowance = choice.move.allowance if choice.move is not None else 0.0
        for tid in choice.targets:
            t = w.state.figures.get(tid)
            if t is None:
                continue
            for wid in choice.values:
                if t.out:
                    if self.finish:
                        out.extend(self._finish(fig, t, wid, allowance))
                    continue
                here = w.gap(fig, t)
                spots = []
                if here <= CONTACT + EPS:
                    spots.append((fig.pos, here, ()))
                if allowance > 0:
                    spots += [(p, g, None) for p, g in self.stand_points(fig, t, wid, allowance)]
                for p, g, path in spots:
                    face = angle_to(p, t.pos)
                    me = w.placed(fig, p, face)
                    reaction, o = w.strike(me, t, wid, g, inspired)
                    inputs = self.attack_inputs(fig, p, t, reaction, o, face)
                    inputs["band"] = 1.0 if stats.in_band(wid, g) and not stats.in_band(
                        stats.melee_weapons(t)[0][0], g) else 0.6 if stats.in_band(wid, g) else 0.2
                    make = lambda path, tid=tid, wid=wid: Action(  # noqa: E731
                        "strike", fig.id, targets=(tid,), value=wid, path=path)
                    note = f"{reaction} back" if stats.from_behind(me, t) else reaction
                    o = self._attack(fig, allowance, p, make, inputs, note, path)
                    out.append(o)
                    self.attacks.append((o, lambda n, me=me, t=t, wid=wid, g=g: w.strike(
                        me, t, wid, g, n)))
        return out

    def reserved(self, fig, choice) -> list[Option]:
        """The free reserved strike on an enemy within reach (no move: only from here)."""
        w = self.w
        out = []
        for tid in choice.targets:
            t = w.state.figures.get(tid)
            if t is None:
                continue
            g = w.gap(fig, t)
            if g > CONTACT + EPS:
                continue
            for wid in choice.values:
                if t.out:
                    if not self.finish:
                        continue
                    inputs = {"damage": clip(0.3 * w.value(t) / self.norm), "kill": 0.3}
                    note = "finish"
                else:
                    reaction, o = w.strike(fig, t, wid, g)
                    inputs = self.attack_inputs(fig, fig.pos, t, reaction, o, fig.facing)
                    inputs["band"] = 1.0 if stats.in_band(wid, g) else 0.2
                    note = f"reserved {reaction}"
                out.append(Option(Action("reserved", fig.id, targets=(tid,), value=wid), "attack",
                                  inputs, note=note))
        return out

    def _finish(self, fig, t, wid, allowance) -> list[Option]:
        """A fallen enemy finished off (dead for good)."""
        here = self.w.gap(fig, t)
        inputs = {"damage": clip(0.3 * self.w.value(t) / self.norm), "kill": 0.3}
        make = lambda path: Action("strike", fig.id, targets=(t.id,), value=wid, path=path)  # noqa: E731
        if here <= CONTACT:
            return [self._attack(fig, allowance, fig.pos, make, inputs, "finish", ())]
        if here > allowance + CONTACT - 5:
            return []
        d = math.dist(fig.pos, t.pos)
        r = max(0.0, d - (fig.size + t.size) / 2 - 5.0) / d
        p = (fig.x + (t.x - fig.x) * r, fig.y + (t.y - fig.y) * r)
        return [self._attack(fig, allowance, p, make, inputs, "finish")]

    # --- shots
    def shot_points(self, fig, t, wid, allowance: float):
        w = stats.weapon(wid)
        a = w.allonge * CM
        top = min(6 * a, self.w.mist - 5.0)
        out = [(fig.pos, True)]
        if allowance <= 0:
            return out
        d0 = math.dist(fig.pos, t.pos)
        for frac in ((0.55,) if self.few else (0.4, 0.7)):
            r = max(a + (fig.size + t.size), top * frac + (fig.size + t.size) / 2)
            base = angle_to(t.pos, fig.pos)
            for da in ((0,) if self.few else (0, -30, 30)):
                ang = math.radians(base + da)
                p = (t.x + r * math.cos(ang), t.y + r * math.sin(ang))
                if math.dist(p, fig.pos) <= allowance and math.dist(p, fig.pos) > 5 and \
                        self.free(fig, p) and d0 > 1 and self.affordable(fig, p, allowance):
                    out.append((p, False))
        return out

    def shots(self, fig, choice) -> list[Option]:
        inspired = int(fig.status.get("inspired", 0) or 0)
        w = self.w
        out = []
        allowance = choice.move.allowance if choice.move is not None else 0.0
        for tid in choice.targets:
            t = w.state.figures.get(tid)
            if t is None or t.out:
                continue
            for wid in choice.values:
                for p, here in self.shot_points(fig, t, wid, allowance):
                    face = angle_to(p, t.pos)
                    me = w.placed(fig, p, face)
                    g = w.gap(me, t)
                    if stats.shot_band(wid, g, w.mist) not in ("ideal", "far"):
                        continue
                    if not self._line_of_fire(me, t, here):
                        continue
                    reaction, o = w.shot(me, t, wid, g, inspired)
                    inputs = self.attack_inputs(fig, p, t, reaction, o, face)
                    make = lambda path, tid=tid, wid=wid: Action(  # noqa: E731
                        "shoot", fig.id, targets=(tid,), value=wid, path=path)
                    o = self._attack(fig, allowance, p, make, inputs, reaction, () if here else None)
                    out.append(o)
                    self.attacks.append((o, lambda n, me=me, t=t, wid=wid, g=g: w.shot(
                        me, t, wid, g, n)))
        return out

    def _line_of_fire(self, me, t, here: bool) -> bool:
        st, table = self.w.state, self.w.table
        if here:
            return sight.line_of_fire(st, table, me, t)
        import numpy as np

        clear = table.rays_clear(np.array([me.pos], dtype=float), np.array([t.pos], dtype=float),
                                 exclude_ids=[me.id, t.id])
        return bool(np.asarray(clear)[0]) and \
            sight.forest_crossed(st, me, t) <= stats.FOREST_LIMIT + EPS
