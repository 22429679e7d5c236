"""How the provisional scenario ends (B-R23, B-R24): as soon as at most one player team
still has figures in play, that team wins (a draw when the neutral group has taken them
all); otherwise after the last turn the team whose opponents lost more figures (out of
action or fled, whoever caused it) wins; equal losses make a draw. The neutral group never wins and its losses count for
nobody."""
from __future__ import annotations

from game.core.state import GameState, Outcome


def scores(state: GameState) -> dict[int, float]:
    """Per side: the player figures of the other teams out of play (0 for neutral sides)."""
    seats = state.seats()
    out = {}
    for s in state.side_ids():
        out[s] = 0.0 if s not in seats else float(sum(
            1 for f in state.figures.values() if f.out and f.side in seats and f.side != s))
    return out


def decided(state: GameState) -> Outcome | None:
    """The outcome once the game is over, else None."""
    seats = state.seats()
    alive = [s for s in seats if state.figures_of(s)]
    sc = scores(state)
    table = [sc[s] for s in state.side_ids()]
    if len(alive) <= 1:
        return Outcome(alive[0] if alive else None, "elimination", table)
    if state.turn > state.max_turns:
        best = max(sc[s] for s in seats)
        top = [s for s in seats if sc[s] == best]
        return Outcome(top[0] if len(top) == 1 else None, "turns", table)
    return None
