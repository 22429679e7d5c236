"""Who has won: the last one standing (a side with no fighter standing loses), or holding the
mist stone (a point per turn for a side alone near it; the target wins at once). At the turn
limit (our ruling) the most points win, then the most physique left standing, else a draw."""
from __future__ import annotations

import math

from game.core.context import RuleContext
from game.core.events import Note
from game.core.state import GameState, Outcome
from game.rulesets.mortebrume.stats import CM


def _scores(state: GameState) -> list[float]:
    return [float(state.extras["scores"]["1"]), float(state.extras["scores"]["2"])]


def _near(state: GameState, side: int, at, radius: float) -> bool:
    return any(math.dist(f.pos, at) - f.size / 2 <= radius for f in state.figures_of(side))


def score_turn(state: GameState, ctx: RuleContext) -> None:
    vic = state.extras.get("victory", {})
    if vic.get("type") != "hold":
        return
    at = (vic["at"][0] * CM, vic["at"][1] * CM)
    radius = vic["radius"] * CM
    near = {s: _near(state, s, at, radius) for s in (1, 2)}
    for s in (1, 2):
        if near[s] and not near[3 - s]:
            state.extras["scores"][str(s)] += 1
            ctx.emit(Note(key="mb.note.holds", args={"side": s,
                                                      "score": state.extras["scores"][str(s)]}))


def outcome(state: GameState) -> Outcome | None:
    if "deploy" in state.extras:  # still deploying: nobody is on the table yet
        return None
    vic = state.extras.get("victory", {})
    standing = {s: state.figures_of(s) for s in (1, 2)}
    scores = _scores(state)
    if not standing[1] and not standing[2]:
        return Outcome(winner=None, reason="mutual_destruction", scores=scores)
    for s in (1, 2):
        if not standing[s]:
            return Outcome(winner=3 - s, reason="last_standing", scores=scores)
    if vic.get("type") == "hold":
        for s in (1, 2):
            if scores[s - 1] >= vic["target"]:
                return Outcome(winner=s, reason="stone_held", scores=scores)
    if state.extras.get("turn_limit"):
        if scores[0] != scores[1]:
            return Outcome(winner=1 if scores[0] > scores[1] else 2, reason="turn_limit",
                           scores=scores)
        left = [sum(f.vitality for f in standing[s]) for s in (1, 2)]
        winner = 1 if left[0] > left[1] else 2 if left[1] > left[0] else None
        return Outcome(winner=winner, reason="turn_limit", scores=scores)
    return None
