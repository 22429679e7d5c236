"""Swidenth's evaluation of a position for the lookahead (``game.ai.lookahead``), in points
of cost, ours minus the enemy's: material by points (a Chef worth more, ``World.value``),
less for the Vitalité lost and for stun tokens and owed Déroute tests; the Chef's safety
(the threat on it where it stands, weighed ``chef_guard`` times: ``World.threat``) and every
other figure's threat; outnumbering (a foe engaged by several of ours, the pin); tempo
(figures still to act this turn); the ford (points scored, figures within it). Weights: the
profile's ``evaluation`` mapping."""
from __future__ import annotations

import math

from game.ai.swidenth.world import STUN_WORTH, World
from game.ai.weights import evaluation_weights
from game.core.state import GameState
from game.rulesets.swidenth import figures as F

DEFAULTS = {"wounds": 0.6, "stun": STUN_WORTH, "rout": 0.15, "threat": 0.35, "chef": 1.0,
            "outnumber": 0.08, "tempo": 0.05, "point": 25.0, "ford": 4.0, "win": 10.0}


def evaluate(state: GameState, side: int, profile: dict) -> float:
    w = evaluation_weights(DEFAULTS, profile)
    table = _table(state)
    worlds = {s: World(state, table, s, profile) for s in state.side_ids()}
    obj = state.extras.get("objective")
    ford = None
    if obj and state.turn >= int(obj.get("from_turn", 1)) - 1:
        ford = (obj["point"][0] * F.PAS, obj["point"][1] * F.PAS, obj["radius"] * F.PAS)
    total = 0.0
    for f in state.figures.values():
        if f.out or f.side not in worlds:
            continue
        world = worlds[f.side]
        sign = 1.0 if f.side == side else -1.0
        worth = world.value(f)
        hurt = 1.0 - f.vitality / max(1, f.max_vitality)
        v = worth * (1.0 - w["wounds"] * hurt)
        if F.stun_tokens(f):
            v -= worth * w["stun"] * min(2, F.stun_tokens(f))
        v -= worth * w["rout"] * int(f.status.get("rout_tests", 0))
        if not world.acted(f):
            v += worth * w["tempo"]
        if w["threat"] and world.enemies:
            guard = w["chef"] if F.rank(f) == "chef" else 1.0
            v -= w["threat"] * guard * worth * min(1.5, world.exposure(f, f.pos))
        if w["outnumber"]:
            foes = world.engaged(f)
            if len(foes) == 1:   # pinned by us alone; each friend on the same foe adds a +2
                mates = sum(1 for o in world.engaged(foes[0]) if o.side == f.side)
                v += worth * w["outnumber"] * (mates - 1)
        if ford is not None and math.dist(f.pos, ford[:2]) - f.radius <= ford[2]:
            v += w["ford"]
        total += sign * v
    if obj:
        for s, sd in state.sides.items():
            total += (1.0 if s == side else -1.0) * w["point"] * sd.score
    return total


def _table(state: GameState):
    from game.core.ruleset import get_ruleset

    return get_ruleset("swidenth").table_for(state)     # the hook is Swidenth's alone
