"""How a Bonus / Malus game ends (B-R23, B-R45, B-R66). Every scenario: as soon as at most one
player team still has figures in play, that team wins (a draw when the neutral group took
them all); after the last turn, the team that took more enemy points out of play (out of
action or fled, whoever caused it) wins, equal points draw. The neutral group never wins
and its losses count for nobody. On top of that, from ``state.extras["objective"]``:

- ``extraction``: the data token lies at ``point``; a player figure whose base comes within
  half a pas of it picks it up (the nearest, after any action), carries it (the token moves
  with it) and drops it where it falls out of play; the carrier's team wins when its base
  comes within half a pas of the opposing team's edge.
- ``nest``: at each turn's end, the team with figures within ``radius`` of ``point`` (base
  edge) while no other side has any there holds the nest; holding it at ``hold`` turn ends
  in a row wins.

``track`` keeps that state after every action (its events are ``Note``s)."""
from __future__ import annotations

import math
from typing import Any

from game.core.events import Note
from game.core.state import Figure, GameState, Outcome

REACH_MM = 12.5          # half a pas: token pick-up and reaching the edge


def points_of(state: GameState, fig: Figure) -> float:
    """A figure's points (setup's ``extras["points"]``; 1 for a figure without)."""
    return float((state.extras.get("points") or {}).get(fig.id, 1))


def scores(state: GameState) -> dict[int, float]:
    """Per side: the points of the other teams' player figures out of play (0 for neutral
    sides)."""
    seats = state.seats()
    out = {}
    for s in state.side_ids():
        out[s] = 0.0 if s not in seats else sum(
            points_of(state, f) for f in state.figures.values() if f.out and f.side in seats and f.side != s)
    return out


def decided(state: GameState) -> Outcome | None:
    """The outcome once the game is over, else None."""
    seats = state.seats()
    sc = scores(state)
    table = [sc[s] for s in state.side_ids()]
    objective = state.extras.get("objective") or {}
    if objective.get("winner") in seats:
        winner = int(objective["winner"])
        if objective["type"] == "nest":
            return Outcome(winner, reason="nest", scores=table)
        return Outcome(winner, reason="extraction", scores=table)
    alive = [s for s in seats if state.figures_of(s)]
    if len(alive) <= 1:
        return Outcome(alive[0] if alive else None, reason="elimination", scores=table)
    if state.turn > state.max_turns:
        best = max(sc[s] for s in seats)
        top = [s for s in seats if sc[s] == best]
        return Outcome(top[0] if len(top) == 1 else None, reason="turns", scores=table)
    return None


def track(state: GameState, ctx: Any) -> None:
    """Keep the scenario's objective up to date after an action (see the module doc)."""
    objective = state.extras.get("objective") or {}
    if objective.get("winner") is not None:
        return
    if objective.get("type") == "extraction":
        _carry(state, ctx, objective)
    elif objective.get("type") == "nest":
        last = int(objective.setdefault("turn", state.turn))
        if state.turn > last:
            objective["turn"] = state.turn
            _hold(state, ctx, objective)


def _players(state: GameState) -> list[Figure]:
    seats = state.seats()
    return [f for f in state.figures.values() if not f.out and f.side in seats]


def _edge_gap(state: GameState, fig: Figure) -> float:
    """How far the figure's base is from the edge opposite its team's deployment zone (mm;
    the zones are kept in pas)."""
    from .figures import PAS

    zones = (state.extras.get("zones") or {}).get(str(fig.side)) or []
    from_top = not zones or (zones[0][1] + zones[0][3] / 2) * PAS <= state.height / 2
    return (state.height - fig.y - fig.radius) if from_top else (fig.y - fig.radius)


def _carry(state: GameState, ctx: Any, objective: dict[str, Any]) -> None:
    holder = state.figures.get(str(objective.get("holder") or ""))
    if holder is not None and holder.out:
        objective["holder"] = None
        ctx.emit(Note(key="bm.log.token_dropped", args={"who": holder.id}))
        holder = None
    if holder is None:
        px, py = objective["point"]
        near = [(math.dist((f.x, f.y), (px, py)) - f.radius, f.id) for f in _players(state)]
        near = [(d, fid) for d, fid in near if d <= REACH_MM]
        if not near:
            return
        holder = state.figures[min(near)[1]]
        objective["holder"] = holder.id
        ctx.emit(Note(key="bm.log.token_picked", args={"who": holder.id}))
    objective["point"] = [holder.x, holder.y]
    if _edge_gap(state, holder) <= REACH_MM:
        objective["winner"] = holder.side
        ctx.emit(Note(key="bm.log.token_out", args={"who": holder.id, "side": holder.side}))


def _hold(state: GameState, ctx: Any, objective: dict[str, Any]) -> None:
    px, py = objective["point"]
    inside = {f.side for f in state.figures.values()
              if not f.out and math.dist((f.x, f.y), (px, py)) - f.radius <= float(objective["radius"])}
    holder = next(iter(inside)) if len(inside) == 1 and next(iter(inside)) in state.seats() else None
    if holder is None:
        objective["holder"], objective["streak"] = None, 0
        return
    streak = int(objective.get("streak", 0)) + 1 if objective.get("holder") == holder else 1
    objective["holder"], objective["streak"] = holder, streak
    ctx.emit(Note(key="bm.log.nest_held", args={"side": holder, "n": streak, "hold": int(objective["hold"])}))
    if streak >= int(objective["hold"]):
        objective["winner"] = holder
