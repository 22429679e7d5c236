"""What the deciding side may do now, as templates, and the rule checks of a concrete action.
With strict measuring (on by default) target lists never reveal distances: every enemy the
side can see is offered, and an intention that proves impossible stops where it must.

Pending decisions (``state.pending[-1].kind``) and the templates that answer them:
- ``reaction``: one ``react`` template per option (value "reserved" (the target's reserved
  strike), "reserved:<fighter>" (a companion's), "riposte", "dodge" (with a 2.5 cm free
  move), "shield", "take", or "none" for a target that cannot react), plus ``inspire``.
Without a pending decision, the deciding side also has a ``reserved`` template (targets,
weapon values) for each of its fighters whose reserved strike is unused (``reserved``).
- ``free_move``: ``free_move`` with an optional path (none: the fighter stays).
- ``priority`` (after a passe d'armes, both may move): ``priority`` for the fighter with
  priority, values ("first", "second"); hints["other"] names the other fighter.
- ``push`` (a recul special strike): ``push`` for the striker, values = headings in
  degrees (straight away first); hints["target"], hints["cm"].
- ``designate``, ``deploy_order``, ``deploy``: see ``deployment`` (game options
  "designation" and "deployment")."""
from __future__ import annotations

import math

from game.core.actions import Action, ActionChoice, MoveSpec
from game.core.context import RuleContext
from game.core.errors import Refusal
from game.core.state import Figure, GameState
from game.rulesets.mortebrume import deployment, destiny, flow, movement, reserved, sight, spells, stats
from game.rulesets.mortebrume.stats import CONTACT, DODGE_STEP


def strict(state: GameState) -> bool:
    return bool(state.extras.get("strict", True))


def legal_actions(state: GameState, ctx: RuleContext) -> list[ActionChoice]:
    if state.outcome is not None or state.extras.get("turn_limit"):
        return []
    if state.pending:
        return reaction_choices(state)
    if state.activation is not None:
        return activation_choices(state, ctx)
    return start_choices(state, ctx)


def start_choices(state: GameState, ctx: RuleContext) -> list[ActionChoice]:
    side = state.to_act
    out = [ActionChoice("activate", f.id, hints={"safe": True}) for f in flow.activatable(state, side)]
    if not state.extras.get("imposed") and flow.activatable(state, state.other_side(side)):
        out.append(ActionChoice("impose"))
    out.extend(reserved.choices(state, ctx.table, side))
    out.extend(_heal(state, side))
    return out


def _heal(state: GameState, side: int) -> list[ActionChoice]:
    out = []
    for fid in destiny.heal_targets(state, side):
        vals = destiny.heal_values(state, state.figures[fid])
        if vals:
            out.append(ActionChoice("heal", None, targets=(fid,), min_targets=1, values=vals, input="none"))
    return out


def move_allowance(state: GameState, fig: Figure) -> float:
    """What the figure may still walk now: the rest of its walk before acting, half the rest
    after acting (if its weapons allow moving after), nothing after running."""
    act = state.activation
    if act["ran"] or fig.out or fig.status.get("stunned") or not stats.can_walk(fig):
        return 0.0
    left = max(0.0, act["allowance"] - act["spent"])
    if not act["acted"]:
        return max(left, act.get("min_left", 0.0))
    if act["moved_after"]:
        return 0.0
    may = act.get("spell") or stats.free_mover(fig) or not act["moved_before"]
    if act.get("shot"):
        may = stats.weapon(act["shot"]).bow
    return left / 2 if may else 0.0


def _visible_enemies(state: GameState, table, fig: Figure) -> list[Figure]:
    seen = sight.visible_to(state, table, fig.side)
    return [e for e in state.figures.values() if e.side != fig.side and e.id in seen
            and not e.status.get("dead")]


def activation_choices(state: GameState, ctx: RuleContext) -> list[ActionChoice]:
    act = state.activation
    fig = state.figures[act["fig"]]
    out = [ActionChoice("end", hints={"safe": True})]
    if not fig.out and not fig.status.get("stunned"):
        out.extend(_own_choices(state, ctx, fig))
    out.extend(reserved.choices(state, ctx.table, fig.side))
    out.extend(_heal(state, fig.side))
    return out


