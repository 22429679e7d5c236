"""Activation policies shared by rulesets: who activates next."""
from __future__ import annotations

from collections.abc import Callable, Sequence


def first_side_of_turn(first_side: int, turn: int, order: Sequence[int] = (1, 2)) -> int:
    """The first player passes round the table: ``first_side`` on turn 1, the next side in
    ``order`` on turn 2, and so on (with two sides: alternating)."""
    ids = list(order)
    start = ids.index(first_side) if first_side in ids else 0
    return ids[(start + turn - 1) % len(ids)]


def alternate(side: int, can_act: Callable[[int], bool],
              order: Sequence[int] = (1, 2)) -> int | None:
    """After ``side`` activated: the next side in ``order`` that still can act, going round
    the table and coming back to ``side`` last; None when no side can (the turn is over)."""
    ids = list(order)
    start = ids.index(side) + 1 if side in ids else 0
    for k in range(len(ids)):
        nxt = ids[(start + k) % len(ids)]
        if can_act(nxt):
            return nxt
    return None


def decider(state) -> int | None:
    """Who decides now: the owner of the top pending decision, else the side whose
    activation is running, else the side to act; None once the game is over."""
    if state.outcome is not None:
        return None
    if state.pending:
        return state.pending[-1].side
    if state.activation is not None:
        return state.activation["side"]
    return state.to_act
