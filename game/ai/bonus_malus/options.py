"""A Bonus / Malus figure's options in its activation, each valued in points: what it takes
from the enemy now (exact odds), what the action it still has may add (a move then a shot
or a fight, a shot then a move to safety, aiming then shooting: two actions of different
types, B-R10), and where it ends: the threat there with the facing it chooses (toward the
enemies that matter: shields, sight and the next shots), the neutral group's choice of
prey, terror, and the scenario's objective (``values``; end points from ``places``).
``Builder.activation`` returns the Options; their single input ``value`` is the net worth
squashed on the profile's norm."""
from __future__ import annotations

import math

from game.ai.bonus_malus.places import Places, _crosses
from game.ai.bonus_malus.values import Valuer, snap
from game.ai.bonus_malus.world import PAS, World, heading, squash
from game.ai.utility import Option
from game.core.actions import Action
from game.rulesets._shared.keep import success_odds
from game.rulesets.bonus_malus import actions as A
from game.rulesets.bonus_malus import deeds
from game.rulesets.bonus_malus import figures as F
from game.rulesets.bonus_malus.levels import net

FACINGS = A.FACINGS


class Builder(Valuer, Places):
    def __init__(self, world: World, engine, profile: dict, rng, few: bool = False):
        self.w, self.engine, self.p, self.rng = world, engine, profile, rng
        self.few = few
        self.table = world.table
        self.cover_points: set = set()      # end points hugging cover (always valued with it)

    # ------------------------------------------------------------------ helpers
    def option(self, action: Action, decision: str, value: float, note: str = "", resolve=None, **parts) -> Option:
        inputs = {"value": squash(value, self.w.norm)}
        inputs.update({k: round(v, 3) for k, v in parts.items()})
        o = Option(action, decision, inputs, note=note or f"{value:+.2f}", resolve=resolve)
        o.raw = value                    # points, before the squash (the pick's full plan)
        return o

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
            o.raw = v
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
                L = self.run_room(fig, h, L)
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
                    if v <= 1e-6 and t.side not in w.state.seats():
                        continue        # a neutral that harms none of ours: a wasted shot
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


