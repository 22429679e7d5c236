"""Déroute (S-R18): when a side's Chef goes out of action, and again when half of its
starting figures are out, each of its figures still in play owes a Bravoure test at
difficulty 8 at the start of its next activation (failure: a stun token). A side with three
quarters of its starting figures out at the end of a turn is beaten."""
from __future__ import annotations

from game.core.state import Figure, GameState
from game.rulesets.swidenth import damage as D
from game.rulesets.swidenth import figures as F

ROUT_DIFFICULTY = 8
CHEF_OUT, HALF_OUT = "chef_out", "half_out"


def starting(state: GameState, side: int) -> int:
    """Figures the side started with (out-of-action ones stay in the state)."""
    return sum(1 for f in state.figures.values() if f.side == side)


def out_count(state: GameState, side: int) -> int:
    return sum(1 for f in state.figures.values() if f.side == side and f.out)


def check_triggers(state: GameState, side: int) -> list[str]:
    """Triggers newly reached by the side (each fires once a game); each one makes every
    figure of the side still in play owe a test."""
    fired = state.sides[side].extras.setdefault("rout", [])
    new = []
    chefs = [f for f in state.figures.values() if f.side == side and F.rank(f) == "chef"]
    if CHEF_OUT not in fired and chefs and all(f.out for f in chefs):
        new.append(CHEF_OUT)
    if HALF_OUT not in fired and 2 * out_count(state, side) >= starting(state, side) > 0:
        new.append(HALF_OUT)
    for trigger in new:
        fired.append(trigger)
        for f in state.figures.values():
            if f.side == side and not f.out:
                f.status["rout_tests"] = int(f.status.get("rout_tests", 0)) + 1
    return new


def start_activation(ctx, state: GameState, fig: Figure) -> list[bool]:
    """The tests the figure owes, taken as its activation starts (one per trigger)."""
    owed = int(fig.status.pop("rout_tests", 0))
    return [D.bravoure_test(ctx, fig, ROUT_DIFFICULTY, state.turn, "rout") for _ in range(owed)]


def beaten(state: GameState, side: int) -> bool:
    """Three quarters of the side's starting figures out of action."""
    n = starting(state, side)
    return n > 0 and 4 * out_count(state, side) >= 3 * n