def _own_choices(state: GameState, ctx: RuleContext, fig: Figure) -> list[ActionChoice]:
    """The active fighter's moves, turn and action."""
    act = state.activation
    out = []
    table = ctx.table
    allow = move_allowance(state, fig)
    if allow > 0.5:
        out.append(ActionChoice("move", fig.id, move=MoveSpec(allowance=allow, required=True)))
    if not act["acted"] and act["spent"] == 0 and not fig.status.get("hindered") and allow > 0 \
            and not movement.in_rough_ground(state, fig):
        out.append(ActionChoice("run", fig.id, move=MoveSpec(allowance=2 * stats.walk(fig),
                                                             required=True)))
    if not act["turned"]:
        faces = tuple(a for a in stats.FACINGS if movement.can_turn(table, fig, float(a)))
        if faces:
            out.append(ActionChoice("turn", fig.id, values=faces, input="facing"))
    if not act["acted"]:
        before = MoveSpec(allowance=allow, required=False) if act["spent"] == 0 and allow else None
        enemies = _visible_enemies(state, table, fig)
        dodged = set(fig.status.get("dodged", []))
        reach = CONTACT + (allow if before else 0.0)
        # strict measuring: every enemy seen is offered (no distance revealed); else those
        # within reach along a real path, the others within a straight reach greyed
        near = [e for e in enemies if e.id not in dodged
                and (strict(state) or _gap(table, fig, e) <= reach + stats.EPS)]
        refused = {} if strict(state) else {
            e.id: strike_refusal(state, table, fig, e, allow if before else 0.0) for e in near}
        melee = [e.id for e in near if refused.get(e.id) is None]
        usable = tuple(w for w, _ in stats.melee_choice(fig))
        if near and usable and not fig.status.get("struck"):
            contact = None if before is None else MoveSpec(allowance=allow, required=False,
                                                           goal="contact")
            bad = {k: v for k, v in refused.items() if v is not None}
            out.append(ActionChoice("strike", fig.id, targets=tuple(melee), min_targets=1,
                                    values=usable, move=contact, input="contact",
                                    hints={"refused": bad} if bad else {}))
        ranged = stats.ranged_weapons(fig)
        if ranged and not fig.status.get("struck"):
            mist = stats.mist_radius(state)
            for wid, _ in ranged:
                w = stats.weapon(wid)
                if w.no_move and act["spent"] > 0 or fig.status.get("weapon") not in (None, wid):
                    continue
                tg = [e.id for e in enemies if e.id not in dodged and (
                    strict(state) or stats.shot_band(wid, _gap(table, fig, e), mist)
                    in ("ideal", "far") and sight.line_of_fire(state, table, fig, e))]
                # even unmeasured, a target past the weapon's longest range (plus the move
                # still allowed before the shot) is no target: greyed with why (rulings)
                far = beyond_range(state, table, fig, wid, tg, 0.0 if w.no_move or before is None else allow)
                tg = [e for e in tg if e not in far]
                if tg or far:
                    out.append(ActionChoice("shoot", fig.id, targets=tuple(tg), min_targets=1,
                                            values=(wid,),
                                            move=None if w.no_move else before,
                                            hints={"refused": far} if far else {}))
        vals = spells.options(state, fig)
        if vals:
            sid = stats.profile(fig).spell.id
            if stats.spell(sid).friendly:
                tg = [f.id for f in state.figures_of(fig.side)]
            else:
                tg = [e.id for e in enemies if e.id not in dodged
                      and spells.may_target(fig, e, sid)]
            if tg:
                out.append(ActionChoice("cast", fig.id, targets=tuple(tg), min_targets=1,
                                        values=vals, move=before, input="form"))
        insp = destiny.can_inspire(state, fig)
        if insp:
            out.append(ActionChoice("inspire", fig.id, values=insp))
    return out


def beyond_range(state: GameState, table, fig: Figure, wid: str, targets: list[str],
                 allowance: float) -> dict[str, Refusal]:
    """The ``targets`` a shot with ``wid`` cannot reach even after ``allowance`` mm of move
    (beyond ten allonges), each with its refusal. Only under strict measuring: without it
    the template offers those within range already."""
    if not strict(state):
        return {}
    w = stats.weapon(wid)
    longest = 10 * w.allonge * stats.CM
    return {e: Refusal("mb.refused.beyond_range", {"cm": f"{10 * w.allonge:g}"})
            for e in targets if _gap(table, fig, state.figures[e]) > longest + allowance + stats.EPS}


def strike_refusal(state: GameState, table, fig: Figure, target: Figure, allowance: float) -> Refusal | None:
    """Why ``fig`` cannot strike ``target`` (None: it is within reach, or a real path within
    ``allowance`` brings it into contact). Measured: only without strict measuring."""
    if _gap(table, fig, target) <= CONTACT + stats.EPS:
        return None
    if allowance <= 0 or target.out:
        return Refusal("mb.refused.reach")
    for p in table.approach_points(fig.id, target.id, 0.9 * CONTACT, n=12) + \
            table.contact_points(fig.id, target.id, n=12):
        res = table.shortest_path(fig.id, p, max_cost=allowance)
        if res is None:
            continue
        path = [tuple(q) for q in res[0][1:]]
        cost = movement.whole_cm(movement.path_cost(table, state, fig, path))
        if cost <= allowance + stats.EPS and table.check_path(fig.id, path, None).ok:
            return None
    return Refusal("mb.refused.no_path", {"target": target.name})


def _gap(table, fig: Figure, other: Figure) -> float:
    if other.out:
        from game.rulesets.mortebrume.combat import _dist_to_out

        return _dist_to_out(fig, other)
    return table.distance(fig.id, other.id)


