"""Who has won: extermination, escape from the ambush, Orichalque brought home. The book
sets no turn limit: a game that reaches the limit (the players' option, or the safety
limit) is a draw."""
from __future__ import annotations

from game.core.state import GameState, Outcome


def outcome(state: GameState) -> Outcome | None:
    vic = state.extras.get("victory", {})
    kind = vic.get("type", "extermination")
    alive = {s: bool(state.figures_of(s)) for s in (1, 2)}
    limit = bool(state.extras.get("turn_limit"))
    scores = [float(state.sides[1].score), float(state.sides[2].score)]
    if kind == "escape":
        found = _escape(state, vic)
    elif kind == "orichalque":
        found = _orichalque(state, alive)
    elif not alive[1] and not alive[2]:
        found = Outcome(winner=None, reason="mutual_destruction", scores=scores)
    else:
        found = next((Outcome(winner=state.other_side(s), reason="extermination", scores=scores)
                      for s in (1, 2) if not alive[s]), None)
    if found is None and limit:
        return Outcome(winner=None, reason="turn_limit", scores=_scores(state, vic, scores))
    return found


def _orichalque(state: GameState, alive: dict[int, bool]) -> Outcome | None:
    """Won by the tokens carried home, whatever happens to the bands: the game goes on while
    a token still to be carried home could change who wins (a band wiped out carries no
    more; the survivors may still bring tokens home), and ends as soon as none can."""
    a, b = state.sides[1].score, state.sides[2].score
    left = sum(1 for t in state.tokens if t.delivered_by is None)
    low = a - b - (left if alive[2] else 0)      # side 2 brings every token left home
    high = a - b + (left if alive[1] else 0)     # side 1 does
    if low > 0:
        winner = 1
    elif high < 0:
        winner = 2
    elif low == high:     # nothing left to change: equal tokens home
        winner = None
    else:
        return None
    return Outcome(winner=winner, reason="orichalque", scores=[float(a), float(b)])


def _escape_scores(state: GameState, vic: dict) -> tuple[int, int, list[float]]:
    role = vic.get("role")
    runner = 1 if state.sides[1].role == role else 2
    runners = [f for f in state.figures.values() if f.side == runner]
    lost = sum(1 for f in runners if f.out and not f.status.get("escaped"))
    escaped = sum(1 for f in runners if f.status.get("escaped"))
    scores = [0.0, 0.0]
    scores[runner - 1] = float(escaped)
    scores[state.other_side(runner) - 1] = float(lost)
    return runner, lost, scores


def _scores(state: GameState, vic: dict, scores: list[float]) -> list[float]:
    return _escape_scores(state, vic)[2] if vic.get("type") == "escape" else scores


def _escape(state: GameState, vic: dict) -> Outcome | None:
    runner, lost, scores = _escape_scores(state, vic)
    hunter = state.other_side(runner)
    start = state.extras["start_count"][str(runner)]
    runners = [f for f in state.figures.values() if f.side == runner]
    if lost > start * float(vic.get("loss_limit", 0.5)):
        return Outcome(winner=hunter, reason="ambush_losses", scores=scores)
    if not any(not f.out for f in runners):
        return Outcome(winner=runner, reason="escaped", scores=scores)
    if not state.figures_of(hunter):
        return Outcome(winner=runner, reason="extermination", scores=scores)
    return None
