"""Line of sight: exists-a-line visibility, silhouette hidden fraction, batch rays.

Sight-blocking terrain is tested with one vectorised shapely call against a
prepared union of the pieces shrunk by SIGHT_EPS (grazing never blocks).
Round bases are tested analytically with numpy (segment-to-centre distance
< radius - SIGHT_EPS): exact for circles and much cheaper than building a
per-query shapely union that excludes the viewer's and target's bases.
Square bases (later rulesets) use their shrunk polygons with shapely.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np
import shapely

from .shapes import Base
from .vecmath import cast_visibility, segment_circle_hits

if TYPE_CHECKING:
    from shapely.geometry.base import BaseGeometry

    from .table import BaseRef, Table

SILHOUETTE_SAMPLES = 16   # rays from the viewer centre across the target's width
GRID_SAMPLES = 9          # points across each base for the exists-a-line search


@dataclass(frozen=True)
class Sight:
    visible: bool
    hidden_fraction: float
    terrain_blockers: tuple[str, ...]
    figure_blockers: tuple[str, ...]


def _as_points(a: np.ndarray) -> np.ndarray:
    return np.asarray(a, dtype=float).reshape(-1, 2)


def _lines(starts: np.ndarray, ends: np.ndarray) -> np.ndarray:
    return shapely.linestrings(np.stack([starts, ends], axis=1))


def base_hits(table: Table, starts: np.ndarray, ends: np.ndarray, exclude_ids: Collection[str],
              lines: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray]:
    """(n, k) bool matrix of rays blocked by each non-excluded base, and the k base indices."""
    bs = table.bset
    idx = np.nonzero(bs.mask_excluding(exclude_ids))[0]
    hits = np.zeros((len(starts), len(idx)), dtype=bool)
    if len(idx) == 0 or len(starts) == 0:
        return hits, idx
    rnd = bs.round[idx]
    if rnd.all():
        return segment_circle_hits(starts, ends, bs.centres[idx], bs.sight_radii[idx]), idx
    if rnd.any():
        hits[:, rnd] = segment_circle_hits(starts, ends, bs.centres[idx[rnd]], bs.sight_radii[idx[rnd]])
    if lines is None:
        lines = _lines(starts, ends)
    polys = np.array([bs.shrunk_polygon(i) for i in idx[~rnd]], dtype=object)
    hits[:, ~rnd] = shapely.intersects(polys[None, :], lines[:, None])
    return hits, idx


def terrain_hits(table: Table, lines: np.ndarray) -> np.ndarray:
    """Bool per line: crosses the interior of sight-blocking terrain."""
    if table.sight_union is None:
        return np.zeros(len(lines), dtype=bool)
    return shapely.intersects(table.sight_union, lines)


def terrain_blocker_ids(table: Table, lines: np.ndarray) -> tuple[str, ...]:
    """Ids of the sight-blocking pieces crossed by at least one of the lines."""
    if len(lines) == 0 or table.sight_union is None:
        return ()
    li, pi = table._sight_tree.query(lines)
    if len(li) == 0:
        return ()
    ok = shapely.intersects(table._sight_shrunk[pi], lines[li])
    found = set(pi[ok].tolist())
    return tuple(table.sight_ids[i] for i in sorted(found))


def rays_clear(table: Table, starts: np.ndarray, ends: np.ndarray,
               exclude_ids: Collection[str] = ()) -> np.ndarray:
    """Bool per ray: crosses no sight-blocking terrain and no non-excluded base.

    One vectorised shapely call for terrain, one numpy broadcast for bases.
    """
    starts, ends = _as_points(starts), _as_points(ends)
    lines = _lines(starts, ends)
    blocked = terrain_hits(table, lines)
    hits, _ = base_hits(table, starts, ends, exclude_ids, lines)
    if hits.size:
        blocked |= hits.any(axis=1)
    return ~blocked


def _frame(v: Base, t: Base) -> tuple[float, float, float, float]:
    """Unit direction viewer -> target and its left normal."""
    dx, dy = t.x - v.x, t.y - v.y
    length = math.hypot(dx, dy)
    if length < 1e-9:
        return 1.0, 0.0, 0.0, 1.0
    ux, uy = dx / length, dy / length
    return ux, uy, -uy, ux


def silhouette_rays(v: Base, t: Base) -> tuple[np.ndarray, np.ndarray]:
    """Rays from the viewer centre to 16 points evenly spread across the target's
    width (perpendicular to the centre line, from one side edge to the other)."""
    _, _, nx, ny = _frame(v, t)
    s = np.linspace(-1.0, 1.0, SILHOUETTE_SAMPLES) * t.half_chord(nx, ny)
    ends = np.column_stack([t.x + s * nx, t.y + s * ny])
    starts = np.broadcast_to(np.array([v.x, v.y]), ends.shape)
    return np.ascontiguousarray(starts), ends


def grid_rays(v: Base, t: Base) -> tuple[np.ndarray, np.ndarray]:
    """Rays between points spread across both bases' widths (all pairs)."""
    _, _, nx, ny = _frame(v, t)
    k = np.linspace(-1.0, 1.0, GRID_SAMPLES)
    sv = k * v.half_chord(nx, ny)
    st = k * t.half_chord(nx, ny)
    pv = np.column_stack([v.x + sv * nx, v.y + sv * ny])
    pt = np.column_stack([t.x + st * nx, t.y + st * ny])
    starts = np.repeat(pv, len(pt), axis=0)
    ends = np.tile(pt, (len(pv), 1))
    return starts, ends


def _exclusion(v: Base, t: Base, ignore: Collection[str]) -> set[str]:
    ex = {v.id, t.id}
    ex.update(ignore)
    return ex


