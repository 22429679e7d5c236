"""Evenor's evaluation of a position for the lookahead (``game.ai.lookahead``), in DO, ours
minus the enemy's: material by cost (less for wounds, for a figure down), the scenario's
objectives (tokens home and carried, runners escaped or nearing their edge), the threat
on each side's figures (exact odds of the enemy's next activations, ``World.threat``) and
tempo (figures still to act this turn). Weights: the profile's ``evaluation`` mapping."""
from __future__ import annotations

import math

from game.ai.evenor.world import World
from game.ai.weights import evaluation_weights
from game.core.state import GameState
from game.rulesets.evenor import stats

DEFAULTS = {"wounds": 0.5, "down": 0.15, "token": 12.0, "carry": 4.0, "escape": 1.0,
            "edge": 0.3, "threat": 0.5, "tempo": 0.1, "win": 10.0}


def evaluate(state: GameState, side: int, profile: dict) -> float:
    w = evaluation_weights(DEFAULTS, profile)
    vic = state.extras.get("victory", {})
    kind = vic.get("type", "extermination")
    runner = None
    if kind == "escape":
        runner = next((s for s, sd in state.sides.items() if sd.role == vic.get("role")), None)
    total = 0.0
    for f in state.figures.values():
        sign = 1.0 if f.side == side else -1.0
        cost = float(stats.value_do(f))
        if f.out:
            if f.status.get("escaped"):
                total += sign * cost * w["escape"]
            continue
        hurt = 1.0 - f.vitality / max(1, f.max_vitality)
        v = cost * (1.0 - w["wounds"] * hurt - (w["down"] if f.status.get("prone") else 0.0))
        if f.side == runner:
            edge = min(f.x, state.width - f.x) / max(1.0, state.width / 2)
            v += cost * w["edge"] * (1.0 - edge)
        if not f.status.get("activated"):
            v += cost * w["tempo"]
        total += sign * v
    if kind == "orichalque":
        for sid, sd in state.sides.items():
            total += (1.0 if sid == side else -1.0) * w["token"] * sd.score
        for t in state.tokens:
            c = state.figures.get(t.carrier) if t.carrier else None
            if c is not None and not c.out:   # a token carried, the more the nearer home
                home = World(state, None, c.side).home(c)
                near = 1.0 - min(1.0, math.dist(c.pos, home) / max(state.width, state.height))
                total += (1.0 if c.side == side else -1.0) * w["carry"] * (1.0 + 2.0 * near)
    if w["threat"]:
        total -= w["threat"] * (_exposure(state, side) - _exposure(state, _other(state, side)))
    return total


def _other(state: GameState, side: int) -> int:
    return next(s for s in state.sides if s != side)


def _exposure(state: GameState, side: int) -> float:
    """DO the side may expect to lose to the enemy's next activations where it stands."""
    figs = state.figures_of(side)
    if not figs:
        return 0.0
    world = World(state, state_table(state), side)
    if not world.enemies:
        return 0.0
    return sum(world.value(f) * world.threat(f, f.pos, cover=bool(f.status.get("cover")))
               for f in figs)


def state_table(state: GameState):
    from game.core.ruleset import get_ruleset

    return get_ruleset(state.ruleset).table_for(state)
