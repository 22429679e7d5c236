"""Activation policies shared by rulesets: who activates next."""
from __future__ import annotations

from collections.abc import Callable


def first_side_of_turn(first_side: int, turn: int) -> int:
    """Alternating first player: ``first_side`` on odd turns, the other on even turns."""
    return first_side if turn % 2 == 1 else 3 - first_side


def alternate(side: int, can_act: Callable[[int], bool]) -> int | None:
    """After ``side`` activated: the other side if it still can, else the same side,
    else None (the turn is over)."""
    other = 3 - side
    if can_act(other):
        return other
    if can_act(side):
        return side
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