def _centre_line_clear(table: Table, v: Base, t: Base, exclude: set[str]) -> bool:
    """Fast path: the centre-to-centre segment alone."""
    if table.sight_union is not None:
        line = shapely.linestrings([[v.x, v.y], [t.x, t.y]])
        if table.sight_union.intersects(line):
            return False
    bs = table.bset
    if not len(bs.ids):
        return True
    dx, dy = t.x - v.x, t.y - v.y
    length = math.hypot(dx, dy)
    # cheap pre-filter on the perpendicular distance to the infinite line
    cross = (bs.cx - v.x) * dy - (bs.cy - v.y) * dx
    near = np.abs(cross) < bs.circumradii * max(length, 1e-12)
    if not near.any():
        return True
    for i in np.nonzero(near)[0]:
        if bs.ids[i] in exclude:
            continue
        a = np.array([[v.x, v.y]])
        b = np.array([[t.x, t.y]])
        if bs.round[i]:
            if segment_circle_hits(a, b, bs.centres[i:i + 1], bs.sight_radii[i:i + 1])[0, 0]:
                return False
        elif bs.shrunk_polygon(i).intersects(shapely.linestrings([[v.x, v.y], [t.x, t.y]])):
            return False
    return True


def _grid_clear(table: Table, v: Base, t: Base, exclude: set[str]) -> bool:
    starts, ends = grid_rays(v, t)
    return bool(rays_clear(table, starts, ends, exclude).any())


def can_see(table: Table, viewer: BaseRef, target: BaseRef, ignore: Collection[str] = ()) -> bool:
    """True if some segment from a point of the viewer's base to a point of the
    target's base crosses no sight-blocking terrain and no other base.

    Candidates: the centre line (fast path), then in one batch the 16 silhouette
    rays and a 9 x 9 grid of segments between points across both bases' widths.
    """
    v, t = table.resolve(viewer), table.resolve(target)
    exclude = _exclusion(v, t, ignore)
    if _centre_line_clear(table, v, t, exclude):
        return True
    s1, e1 = silhouette_rays(v, t)
    s2, e2 = grid_rays(v, t)
    clear = rays_clear(table, np.concatenate([s1, s2]), np.concatenate([e1, e2]), exclude)
    return bool(clear.any())


def _silhouette(table: Table, v: Base, t: Base, exclude: set[str]
                ) -> tuple[float, tuple[str, ...], tuple[str, ...]]:
    starts, ends = silhouette_rays(v, t)
    blocked = np.zeros(len(starts), dtype=bool)
    terrain_ids: tuple[str, ...] = ()
    if table.sight_union is not None:
        fan = shapely.polygons([[v.x, v.y], ends[0], ends[-1]])
        if table.sight_union.intersects(fan) or fan.area == 0.0:
            lines = _lines(starts, ends)
            blocked = terrain_hits(table, lines)
            if blocked.any():
                terrain_ids = terrain_blocker_ids(table, lines[blocked])
    figure_ids: tuple[str, ...] = ()
    bs = table.bset
    if len(bs.ids):
        # only bases near the fan can block a silhouette ray
        dx, dy = t.x - v.x, t.y - v.y
        length = max(math.hypot(dx, dy), 1e-12)
        cross = np.abs((bs.cx - v.x) * dy - (bs.cy - v.y) * dx) / length
        along = ((bs.cx - v.x) * dx + (bs.cy - v.y) * dy) / length
        reach = bs.circumradii + t.circumradius
        near = (cross < reach) & (along > -bs.circumradii) & (along < length + reach)
        if near.any():
            ex = set(exclude)
            ex.update(bs.ids[i] for i in np.nonzero(~near)[0])
            hits, idx = base_hits(table, starts, ends, ex)
            if hits.size:
                blocked |= hits.any(axis=1)
                figure_ids = tuple(bs.ids[i] for i in idx[hits.any(axis=0)])
    return float(blocked.mean()), terrain_ids, figure_ids


def hidden_fraction(table: Table, viewer: BaseRef, target: BaseRef,
                    ignore: Collection[str] = ()) -> float:
    """Only ``Sight.hidden_fraction``."""
    v, t = table.resolve(viewer), table.resolve(target)
    return _silhouette(table, v, t, _exclusion(v, t, ignore))[0]


def sight(table: Table, viewer: BaseRef, target: BaseRef, ignore: Collection[str] = ()) -> Sight:
    """Full sight report (see :class:`Sight`)."""
    v, t = table.resolve(viewer), table.resolve(target)
    exclude = _exclusion(v, t, ignore)
    hidden, terrain_ids, figure_ids = _silhouette(table, v, t, exclude)
    # a clear silhouette ray is itself a segment between the two bases
    visible = hidden < 1.0 or _centre_line_clear(table, v, t, exclude) \
        or _grid_clear(table, v, t, exclude)
    return Sight(visible, hidden, terrain_ids, figure_ids)


def sight_many(table: Table, viewer: BaseRef, targets: Sequence[BaseRef],
               ignore: Collection[str] = ()) -> list[Sight]:
    """``sight`` for several targets of one viewer."""
    v = table.resolve(viewer)
    return [sight(table, v, t, ignore) for t in targets]


def visibility_polygon(table: Table, point: tuple[float, float], radius: float) -> BaseGeometry:
    """Region visible from ``point`` within ``radius``, blocked by sight-blocking
    terrain only (figures do not block). Exact ray casting towards terrain
    vertices; the rim is a 96-gon inscribed in the circle."""
    a, b = table.sight_edges
    return cast_visibility(point, radius, a, b)
