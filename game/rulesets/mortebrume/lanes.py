"""The shots and walking strikes a moving fighter's companions may still make this turn
(Presentation.open_lanes): a move that ends in their way is warned of before it is played.
A companion still has them until it is activated. Under strict measuring nothing measured
is told: a shot's lane is any line of fire, and walking strikes (a path length) are left out."""
from __future__ import annotations

from game.core.presentation import Lane
from game.core.state import GameState
from game.rulesets.mortebrume import flow, legal, sight, stats


def open_lanes(state: GameState, table, mover: str) -> list[Lane]:
    me = state.figures[mover]
    strict = legal.strict(state)
    mist = stats.mist_radius(state)
    out: list[Lane] = []
    for friend in state.figures_of(me.side):
        if friend.id == mover or not flow.can_activate(friend) or friend.status.get("undeployed"):
            continue
        foes = [e for e in state.enemies_of(friend) if not e.out and not e.status.get("undeployed")]
        ranged = [w for w, _ in stats.ranged_weapons(friend)]
        for e in foes:
            if ranged and sight.line_of_fire(state, table, friend, e) and (
                    strict or any(stats.shot_band(w, table.distance(friend.id, e.id), mist) in ("ideal", "far")
                                  for w in ranged)):
                out.append(Lane(friend.id, e.id, "shot"))
        walk = stats.walk(friend)
        if strict or walk <= 0:
            continue
        out += [Lane(friend.id, e.id, "strike") for e in foes
                if table.distance(friend.id, e.id) > stats.CONTACT + stats.EPS
                and table.distance(friend.id, e.id) <= walk + stats.CONTACT
                and legal.strike_refusal(state, table, friend, e, walk) is None]
    return out


def lane_open(state: GameState, table, lane: Lane) -> bool:
    friend, enemy = state.figures[lane.friend], state.figures[lane.enemy]
    if lane.kind == "shot":
        return sight.line_of_fire(state, table, friend, enemy)
    return legal.strike_refusal(state, table, friend, enemy, stats.walk(friend)) is None
