"""Turn and activation control: alternating activations (the first side changes each turn),
starting an activation (alone, with a Meneur, or coordinated), the initiative ladder,
ending activations and turns."""
from __future__ import annotations

from game.core.actions import Action
from game.core.activation import alternate, first_side_of_turn
from game.core.context import RuleContext
from game.core.events import Activated, ActivationEnded, Note, StatusChanged, TurnStarted
from game.core.state import Figure, GameState
from game.rulesets.evenor import stats
from game.rulesets.evenor.stats import STATIC_STEP


def can_activate(state: GameState, fig: Figure) -> bool:
    return not fig.out and not fig.status.get("activated") and not fig.status.get("escaped")


def activatable(state: GameState, side: int) -> list[Figure]:
    return [f for f in state.figures_of(side) if can_activate(state, f)]


def member(state: GameState, fid: str) -> dict | None:
    act = state.activation
    return None if act is None else act["members"].get(fid)


def start(state: GameState, action: Action, ctx: RuleContext) -> None:
    """activate / coordinate: mark the group activated and roll the initiative ladder(s)."""
    leader = state.figures[action.actor]
    group = [leader] + [state.figures[p] for p in action.partners]
    n = int(action.value or 0)
    mode = "single"
    if action.partners:
        mode = "coordinated" if action.kind == "coordinate" else "meneur"
    state.activation = {"side": leader.side, "mode": mode, "n": n, "leader": leader.id,
                        "members": {}}
    ctx.emit(Activated(side=leader.side, figures=tuple(f.id for f in group), actions=n, mode=mode))
    for f in group:
        f.status["activated"] = True
        f.status.pop("waiting", None)
        if mode == "meneur" and stats.has(leader, "meneur_charismatique") and f is not leader:
            f.status["emboldened"] = state.turn
            ctx.emit(StatusChanged(figure=f.id, status="emboldened", value=True))
    rollers = group if mode == "coordinated" else [leader]
    ok = {f.id: True for f in group}
    if n > 0:
        for f in rollers:
            success = roll_ladder(state, f, n, ctx)
            if mode == "meneur":
                ok = {g.id: success for g in group}
            else:
                ok[f.id] = success
    for f in group:
        state.activation["members"][f.id] = {
            "left": (n if n > 0 else 1) if ok[f.id] else 0,
            "dynamic": n > 0, "step": 0.0, "aimed": False, "won_melee": False,
            "start": [f.x, f.y],
        }
    if not any(m["left"] for m in state.activation["members"].values()):
        end_activation(state, ctx, success=False)


def roll_ladder(state: GameState, fig: Figure, n: int, ctx: RuleContext) -> bool:
    """The initiative ladder: n dice at I, I+1, ...; one failure and the figure does nothing."""
    targets = stats.ladder(state, fig, n)
    success = True
    for k, target in enumerate(targets):
        faces = ctx.roll(fig.id, "initiative", 1, target=target,
                         judge=lambda fs, t=target: fs[0] >= t, mods=(("rank", k + 1),))
        success = success and faces[0] >= target
    return success


def wait(state: GameState, action: Action, ctx: RuleContext) -> None:
    """Pass this figure's activation phase to act later in a coordinated action."""
    fig = state.figures[action.actor]
    fig.status["waiting"] = True
    ctx.emit(StatusChanged(figure=fig.id, status="waiting", value=True))
    pass_turn(state, fig.side, ctx)


def spend(state: GameState, fid: str, *, static: bool) -> None:
    """Spend one action of a member; a static action opens the free 1-pas step."""
    m = state.activation["members"][fid]
    m["left"] -= 1
    m["step"] = STATIC_STEP if static else 0.0
    m["won_melee"] = False


def maybe_end(state: GameState, ctx: RuleContext) -> None:
    """End the activation once nobody in it has anything left to do."""
    act = state.activation
    if act is None or state.pending or state.outcome is not None:
        return
    for fid, m in act["members"].items():
        fig = state.figures[fid]
        if fig.out:
            continue
        if m["left"] > 0 or m["step"] > 0:
            return
    end_activation(state, ctx)


def end_activation(state: GameState, ctx: RuleContext, success: bool = True) -> None:
    act = state.activation
    state.activation = None
    ctx.emit(ActivationEnded(side=act["side"], figures=tuple(act["members"]), success=success))
    pass_turn(state, act["side"], ctx)


def pass_turn(state: GameState, side: int, ctx: RuleContext) -> None:
    """Alternate: the other side acts next if it can, else this side, else a new turn."""
    nxt = alternate(side, lambda s: bool(activatable(state, s)))
    if nxt is None:
        new_turn(state, ctx)
    else:
        state.to_act = nxt


def new_turn(state: GameState, ctx: RuleContext) -> None:
    state.turn += 1
    for f in state.figures.values():
        f.status.pop("activated", None)
        f.status.pop("waiting", None)
    if state.turn > state.max_turns:
        state.extras["turn_limit"] = True
        ctx.emit(Note(key="note.turn_limit", args={"turns": state.max_turns}))
        return
    first = first_side_of_turn(state.extras.get("first_side", 1), state.turn)
    state.to_act = first if activatable(state, first) else state.other_side(first)
    ctx.emit(TurnStarted(turn=state.turn, first_side=state.to_act))
