"""Engagement and zones of control, over any number of sides.

A figure's enemies are the figures still in play of the other sides
(``GameState.opponents``). Distances are edge to edge, in mm.

- ``engaged_with(state, table, fig, r)``: the enemies within ``r`` (Swidenth: 12.5 mm).
- A zone of control (``Reach``) gives each figure its own distance (a number for all, or a
  function of the figure: Khârn-Ages' 0.5 toise or natural Allonge). ``in_zones_of`` lists
  the enemies whose zone holds a figure; a weapon's reach is ``engaged_with`` at that reach.
- ``zone_stop(state, table, fig, path, zone)``: where a move first enters the zone of an
  enemy it was not already in, and the part of the path followed up to there.
"""
from __future__ import annotations

import math
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass

import numpy as np
import shapely

from game.core.state import Figure, GameState
from game.geometry.shapes import Base
from game.geometry.table import Table
from game.rulesets._shared.areas import WITHIN_EPS, base_on, gaps

Point2 = tuple[float, float]
Reach = float | Callable[[Figure], float]


def reach_of(zone: Reach, fig: Figure) -> float:
    """The zone's distance for this figure."""
    return float(zone(fig)) if callable(zone) else float(zone)


def enemies(state: GameState, fig: Figure) -> list[Figure]:
    """Figures still in play of every side opposing the figure's (state order)."""
    sides = set(state.opponents(fig.side))
    return [f for f in state.figures.values() if f.side in sides and not f.out]


def engaged_with(state: GameState, table: Table, fig: Figure, r: float) -> list[Figure]:
    """The enemies within ``r`` of the figure, edge to edge (contact included)."""
    foes = enemies(state, fig)
    return [f for f, g in zip(foes, gaps(table, fig, foes)) if g <= r + WITHIN_EPS]


def is_engaged(state: GameState, table: Table, fig: Figure, r: float) -> bool:
    return bool(engaged_with(state, table, fig, r))


def engaged_pairs(state: GameState, table: Table, r: float) -> list[tuple[str, str]]:
    """Every pair of enemies within ``r`` of each other, once, in state order."""
    alive = [f for f in state.figures.values() if not f.out]
    order = {f.id: i for i, f in enumerate(alive)}
    pairs = []
    for f in alive:
        for e in engaged_with(state, table, f, r):
            if order[e.id] > order[f.id]:
                pairs.append((f.id, e.id))
    return pairs


def in_zones_of(state: GameState, table: Table, fig: Figure, zone: Reach) -> list[Figure]:
    """The enemies whose zone of control holds the figure (edge distance <= their reach)."""
    foes = enemies(state, fig)
    return [f for f, g in zip(foes, gaps(table, fig, foes))
            if g <= reach_of(zone, f) + WITHIN_EPS]


def zone_pairs(state: GameState, table: Table, zone: Reach) -> list[tuple[str, str]]:
    """(holder, held) for every figure in the zone of control of an enemy, in state order of
    the held figure (a longer reach makes the relation one-way)."""
    out = []
    for f in state.figures.values():
        if not f.out:
            out.extend((e.id, f.id) for e in in_zones_of(state, table, f, zone))
    return out


# ------------------------------------------------------------------ stop on entering
@dataclass(frozen=True)
class ZoneStop:
    """The part of a path followed (its points after the start; the last one is where the
    figure stopped) and the enemies whose zone it entered there (empty: not stopped)."""

    path: tuple[Point2, ...]
    entered: tuple[str, ...]

    @property
    def stopped(self) -> bool:
        return bool(self.entered)


def _round_entry(a: np.ndarray, e: np.ndarray, centres: np.ndarray, radii: np.ndarray
                 ) -> np.ndarray:
    """(legs, discs): the first fraction t in [0, 1] of each leg a -> e at which the point
    comes within radii[j] of centres[j] (inf: never)."""
    d = (e - a)[:, None, :]                         # (legs, 1, 2)
    f = a[:, None, :] - centres[None, :, :]          # (legs, discs, 2)
    qa = np.maximum((d * d).sum(axis=2), 1e-300)
    qb = 2.0 * (f * d).sum(axis=2)
    qc = (f * f).sum(axis=2) - radii[None, :] ** 2
    disc = qb * qb - 4.0 * qa * qc
    root = np.sqrt(np.maximum(disc, 0.0))
    t = (-qb - root) / (2.0 * qa)
    t = np.where(qc <= 0.0, 0.0, t)                 # already inside at the leg's start
    ok = (disc >= 0.0) & (t <= 1.0) & ((-qb + root) >= 0.0)
    return np.where(ok, np.maximum(t, 0.0), np.inf)


