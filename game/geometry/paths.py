"""Movement: path legality and cost, shortest paths, contact positions."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np
import shapely

from .navgraph import NavContext, nav_context
from .navstatic import movement_costs
from .tolerances import EDGE_EPS, NAV_MARGIN, OVERLAP_EPS
from .vecmath import segment_circle_hits

if TYPE_CHECKING:
    from shapely.geometry.base import BaseGeometry

    from .shapes import Base
    from .table import BaseRef, Table

Point2 = tuple[float, float]


@dataclass(frozen=True)
class PathCheck:
    """Result of :func:`check_path`. ``reason``: None, "off_table", "terrain",
    "figure:<id>", "zone" or "too_far"; ``cost`` is always computed."""

    ok: bool
    reason: str | None
    cost: float
    end: Point2


def default_others(table: Table, mover: Base, others: Sequence[BaseRef] | None) -> list[Base]:
    """The bases that obstruct ``mover``: given ones, or all set bases but itself."""
    if others is None:
        return [b for b in table.bset.bases if b.id != mover.id]
    return [o for o in (table.resolve(x) for x in others) if o.id != mover.id]


def _path_points(mover: Base, path: Sequence[Point2]) -> np.ndarray:
    pts = np.asarray(path, dtype=float).reshape(-1, 2)
    centre = np.array([[mover.x, mover.y]])
    if len(pts) == 0 or math.hypot(*(pts[0] - centre[0])) > 1e-9:
        pts = np.concatenate([centre, pts])
    if len(pts) > 1:
        step = np.hypot(*np.diff(pts, axis=0).T)
        pts = pts[np.concatenate([[True], step > 1e-12])]
    return pts


def _union(geoms: Sequence[BaseGeometry]) -> BaseGeometry | None:
    if not geoms:
        return None
    u = shapely.union_all(list(geoms))
    if u.is_empty:
        return None
    shapely.prepare(u)
    return u


def _first_hit(hits: np.ndarray, a: np.ndarray, centres: np.ndarray) -> int | None:
    """Column of the first blocking obstacle along the path (segment order, then
    distance from the segment start)."""
    rows = np.nonzero(hits.any(axis=1))[0]
    if len(rows) == 0:
        return None
    i = rows[0]
    cols = np.nonzero(hits[i])[0]
    d = np.hypot(*(centres[cols] - a[i]).T)
    return int(cols[np.argmin(d)])


def check_path(table: Table, base: BaseRef, path: Sequence[Point2], allowance: float | None, *,
               ignore_terrain: bool = False, ignore_difficult: bool = False,
               others: Sequence[BaseRef] | None = None,
               extra_blockers: Sequence[BaseGeometry] = ()) -> PathCheck:
    """Legality and cost of moving ``base`` so that its centre follows ``path``.

    The base swept along each segment must stay on the table and must not
    overlap movement-blocking terrain, another base or an extra blocker
    (interpenetration up to OVERLAP_EPS counts as touching, which is allowed).
    Cost = centre-line length, the part inside difficult ground counted twice.
    """
    mover = table.resolve(base)
    pts = _path_points(mover, path)
    end = (float(pts[-1, 0]), float(pts[-1, 1]))
    a, e = pts[:-1], pts[1:]
    cost = float(movement_costs(table, a, e, not ignore_difficult).sum())
    obstacles = default_others(table, mover, others)
    zone = _union(extra_blockers)
    blockers = None if ignore_terrain else table.move_union
    if len(a) == 0:
        return PathCheck(True, None, 0.0, end)
    if mover.is_round:
        reason = _round_path_reason(table, mover, pts, a, e, obstacles, blockers, zone)
    else:
        reason = _polygon_path_reason(table, mover, pts, a, e, obstacles, blockers, zone)
    if reason is None and allowance is not None and cost > allowance + EDGE_EPS:
        reason = "too_far"
    return PathCheck(reason is None, reason, cost, end)


def _round_path_reason(table: Table, mover: Base, pts: np.ndarray, a: np.ndarray, e: np.ndarray,
                       obstacles: list[Base], blockers: BaseGeometry | None,
                       zone: BaseGeometry | None) -> str | None:
    r = mover.radius
    lo, hi_x, hi_y = r - EDGE_EPS, table.width - r + EDGE_EPS, table.height - r + EDGE_EPS
    if ((pts[:, 0] < lo) | (pts[:, 0] > hi_x) | (pts[:, 1] < lo) | (pts[:, 1] > hi_y)).any():
        return "off_table"
    lines = shapely.linestrings(np.stack([a, e], axis=1))
    if blockers is not None and shapely.dwithin(blockers, lines, r - OVERLAP_EPS).any():
        return "terrain"
    if obstacles:
        centres = np.array([(o.x, o.y) for o in obstacles])
        hits = np.zeros((len(a), len(obstacles)), dtype=bool)
        rnd = np.array([o.is_round for o in obstacles])
        if rnd.any():
            radii = np.array([o.radius for o in obstacles])[rnd]
            hits[:, rnd] = segment_circle_hits(a, e, centres[rnd], r + radii - OVERLAP_EPS)
        for j in np.nonzero(~rnd)[0]:
            hits[:, j] = shapely.dwithin(obstacles[j].polygon(), lines, r - OVERLAP_EPS)
        k = _first_hit(hits, a, centres)
        if k is not None:
            return f"figure:{obstacles[k].id}"
    if zone is not None and shapely.dwithin(zone, lines, r - OVERLAP_EPS).any():
        return "zone"
    return None


def _polygon_path_reason(table: Table, mover: Base, pts: np.ndarray, a: np.ndarray, e: np.ndarray,
                         obstacles: list[Base], blockers: BaseGeometry | None,
                         zone: BaseGeometry | None) -> str | None:
    """Non-round movers: the sweep of a translated convex footprint along a
    segment is the convex hull of its start and end footprints."""
    outline = mover.outline_coords(at=(0.0, 0.0))
    allv = pts[:, None, :] + outline[None, :, :]
    if (allv[..., 0].min() < -EDGE_EPS or allv[..., 1].min() < -EDGE_EPS
            or allv[..., 0].max() > table.width + EDGE_EPS
            or allv[..., 1].max() > table.height + EDGE_EPS):
        return "off_table"
    hulls = shapely.convex_hull(shapely.multipoints(np.concatenate([allv[:-1], allv[1:]], axis=1)))
    shrunk = shapely.buffer(hulls, -OVERLAP_EPS, join_style="mitre")
    if blockers is not None and shapely.intersects(blockers, shrunk).any():
        return "terrain"
    if obstacles:
        centres = np.array([(o.x, o.y) for o in obstacles])
        hits = np.zeros((len(a), len(obstacles)), dtype=bool)
        for j, o in enumerate(obstacles):
            if o.is_round:
                hits[:, j] = shapely.dwithin(hulls, shapely.Point(o.x, o.y), o.radius - OVERLAP_EPS)
            else:
                hits[:, j] = shapely.intersects(shrunk, o.polygon())
        k = _first_hit(hits, a, centres)
        if k is not None:
            return f"figure:{obstacles[k].id}"
    if zone is not None and shapely.intersects(zone, shrunk).any():
        return "zone"
    return None


def _nav_for(table: Table, mover: Base, ignore_terrain: bool, ignore_difficult: bool,
             others: Sequence[BaseRef] | None, extra_blockers: Sequence[BaseGeometry]) -> NavContext:
    # non-round movers are planned as their circumscribed circle (conservative)
    return nav_context(table, mover.circumradius, ignore_terrain, ignore_difficult,
                       default_others(table, mover, others), extra_blockers)


def shortest_path_in(ctx: NavContext, mover: Base, goal: Point2, max_cost: float | None
                     ) -> tuple[list[Point2], float] | None:
    """Shortest path for ``mover``'s centre within an already built NavContext."""
    start = np.array([mover.x, mover.y], dtype=float)
    target = np.asarray(goal, dtype=float).reshape(2)
    if math.hypot(*(target - start)) <= 1e-12:
        return None if max_cost is not None and max_cost < -EDGE_EPS else ([(mover.x, mover.y)], 0.0)
    if not ctx.point_legal(target) or not ctx.point_legal(start):
        return None
    _, parent, best, best_parent = ctx.search(start, target, max_cost)
    if not math.isfinite(best):
        return None
    path = ctx.path_to(start, target, parent, best_parent)
    pts = np.asarray(path)
    cost = float(movement_costs(ctx.table, pts[:-1], pts[1:], ctx.static.count_difficult).sum())
    if max_cost is not None and cost > max_cost + EDGE_EPS:
        return None
    return path, cost


