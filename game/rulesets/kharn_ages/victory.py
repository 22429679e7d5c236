"""Who won (the book's default game, K-R58): a side with no figure left standing loses at
once; at the turn limit the side that terrassed the most Kouronnes of enemies wins (a draw
on equal values)."""
from __future__ import annotations

from game.core.state import GameState, Outcome

from .cards import card


def taken(state: GameState, side: int) -> int:
    """Ko of the enemies of ``side`` that lie terrassé."""
    return sum(int(card(state, f).get("cost", 0)) for f in state.figures.values() if f.side != side and f.out)


def decided(state: GameState) -> Outcome | None:
    sides = state.side_ids()
    scores = [float(taken(state, s)) for s in sides]
    standing = [s for s in sides if state.figures_of(s)]
    if len(standing) <= 1:
        return Outcome(standing[0] if standing else None, reason="annihilation", scores=scores)
    if state.turn > state.max_turns:
        best = max(scores)
        leaders = [s for s, v in zip(sides, scores) if v == best]
        return Outcome(leaders[0] if len(leaders) == 1 else None, reason="turn_limit", scores=scores)
    return None
