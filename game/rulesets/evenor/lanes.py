"""The shots and one-action charges a moving figure's friends may still make this turn
(Presentation.open_lanes): a move that ends in their way is warned of before it is played.
A friend still has them when it has not been activated yet, or when it belongs to the
activation under way with actions left."""
from __future__ import annotations

from game.core.presentation import Lane
from game.core.state import Figure, GameState
from game.rulesets.evenor import charges, flow, shooting, stats


def _may_still_act(state: GameState, fig: Figure) -> bool:
    if flow.can_activate(state, fig):
        return True
    act = state.activation or {}
    member = (act.get("members") or {}).get(fig.id)
    return bool(member and member.get("left", 0) > 0)


def open_lanes(state: GameState, table, mover: str) -> list[Lane]:
    me = state.figures[mover]
    out: list[Lane] = []
    for friend in state.figures_of(me.side):
        if friend.id == mover or friend.out or not _may_still_act(state, friend):
            continue
        foes = [e for e in state.enemies_of(friend) if not e.out]
        if stats.ranged_weapons(friend):
            out += [Lane(friend.id, e.id, "shot") for e in foes
                    if shooting.targetable(state, table, friend, e) is None]
        if friend.status.get("prone") or any(table.contact(friend.id, e.id) for e in foes):
            continue
        slow = stats.slow_move(friend)
        out += [Lane(friend.id, e.id, "charge") for e in foes
                if table.distance(friend.id, e.id) <= slow + 1e-6
                and charges.charge_refusal(state, table, friend, e, slow) is None]
    return out


def lane_open(state: GameState, table, lane: Lane) -> bool:
    friend, enemy = state.figures[lane.friend], state.figures[lane.enemy]
    if lane.kind == "shot":
        return shooting.targetable(state, table, friend, enemy) is None
    return charges.charge_refusal(state, table, friend, enemy, stats.slow_move(friend)) is None
