"""Concrete Swidenth options inside a phase, each with the raw inputs (in [0, 1]) of its
considerations. The phase is planned as a group: members that can reach a fight are
assigned their targets first (``plan_charges``), so a charge is scored with the
outnumbering of the friends also coming (and a member already engaged waits for them before
fighting); fights are scored on both sides of the damage-band law; an engaged member or a
placed shooter concentrates first; other members move toward the goal, weighing the threat
(pins included) where they stop."""
from __future__ import annotations

import itertools
import math

from game.ai.swidenth.world import World, clip, harm_value
from game.ai.utility import Option, worth_moving
from game.core.actions import Action, stored_point
from game.geometry.tolerances import OVERLAP_EPS
from game.rulesets._shared.engagement import zone_stop
from game.rulesets._shared.tables import base_of
from game.rulesets.swidenth import actions as A
from game.rulesets.swidenth import catalogue as cat_mod
from game.rulesets.swidenth import figures as F
from game.rulesets.swidenth import odds, phases, shooting, spells

PAS = F.PAS
RINGS = (0.5, 1.0)
MIN_MOVE = 0.8 * PAS
STOP_IN = F.ENGAGE - 2.5     # a charge aims this far inside the engagement distance
ANGLES = (0.0, 0.6, -0.6, 1.2, -1.2, 1.9, -1.9, math.pi)     # charge end points round the foe
# every side, finer: a group charge needs an end point for each member
FULL_ANGLES = (0.0, *(x * k * 0.25 for k in range(1, 11) for x in (1, -1)), math.pi)
# A path is stored and judged rounded to a micrometre (Action.rounded): an end point at the
# whole allowance came out up to 0.0007 mm too far half the time and was refused, and the
# agent silently took its next-ranked option (a half move, a run cut short). End points are
# rounded before they are checked, and those at the allowance are set this far inside it.
SHORT = 0.01


