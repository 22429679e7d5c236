"""Khârn-Ages' evaluation of a position for the lookahead (``game.ai.lookahead``), in
Kouronnes, ours minus the enemy's: each figure in play is worth its cost (victory's count,
K-R58), less for its wounds, its armour boxes ticked and its being stunned or on the ground;
the enemies it can still strike and the threat on it (``threat.exposure`` with its PA left)
in proportion; tempo for the figures still to act this turn. Weights: the profile's
``evaluation`` mapping."""
from __future__ import annotations

from game.ai.kharn_ages import threat as T
from game.ai.weights import evaluation_weights
from game.core.state import GameState
from game.rulesets.kharn_ages.armour import boxes_left
from game.rulesets.kharn_ages.cards import fighter
from game.rulesets.kharn_ages.flow import data

DEFAULTS = {"wounds": 0.5, "armour": 0.1, "stunned": 0.15, "down": 0.1, "threat": 0.5, "tempo": 0.05,
            "win": 10.0}


def evaluate(state: GameState, side: int, profile: dict) -> float:
    """Ours minus theirs, in hundreds of Kouronnes (a level-1 figure is about one half)."""
    w = evaluation_weights(DEFAULTS, profile)
    done = set(data(state).get("done", ()))
    total = 0.0
    for fig in state.figures.values():
        if fig.out or fig.status.get("carcass"):
            continue
        f = fighter(state, fig)
        cost = T.value_of(state, fig)
        hurt = 1.0 - fig.vitality / max(1, fig.max_vitality)
        v = cost * (1.0 - w["wounds"] * hurt)
        if f.armour is not None and f.armour.boxes:
            v -= cost * w["armour"] * (1.0 - boxes_left(f) / f.armour.boxes)
        if fig.status.get("stunned"):
            v -= cost * w["stunned"]
        if fig.status.get("down"):
            v -= cost * w["down"]
        if fig.id not in done:
            v += cost * w["tempo"]
        if w["threat"]:
            lost = T.exposure(state, f, f.pa, float(profile.get("later", 0.5)))
            v -= w["threat"] * cost * min(1.0, lost / max(1, fig.vitality))
        total += v if fig.side == side else -v
    return total / 100.0