def shortest_path(table: Table, base: BaseRef, goal: Point2, *, ignore_terrain: bool = False,
                  ignore_difficult: bool = False, others: Sequence[BaseRef] | None = None,
                  extra_blockers: Sequence[BaseGeometry] = (),
                  max_cost: float | None = None) -> tuple[list[Point2], float] | None:
    """Cheapest legal centre path from the base's centre to ``goal`` and its cost,
    or None (unreachable, goal illegal, or cost above ``max_cost``).

    Visibility graph over inflated obstacles + A* (see :mod:`navgraph`). Exact
    among paths bending at obstacle corners; with difficult ground the optimum
    may bend on its boundary, approximated by nodes just outside its corners.
    """
    mover = table.resolve(base)
    ctx = _nav_for(table, mover, ignore_terrain, ignore_difficult, others, extra_blockers)
    found = shortest_path_in(ctx, mover, goal, max_cost)
    if found is not None or (max_cost is not None and
                             math.hypot(goal[0] - mover.x, goal[1] - mover.y) > max_cost + EDGE_EPS):
        return found
    if ctx.point_legal(np.array([mover.x, mover.y], dtype=float)) and \
            ctx.point_legal(np.asarray(goal, dtype=float).reshape(2)):
        return None          # the planner's answer stands: both ends are ordinary nodes
    # The planner sees square bases as their circumscribed circles: a start or a goal
    # touching another square base (even legally) lies inside that circle. Try the exact
    # straight line, then leave the start / reach the goal by an exact straight leg.
    kw = {"ignore_terrain": ignore_terrain, "ignore_difficult": ignore_difficult,
          "others": others, "extra_blockers": extra_blockers}
    return _exact_detour(table, ctx, mover, (float(goal[0]), float(goal[1])), max_cost, kw)