class Builder:
    def __init__(self, world: World, engine, profile: dict):
        self.w, self.engine, self.p = world, engine, profile
        self.norm = float(profile.get("norm_points", 20.0))
        self.directions = int(profile.get("directions", 8))
        self.group = bool(profile.get("group", True))
        self.objectives = bool(profile.get("objectives", True))
        self.spots = int(profile.get("charge_spots", 1))   # charge end points weighed per foe
        self.charges: dict[str, str] = {}       # member -> enemy it is planned to charge
        self.reserved: dict[str, tuple] = {}    # member of a group charge -> (path, end) kept for it
        self._paths: dict = {}

    # ------------------------------------------------------------------ inputs
    def attack_inputs(self, gain: float, loss: float, p_out: float, fig, pos, pinned_by=None,
                      moved: bool = True) -> dict:
        """``damage`` and ``kill`` of the blow; with threat weighed, ``edge``: the net points
        of the fight (what the target loses less what the attacker risks) less the exposure
        a charge adds to the attacker where it ends (a pin: the foes able to come at it
        there, outnumbering it), over norm."""
        inputs = {"damage": clip(gain / self.norm), "kill": p_out}
        if self.w.careful:
            # engaged already, the fight is one more roll besides the foe's own (it strikes
            # in its activation anyway): worth making only when its net is positive
            net = self.net(gain, loss, p_out, fig, pos, pinned_by, moved)
            inputs["edge"] = clip(0.5 + net / (2 * self.norm))
        return inputs

    def net(self, gain: float, loss: float, p_out: float, fig, pos, pinned_by=None,
            moved: bool = True) -> float:
        """The fight's net points for the attacker (the ``edge`` before scaling)."""
        if not self.w.careful:
            return gain - loss
        net = gain - loss * self.w.risk_weight
        if moved:
            after = self.w.exposure(fig, pos, pinned_by) * (1.0 - 0.6 * p_out)
            more = max(0.0, after - self.w.exposure(fig, fig.pos))
            if fig.side == self.w.side and F.rank(fig) == "chef":
                more *= float(self.p.get("chef_pin", 1.0))     # its fall routs our side
            net -= float(self.p.get("exposure_weight", 1.0)) * more * self.w.value(fig)
        return net

    def goal(self, fig):
        """Where the figure heads: the ford from ``ford_lead`` turns before its scoring turn
        on, else the nearest enemy (standing still when none is left)."""
        st = self.w.state
        obj = st.extras.get("objective")
        if self.goal_is_objective():
            return (obj["point"][0] * PAS, obj["point"][1] * PAS)
        foes = self.w.enemies
        if not foes:
            return fig.pos
        e = min(foes, key=lambda e: math.dist(e.pos, fig.pos))
        return e.pos

    def goal_is_objective(self) -> bool:
        """Whether figures head for the ford now rather than the nearest enemy."""
        st = self.w.state
        obj = st.extras.get("objective")
        lead = int(self.p.get("ford_lead", 3))
        return bool(self.objectives and obj and st.turn >= int(obj.get("from_turn", 1)) - lead)

    def progress(self, fig, pos) -> float:
        g = self.goal(fig)
        now, then = math.dist(fig.pos, g), math.dist(pos, g)
        return clip(0.5 + 0.5 * (now - then) / (2 * max(self.w.mouv(fig), PAS)))

    def company(self, fig, pos) -> float:
        near = sum(1 for a in self.w.allies if a.id != fig.id and math.dist(a.pos, pos) <= 3 * PAS)
        return min(1.0, near / 2)

    def bubble(self, fig, pos) -> float:
        """Our Chef's troops within its command bubble were it to stand at ``pos`` (edge to
        edge, strictly under its bubble: S-R7): 1 with two or more, 0.5 with one. A Chef
        that keeps away from its troops opens its next phase alone, and they act after
        every enemy leader phase (a Centurion wandered the table edge for four turns)."""
        reach = phases.bubble_pas(fig, self.w.cat) * PAS
        near = sum(1 for a in self.w.allies
                   if a.id != fig.id and not phases.is_leader(a) and not self.w.engaged(a)
                   and self.w.gap(fig, pos, a) < reach)
        return min(1.0, near / 2)

    def ford(self, fig, pos) -> float:
        obj = self.w.state.extras.get("objective")
        if not obj or not self.objectives:
            return 1.0
        pt = (obj["point"][0] * PAS, obj["point"][1] * PAS)
        inside = math.dist(pos, pt) - fig.radius <= obj["radius"] * PAS - 2
        return 1.0 if inside else 0.3

    def cover(self, fig, pos) -> float | None:
        """The cover at ``pos`` against the enemy shooters in range of it: 0 in the open,
        0.5 over a third hidden (+2), 1 over two thirds (+4), averaged; None when no enemy
        shooter is in range (nothing to hide from)."""
        w = self.w
        shooters = [e for e in w.enemies if not w.engaged(e) and w.rough_shot(e, e.pos, fig, at=pos) > 0]
        if not shooters:
            return None
        me = base_of(fig).moved(pos[0], pos[1])
        total = 0.0
        for e in shooters:
            c = shooting.target_cover(w.table, e.id, me, ignore=(fig.id,))
            total += 1.0 if not c.visible else c.klass / 4
        return total / len(shooters)

    def move_inputs(self, fig, pos, shooter: bool) -> dict:
        inputs = {"progress": self.progress(fig, pos)}
        if self.w.careful:
            inputs["safety"] = 1.0 - self.w.threat(fig, pos)
            inputs["company"] = self.company(fig, pos)
            c = self.cover(fig, pos) if self.p.get("cover", True) else None
            if c is not None:
                inputs["cover"] = c
        if self.objectives and self.w.state.extras.get("objective"):
            inputs["ford"] = self.ford(fig, pos)
        if self.w.careful and self.p.get("chef_bubble", False) and F.rank(fig) == "chef" \
                and fig.side == self.w.side:
            inputs["bubble"] = self.bubble(fig, pos)
        if shooter:
            best = max((self.w.rough_shot(fig, pos, e) for e in self.w.enemies), default=0.0)
            inputs["aim"] = clip(best / self.norm * 3)
        return inputs

    # ------------------------------------------------------------------ paths
    def free(self, fig, p) -> bool:
        st = self.w.state
        r = fig.radius + 1
        if not (r <= p[0] <= st.width - r and r <= p[1] <= st.height - r):
            return False
        return all(math.dist(p, o.pos) >= fig.radius + o.radius + 1
                   for o in st.figures.values() if o.id != fig.id and not o.out)

    def path_to(self, fig, end, allowance: float, detour: bool = True):
        """A legal path to ``end`` within the allowance: straight, else (with ``detour``)
        the shortest way round; None when there is none."""
        key = (fig.id, round(end[0], 1), round(end[1], 1), allowance)
        if key in self._paths:
            return self._paths[key]
        table = self.w.table
        path = None
        end = stored_point(end)
        if not self._straight_blocked(fig, end, allowance) and table.check_path(base_of(fig), [end], allowance).ok:
            path = (end,)
        elif not detour:
            return None
        else:
            res = table.shortest_path(base_of(fig), end, max_cost=allowance)
            if res is not None and len(res[0]) > 1:
                path = tuple(stored_point(q) for q in res[0][1:])
                if not table.check_path(base_of(fig), list(path), allowance).ok:
                    path = None
        self._paths[key] = path
        return path

    def _straight_blocked(self, fig, end, allowance: float) -> bool:
        """A cheap sure refusal of the straight move to ``end`` (the full check is costly
        and most refusals are a figure in the way or a point too far): longer than the
        allowance, or a round base the mover's disc would overlap on the way."""
        x0, y0 = fig.pos
        dx, dy = end[0] - x0, end[1] - y0
        length2 = dx * dx + dy * dy
        if length2 > (allowance + 0.01) ** 2:
            return True
        bases = self._bases()
        for b in bases:
            if b.id == fig.id or not b.is_round:
                continue
            t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((b.x - x0) * dx + (b.y - y0) * dy) / length2))
            reach = fig.radius + b.radius - 2 * OVERLAP_EPS
            if (x0 + t * dx - b.x) ** 2 + (y0 + t * dy - b.y) ** 2 < reach * reach:
                return True
        return False

    def _bases(self):
        got = self._paths.get("bases")
        if got is None:
            got = self._paths["bases"] = list(self.w.table.bset.bases)
        return got

    def stop(self, fig, path):
        """Where the move really ends and whom it engages (it stops on engaging)."""
        s = zone_stop(self.w.state, self.w.table, fig, list(path), F.ENGAGE)
        return (s.path[-1] if s.path else fig.pos), s.entered

    # ------------------------------------------------------------------ the group plan
    def charge_spots(self, fig, foe, allowance: float, full: bool = False):
        """Paths that engage ``foe`` (and only it) within the allowance, nearest first
        (``full``: from every side tried, not only the first few)."""
        d = math.dist(fig.pos, foe.pos)
        if d - fig.radius - foe.radius - STOP_IN > allowance + 1:
            return []
        key = ("charge", fig.id, foe.id, allowance, full)
        if key in self._paths:
            return self._paths[key]
        out = self._paths[key] = []
        base = math.atan2(fig.y - foe.y, fig.x - foe.x)
        r = fig.radius + foe.radius + STOP_IN
        for da in (FULL_ANGLES if full else ANGLES):
            p = (foe.x + r * math.cos(base + da), foe.y + r * math.sin(base + da))
            if not self.free(fig, p):
                continue
            path = self.path_to(fig, p, allowance)
            if path is None:
                continue
            end, entered = self.stop(fig, path)
            if list(entered) == [foe.id]:
                out.append((path, end))
                if not full and len(out) >= max(2, self.spots):
                    break
        return out

    def plan_charges(self, members, kept: dict[str, str] | None = None, reserve: bool = True) -> None:
        """Assign members free to move a target to charge. Every assignment (each member to
        one foe in reach or to none) is weighed when there are at most ``plan_search`` of
        them: its worth is the sum of the nets, each charge scored with the outnumbering of
        the friends joining the same foe, so two charges that are bad alone and good
        together are found. Beyond that, best group first (``_plan_groups``). ``kept``: the
        phase's plan so far; its charges still in reach stay assigned (friends already
        engaged counted on them) and only the other members are planned. ``reserve``: give
        each member of a group charge its end point (``_reserve_spots``)."""
        self.charges = {}
        self.reserved = {}
        if not self.group:
            return
        cands = {}
        for fig in members:
            if self.w.engaged(fig) or self.shooter_placed(fig):
                continue
            # a member of the kept plan looks for a way in on every side (friends that
            # charged first stand on the nearest ones)
            foes = [e for e in self.w.enemies
                    if self.w.gap(fig, fig.pos, e) - STOP_IN <= self.w.mouv(fig) + 1
                    and (self.charge_spots(fig, e, self.w.mouv(fig))
                         or (bool(kept) and kept.get(fig.id) == e.id
                             and self.charge_spots(fig, e, self.w.mouv(fig), full=True)))]
            if foes:
                cands[fig.id] = foes
        for fid, eid in (kept or {}).items():
            if any(e.id == eid for e in cands.get(fid, ())):
                self.charges[fid] = eid
                del cands[fid]
        combos = math.prod(len(f) + 1 for f in cands.values())
        if 1 < combos <= int(self.p.get("plan_search", 0)):
            self._plan_all(cands)
        else:
            self._plan_groups(cands)
        if reserve:
            self._reserve_spots()

    def _reserve_spots(self) -> None:
        """Give each member of a group charge an end point of its own, whose path crosses
        no friend's end point (and no friend's path crosses it): every charger aiming
        straight at the foe took the same spot, and the first one there left the others no
        way in (a legionary then fought the Brigand captain alone). Every order in which
        members pick (each its nearest spot left) is tried, the one placing most kept; a
        member left without a spot is called off, and then the rest of the group when it
        nets nothing without that member."""
        st = self.w.state
        groups: dict[str, list[str]] = {}
        for fid, eid in self.charges.items():
            if not self.w.engaged(st.figures[fid]):
                groups.setdefault(eid, []).append(fid)
        for eid, fids in groups.items():
            if len(fids) < 2:
                continue
            foe = st.figures[eid]
            # the few nearest ways in first (cheap), then every side for the members left
            # out, then for all
            full: set[str] = set()
            for _ in range(3):
                ways = {f: self.charge_spots(st.figures[f], foe, self.w.mouv(st.figures[f]), full=f in full)
                        for f in fids}
                placed = max((self._place(order, ways) for order in itertools.permutations(fids)),
                             key=lambda got: (len(got), -sum(math.dist(st.figures[f].pos, e)
                                                             for f, (_, e) in got.items())))
                if len(placed) == len(fids) or full == set(fids):
                    break
                full = set(fids) if full else set(fids) - set(placed)
            for fid in fids:
                if fid in placed:
                    self.reserved[fid] = placed[fid]
                else:
                    del self.charges[fid]
            left = {f for f, t in self.charges.items() if t == eid}
            if len(placed) < len(fids) and left and sum(self._charge_net(f, foe, left) for f in left) <= 0:
                for f in left:
                    del self.charges[f]
                    self.reserved.pop(f, None)

    def _place(self, order, ways: dict) -> dict:
        """Each member in ``order`` takes its nearest end point that leaves the ones already
        taken room: member -> (path, end)."""
        st = self.w.state
        got: dict = {}
        for fid in order:
            fig = st.figures[fid]
            pick = next(((path, end) for path, end in ways[fid]
                         if all(self._apart(fig, path, end, st.figures[o], op, oe) for o, (op, oe) in got.items())),
                        None)
            if pick is not None:
                got[fid] = pick
        return got

    @staticmethod
    def _apart(a, apath, aend, b, bpath, bend) -> bool:
        """Two charges that leave each other room: their end points do not overlap and
        neither's path runs through the other's end point."""
        room = a.radius + b.radius + 1
        if math.dist(aend, bend) < room:
            return False
        return not (_path_near(a.pos, apath, bend, room) or _path_near(b.pos, bpath, aend, room))

    def _plan_groups(self, cands: dict) -> None:
        """Best group first: for each foe, the members able to reach it are added one at a
        time (the one raising the group's summed net most), the best prefix kept; the foe
        whose group nets most is assigned, and so on while a group nets above zero. Two
        charges that are bad alone and good together are found this way too."""
        foes = {e.id: e for fs in cands.values() for e in fs}
        while True:
            best = None
            for eid, e in foes.items():
                able = [f for f in cands if f not in self.charges and e in cands[f]]
                if not able:
                    continue
                join = {f for f, t in self.charges.items() if t == eid}
                base = sum(self._charge_net(m, e, join) for m in join)
                while able:
                    tot, fid = max((sum(self._charge_net(m, e, join | {f}) for m in join | {f}), f)
                                   for f in able)
                    join.add(fid)
                    able.remove(fid)
                    if tot - base > 0 and (best is None or tot - base > best[0]):
                        best = (tot - base, eid, set(join))
            if best is None:
                return
            for fid in best[2]:
                self.charges[fid] = best[1]

    def _charge_net(self, fid: str, e, join: set[str]) -> float:
        fig = self.w.state.figures[fid]
        n = self.w.outnumbering(e, join, fig)
        gain, loss, o = self.w.fight(fig, e, n_att=n, n_dfn=0, charged=True)
        if fid in self.reserved:
            end = self.reserved[fid][1]
        else:       # a member of the kept plan may only have ways in on the far sides
            spots = self.charge_spots(fig, e, self.w.mouv(fig)) or \
                self.charge_spots(fig, e, self.w.mouv(fig), full=True)
            end = spots[0][1]
        return self.net(gain, loss, o.dfn.out, fig, end, e)

    def _plan_all(self, cands: dict) -> None:
        ids = list(cands)
        st = self.w.state
        fixed = dict(self.charges)
        best, pick = 0.0, None
        for combo in itertools.product(*[[None, *cands[f]] for f in ids]):
            joins: dict[str, set[str]] = {}
            for fid, eid in fixed.items():
                joins.setdefault(eid, set()).add(fid)
            for fid, e in zip(ids, combo):
                if e is not None:
                    joins.setdefault(e.id, set()).add(fid)
            total = sum(self._charge_net(fid, st.figures[eid], joins[eid])
                        for eid, group in joins.items() for fid in group)
            if total > best + 1e-9:
                best, pick = total, combo
        if pick is not None:
            self.charges.update({fid: e.id for fid, e in zip(ids, pick) if e is not None})

    def shooter_placed(self, fig) -> bool:
        w = cat_mod.ranged_weapon(self.w.cat, F.kit(fig))
        if w is None:
            return False
        return any(self.w.rough_shot(fig, fig.pos, e) > 0 for e in self.w.enemies)

    # ------------------------------------------------------------------ per member
    def charges_of(self, fig, allowance: float) -> list[Option]:
        out = []
        for e in self.w.enemies:
            if self.w.gap(fig, fig.pos, e) - STOP_IN > allowance + 1:
                continue
            planned = self.charges.get(fig.id) == e.id
            if planned and fig.id in self.reserved:
                spots = [self.reserved[fig.id]]     # the spot that leaves the friends room
            else:
                # planned, a way in on any side (friends that charged first stand in front)
                spots = self.charge_spots(fig, e, allowance) or \
                    (self.charge_spots(fig, e, allowance, full=True)[:1] if planned else [])
            if not spots:
                continue
            join = {m for m, t in self.charges.items() if t == e.id} | {fig.id}
            n = self.w.outnumbering(e, join, fig)
            gain, loss, o = self.w.fight(fig, e, n_att=n, n_dfn=0, charged=True)
            for path, end in spots[:self.spots]:
                if (self.w.careful and self.group and not planned
                        and self.net(gain, loss, o.dfn.out, fig, end, e) <= 0):
                    continue        # a charge that loses points alone, and no friend joins it
                inputs = self.attack_inputs(gain, loss, o.dfn.out, fig, end, pinned_by=e)
                if self.group:
                    inputs["together"] = 1.0 if self.charges.get(fig.id) == e.id else 0.8
                out.append(Option(Action(A.MOVE, fig.id, path=path), "attack", inputs,
                                  note=f"charge {e.id} +{n}"))
        return out

    def fights(self, fig, prep: str, concentrate: bool = False) -> list[Option]:
        """Fight deeds (or, with ``concentrate``, the concentration before them)."""
        st = self.w.state
        m = st.activation["members"][fig.id]
        charged_by = m.get("engaged_by_move", [])
        out = []
        for e in self.w.engaged(fig):
            charged = A.is_charge(prep, charged_by, e.id)
            conc = concentrate or prep == A.CONCENTRATE
            gain, loss, o = self.w.fight(fig, e, concentrated=conc, charged=charged)
            moved = prep == A.MOVE
            if self.w.careful and not moved and self.net(gain, loss, o.dfn.out, fig, fig.pos, e, False) <= 0:
                # engaged already, the foe strikes in its own activation anyway: a fight of
                # ours is one more roll, made only when it favours us (never stunned at -4)
                continue
            inputs = self.attack_inputs(gain, loss, o.dfn.out, fig, fig.pos, pinned_by=e,
                                        moved=moved)
            if self.group:
                coming = [f for f, t in self.charges.items() if t == e.id and f != fig.id]
                inputs["together"] = 0.35 if coming and not concentrate else 1.0
                # the best odds strike first: the stun they may deal helps the others
                inputs["first"] = 0.9 + 0.1 * o.win
            if concentrate:
                act = Action(A.CONCENTRATE, fig.id)
            else:
                act = Action(A.FIGHT, fig.id, targets=(e.id,))
            out.append(Option(act, "attack", inputs, note=f"{'conc ' if concentrate else ''}{e.id}"))
        return out

    def shots(self, fig, choice, aimed: bool, concentrate: bool = False) -> list[Option]:
        st, table = self.w.state, self.w.table
        out = []
        targets = choice.targets if choice is not None else [e.id for e in self.w.enemies]
        for tid in targets:
            t = st.figures.get(tid)
            if t is None or t.out or t.side == fig.side:
                continue
            plan = shooting.plan(st, table, fig, t, aimed=aimed)
            if plan.refused is not None:
                continue
            gain, o = self.w.shot_value(fig, t, plan)
            inputs = {"damage": clip(gain / self.norm), "kill": o.target.out}
            if self.w.careful:
                inputs["safety"] = 1.0 - self.w.threat(fig, fig.pos)
            act = Action(A.CONCENTRATE, fig.id) if concentrate else Action(A.SHOOT, fig.id, targets=(tid,))
            out.append(Option(act, "shoot", inputs, note=f"{'aim ' if concentrate else ''}{tid} p={o.hit:.2f}"))
        return out

    def casts(self, fig, choices, concentrated: bool) -> list[Option]:
        """Spells worth casting, from the cast templates (one per spell)."""
        st, table = self.w.state, self.w.table
        out = []
        psy = F.stat(fig, "psychisme") + (spells.CONCENTRATION_PSY if concentrated else 0)
        for sid, tid in ((sid, tid) for c in choices for sid in c.values for tid in c.offered):
            data = self.w.cat.spells.get(sid) or {}
            eff = data.get("effect")
            t = st.figures.get(tid)
            if t is None or t.out or spells.refusal(st, table, fig, t, sid) is not None:
                continue
            v = self.w.value(t)
            if eff == "heal":
                if t.side != fig.side:
                    continue
                need = (t.vitality < t.max_vitality) or F.stun_tokens(t) > 0
                if not need:
                    continue
                p = odds.test(psy, int(data.get("difficulty", 12)))
                out.append(Option(Action(A.CAST, fig.id, targets=(tid,), value=sid), "support",
                                  {"support": clip(p * 0.4 * v / self.norm)}, note=f"{sid} {tid}"))
                continue
            if t.side == fig.side:
                continue
            so = odds.spell(eff, psy, F.stat(t, "psychisme"), damage=int(data.get("damage", 0)),
                            defense=F.base_stat(t, "defense"), vitality=t.vitality,
                            bravoure=F.stat(t, "bravoure"), difficulty=int(data.get("difficulty", 0)))
            gain = harm_value(so.target, t, v) if eff == "damage" else so.stun * 0.25 * v
            inputs = {"damage": clip(gain / self.norm), "kill": so.target.out}
            out.append(Option(Action(A.CAST, fig.id, targets=(tid,), value=sid), "attack", inputs,
                              note=f"{sid} {tid}"))
        return out

    def destinations(self, fig, allowance: float, quick: bool = False):
        """End points of a move: toward the goal (the whole allowance and half of it,
        stopping short of engaging), then ``directions`` points on two rings (not with
        ``quick``). Each with whether a detour round terrain is worth searching (toward
        the goal only: a ring point blocked straight has a neighbour that is not)."""
        pts = []
        g = self.goal(fig)
        d = math.dist(g, fig.pos)
        if d > 1:
            for f in (1.0, 0.5):
                r = min(allowance * f - SHORT, max(0.0, d - 2 * fig.radius - F.ENGAGE - 2))
                pts.append(((fig.x + (g[0] - fig.x) * r / d, fig.y + (g[1] - fig.y) * r / d), True))
            hold = self.hold(fig, g, d, allowance) if self.p.get("hold", False) else None
            if hold is not None:
                pts.append((hold, True))
        n = 0 if quick else self.directions
        for ring in RINGS:
            for k in range(n):
                a = 2 * math.pi * k / n + ring
                r = allowance * ring - SHORT
                pts.append(((fig.x + r * math.cos(a), fig.y + r * math.sin(a)), False))
        return [(p, way) for p, way in pts if math.dist(p, fig.pos) >= 5 and self.free(fig, p)]

    def in_reach(self, fig, p, fresh: bool = False) -> int:
        """How many enemies free to come (not engaged; with ``fresh``, only those yet to
        act this turn) could charge ``fig`` standing at ``p``: one move and the
        engagement distance (a pas of room)."""
        w = self.w
        return sum(1 for e in w.enemies
                   if not w.engaged(e) and not (fresh and w.acted(e))
                   and w.gap(fig, p, e) <= w.mouv(e) + F.ENGAGE + 1)

    def hold(self, fig, g, d: float, allowance: float):
        """The farthest point toward the goal ``g`` (``d`` away) within the allowance that
        stays out of the charge of every enemy free to come (``in_reach``); None when the
        whole way is out of their reach, or no step of it is."""
        steps = 8
        for i in range(steps, 0, -1):
            r = min(allowance * i / steps, max(0.0, d - 2 * fig.radius - F.ENGAGE - 2))
            p = (fig.x + (g[0] - fig.x) * r / d, fig.y + (g[1] - fig.y) * r / d)
            if not self.in_reach(fig, p):
                return None if i == steps else p
        return None

    def moves(self, fig, kind: str, allowance: float, shooter: bool, quick: bool = False) -> list[Option]:
        """The moves (or runs) worth making. With ``hold_run``, a run (a deed: nothing more to
        do this turn, and it cannot engage) never ends within the charge of more enemies
        free to come than stand within it already (``fresh``: counting only those yet to
        act this turn): it ends the activation there."""
        out = []
        stay = self.move_inputs(fig, fig.pos, shooter)
        held_by = self.p.get("hold_run", False)
        fresh = held_by == "fresh"
        held = self.in_reach(fig, fig.pos, fresh) if kind == A.RUN and held_by else None
        for p, detour in self.destinations(fig, allowance, quick):
            path = self.path_to(fig, p, allowance, detour)
            if path is None:
                continue
            end, entered = self.stop(fig, path)
            if entered:
                continue            # engaging is a charge, scored as one
            if held is not None and self.in_reach(fig, end, fresh) > held:
                continue            # held: a run does not end where more foes can come
            inputs = self.move_inputs(fig, end, shooter)
            if not worth_moving(math.dist(fig.pos, end), MIN_MOVE, inputs, stay):
                continue
            out.append(Option(Action(kind, fig.id, path=path), "move", inputs))
        return out

    def stay(self, fig, kind: str, shooter: bool) -> Option:
        return Option(Action(kind, fig.id), "move", self.move_inputs(fig, fig.pos, shooter), note="stay")


def _path_near(start, path, point, room: float) -> bool:
    """Whether the path from ``start`` through ``path`` passes within ``room`` of ``point``."""
    a = start
    for b in path:
        dx, dy = b[0] - a[0], b[1] - a[1]
        n2 = dx * dx + dy * dy
        t = 0.0 if n2 == 0 else max(0.0, min(1.0, ((point[0] - a[0]) * dx + (point[1] - a[1]) * dy) / n2))
        if math.dist((a[0] + t * dx, a[1] + t * dy), point) < room:
            return True
        a = b
    return False
