"""What can be seen through the mist: a fighter sees what lies within the visibility
distance, inside its 180 degree field of vision, on an unbroken line of sight (a fighter
smaller than both does not break it); projectiles and spells also cross at most 6 cm of
forest."""
from __future__ import annotations

from shapely.geometry import LineString, Polygon

from game.core.state import Figure, GameState
from game.rulesets.mortebrume import stats


def _forests(state: GameState) -> list[Polygon]:
    kinds = stats.catalogue().terrain_kinds
    return [Polygon(t.points) for t in state.terrain if kinds[t.kind].forest]


def forest_crossed(state: GameState, a: Figure, b: Figure) -> float:
    """Length (mm) of forest on the straight line between the two centres, outside both bases."""
    line = LineString([a.pos, b.pos])
    total = 0.0
    for poly in _forests(state):
        total += line.intersection(poly).length
    return total


def sees(state: GameState, table, viewer: Figure, target: Figure) -> bool:
    if viewer.out or target.status.get("dead") or target.status.get("undeployed"):
        return False
    if not target.out and table.distance(viewer.id, target.id) > stats.mist_radius(state) + stats.EPS:
        return False
    if not stats.in_field(viewer, target):
        return False
    if target.out:
        import math

        return math.dist(viewer.pos, target.pos) <= stats.mist_radius(state) + target.size
    return table.can_see(viewer.id, target.id, ignore=_seen_over(state, viewer, target))


def _seen_over(state: GameState, viewer: Figure, target: Figure) -> tuple[str, ...]:
    """Fighters are cylinders as tall as their size: one smaller than both the viewer and
    the target hides nothing between them (they see over it)."""
    low = min(stats.size(viewer), stats.size(target))
    if low <= 0:
        return ()
    return tuple(f.id for f in state.figures.values() if not f.out and stats.size(f) < low)


def line_of_fire(state: GameState, table, shooter: Figure, target: Figure) -> bool:
    """Line of sight for shots and spells (the forest limit included)."""
    return sees(state, table, shooter, target) and \
        forest_crossed(state, shooter, target) <= stats.FOREST_LIMIT + stats.EPS


def visible_to(state: GameState, table, side: int) -> set[str]:
    """Every figure of the side plus the enemies one of its standing fighters can see."""
    own = [f for f in state.figures.values() if f.side == side]
    out = {f.id for f in own}
    watchers = [f for f in own if not f.out]
    for e in state.figures.values():
        if e.side == side or e.status.get("dead"):
            continue
        if any(sees(state, table, w, e) for w in watchers):
            out.add(e.id)
    return out