ESCAPE_DIRECTIONS = 8
ESCAPE_RINGS = (0.6, 1.2)     # times the mover's circumradius
ESCAPES = 2                   # escape points kept at each end


def _exact_leg(table: Table, mover: Base, a: Point2, b: Point2, kw: dict) -> float | None:
    """Cost of the straight leg a -> b when check_path accepts it, else None."""
    res = check_path(table, mover.moved(*a), [b], None, **kw)
    return res.cost if res.ok else None


def _escapes(table: Table, ctx: NavContext, mover: Base, at: Point2, toward: Point2,
             kw: dict) -> list[tuple[Point2, float]]:
    """Points the planner accepts, joined to ``at`` by an exact straight leg (the nearest
    ring first, directions toward ``toward`` first), with the leg's cost."""
    if ctx.point_legal(np.asarray(at, dtype=float)):
        return [(at, 0.0)]
    base = math.atan2(toward[1] - at[1], toward[0] - at[0])
    order = sorted(range(ESCAPE_DIRECTIONS), key=lambda k: min(k, ESCAPE_DIRECTIONS - k))
    out: list[tuple[Point2, float]] = []
    for ring in ESCAPE_RINGS:
        d = mover.circumradius * ring
        for k in order:
            ang = base + 2.0 * math.pi * k / ESCAPE_DIRECTIONS
            p = (at[0] + d * math.cos(ang), at[1] + d * math.sin(ang))
            if not ctx.point_legal(np.asarray(p)):
                continue
            c = _exact_leg(table, mover, at, p, kw)
            if c is not None:
                out.append((p, c))
                if len(out) >= ESCAPES:
                    return out
        if out:
            return out
    return out


def _exact_detour(table: Table, ctx: NavContext, mover: Base, goal: Point2, max_cost: float | None,
                  kw: dict) -> tuple[list[Point2], float] | None:
    start = (mover.x, mover.y)
    cap = math.inf if max_cost is None else max_cost + EDGE_EPS
    direct = _exact_leg(table, mover, start, goal, kw)
    if direct is not None:
        return ([start, goal], direct) if direct <= cap else None
    best: tuple[list[Point2], float] | None = None
    for s, cs in _escapes(table, ctx, mover, start, goal, kw):
        for g, cg in _escapes(table, ctx, mover.moved(*goal), goal, s, kw):
            if s == start and g == goal:
                continue
            room = cap - cs - cg if best is None else min(cap, best[1]) - cs - cg
            if room < math.hypot(g[0] - s[0], g[1] - s[1]):
                continue
            mid = shortest_path_in(ctx, mover.moved(*s), g, None if math.isinf(room) else room)
            if mid is None:
                continue
            pts = ([start] if s != start else []) + list(mid[0]) + ([goal] if g != goal else [])
            total = cs + mid[1] + cg
            if total <= cap and (best is None or total < best[1]):
                best = (pts, total)
    return best


def _legal_positions(table: Table, mover: Base, pts: np.ndarray, others: list[Base]) -> np.ndarray:
    """Bool per centre position: on the table, clear of blocking terrain and of ``others``."""
    ok = np.array([table.on_table(mover.moved(x, y)) for x, y in pts], dtype=bool)
    if mover.is_round:
        r = mover.radius
        if table.move_union is not None:
            ok &= ~shapely.dwithin(table.move_union, shapely.points(pts), r - OVERLAP_EPS)
        for o in others:
            if o.is_round:
                ok &= np.hypot(pts[:, 0] - o.x, pts[:, 1] - o.y) >= r + o.radius - OVERLAP_EPS
            else:
                ok &= ~shapely.dwithin(o.polygon(), shapely.points(pts), r - OVERLAP_EPS)
        return ok
    for i, (x, y) in enumerate(pts):
        if ok[i]:
            moved = mover.moved(x, y)
            ok[i] = not table.in_blocking_terrain(moved) and \
                table.overlaps_any(moved, others, OVERLAP_EPS) is None
    return ok


