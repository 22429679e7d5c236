"""What may be done now, as templates (``legal_actions``), and the rules' last word on a
concrete action (``check``): paths within the allowance (a run in one straight line),
shots with a weapon that reaches a target in front and in sight, powers within range."""
from __future__ import annotations

from game.core.actions import Action, ActionChoice, MoveSpec
from game.core.context import RuleContext
from game.core.errors import Refusal
from game.core.state import GameState
from game.rulesets._shared.engagement import enemies

from . import actions as A
from . import deeds, feats, flow, terrain
from . import figures as F


def legal_actions(state: GameState, ctx: RuleContext) -> list[ActionChoice]:
    if state.outcome is not None:
        return []
    if state.pending:
        d = state.pending[-1]
        if d.kind == flow.FACE:
            return [ActionChoice(flow.FACE, d.figure, targets=tuple(d.options), min_targets=1, input="target")]
        if d.kind == flow.GUARD:
            return [*figure_choices(state, ctx, d.figure),
                    ActionChoice(A.WAIT, d.figure, input="none", hints={"safe": True})]
        return [ActionChoice(flow.PICK, None, targets=tuple(d.options), min_targets=1, input="secret")]
    if flow.classic(state) and not flow.data(state)["order"]:
        return [ActionChoice(flow.ORDER, input="none")]
    act = state.activation
    if act is None:
        if not flow.classic(state):
            queue = flow.data(state)["queue"]
            return [ActionChoice(flow.ACTIVATE, actor=queue[0], input="none")] if queue else []
        return [ActionChoice(flow.ACTIVATE, actor=fid, input="none") for fid in flow.ready(state, state.to_act)]
    return figure_choices(state, ctx, act["figure"])


def figure_choices(state: GameState, ctx: RuleContext, fid: str) -> list[ActionChoice]:
    table = ctx.table
    fig = state.figures[fid]
    out: list[ActionChoice] = []
    for kind in A.kinds(state, table, fig):
        if kind in (A.MOVE, A.CRAWL):
            out.append(ActionChoice(kind, fid, values=A.FACINGS, input="facing",
                                    move=MoveSpec(A.move_mm(fig, kind), required=True)))
        elif kind in A.STRAIGHT:
            out.append(ActionChoice(kind, fid, move=MoveSpec(A.move_mm(fig, kind), required=True)))
        elif kind == A.FIGHT:
            foes = A.engaged(state, table, fig) + A.supported_foes(state, table, fig)
            out.append(ActionChoice(kind, fid, targets=tuple(e.id for e in foes), min_targets=1))
        elif kind == A.LEAP:
            out.append(ActionChoice(kind, fid, values=A.FACINGS, input="facing",
                                    move=MoveSpec(A.move_mm(fig, kind), required=True, ignore_terrain=True)))
        elif kind in feats.uses(fig):
            c = feats.choice(state, table, fig, kind)
            if c is not None:
                out.append(c)
        elif kind in A.SHOTS:
            weapons = tuple(w.id for w in F.fighter(fig).ranged_weapons())
            foes = enemies(state, fig)
            precise = kind == A.PRECISE
            refused = _refused(foes, weapons, lambda e, w: deeds.weapon_refusal(state, table, fig, e, w, precise))
            if foes:
                most = max(deeds.rate(fig, w) for w in weapons)
                out.append(ActionChoice(kind, fid, targets=tuple(e.id for e in foes), values=weapons,
                                        min_targets=1, max_targets=most, input="form",
                                        hints={"refused": refused}))
        elif kind == A.AID:
            out.append(ActionChoice(kind, fid, targets=tuple(o.id for o in A.wounded_friends(state, table, fig)),
                                    min_targets=1))
        elif kind == A.PSI:
            powers = tuple(A.usable_powers(fig))
            others = [t for t in state.figures.values() if not t.out]
            refused = _refused(others, powers, lambda t, p: deeds.power_refusal(state, table, fig, t, p))
            out.append(ActionChoice(kind, fid, targets=tuple(t.id for t in others), values=powers,
                                    min_targets=1, input="form", hints={"refused": refused}))
        else:
            out.append(ActionChoice(kind, fid, input="none", hints={"safe": kind == A.NOTHING}))
    total, _, times = F.allowance(fig)
    if times > 1 and int(fig.status.get("activations", 0)) < times and F.actions_left(fig) > 0 \
            and not fig.status.get("reacting"):
        out.append(ActionChoice(A.END, fid, input="none", hints={"safe": True}))
    return out


def _refused(targets, values, why) -> dict[str, Refusal]:
    """The targets no value works on, with the first value's reason (shown greyed)."""
    out = {}
    for t in targets:
        reasons = [why(t, v) for v in values]
        if all(r is not None for r in reasons):
            out[t.id] = Refusal(f"bm.refused.{reasons[0]}")
    return out


def check(state: GameState, action: Action, choice: ActionChoice, ctx: RuleContext) -> Refusal | None:
    table = ctx.table
    kind = action.kind
    if kind == A.LEAP and choice.move is not None:
        fig = state.figures[action.actor]
        if not A.straight(fig.pos, list(action.path)):
            return Refusal("bm.refused.not_straight")
        why = terrain.landing_refusal(table, fig, tuple(action.path[-1]), choice.move.allowance)
        if why is not None:
            return Refusal(f"bm.refused.landing_{why}")
    elif kind in A.MOVES and choice.move is not None:
        fig = state.figures[action.actor]
        if kind in A.STRAIGHT and not A.straight(fig.pos, list(action.path)):
            return Refusal("bm.refused.not_straight")
        res = terrain.path_cost(table, fig, list(action.path), choice.move.allowance, running=kind in A.STRAIGHT)
        if not res.ok:
            if res.reason in ("no_crossing", "no_swimming", "no_swim_running"):
                return Refusal(f"bm.refused.{res.reason}")
            return Refusal(f"refused.path.{(res.reason or 'blocked').split(':')[0]}",
                           {"cost": round(res.cost / F.PAS, 1), "allowance": round(choice.move.allowance / F.PAS, 1)})
    if action.actor in state.figures and kind in feats.uses(state.figures[action.actor]):
        why = feats.check(state, table, action)
        if why is not None:
            return Refusal(f"bm.refused.{why}")
    if kind in A.SHOTS:
        fig = state.figures[action.actor]
        if len(action.targets) > deeds.rate(fig, str(action.value)):
            return Refusal("bm.refused.too_many_targets", {"n": deeds.rate(fig, str(action.value))})
        for t in action.targets:
            why = deeds.weapon_refusal(state, table, fig, state.figures[t], str(action.value), kind == A.PRECISE)
            if why is not None:
                return Refusal(f"bm.refused.{why}")
    if kind == A.PSI:
        why = deeds.power_refusal(state, table, state.figures[action.actor], state.figures[action.target],
                                  str(action.value))
        if why is not None:
            return Refusal(f"bm.refused.{why}")
    return None
