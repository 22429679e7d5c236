"""The turn as actions (not registered yet): ``initiative`` opens a turn; a leader phase is
opened by ``activate`` (the leader, with the eligible friends it takes along as partners);
troops phases open by themselves with every figure left. Each member plays its preparation
(``move``, ``concentrate``, ``reload``, ``nothing``) then its deed (``run``, ``shoot``,
``fight``, ``cast``, ``pick_up``, ``camouflage``, ``skip``), members in any interleaving;
``end`` closes the phase. A deed that may end in a recoil leaves a ``push`` decision
(values ``recoil`` / ``stay``) to the winner's side.

State: ``state.extras["swidenth"]`` holds the turn's order, the side of the last phase and
the troops phases done; ``state.activation`` the open phase and its members."""
from __future__ import annotations

import math
from typing import Any

from game.core.actions import Action
from game.core.context import RuleContext
from game.core.events import (
    ActionDeclared,
    Activated,
    ActivationEnded,
    Moved,
    Note,
    OutOfAction,
    StatusChanged,
    TurnStarted,
    Wounded,
)
from game.core.state import Decision, GameState
from game.rulesets.swidenth import actions as A
from game.rulesets.swidenth import damage as D
from game.rulesets.swidenth import figures as F
from game.rulesets.swidenth import melee, morale, phases, recoil, shooting, spells, victory

KEY = "swidenth"
PUSH = "push"


def turn_data(state: GameState) -> dict[str, Any]:
    return state.extras.setdefault(KEY, {"order": [], "last": None, "troops_done": [], "turn": 0})


def needs_initiative(state: GameState) -> bool:
    return turn_data(state)["turn"] != state.turn


def member(state: GameState, fid: str) -> dict[str, Any] | None:
    act = state.activation
    return None if act is None else act["members"].get(fid)


def current_phase(state: GameState) -> tuple[str, int] | None:
    d = turn_data(state)
    return phases.next_phase(state, d["order"], d["last"], d["troops_done"])


def roll_initiative(state: GameState, action: Action, ctx: RuleContext) -> None:
    d = turn_data(state)
    d.update(order=phases.initiative(ctx, state.side_ids()), last=None, troops_done=[], turn=state.turn)
    ctx.emit(TurnStarted(turn=state.turn, first_side=d["order"][0]))
    advance(state, ctx)


def _open(state: GameState, ctx: RuleContext, side: int, kind: str, leader: str | None,
          members: list[str], *, announce: bool = True) -> None:
    """Open a phase. A troops phase opened at the close of another one (``announce``
    False) is announced by the first action its own side takes in it (``announce``), so
    that every activation is reported by the side that decides it."""
    state.activation = {"side": side, "kind": kind, "leader": leader, "announced": False,
                        "members": {m: {"prep": None, "deed": None, "engaged_by_move": []} for m in members}}
    for m in members:
        phases.mark_activated(state, state.figures[m])
    if announce:
        announce_phase(state, ctx)


def announce_phase(state: GameState, ctx: RuleContext) -> None:
    """Report the open phase (once), when its side first acts in it."""
    act = state.activation
    if act is not None and not act.get("announced", True):
        act["announced"] = True
        ctx.emit(Activated(side=act["side"], figures=tuple(act["members"]), actions=2, mode=act["kind"]))


def activate(state: GameState, action: Action, ctx: RuleContext) -> None:
    leader = state.figures[action.actor]
    _open(state, ctx, leader.side, phases.LEADER, leader.id, [leader.id, *action.partners])


def advance(state: GameState, ctx: RuleContext) -> None:
    """After a phase closes: open the troops phase due, or end the turn when none is."""
    while state.activation is None and state.outcome is None and not state.pending:
        phase = current_phase(state)
        if phase is None:
            end_turn(state, ctx)
            return
        kind, side = phase
        if kind == phases.LEADER:
            state.to_act = side
            return
        d = turn_data(state)
        d["troops_done"].append(side)
        d["last"] = side
        left = [f.id for f in phases.ready(state, side)]
        if left:
            _open(state, ctx, side, phases.TROOPS, None, left, announce=False)


def end_phase(state: GameState, ctx: RuleContext) -> None:
    act = state.activation
    if act is None:
        return
    ctx.emit(ActivationEnded(side=act["side"], figures=tuple(act["members"])))
    if act["kind"] == phases.LEADER:
        turn_data(state)["last"] = act["side"]
    state.activation = None
    advance(state, ctx)


def maybe_end_phase(state: GameState, ctx: RuleContext) -> None:
    act = state.activation
    if act is not None and not state.pending and all(
            m["deed"] is not None or state.figures[f].out for f, m in act["members"].items()):
        end_phase(state, ctx)


def end_turn(state: GameState, ctx: RuleContext) -> None:
    outcome = victory.end_of_turn(state, ctx.table)
    if outcome is not None:
        state.outcome = outcome
        return
    state.turn += 1
    state.to_act = state.side_ids()[0]
    for f in state.figures.values():      # the window dims the activated: a new turn wakes all
        f.status.pop("activated", None)


# ---------------------------------------------------------------- a member's actions

def _start(state: GameState, ctx: RuleContext, fid: str) -> None:
    """Tests owed (Déroute) are taken when the member first acts."""
    if member(state, fid)["prep"] is None:
        morale.start_activation(ctx, state, state.figures[fid])