def reaction_choices(state: GameState) -> list[ActionChoice]:
    d = state.pending[-1]
    if d.kind in ("designate", "deploy_order", "deploy"):
        return deployment.choices(state, d)
    fig = state.figures[d.figure]
    if d.kind == "free_move":  # nothing left to walk if it fell or was stunned meanwhile
        allowance = min(d.context["allowance"], flow.owed_allowance(fig))
        return [ActionChoice("free_move", fig.id, hints={"safe": True}, input="path",
                             move=MoveSpec(allowance=allowance, required=False))]
    if d.kind == "push":  # where the striker sends the target of its recul
        return [ActionChoice("push", fig.id, values=tuple(d.options), input="facing",
                             hints={"safe": True, "target": d.context["target"], "origin": d.context["target"],
                                    "default": d.options[0], "cm": d.context["cm"],
                                    "length_mm": float(d.context["cm"]) * stats.CM})]
    if d.kind == "priority":  # who moves first after a passe d'armes
        return [ActionChoice("priority", fig.id, values=tuple(d.options),
                             hints={"safe": True, "other": d.context["mover"]
                                    if d.figure != d.context["mover"] else d.context["attacker"]})]
    out = []
    for opt in d.options:
        move = MoveSpec(allowance=DODGE_STEP, required=False) if opt == "dodge" else None
        out.append(ActionChoice("react", fig.id, values=(opt,), move=move,
                                hints={"safe": opt == d.options[-1], "free_step": False}))
    insp = destiny.can_inspire(state, fig)
    if insp:
        out.append(ActionChoice("inspire", fig.id, values=insp))
    return out


# --------------------------------------------------------------------------- checks


def check(state: GameState, action: Action, choice: ActionChoice, ctx: RuleContext) -> Refusal | None:
    kind = action.kind
    if kind == "deploy":
        return deployment.check(state, action, ctx)
    if kind == "run" and movement.penalised(state, state.figures[action.actor], action.path):
        return Refusal("mb.refused.run_penalty")  # the ground is seen: no distance revealed
    if kind in ("move", "run", "strike", "shoot", "cast", "free_move") and action.path:
        return _check_path(state, action, choice, ctx)
    if kind == "react" and action.path:
        fig = state.figures[action.actor]
        res = ctx.table.check_path(fig.id, list(action.path), DODGE_STEP + 0.05)
        if not res.ok:
            return Refusal("mb.refused.path", {"why": res.reason})
    if kind == "turn":
        fig = state.figures[action.actor]
        if not movement.can_turn(ctx.table, fig, float(action.value)):
            return Refusal("mb.refused.turn")
    if kind == "cast":
        return _check_cast(state, action, ctx)
    if kind == "strike" and not strict(state) and not action.path:
        fig = state.figures[action.actor]
        tgt = state.figures[action.target]
        if not tgt.out and ctx.table.distance(fig.id, tgt.id) > CONTACT + stats.EPS:
            return Refusal("mb.refused.reach")
    return None


def _check_path(state, action, choice, ctx) -> Refusal | None:
    fig = state.figures[action.actor]
    table = ctx.table
    allowance = choice.move.allowance
    if fig.out:   # a fallen fighter has no base on the table to walk
        pts = [(fig.x, fig.y), *action.path]
        walked = sum(math.dist(a, b) for a, b in zip(pts, pts[1:]))
        return Refusal("mb.refused.too_far", {"cost": round(walked / 10, 1), "allowance": 0.0})
    act = state.activation if action.kind != "free_move" else None
    floor = act.get("min_left", 0.0) if act and not fig.status.get("hindered") else 0.0
    if not strict(state):
        cost = movement.whole_cm(movement.path_cost(table, state, fig, action.path))
        if math.isinf(cost):
            return Refusal("mb.refused.step_over")
        if cost > max(allowance, floor) + stats.EPS:
            return Refusal("mb.refused.too_far", {"cost": round(cost / 10, 1),
                                                  "allowance": round(allowance / 10, 1)})
    pts, _ = movement.truncate(table, state, fig, action.path, allowance, floor)
    if not pts:
        # stopped at its very first step (a fallen base it cannot step over, or terrain):
        # such a move changes nothing and would stay on offer, so it is refused up front
        return Refusal("mb.refused.no_progress")
    res = table.check_path(fig.id, pts, None)
    if not res.ok:
        return Refusal("mb.refused.path", {"why": res.reason})
    return None


def _check_cast(state, action, ctx) -> Refusal | None:
    fig = state.figures[action.actor]
    target = state.figures[action.target]
    sid, rp, _ = spells.decode(action.value)
    sp = stats.spell(sid)
    power = sp.power + rp
    res = spells.resistance(fig, target, sp.resist)
    if power <= res:
        return Refusal("mb.refused.resistance", {"power": power, "resistance": res})
    if action.path:
        return _check_path(state, action, ActionChoice("cast", fig.id, move=MoveSpec(
            allowance=move_allowance(state, fig))), ctx)
    return None
