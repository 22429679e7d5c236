"""Concrete options for Evenor action templates, each with the raw inputs (in [0, 1]) of
its considerations: destinations sampled on rings of the allowance, toward the goal and
hugging cover; targets with their exact odds."""
from __future__ import annotations

import math

from game.ai.candidates import cover_paths
from game.ai.utility import Option, worth_moving
from game.core.actions import Action
from game.rulesets._shared.tables import base_of
from game.rulesets.evenor import stats
from game.rulesets.evenor.stats import PAS

RINGS = (1 / 3, 2 / 3, 1.0)
MIN_MOVE = PAS - 0.5   # a shorter move must make the figure safer to be worth proposing


def _clip(x: float) -> float:
    return 0.0 if x < 0 else 1.0 if x > 1 else x


def _cut(path, length: float):
    """The first ``length`` millimetres of a polyline."""
    out, left = [tuple(path[0])], length
    for a, b in zip(path, path[1:]):
        seg = math.dist(a, b)
        if seg >= left:
            t = left / seg if seg else 0.0
            out.append((a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t))
            return out
        out.append(tuple(b))
        left -= seg
    return out


class Builder:
    """Options of one figure's templates; ``world`` holds the decision's caches."""

    def __init__(self, world, engine, profile, directions: int = 8):
        self.w, self.engine, self.p = world, engine, profile
        self.norm = float(profile.get("norm_do", 8.0))
        self.directions = directions
        self.objectives = bool(profile.get("objectives", True))
        self.careful = bool(profile.get("threat", True))
        self.lookahead = bool(profile.get("lookahead", False))
        self.truncate = bool(profile.get("truncate_paths", False))
        self.reach_powers = bool(profile.get("reach_powers", False))
        self.coordinate = bool(profile.get("coordinate", False))
        self.coordinate_all = bool(profile.get("coordinate_all", False))
        # end points this far (mm) inside a move's allowance: the engine stores paths rounded
        # to a micrometre, and an end point right at the allowance came out a hair too far,
        # refused (issue 17: a flee refused so, the figure counter-charged and fell,
        # Extermination seed 514 v random; the best option was refused in 30 of 316
        # decisions of eight Première partie games)
        self.margin = float(profile.get("edge_margin", 0.0))
        # a figure in contact leaving its fight (a move, a charge elsewhere, a move and shoot)
        # takes the free attacks of the foes it leaves (issue 17: Hiera, even with Leonidas,
        # charged Hylas, was struck leaving and fell, Premiere partie seed 448)
        self.leave = bool(profile.get("leave_risk", False))
        self._leaving: dict = {}
        # ahead in the hunt, a figure lost may cost the win (a band wiped out carries no
        # more): each risk counts (1 + ahead_care) times, each safety as much
        self.ahead_care = float(profile.get("ahead_care", 0.0)) if world.ahead else 0.0

    # --- helpers
    def leave_risk(self, fig) -> float:
        """Chance that ``fig`` is put out of action by the free attacks of the foes in
        contact as it leaves their fight (0 for an acrobat or a figure in contact with none)."""
        if not (self.careful and self.leave):
            return 0.0
        if fig.id not in self._leaving:
            from game.rulesets.evenor import answers

            self._leaving[fig.id] = answers.leaving(self.w.state, self.w.table, fig).p_out
        return self._leaving[fig.id]

    def after_leaving(self, fig, inputs: dict) -> dict:
        """An attack's inputs when ``fig`` must first leave a fight: it strikes only if it
        survives the free attacks, and its risk counts them."""
        p = self.leave_risk(fig)
        if p <= 0.0 or "risk" not in inputs:
            return inputs
        keep = 1.0 - p
        inputs["damage"] *= keep
        inputs["kill"] *= keep
        inputs["risk"] = 1.0 - (1.0 - inputs["risk"]) * keep
        inputs["trade"] = self.trade(fig, inputs["damage"] * self.norm, inputs["risk"])
        return inputs

    def safety(self, fig, pos, cover=False) -> float:
        return self.careful_of(1.0 - self.w.threat(fig, pos, cover)) if self.careful else 1.0

    def careful_of(self, safe: float) -> float:
        """A chance to stay in play, counted (1 + ahead_care) times when ahead in the hunt."""
        return safe ** (1.0 + self.ahead_care) if self.ahead_care > 0.0 and safe > 0.0 else safe

    def progress(self, fig, pos, allowance: float) -> float:
        """Half-way (0.5) when the goal comes no closer; measured against the figure's full
        move at least, so that a short step is worth a short step, not a whole move."""
        w = self.w
        allowance = max(allowance, stats.fast_move(fig))
        if not self.objectives:
            foes = w.enemies
            if not foes:
                return 0.5
            now = min(math.dist(fig.pos, e.pos) for e in foes)
            then = min(math.dist(pos, e.pos) for e in foes)
        else:
            now, then = w.goal_distance(fig, fig.pos), w.goal_distance(fig, pos)
        return _clip(0.5 + 0.5 * (now - then) / max(allowance, 1.0))

    def destinations(self, fig, move, few: bool = False):
        """Candidate end points within the move's allowance (straight-line estimate; the
        legal path is found only for the options actually tried, see ``path_to``)."""
        a = move.allowance - self.margin
        st = self.w.state
        pts = []
        goals = self.w.goal_points(fig) if self.objectives else [
            e.pos for e in sorted(self.w.enemies, key=lambda e: math.dist(e.pos, fig.pos))]
        for g in goals[:2]:
            d = math.dist(g, fig.pos)
            if d > 1:
                for f in (1.0, 0.6) if not few else (1.0,):
                    r = min(a * f, max(0.0, d - 1.0))
                    pts.append((fig.x + (g[0] - fig.x) * r / d, fig.y + (g[1] - fig.y) * r / d))
        if self.careful or not goals:
            n = 4 if few else self.directions
            for ring in (RINGS[1:] if few else RINGS):
                for k in range(n):
                    ang = 2 * math.pi * k / n + ring
                    pts.append((fig.x + a * ring * math.cos(ang), fig.y + a * ring * math.sin(ang)))
            if not few:
                pts.extend(self.cover_points(fig, a))
        out = []
        lo = fig.radius + 0.5
        for p in pts:
            p = (min(max(p[0], lo), st.width - lo), min(max(p[1], lo), st.height - lo))
            if math.dist(p, fig.pos) < 1.0 or math.dist(p, fig.pos) > move.allowance:
                continue
            if any(math.dist(p, e.pos) < fig.radius + e.radius + 1.0 for e in self.w.enemies):
                continue
            out.append(p)
        return out

    def cover_points(self, fig, reach: float):
        """Points just outside cover pieces within reach, on the side away from the enemy."""
        from shapely.geometry import Point, Polygon

        out = []
        foes = self.w.enemies
        for piece in self.w.state.terrain:
            if "cover" not in piece.tags:
                continue
            poly = Polygon(piece.points)
            if poly.distance(Point(fig.pos)) > reach:
                continue
            ring = poly.buffer(fig.radius + 0.5, quad_segs=2).exterior
            out.append(ring.interpolate(ring.project(Point(fig.pos))).coords[0])
            if foes:
                e = min(foes, key=lambda e: math.dist(e.pos, fig.pos))
                c = poly.centroid
                far = (2 * c.x - e.x, 2 * c.y - e.y)
                out.append(ring.interpolate(ring.project(Point(far))).coords[0])
        return out

    def path_to(self, fig, move, end):
        kw = {"ignore_terrain": move.ignore_terrain, "ignore_difficult": move.ignore_difficult}
        res = self.w.table.shortest_path(base_of(fig), end, max_cost=move.allowance, **kw)
        if res is None and self.truncate:
            # out of reach by the straight-line estimate: go as far as the allowance allows
            # along the way around (the engine's check refuses it if terrain costs more)
            res = self.w.table.shortest_path(base_of(fig), end, **kw)
            if res is not None:
                res = (self._within(fig, res[0], move.allowance, kw), 0.0)
        return None if res is None else tuple(tuple(q) for q in res[0])

    def _within(self, fig, path, allowance: float, kw: dict):
        """The first part of ``path`` whose cost (difficult ground counted twice, as the
        engine's check counts it) stays within ``allowance`` (issue 17: a flee cut by length
        crossed a wood, cost 7.8 pas for 6, and was refused, Extermination seed 521)."""
        length = allowance * 0.97
        cut = _cut(path, length)
        for _ in range(4):
            cost = self.w.table.check_path(base_of(fig), cut, None, **kw).cost
            if cost <= allowance * 0.99:
                break
            length *= allowance * 0.97 / cost
            cut = _cut(path, length)
        return cut

    def _lazy(self, fig, move, end, make):
        """Deferred action: the path is searched only when the option is tried."""
        def resolve():
            path = self.path_to(fig, move, end)
            return None if path is None else make(path)
        return resolve

    def _moves(self, fig, choice, kind_decision="move", few=False):
        dests = self.destinations(fig, choice.move, few=few)
        if not dests:
            return []
        safe = (self.w.threats(fig, dests + [fig.pos]) if self.careful else [0.0] * (len(dests) + 1))
        engaged = any(math.dist(fig.pos, e.pos) < fig.radius + e.radius + 1.0 for e in self.w.enemies)
        stay = {"progress": 0.5, "safety": (1.0 - safe[-1]) * (0.6 if engaged else 1.0)}
        leaving = 1.0 - self.leave_risk(fig) if choice.kind == "move" else 1.0
        follow = self._best_follow(self._followup(fig, choice), self._joint_follow(fig, choice))
        if kind_decision == "move" and self.objectives and (self.w.carries(fig) or self.w.runs(fig)):
            # bringing Orichalque home is what wins the hunt, leaving the table the ambush
            # (issue 17: the last runner, an archer, stayed to shoot for 27 turns and the
            # ambush ended in a draw, Embuscade seeds 526, 542 and 543 v random)
            kind_decision = "carry"
        out = []
        for end, th in zip(dests, safe):
            inputs = {"progress": self.progress(fig, end, choice.move.allowance)}
            if self.careful:
                inputs["safety"] = self.careful_of((1.0 - th) * (0.6 if engaged else 1.0) * leaving)
            if not worth_moving(math.dist(fig.pos, end), MIN_MOVE, inputs, stay):
                continue              # a sliver of a move gains nothing
            make = lambda path, k=choice.kind: Action(k, fig.id, path=path)  # noqa: E731
            if self.objectives and choice.kind in ("move", "step") and self.w.escapes(fig, end):
                # off the table: a runner safe for good, as a token picked up
                out.append(Option(make((fig.pos, end)), "objective", {"objective": 1.0},
                                  resolve=self._lazy(fig, choice.move, end, make), note="escape"))
                continue
            out.append(Option(make((fig.pos, end)), kind_decision, inputs,
                              resolve=self._lazy(fig, choice.move, end, make),
                              followup=follow(end, inputs.get("safety", 1.0)) if follow else None))
        return out

    def _followup(self, fig, choice):
        """Lookahead for a move that leaves a dynamic action: a function giving, for an end
        point, the inputs of the best charge the figure could make from there next (exact
        fight odds; safety of the end point), or None."""
        if not (self.lookahead and choice.kind == "move" and self._member(fig).get("left", 0) >= 2
                and self._member(fig).get("dynamic")):
            return None
        reach = stats.slow_move(fig)
        foes = [e for e in self.w.enemies if not e.status.get("hidden")]
        after: dict = {}

        def charges_from(end, safety):
            for e in foes:
                d = math.dist(end, e.pos) - fig.radius - e.radius
                if d <= 1.0 or d > reach - 1.0:
                    continue
                o = self.w.fight(fig, e, True)
                if self.careful and self.w.deep:   # where the charge ends (contact point)
                    if e.id not in after:
                        after[e.id] = self.after_charge(fig, e, o, fig.pos)
                    safety = after[e.id]
                inputs = self._attack_inputs(fig, e, o, end, safety=safety)
                if "safety" in inputs:
                    # a charged shooter may shoot back first (its reaction): a further risk
                    shot = self.w.shot_risk(e, fig, end, d)
                    inputs["risk"] = 1.0 - (1.0 - inputs["risk"]) * (1.0 - shot)
                if stats.frightens(e, fig):
                    inputs["nerve"] = (7 - stats.courage(self.w.state, fig)) / 6
                yield inputs

        def follow(end, safety):
            return self._strongest(charges_from(end, safety))
        return follow

    @staticmethod
    def _strongest(candidates):
        """The attack inputs doing the most damage once nerve and risk are counted (the
        first of equals), or None."""
        best, best_dmg = None, 0.0
        for inputs in candidates:
            if inputs is None:
                continue
            dmg = inputs["damage"] * inputs.get("nerve", 1.0) * (1 - inputs.get("risk", 0.0))
            if best is None or dmg > best_dmg:
                best, best_dmg = inputs, dmg
        return best

    @staticmethod
    def _best_follow(*follows):
        """One followup function out of several: the best attack any of them sets up."""
        follows = [f for f in follows if f is not None]
        if len(follows) < 2:
            return follows[0] if follows else None

        def follow(end, safety):
            return Builder._strongest(f(end, safety) for f in follows)
        return follow

    def _joint_follow(self, fig, choice):
        """For a move with a dynamic action left after it, in an activation of several:
        the coordinated charge on a monster it sets up, with the members already within
        charge reach of it or able to move there first (issue 17: the group of a Meneur
        walked about 4.5 pas from greedy's Ymir, which then took them one at a time)."""
        if not (self.coordinate and choice.kind == "move"):
            return None
        me = self._member(fig)
        if me.get("left", 0) < 2 or not me.get("dynamic"):
            return None
        st = self.w.state
        members = (st.activation or {}).get("members", {})
        plans = []
        for t in self.w.enemies:
            if not stats.is_monster(t) or t.status.get("hidden"):
                continue
            mates = []
            for pid, m in members.items():
                p = st.figures.get(pid)
                if pid == fig.id or p is None or p.out or not m.get("dynamic") or m.get("left", 0) < 1:
                    continue
                d = math.dist(p.pos, t.pos) - p.radius - t.radius
                if d <= stats.slow_move(p) - 1.0 or (m.get("left", 0) >= 2 and d <= stats.slow_move(p)
                                                      + stats.fast_move(p) - 1.0):
                    mates.append(p)
            if mates:
                plans.append((t, [fig] + mates, self.w.fight(fig, t, True)))
        if not plans:
            return None
        reach = stats.slow_move(fig)

        def follow(end, safety):
            return self._strongest(
                self.joint_inputs(fig, t, group, lone, safety=safety) for t, group, lone in plans
                if 1.0 < math.dist(end, t.pos) - fig.radius - t.radius <= reach - 1.0)
        return follow

    def joint_odds(self, t, group, ends=None):
        """Odds of a coordinated charge of ``group`` on ``t``, each charger standing at its
        end (``ends``: id -> point; by default the free contact point nearest to it), so
        that the target fights at C+1 for each foe in contact beyond the first."""
        from game.rulesets.evenor import odds

        key = ("joint", t.id, tuple(f.id for f in group), tuple(sorted((ends or {}).items())))
        hit = self.w._fight.get(key)
        if hit is not None:
            return hit
        st, table = self.w.state, self.w.table
        placed = {f.id: base_of(f) for f in st.figures.values() if not f.out}
        for f in group:
            if ends and f.id in ends:
                placed[f.id] = placed[f.id].moved(*ends[f.id])
                continue
            if table.contact(f.id, t.id):
                continue
            trial = table.with_bases(list(placed.values()))
            pts = trial.contact_points(base_of(f), base_of(t), n=24)
            if pts:
                q = min(pts, key=lambda q: math.dist(q, f.pos))
                placed[f.id] = placed[f.id].moved(*q)
        o = odds.fight(st, table.with_bases(list(placed.values())), group, t, charged=True)
        self.w._fight[key] = o
        return o

    def joint_inputs(self, fig, t, group, lone, safety=None, ends=None, o=None) -> dict:
        """Inputs of a coordinated attack of ``group`` on ``t``: a fight with odds ``o``, or a
        charge, mixed over who gets there (against a frightening monster, a charger failing
        its courage roll stops 4 pas short and the others fight without it). ``lone``: the
        odds of ``fig`` alone, for what the monster does to one of them when it wins."""
        st = self.w.state
        if o is None and not stats.is_monster(t):
            return self._side_by_side(fig, t, group, ends, safety)
        if o is not None:
            mix = [(1.0, group, o)]
        else:
            q = [(7 - stats.courage(st, f)) / 6 if stats.frightens(t, f) else 1.0 for f in group]
            mix = []
            for mask in range(1, 1 << len(group)):
                w = 1.0
                for i, qi in enumerate(q):
                    w *= qi if mask >> i & 1 else 1.0 - qi
                if w <= 1e-9:
                    continue
                sub = [f for i, f in enumerate(group) if mask >> i & 1]
                sub_ends = {k: v for k, v in (ends or {}).items() if any(f.id == k for f in sub)}
                mix.append((w, sub, self.joint_odds(t, sub, sub_ends or None)))
        # the monster, if it wins, may put every excess hit on one of them: the lone fight's
        # chance to fall once beaten, times the chance it wins this one
        back = min(1.0, lone.p_attacker_out / lone.p_lose) if lone.p_lose > 0 else 0.0
        dmg = kill = risk = 0.0
        for w, sub, odd in mix:
            dmg += w * self.w.damage_value(odd, t)
            kill += w * odd.p_out
            risk += w * (odd.p_attacker_out if len(sub) == 1 else odd.p_lose * back)
        return self._group_inputs(fig, t, dmg, kill, risk, safety)

    def _group_inputs(self, fig, t, dmg: float, kill: float, risk: float, safety) -> dict:
        """The attack inputs of a coordinated charge or fight, seen from ``fig``."""
        inputs = {"damage": _clip(dmg / self.norm), "kill": kill,
                  "menace": _clip(self.w.menace(t) / self.norm)}
        if self.careful:
            inputs["risk"] = risk
            inputs["safety"] = self.safety(fig, fig.pos) if safety is None else safety
            inputs["trade"] = self.trade(fig, dmg, risk)
        return inputs

    def _side_by_side(self, fig, t, group, ends, safety) -> dict:
        """Inputs of a coordinated charge on a figure that is no monster: one combat phase
        per charger, one after the other, the target fighting each at C+1 for every other
        charger in contact, and making one reaction in all."""
        from game.rulesets.evenor import odds

        st, table = self.w.state, self.w.table
        placed = {f.id: base_of(f) for f in st.figures.values() if not f.out}
        for f in group:
            if ends and f.id in ends:
                placed[f.id] = placed[f.id].moved(*ends[f.id])
        vt = table.with_bases(list(placed.values()))
        standing, dmg, kill, risk = 1.0, 0.0, 0.0, 0.0
        for f in group:
            o = odds.fight(st, vt, [f], t, charged=True)
            dmg += standing * self.w.damage_value(o, t)
            kill += standing * o.p_out
            if f is fig:
                risk = standing * o.p_attacker_out
            standing *= 1.0 - o.p_out
        dmg = min(dmg, self.w.value(t))
        return self._group_inputs(fig, t, dmg, kill, risk, safety)

    # --- per template kind
    def build(self, choice) -> list[Option]:
        fig = self.w.state.figures.get(choice.actor) if choice.actor else None
        k = choice.kind
        if k in ("move", "step"):
            return self._moves(fig, choice, few=(k == "step"))
        if k == "charge":
            return self.charges(fig, choice)
        if k == "fight":
            return self.fights(fig, choice)
        if k == "shoot":
            return self.shots(fig, choice)
        if k == "move_shoot":
            return self.move_shots(fig, choice)
        if k == "aim":
            return self.aim(fig, choice)
        if k == "pick_up":
            return self.pickups(fig, choice) if self.objectives else []
        if k in ("take_cover", "prone", "hide", "stand_up"):
            return self.defend(fig, choice)
        if k == "power":
            return self.powers(fig, choice)
        if k == "end":
            return [self.stay(choice)]
        if k in ("pass", "wait"):
            return [Option(Action(k, choice.actor), "idle", {})]
        return []

    def pickups(self, fig, choice) -> list[Option]:
        """Tokens within reach now, or after the free step toward them."""
        from game.rulesets.evenor.statics import tokens_in_reach

        st = self.w.state
        near = set(tokens_in_reach(st, fig))
        out = []
        for tid in choice.targets:
            tok = st.token(tid)
            if tid in near:
                out.append(Option(Action("pick_up", fig.id, targets=(tid,)), "objective",
                                  {"objective": 1.0}))
                continue
            gap = math.dist(fig.pos, (tok.x, tok.y)) - fig.radius
            make = lambda path, tid=tid: Action("pick_up", fig.id, targets=(tid,), path=path)  # noqa: E731
            step = self._step_then(fig, choice, (tok.x, tok.y), gap, make, "objective", {"objective": 0.95})
            if step is not None:
                out.append(step)
        return out

    def _step_then(self, fig, choice, pos, gap: float, make, decision: str, inputs) -> Option | None:
        """``make(path)`` after the free step toward ``pos`` (``gap`` off, edge to edge) that
        brings it within pick-up reach; None when the step cannot."""
        if choice.move is None or gap > stats.PICKUP_REACH + choice.move.allowance - 1.0:
            return None
        d = math.dist(fig.pos, pos)
        r = gap - 0.5 * stats.PICKUP_REACH
        end = (fig.x + (pos[0] - fig.x) * r / d, fig.y + (pos[1] - fig.y) * r / d)
        return Option(make((fig.pos, end)), decision, inputs, resolve=self._lazy(fig, choice.move, end, make))

    def _heal(self, fig, marker, choice, inputs) -> Option | None:
        """Soin on an out-of-action friend, only where the healer's base can reach its
        marker (within 0.5 pas, after the free step) and the spot is free: the template
        lists every marker, and a heal out of reach is refused, ending the activation
        (issue 17: Shiro spent 25 activations so, Extermination seed 415)."""
        from game.rulesets.evenor.statics import occupied

        if occupied(self.w.state, marker):
            return None
        gap = math.dist(fig.pos, marker.pos) - fig.radius - marker.radius
        if gap <= stats.PICKUP_REACH - 0.5:
            return Option(Action("power", fig.id, targets=(marker.id,), value="soin"), "support",
                          inputs)
        make = lambda path: Action("power", fig.id, targets=(marker.id,), value="soin",  # noqa: E731
                                   path=path)
        return self._step_then(fig, choice, marker.pos, gap, make, "support", inputs)

    def stay(self, choice) -> Option:
        """Ending the activation where everyone stands: scored like a move that goes
        nowhere (keeping cover), so a free step must beat staying put."""
        act = self.w.state.activation or {}
        steppers = [self.w.state.figures[f] for f, m in act.get("members", {}).items()
                    if m.get("step", 0) > 0 and f in self.w.state.figures]
        if not steppers or not self.careful:
            return Option(Action("end"), "idle", {})
        f = steppers[0]
        safety = self.careful_of(1.0 - self.w.threat(f, f.pos, cover=bool(f.status.get("cover"))))
        return Option(Action("end"), "move", {"progress": 0.5, "safety": safety}, note="stay")

    def _attack_inputs(self, fig, target, o, pos, safety=None) -> dict:
        """Inputs of an attack; ``safety`` given by the caller, else the threat at ``pos``."""
        dmg = self.w.damage_value(o, target)
        inputs = {"damage": _clip(dmg / self.norm), "kill": o.p_out,
                  "menace": _clip(self.w.menace(target) / self.norm)}
        if self.careful:
            inputs["risk"] = 1.0 - self.careful_of(1.0 - o.p_attacker_out)
            inputs["safety"] = self.safety(fig, pos) if safety is None else safety
            inputs["trade"] = self.trade(fig, dmg, inputs["risk"])
        return inputs

    def trade(self, fig, dmg: float, risk: float) -> float:
        """0.5 for an even exchange: the DO taken from the target against the attacker's
        worth times its risk of being put out (issue 17: an Amazon charged Phobos, as
        likely to fall as to fell him, and the game was lost to the random agent)."""
        return _clip(0.5 + (dmg - risk * self.w.value(fig)) / (2 * self.norm))

    def after_charge(self, fig, t, o, start) -> float:
        """Safety once the charge is over (deep threat): at the contact point on the way
        from ``start``, the target still threatening as an engaged foe if it survives."""
        d = math.dist(start, t.pos) or 1.0
        r = fig.radius + t.radius
        end = (t.x + (start[0] - t.x) * r / d, t.y + (start[1] - t.y) * r / d)
        return 1.0 - self.w.threat(fig, end, engaged=(t.id, round(1.0 - o.p_out, 3)))

    def charges(self, fig, choice):
        out = []
        for tid in choice.targets:
            t = self.w.state.figures[tid]
            if math.dist(fig.pos, t.pos) - fig.radius - t.radius > choice.move.allowance:
                continue
            o = self.w.fight(fig, t, True)
            lone = o
            if self.coordinate and any(e.id != fig.id and not e.status.get("prone")
                                       for e in stats.engaged_with(self.w.state, self.w.table, t)):
                # the target already fights one of ours: once the charger is in contact too
                # it fights at C+1 more (multiple combat), which the odds from here miss
                o = self.joint_odds(t, [fig])
            safety = self.after_charge(fig, t, o, fig.pos) if self.careful and self.w.deep else None
            inputs = self.after_leaving(fig, self._attack_inputs(fig, t, o, fig.pos, safety=safety))
            if stats.frightens(t, fig):
                inputs["nerve"] = (7 - stats.courage(self.w.state, fig)) / 6
            out.append(Option(Action("charge", fig.id, targets=(tid,), path=(fig.pos, t.pos)),
                              "attack", inputs, resolve=self._charge_path(fig, t, choice.move)))
            if self.coordinate and choice.partners and (stats.is_monster(t) or self.coordinate_all):
                joint = self.joint_charge(fig, t, choice, lone)
                if joint is not None:
                    out.append(joint)
        return out

    def joint_charge(self, fig, t, choice, lone) -> Option | None:
        """A coordinated charge on a monster with the members of the activation that can
        reach it too: one combat phase at their summed power, the monster fighting at C+1
        for each foe in contact beyond the first (issue 17: greedy's lone Ymir took
        normal's figures one at a time while none would charge it alone)."""
        from game.rulesets.evenor import charges

        st, table = self.w.state, self.w.table
        act = st.activation or {}
        mates = []
        for pid in choice.partners:
            p = st.figures.get(pid)
            m = act.get("members", {}).get(pid, {})
            if p is None or p.out or not m.get("dynamic") or m.get("left", 0) < 1:
                continue
            if stats.engaged_with(st, table, p) or table.contact(p.id, t.id):
                continue
            if math.dist(p.pos, t.pos) - p.radius - t.radius <= stats.slow_move(p):
                mates.append(p)
        if not mates:
            return None
        mates.sort(key=lambda p: math.dist(p.pos, t.pos))
        pts = sorted(table.contact_points(base_of(fig), base_of(t), n=12),
                     key=lambda q: math.dist(q, fig.pos))
        pts = [q for q in pts if math.dist(q, fig.pos) <= choice.move.allowance][:3]
        plan = None
        while mates and plan is None:
            for end in pts:
                paths = charges.partner_paths(st, table, fig, end, mates, t, memo=self.w.partners)
                if paths is not None:
                    plan = (end, paths)
                    break
            else:
                mates = mates[:-1]
        if plan is None:
            return None
        end, paths = plan
        group = [fig] + mates
        ends = {fig.id: end, **{p.id: tuple(path[-1]) for p, path in zip(mates, paths)}}
        inputs = self.after_leaving(fig, self.joint_inputs(fig, t, group, lone, ends=ends))
        ids = tuple(p.id for p in mates)
        make = lambda path: Action("charge", fig.id, targets=(t.id,), path=path,  # noqa: E731
                                   partners=ids)

        def resolve():
            for q in pts:
                path = self.path_to(fig, choice.move, q)
                if path is not None and charges.partner_paths(st, table, fig, path[-1], mates, t,
                                                                  memo=self.w.partners):
                    return make(path)
            return None
        return Option(make((fig.pos, end)), "attack", inputs, resolve=resolve, note="joint")

    def _charge_path(self, fig, t, move):
        def resolve():
            pts = self.w.table.contact_points(base_of(fig), base_of(t), n=12)
            pts.sort(key=lambda p: math.dist(p, fig.pos))
            for p in pts[:6]:
                path = self.path_to(fig, move, p)
                if path is not None:
                    return Action("charge", fig.id, targets=(t.id,), path=path)
            return None
        return resolve

    def fights(self, fig, choice):
        out = []
        for tid in choice.targets:
            t = self.w.state.figures[tid]
            o = self.w.fight(fig, t, False)
            safety = None
            if self.careful and self.w.deep:
                safety = 1.0 - self.w.threat(fig, fig.pos, engaged=(t.id, round(1.0 - o.p_out, 3)))
            inputs = self._attack_inputs(fig, t, o, fig.pos, safety=safety)
            out.append(Option(Action("fight", fig.id, targets=(tid,)), "attack", inputs))
            if self.coordinate and choice.partners and stats.is_monster(t):
                joint = self.joint_fight(fig, t, choice, o)
                if joint is not None:
                    out.append(joint)
        return out

    def joint_fight(self, fig, t, choice, lone) -> Option | None:
        """A coordinated attack on a monster by the members of the activation in contact
        with it: one combat phase at their summed power."""
        from game.rulesets.evenor import odds

        st, table = self.w.state, self.w.table
        mates = tuple(p for p in choice.partners if p in st.figures and not st.figures[p].out
                      and table.contact(p, t.id))
        if not mates:
            return None
        o = odds.fight(st, table, [fig] + [st.figures[p] for p in mates], t)
        inputs = self.joint_inputs(fig, t, [fig] + [st.figures[p] for p in mates], lone, o=o)
        return Option(Action("fight", fig.id, targets=(t.id,), partners=mates), "attack", inputs,
                      note="joint")

    def shots(self, fig, choice, moving=False):
        out = []
        aimed = bool(self._member(fig).get("aimed"))
        for tid in choice.offered:      # shots from where it stands: refused ones are known
            t = self.w.state.figures[tid]
            o, idx = self.w.best_shot(fig, t, moving=moving, aimed=aimed, idxs=list(choice.values))
            if o is None:
                continue
            inputs = self._attack_inputs(fig, t, o, fig.pos)
            if self.careful:   # the target may shoot back as it is hit
                inputs["risk"] = max(inputs["risk"], self.w.shot_back(fig, t))
                inputs["trade"] = self.trade(fig, self.w.damage_value(o, t), inputs["risk"])
            out.append(Option(Action(choice.kind, fig.id, targets=(tid,), value=idx), "attack",
                              inputs))
        return out

    def move_shots(self, fig, choice):
        shots = self.shots(fig, choice, moving=True)
        if not shots:
            return []
        best = max(shots, key=lambda o: o.inputs["damage"])
        moves = self._moves(fig, choice, few=True)
        out = []
        a = best.action
        shot = self.after_leaving(fig, dict(best.inputs))   # the same from every end point
        for m in moves:
            inputs = dict(shot)
            inputs["progress"] = m.inputs["progress"]
            if "safety" in m.inputs:
                inputs["safety"] = m.inputs["safety"]
            make = lambda path: Action("move_shoot", fig.id, targets=a.targets,  # noqa: E731
                                       value=a.value, path=path, values=(0,))
            end = m.action.path[-1]
            out.append(Option(make((fig.pos, end)), "attack", inputs,
                              resolve=self._lazy(fig, choice.move, end, make)))
        return out

    def _member(self, fig) -> dict:
        act = self.w.state.activation
        return (act or {}).get("members", {}).get(fig.id, {})

    def aim(self, fig, choice):
        if self._member(fig).get("left", 0) < 2:
            return []
        best = 0.0
        for t in self.w.enemies:
            o, _ = self.w.best_shot(fig, t, aimed=True)
            if o is not None:   # the aimed shot to come may be shot back at
                back = self.w.value(fig) * self.w.shot_back(fig, t) if self.careful else 0.0
                best = max(best, self.w.damage_value(o, t) - back)
        return [Option(Action("aim", fig.id), "aim", {"damage": _clip(best / self.norm)})] if best else []

    def defend(self, fig, choice):
        if not self.careful:
            return []
        k = choice.kind
        now = self.w.threat(fig, fig.pos)
        melee = any(math.dist(fig.pos, e.pos) - fig.radius - e.radius
                    <= stats.slow_move(e) + 0.5 * PAS for e in self.w.enemies)
        if k == "take_cover":
            cut = now - self.w.threat(fig, fig.pos, cover=True)
        elif k == "prone":
            cut = 0.0 if melee else 0.3 * now
        elif k == "hide":
            cut = 0.0 if melee else 0.8 * now
        else:  # stand_up
            cut = 0.6
        if cut <= 0.01:
            return []
        resolve = None
        if k == "take_cover" and choice.move is not None:
            def resolve(fig=fig, move=choice.move):
                paths = cover_paths(self.engine, fig, move)
                return Action(k, fig.id, path=paths[0] if paths else ())
        return [Option(Action(k, fig.id), "defend", {"threat_cut": _clip(cut)}, resolve=resolve)]

    def powers(self, fig, choice):
        pid = choice.values[0] if choice.values else None
        st = self.w.state
        out = []
        if pid == "soin":
            for tid in choice.targets:
                inputs = {"support": _clip(self.w.value(st.figures[tid]) / self.norm)}
                if not self.reach_powers:
                    out.append(Option(Action("power", fig.id, targets=(tid,), value=pid), "support",
                                      inputs))
                    continue
                heal = self._heal(fig, st.figures[tid], choice, inputs)
                if heal is not None:
                    out.append(heal)
        elif pid == "benediction":
            for tid in choice.targets:
                a = st.figures[tid]
                busy = any(math.dist(a.pos, e.pos) < a.radius + e.radius + 1 for e in self.w.enemies)
                if busy and not stats.turn_flag(st, a, "blessed"):
                    out.append(Option(Action("power", fig.id, targets=(tid,), value=pid),
                                      "support", {"support": 0.5}))
        elif pid == "confusion":
            for tid in choice.targets:
                e = st.figures[tid]
                if not e.status.get("activated") and not stats.turn_flag(st, e, "confused"):
                    out.append(Option(Action("power", fig.id, targets=(tid,), value=pid),
                                      "support", {"support": _clip(self.w.value(e) / (2 * self.norm))}))
        return out
