"""Who has won: extermination, escape from the ambush, Orichalque brought home; and the
turn limit (our ruling: the side that took out more DO wins, else a draw)."""
from __future__ import annotations

from game.core.state import GameState, Outcome
from game.rulesets.evenor import stats


def _lost_do(state: GameState, side: int) -> int:
    return sum(stats.value_do(f) for f in state.figures.values()
               if f.side == side and f.out and not f.status.get("escaped"))


def _by_points(state: GameState, reason: str) -> Outcome:
    s1, s2 = _lost_do(state, 2), _lost_do(state, 1)
    winner = 1 if s1 > s2 else 2 if s2 > s1 else None
    return Outcome(winner=winner, reason=reason, scores=[float(s1), float(s2)])


def outcome(state: GameState) -> Outcome | None:
    vic = state.extras.get("victory", {})
    kind = vic.get("type", "extermination")
    alive = {s: [f for f in state.figures_of(s)] for s in (1, 2)}
    limit = bool(state.extras.get("turn_limit"))
    if kind == "escape":
        return _escape(state, vic, limit)
    if not alive[1] and not alive[2]:
        return Outcome(winner=None, reason="mutual_destruction", scores=[0.0, 0.0])
    for s in (1, 2):
        if not alive[s]:
            return Outcome(winner=state.other_side(s), reason="extermination",
                           scores=[float(state.sides[1].score), float(state.sides[2].score)])
    if kind == "orichalque":
        left = [t for t in state.tokens if t.delivered_by is None]
        if not left or limit:
            a, b = state.sides[1].score, state.sides[2].score
            winner = 1 if a > b else 2 if b > a else None
            return Outcome(winner=winner, reason="orichalque", scores=[a, b])
        return None
    if limit:
        return _by_points(state, "turn_limit")
    return None


def _escape(state: GameState, vic: dict, limit: bool) -> Outcome | None:
    role = vic.get("role")
    runner = 1 if state.sides[1].role == role else 2
    hunter = state.other_side(runner)
    start = state.extras["start_count"][str(runner)]
    runners = [f for f in state.figures.values() if f.side == runner]
    lost = sum(1 for f in runners if f.out and not f.status.get("escaped"))
    escaped = sum(1 for f in runners if f.status.get("escaped"))
    scores = [0.0, 0.0]
    scores[runner - 1] = float(escaped)
    scores[hunter - 1] = float(lost)
    if lost > start * float(vic.get("loss_limit", 0.5)):
        return Outcome(winner=hunter, reason="ambush_losses", scores=scores)
    if not any(not f.out for f in runners):
        return Outcome(winner=runner, reason="escaped", scores=scores)
    if not state.figures_of(hunter):
        return Outcome(winner=runner, reason="extermination", scores=scores)
    if limit:
        return Outcome(winner=hunter, reason="turn_limit", scores=scores)
    return None