def _hull_entry(mover: Base, enemy: Base, reach: float, a: Point2, b: Point2) -> float:
    """First fraction t of the leg a -> b at which the mover's footprint (translated along
    it) comes within ``reach`` of the enemy's, for any base shapes: the distance from the
    centre to the Minkowski difference (enemy - mover footprint) is convex along the leg."""
    mine = mover.outline_coords(at=(0.0, 0.0))
    hull = shapely.convex_hull(shapely.multipoints(
        (enemy.outline_coords()[:, None, :] - mine[None, :, :]).reshape(-1, 2)))
    line = shapely.LineString([a, b])
    if not hull.dwithin(line, reach + WITHIN_EPS):
        return math.inf
    length = math.dist(a, b)
    nearest = shapely.shortest_line(line, hull).coords[0]
    lo, hi = 0.0, (math.dist(a, nearest) / length) if length > 0.0 else 0.0

    def gap(t: float) -> float:
        return hull.distance(shapely.Point(a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t))

    if gap(0.0) <= reach:
        return 0.0
    for _ in range(50):
        mid = (lo + hi) / 2.0
        if gap(mid) <= reach:
            hi = mid
        else:
            lo = mid
    return hi


def zone_stop(state: GameState, table: Table, fig: Figure, path: Sequence[Point2], zone: Reach,
              *, ignore: Collection[str] | None = None) -> ZoneStop:
    """Follow ``path`` (centre points after the figure's position) until the figure first
    comes within the zone of control of an enemy (``zone``: that enemy's reach) it was not
    in at the start (or whose id is not in ``ignore``, when given). Only zones are checked
    here: obstacles are ``Table.check_path``'s business."""
    pts = [fig.pos] + [(float(p[0]), float(p[1])) for p in path]
    if len(pts) < 2:
        return ZoneStop((), ())
    foes = enemies(state, fig)
    if ignore is None:
        ignore = {f.id for f in in_zones_of(state, table, fig, zone)}
    foes = [f for f in foes if f.id not in ignore]
    if not foes:
        return ZoneStop(tuple(pts[1:]), ())
    mover = base_on(table, fig)
    a = np.array(pts[:-1], dtype=float)
    e = np.array(pts[1:], dtype=float)
    reaches = np.array([reach_of(zone, f) for f in foes], dtype=float)
    first = np.full((len(a), len(foes)), np.inf)
    rnd = [j for j, f in enumerate(foes) if f.shape == "round"] if mover.is_round else []
    if rnd:
        centres = np.array([foes[j].pos for j in rnd], dtype=float)
        radii = np.array([foes[j].radius for j in rnd]) + mover.radius + reaches[rnd]
        first[:, rnd] = _round_entry(a, e, centres, radii)
    for j in sorted(set(range(len(foes))) - set(rnd)):
        enemy = base_on(table, foes[j])
        for i in range(len(a)):
            first[i, j] = _hull_entry(mover, enemy, reaches[j], pts[i], pts[i + 1])
            if math.isfinite(first[i, j]):
                break
    legs = np.flatnonzero(np.isfinite(first).any(axis=1))
    if len(legs) == 0:
        return ZoneStop(tuple(pts[1:]), ())
    i = int(legs[0])
    t = float(first[i].min())
    (ax, ay), (bx, by) = pts[i], pts[i + 1]
    stop = (ax + (bx - ax) * t, ay + (by - ay) * t)
    here = mover.moved(stop[0], stop[1])
    entered = [f.id for f, g, z in zip(foes, gaps(table, here, foes), reaches)
               if g <= z + WITHIN_EPS]
    if not entered:  # numerical safety: the earliest one at least
        entered = [foes[int(np.argmin(first[i]))].id]
    return ZoneStop(tuple(pts[1:i + 1]) + (stop,), tuple(entered))

