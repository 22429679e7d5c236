"""Bonus / Malus's evaluation of a position for the lookahead (``game.ai.lookahead``), in
points (what victory counts) over the dearest figure's (so that a game won, ``win``, and the
search's margin read the same on every table), ours minus the enemy team's: material by points (less for the
PV lost, for a figure down, stunned, fleeing or owing a morale test); the exposure of each
figure where it stands and with the facing it has (``World.threat``: exact odds of the
enemies' next blows, from behind when its back is shown); tempo (figures still to act this
turn); the points taken (what victory counts after the last turn); the objective's
progress (extraction: the beacon's carrier and its way to the edge, else the nearest to the
beacon; le nid: figures within the nest, the streak held); and the neutral group's
position (the harm it would do to the prey it turns on: an enemy's good, ours bad). The
neutral figures themselves count for nobody. Weights: ``DEFAULTS``, overridden by the
profile's ``evaluation`` mapping (``game.ai.weights``)."""
from __future__ import annotations

import math

from game.ai.bonus_malus.world import World
from game.ai.weights import evaluation_weights
from game.core.state import GameState
from game.rulesets.bonus_malus import figures as F
from game.rulesets.bonus_malus.victory import REACH_MM, _edge_gap, points_of, scores

DEFAULTS = {"wounds": 0.6, "down": 0.3, "stunned": 0.15, "fleeing": 0.5, "morale": 0.1,
            "threat": 0.35, "tempo": 0.05, "score": 1.0, "beacon": 1.0, "carry": 2.0,
            "nest": 0.6, "streak": 1.5, "lure": 0.5, "win": 10.0}


def evaluate(state: GameState, side: int, profile: dict) -> float:
    w = evaluation_weights(DEFAULTS, profile)
    seats = state.seats()
    if side not in seats:
        return 0.0
    table = _table(state)
    worlds = {s: World(state, table, s, profile) for s in seats}
    for wd in worlds.values():
        wd.rough = True          # no sight lines: the threat without cover, cheaply
    norm = max([points_of(state, f) for f in state.figures.values()] + [1.0])
    total = 0.0
    for f in state.figures.values():
        if f.out or f.side not in worlds:
            continue
        world = worlds[f.side]
        sign = 1.0 if f.side == side else -1.0
        pts = points_of(state, f)
        hurt = 1.0 - f.vitality / max(1, f.max_vitality)
        st = f.status
        v = pts * (1.0 - w["wounds"] * hurt - (w["down"] if st.get("down") else 0.0)
                   - (w["stunned"] if st.get("stunned") else 0.0)
                   - (w["fleeing"] if st.get("fleeing") else 0.0)
                   - (w["morale"] if st.get("morale_due") else 0.0))
        if F.can_activate(f):
            v += pts * w["tempo"]
        if w["threat"] and world.enemies:
            v -= w["threat"] * min(pts, world.threat(f, f.pos, f.facing, ran=bool(st.get("ran"))))
        total += sign * v
    sc = scores(state)
    for s in seats:
        total += (1.0 if s == side else -1.0) * w["score"] * sc.get(s, 0.0)
    total += _objective(state, side, w, norm)
    if w["lure"] and worlds[side].neutrals:
        total += w["lure"] * worlds[side].lure_now()
    return total / norm


def _objective(state: GameState, side: int, w: dict, norm: float) -> float:
    """The scenario's objective: how near each team is to winning by it (points)."""
    o = state.extras.get("objective") or {}
    kind = o.get("type")
    seats = state.seats()
    size = float(max(state.width, state.height))
    total = 0.0
    if kind == "extraction" and o.get("point"):
        holder = state.figures.get(str(o.get("holder") or ""))
        if holder is not None and not holder.out and holder.side in seats:
            near = 1.0 - min(1.0, max(0.0, _edge_gap(state, holder) - REACH_MM) / size)
            total += (1.0 if holder.side == side else -1.0) * w["carry"] * norm * (0.5 + near)
        else:
            for s in seats:
                ds = [max(0.0, math.dist(f.pos, o["point"]) - f.radius) for f in state.figures_of(s)]
                if ds:
                    total += (1.0 if s == side else -1.0) * w["beacon"] * norm * 0.5 * (1.0 - min(ds) / size)
    elif kind == "nest" and o.get("point"):
        radius = float(o.get("radius", 50.0))
        for s in seats:
            inside = sum(1 for f in state.figures_of(s)
                         if math.dist(f.pos, o["point"]) - f.radius <= radius)
            v = w["nest"] * norm * min(2, inside)
            if o.get("holder") == s:
                v += w["streak"] * norm * int(o.get("streak", 0))
            total += (1.0 if s == side else -1.0) * v
    return total


def _table(state: GameState):
    from game.core.ruleset import get_ruleset

    return get_ruleset("bonus_malus").table_for(state)     # the hook is Bonus / Malus's alone
