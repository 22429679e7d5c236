"""What may be done now, as templates (``legal_actions``), and the rules' last word on a
concrete action (``check``): paths within the allowance, shots and spells the rules allow."""
from __future__ import annotations

from game.core.actions import Action, ActionChoice, MoveSpec
from game.core.context import RuleContext
from game.core.errors import Refusal
from game.core.state import GameState
from game.rulesets._shared.engagement import enemies
from game.rulesets.swidenth import actions as A
from game.rulesets.swidenth import catalogue as cat_mod
from game.rulesets.swidenth import flow, phases, shooting, spells
from game.rulesets.swidenth.figures import PAS

INITIATIVE, ACTIVATE, END = "initiative", "activate", "end"


def legal_actions(state: GameState, ctx: RuleContext) -> list[ActionChoice]:
    if state.outcome is not None:
        return []
    if state.pending:
        d = state.pending[-1]
        return [ActionChoice(flow.PUSH, actor=d.figure, values=tuple(d.options), input="none")]
    if flow.needs_initiative(state):
        return [ActionChoice(INITIATIVE, input="none")]
    table = ctx.table
    if state.activation is None:
        phase = flow.current_phase(state)
        if phase is None:
            return []
        _, side = phase
        return [ActionChoice(ACTIVATE, actor=f.id,
                             partners=tuple(e for e in phases.eligible(state, table, f) if e != f.id),
                             hints={"partners_min": 0})
                for f in phases.leaders_ready(state, side)]
    out: list[ActionChoice] = []
    for fid, m in state.activation["members"].items():
        fig = state.figures[fid]
        if fig.out or m["deed"] is not None:
            continue
        if m["prep"] is None:
            for kind in A.preparations(state, table, fig):
                if kind == A.MOVE:
                    out.append(ActionChoice(kind, actor=fid, move=MoveSpec(A.move_allowance(fig), required=True)))
                else:
                    out.append(ActionChoice(kind, actor=fid, input="none"))
        out.extend(_deeds(state, ctx, fid, m["prep"] or A.NOTHING))
    out.append(ActionChoice(END, input="none", hints={"safe": True}))
    return out


def _deeds(state: GameState, ctx: RuleContext, fid: str, prep: str) -> list[ActionChoice]:
    table = ctx.table
    fig = state.figures[fid]
    out = []
    for kind in A.deeds(state, table, fig, prep):
        if kind == A.RUN:
            out.append(ActionChoice(kind, actor=fid, move=MoveSpec(A.run_allowance(fig), required=True)))
        elif kind == A.FIGHT:
            foes = tuple(f.id for f in A.engaged(state, table, fig))
            out.append(ActionChoice(kind, actor=fid, targets=foes, min_targets=1))
        elif kind == A.SHOOT:
            ok = tuple(f.id for f in enemies(state, fig) if shooting.plan(state, table, fig, f).refused is None)
            if ok:
                out.append(ActionChoice(kind, actor=fid, targets=ok, min_targets=1))
        elif kind == A.CAST:
            out.extend(_casts(state, table, fig))
        else:
            out.append(ActionChoice(kind, actor=fid, input="none"))
    return out


def _casts(state: GameState, table, fig) -> list[ActionChoice]:
    """One template per known spell, offering only the figures it can take (foes for a
    hostile spell, friends for Soins); those out of range or sight as things stand are
    listed in hints["refused"] with the reason (shown greyed)."""
    out = []
    cat = cat_mod.load()
    for sid in fig.status.get("spells", ()):
        hostile = cat.spells[sid]["effect"] in spells.HOSTILE
        takes = [f for f in state.figures.values()
                 if not f.out and (f.side != fig.side) == hostile]
        if not takes:
            continue
        refused = {}
        for f in takes:
            why = spells.refusal(state, table, fig, f, sid, catalogue=cat)
            if why is not None:
                refused[f.id] = Refusal(f"refused.sw.spell.{why}")
        out.append(ActionChoice(A.CAST, actor=fig.id, targets=tuple(f.id for f in takes), values=(sid,),
                                min_targets=1, input="form", hints={"refused": refused}))
    return out


def check(state: GameState, action: Action, choice: ActionChoice, ctx: RuleContext) -> Refusal | None:
    table = ctx.table
    if action.kind in (A.MOVE, A.RUN) and choice.move is not None:
        res = table.check_path(action.actor, list(action.path), choice.move.allowance)
        if not res.ok:
            return Refusal(f"refused.path.{(res.reason or 'blocked').split(':')[0]}",
                           {"cost": round(res.cost / PAS, 1), "allowance": round(choice.move.allowance / PAS, 1)})
    if action.kind == A.SHOOT:
        why = shooting.plan(state, table, state.figures[action.actor], state.figures[action.target]).refused
        if why is not None:
            return Refusal(f"refused.sw.shot.{why}")
    if action.kind == A.CAST:
        why = spells.refusal(state, table, state.figures[action.actor], state.figures[action.target],
                             str(action.value))
        if why is not None:
            return Refusal(f"refused.sw.spell.{why}")
    if action.kind == A.FIGHT:
        foes = {f.id for f in A.engaged(state, table, state.figures[action.actor])}
        if action.target not in foes:
            return Refusal("refused.sw.not_engaged")
    return None



