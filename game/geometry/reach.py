"""Reachable region of a base's centre within a movement allowance, and sampling."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import numpy as np
import shapely

from .paths import _nav_for, shortest_path_in
from .vecmath import cast_visibility

if TYPE_CHECKING:
    from shapely.geometry.base import BaseGeometry

    from .table import BaseRef, Table

Point2 = tuple[float, float]


def reach(table: Table, base: BaseRef, allowance: float, *, ignore_terrain: bool = False,
          ignore_difficult: bool = False, others: Sequence[BaseRef] | None = None,
          extra_blockers: Sequence[BaseGeometry] = ()) -> BaseGeometry:
    """Approximate region of centre positions reachable with cost <= allowance.

    Approximation: Dijkstra over the visibility-graph nodes (see navgraph) gives
    each node n a remaining budget r_n = allowance - cost(n); the region is the
    union over the start and the nodes with r_n > 0 of the part of the disc of
    radius r_n visible from the node among the inflated obstacles, minus the
    inflated obstacles. Inside difficult ground only the disc of radius r_n / 2
    is kept. Disc rims are inscribed polygons and obstacles are inflated by
    NAV_MARGIN, so the region is slightly conservative, except that difficult
    ground entered from a node lying inside it may be over-estimated and that
    an obstacle the start already touches is not used to cast shadows from
    the start. ``sample_reachable`` verifies every point it returns.
    """
    mover = table.resolve(base)
    if allowance <= 0:
        return shapely.Polygon()
    ctx = _nav_for(table, mover, ignore_terrain, ignore_difficult, others, extra_blockers)
    start = np.array([mover.x, mover.y], dtype=float)
    if not ctx.point_legal(start):
        return shapely.Polygon()
    g, _, _, _ = ctx.search(start, None, allowance)
    origins = [(start, float(allowance), True)]
    for i in np.nonzero(np.isfinite(g) & (g < allowance))[0]:
        origins.append((ctx.pts[i], float(allowance - g[i]), False))
    wall_a, wall_b = ctx.walls
    # obstacles containing the start (the mover touching them) cast no shadow from it
    inside = [k for k, part in enumerate(ctx.obstacle_parts)
              if shapely.intersects_xy(part, start[0], start[1])]
    start_mask = ~np.isin(ctx.wall_owner, inside)
    difficult = table.difficult_union if ctx.static.count_difficult else None
    regions = []
    for origin, budget, is_start in origins:
        if is_start:
            vis = cast_visibility(origin, budget, wall_a[start_mask], wall_b[start_mask])
        else:
            vis = cast_visibility(origin, budget, wall_a, wall_b)
        if difficult is not None and vis.intersects(difficult):
            half = shapely.Point(origin).buffer(budget / 2.0, quad_segs=16)
            vis = vis.difference(difficult.difference(half))
        regions.append(vis)
    region = shapely.union_all(regions)
    rect = shapely.box(*ctx.static.rect)
    return region.intersection(rect).difference(ctx.obstacles())


def sample_reachable(table: Table, base: BaseRef, allowance: float, rng_float: Callable[[], float],
                     n: int, *, ignore_terrain: bool = False, ignore_difficult: bool = False,
                     others: Sequence[BaseRef] | None = None,
                     extra_blockers: Sequence[BaseGeometry] = ()) -> list[Point2]:
    """Up to ``n`` points drawn uniformly (via ``rng_float``, floats in [0, 1)) in
    the reach region, each verified by a shortest path of cost <= allowance."""
    mover = table.resolve(base)
    region = reach(table, mover, allowance, ignore_terrain=ignore_terrain,
                   ignore_difficult=ignore_difficult, others=others, extra_blockers=extra_blockers)
    if region.is_empty or n <= 0:
        return []
    shapely.prepare(region)
    ctx = _nav_for(table, mover, ignore_terrain, ignore_difficult, others, extra_blockers)
    minx, miny, maxx, maxy = region.bounds
    out: list[Point2] = []
    draws, failures = 0, 0
    max_draws = 50 * n + 200
    while len(out) < n and draws < max_draws and failures <= 2 * n + 10:
        draws += 1
        x = minx + rng_float() * (maxx - minx)
        y = miny + rng_float() * (maxy - miny)
        if not shapely.contains_xy(region, x, y):
            continue
        if shortest_path_in(ctx, mover, (x, y), allowance) is None:
            failures += 1
            continue
        out.append((float(x), float(y)))
    return out