def _contact_distance(mover: Base, target: Base, ux: float, uy: float) -> float:
    """Centre distance along (ux, uy) at which the two footprints just touch."""
    if mover.is_round and target.is_round:
        return mover.radius + target.radius
    lo, hi = 0.0, mover.circumradius + target.circumradius
    tp = target.polygon()
    for _ in range(40):
        mid = (lo + hi) / 2
        if mover.moved(target.x + ux * mid, target.y + uy * mid).polygon().intersects(tp):
            lo = mid
        else:
            hi = mid
    return hi


def contact_points(table: Table, mover: BaseRef, target: BaseRef, n: int = 16) -> list[Point2]:
    """Centre positions putting ``mover`` exactly in base contact with ``target``,
    evenly spaced around it (starting on the side facing the mover), keeping
    only those on the table and overlapping no other base nor blocking terrain."""
    m, t = table.resolve(mover), table.resolve(target)
    pts = _around(m, t, n)
    return [p for p, good in zip(pts, _legal_around(table, m, t, pts)) if good]


def approach_points(table: Table, mover: BaseRef, target: BaseRef, gap: float, n: int = 16) -> list[Point2]:
    """Centre positions leaving ``mover`` about ``gap`` (edge to edge, at most ``gap``) from
    ``target``, around it like :func:`contact_points` and kept likewise (on the table, clear
    of other bases and blocking terrain); for gap 0 the contact points themselves."""
    m, t = table.resolve(mover), table.resolve(target)
    if gap <= 0:
        return contact_points(table, m, t, n)
    pts = []
    for x, y in _around(m, t, n):
        d = math.hypot(x - t.x, y - t.y) or 1.0
        k = (d + gap) / d
        pts.append((t.x + (x - t.x) * k, t.y + (y - t.y) * k))
    ok = _legal_around(table, m, t, pts)
    return [p for p, good in zip(pts, ok) if good and table.distance(m.moved(*p), t) <= gap + EDGE_EPS]


def _around(m: Base, t: Base, n: int) -> list[Point2]:
    """The n touching positions around ``t`` (legal or not), starting on the side facing ``m``."""
    start = math.atan2(m.y - t.y, m.x - t.x) if (m.x, m.y) != (t.x, t.y) else 0.0
    out = []
    for k in range(n):
        ang = start + 2.0 * math.pi * k / n
        ux, uy = math.cos(ang), math.sin(ang)
        d = _contact_distance(m, t, ux, uy)
        out.append((t.x + ux * d, t.y + uy * d))
    return out


def _legal_around(table: Table, m: Base, t: Base, pts: list[Point2]):
    """Which of ``pts`` are legal centre positions for ``m`` (bases other than ``m`` and ``t``
    count as obstacles)."""
    arr = np.array(pts, dtype=float).reshape(-1, 2)
    others = [b for b in table.bset.bases if b.id not in (m.id, t.id)]
    return _legal_positions(table, m, arr, others)


def nearest_free_point(table: Table, base: BaseRef, point: Point2, max_dist: float, *,
                       others: Sequence[BaseRef] | None = None) -> Point2 | None:
    """``point`` if it is a legal centre position for the base, else the nearest
    legal position (NAV_MARGIN clear of obstacles) within ``max_dist``, else None."""
    mover = table.resolve(base)
    obstacles = default_others(table, mover, others)
    p = np.asarray(point, dtype=float).reshape(1, 2)
    if _legal_positions(table, mover, p, obstacles)[0]:
        return (float(p[0, 0]), float(p[0, 1]))
    r = mover.circumradius
    w, h = table.width, table.height
    if w <= 2 * r or h <= 2 * r:
        return None
    clearance = r + NAV_MARGIN
    near = shapely.Point(p[0]).buffer(max_dist + clearance + 1.0)
    blocked = [shapely.Point(o.x, o.y).buffer(clearance + o.circumradius, quad_segs=16)
               for o in obstacles]
    if table.move_union is not None:
        blocked.append(table.move_union.intersection(near).buffer(clearance, quad_segs=16))
    free = shapely.box(r, r, w - r, h - r).intersection(near)
    if blocked:
        free = free.difference(shapely.union_all(blocked))
    if free.is_empty:
        return None
    x, y = shapely.shortest_line(shapely.Point(p[0]), free).coords[-1]
    if math.hypot(x - p[0, 0], y - p[0, 1]) > max_dist:
        return None
    return (float(x), float(y))