def prepare(state: GameState, action: Action, ctx: RuleContext) -> None:
    fid = action.actor
    _start(state, ctx, fid)
    m = member(state, fid)
    fig = state.figures[fid]
    if action.kind == A.MOVE:
        start = fig.pos
        moved = A.move(state, ctx.table, fig, list(action.path))
        m["engaged_by_move"] = list(moved.engaged)
        _moved(ctx, fid, start, moved, A.MOVE)
    elif action.kind == A.RELOAD:
        shooting.reload(fig)
    m["prep"] = action.kind


def deed(state: GameState, action: Action, ctx: RuleContext) -> None:
    fid = action.actor
    m = member(state, fid)
    if m["prep"] is None:                # a deed straight away: the preparation was nothing
        _start(state, ctx, fid)
        m["prep"] = A.NOTHING
    fig = state.figures[fid]
    table = ctx.table
    kind = action.kind
    ctx.emit(ActionDeclared(figure=fid, action=kind, targets=action.targets))
    if kind == A.RUN:
        start = fig.pos
        _moved(ctx, fid, start, A.move(state, table, fig, list(action.path)), A.RUN)
    elif kind == A.FIGHT:
        foe = state.figures[action.target]
        su = melee.setup(state, table, fig, foe, concentrated=m["prep"] == A.CONCENTRATE,
                         charged=A.is_charge(m["prep"], m["engaged_by_move"], foe.id))
        res = melee.resolve(ctx, state, table, fig, foe, su)
        _fight_note(ctx, fid, foe.id, res.winner, res.loser, res.roll.gap, res.damage, res.harm)
        for who, item in res.dropped:
            ctx.emit(Note(key="sw.log.dropped" if item else "sw.log.dropped_nothing",
                          args={"who": who, "item": item or ""}))
        if res.recoil_option and not state.figures[res.loser].out:
            _ask_recoil(state, res.winner, res.loser)
    elif kind == A.SHOOT:
        foe = state.figures[action.target]
        sp = shooting.plan(state, table, fig, foe, aimed=m["prep"] == A.CONCENTRATE)
        res = shooting.resolve(ctx, state, table, fig, foe, sp)
        _fight_note(ctx, fid, foe.id, fid if res.hit else None, foe.id if res.hit else None,
                    res.roll.gap, res.damage, res.harm, shot=True)
        if res.recoil_option and not foe.out:
            _ask_recoil(state, fig.id, foe.id)
    elif kind == A.CAST:
        res = spells.cast(ctx, state, table, fig, state.figures[action.target], str(action.value),
                          concentrated=m["prep"] == A.CONCENTRATE)
        ctx.emit(Note(key="sw.log.spell_ok" if res.success else "sw.log.spell_failed",
                      args={"who": fid, "target": action.target, "spell": res.spell}))
    elif kind == A.PICK_UP:
        A.pick_up(fig)
    elif kind == A.CAMOUFLAGE:
        A.camouflage(table, fig)
    m["deed"] = kind


def _moved(ctx: RuleContext, fid: str, start: tuple[float, float], moved: A.Moved, mode: str) -> None:
    pts = [start, *moved.path]
    length = sum(math.dist(a, b) for a, b in zip(pts, pts[1:]))
    ctx.emit(Moved(figure=fid, path=tuple(moved.path), cost=length, mode=mode))
    for foe in moved.engaged:
        ctx.emit(Note(key="sw.log.engaged", args={"who": fid, "target": foe}))


def _fight_note(ctx: RuleContext, att: str, dfn: str, winner: str | None, loser: str | None, gap: int,
                damage: int, harm: D.Harm | None, shot: bool = False) -> None:
    if winner is None or harm is None:
        ctx.emit(Note(key="sw.log.missed" if shot else "sw.log.tie", args={"who": att, "target": dfn}))
        return
    ctx.emit(Note(key="sw.log.hit", args={"who": winner, "target": loser, "gap": abs(gap), "damage": damage,
                                          "band": D.BAND_NAMES[harm.band]}))


def snapshot(state: GameState) -> dict[str, tuple[int, int, bool]]:
    return {f.id: (F.stun_tokens(f), f.vitality, f.out) for f in state.figures.values()}


def report_changes(state: GameState, ctx: RuleContext, before: dict[str, tuple[int, int, bool]]) -> None:
    """Stun tokens, Vitalité and out of action that an action changed, as events."""
    for fid, (stun, vit, out) in before.items():
        f = state.figures[fid]
        if F.stun_tokens(f) != stun:
            ctx.emit(StatusChanged(figure=fid, status="stunned", value=F.stun_tokens(f)))
        if f.vitality < vit:
            ctx.emit(Wounded(figure=fid, amount=vit - f.vitality, vitality=f.vitality))
        if f.out and not out:
            ctx.emit(OutOfAction(figure=fid))


def _ask_recoil(state: GameState, winner: str, loser: str) -> None:
    state.pending.append(Decision(kind=PUSH, side=state.figures[winner].side, figure=winner,
                                  options=["recoil", "stay"], context={"loser": loser, "type": "recoil"}))


def answer_recoil(state: GameState, action: Action, ctx: RuleContext) -> None:
    decision = state.pending.pop()
    if action.value == "recoil":
        res = recoil.recoil(state, ctx.table, state.figures[decision.figure],
                            state.figures[decision.context["loser"]])
        ctx.emit(Note(key="sw.log.recoil_stunned" if res.stunned else "sw.log.recoil",
                      args={"figure": decision.context["loser"]}))
