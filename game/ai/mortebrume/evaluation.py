"""Mortebrume's evaluation of a position for the lookahead (``game.ai.lookahead``), in
points of cost, ours minus the enemy's: material by cost and rank (less for lost physique,
for a stunned fighter), the mist stone (points held, the point the turn's end would give,
fighters near it), the threat on each side's fighters (``World.threat``) and tempo
(fighters still to act this turn), and as the turn limit nears the physique left
standing (its tiebreak).
Weights: the profile's ``evaluation`` mapping."""
from __future__ import annotations

import math

from game.ai.mortebrume.world import World
from game.ai.weights import evaluation_weights
from game.core.state import GameState
from game.rulesets.mortebrume.stats import CM

DEFAULTS = {"wounds": 0.5, "stunned": 0.2, "point": 6.0, "stone": 2.0, "held": 3.0,
            "threat": 0.4, "tempo": 0.1, "standing": 1.0, "win": 10.0}


def evaluate(state: GameState, side: int, profile: dict) -> float:
    w = evaluation_weights(DEFAULTS, profile)
    if "deploy" in state.extras:
        return 0.0
    table = _table(state)
    worlds = {s: World(state, table, s, profile) for s in (1, 2) if s in state.sides}
    total = 0.0
    vic = state.extras.get("victory", {})
    stone = (vic["at"][0] * CM, vic["at"][1] * CM, vic["radius"] * CM) \
        if vic.get("type") == "hold" else None
    for f in state.figures.values():
        if f.out or f.side not in worlds:
            continue
        sign = 1.0 if f.side == side else -1.0
        cost = worlds[f.side].value(f)
        hurt = 1.0 - f.vitality / max(1, f.max_vitality)
        v = cost * (1.0 - w["wounds"] * hurt - (w["stunned"] if f.status.get("stunned") else 0.0))
        if not f.status.get("activated"):
            v += cost * w["tempo"]
        if stone is not None and math.dist(f.pos, stone[:2]) - f.size / 2 <= stone[2]:
            v += w["stone"]
        if w["threat"] and worlds[f.side].enemies:
            v -= w["threat"] * cost * worlds[f.side].threat(f)
        total += sign * v
    if stone is not None and w["held"]:
        # the point the turn's end would give now: a side alone near the stone (its
        # fighters each also count ``stone``: a second holder guards the first)
        near = {s: any(math.dist(f.pos, stone[:2]) - f.size / 2 <= stone[2]
                       for f in state.figures_of(s)) for s in (1, 2)}
        other = 3 - side if side in (1, 2) else None
        if other is not None and near[side] != near[other]:
            total += w["held"] if near[side] else -w["held"]
    if w["standing"] and side in worlds:
        # the turn limit's tiebreak: physique left standing, as the limit nears
        end = worlds[side].endgame()
        if end > 0:
            total += w["standing"] * end * worlds[side].physique_margin()
    scores = state.extras.get("scores") or {}
    for s in (1, 2):
        total += (1.0 if s == side else -1.0) * w["point"] * float(scores.get(str(s), 0))
    return total


def _table(state: GameState):
    from game.core.ruleset import get_ruleset

    return get_ruleset(state.ruleset).table_for(state)
