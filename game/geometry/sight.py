"""Line of sight: exists-a-line visibility, silhouette hidden fraction, batch rays.

Sight-blocking terrain is tested with vectorised shapely calls against a
prepared union of the pieces shrunk by SIGHT_EPS (grazing never blocks).
Round bases are tested analytically (segment-to-centre distance < radius -
SIGHT_EPS): exact for circles and much cheaper than building, per query, a
shapely union that excludes the viewer's and target's bases. Square bases
(later rulesets) use their shrunk polygons with shapely.

Visibility between two bases is decided on the segments joining points of
their diameters perpendicular to the centre line (a quadrilateral "corridor"):
the centre line first (fast path), then the two corridor sides, then a single
convex blocker crossing both sides proves the target hidden, else one batch
of 16 silhouette rays + a 9 x 9 grid of segments decides.
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

SILHOUETTE_SAMPLES = 16
GRID_SAMPLES = 9
_SIL_UNIT = np.linspace(-1.0, 1.0, SILHOUETTE_SAMPLES)
_GRID_UNIT = np.linspace(-1.0, 1.0, GRID_SAMPLES)
_GRID_V = np.repeat(_GRID_UNIT, GRID_SAMPLES)
_GRID_T = np.tile(_GRID_UNIT, GRID_SAMPLES)


@dataclass(frozen=True)
class Sight:
    """``visible``: some segment joins the two bases without crossing sight-blocking
    terrain or another base. ``hidden_fraction``: share of the 16 silhouette rays
    (viewer centre -> points across the target's width) that are blocked; the
    blockers are the terrain pieces / other bases blocking at least one of them."""

    visible: bool
    hidden_fraction: float
    terrain_blockers: tuple[str, ...]
    figure_blockers: tuple[str, ...]


def _lines(starts: np.ndarray, ends: np.ndarray) -> np.ndarray:
    return shapely.linestrings(np.stack([starts, ends], axis=1))


# ----------------------------------------------------------------- batch rays
def base_hits(table: Table, starts: np.ndarray, ends: np.ndarray, idx: np.ndarray,
              lines: np.ndarray | None = None) -> np.ndarray:
    """(n, len(idx)) bool: ray i blocked by set base idx[j]."""
    bs = table.bset
    hits = np.zeros((len(starts), len(idx)), dtype=bool)
    if len(idx) == 0 or len(starts) == 0:
        return hits
    rnd = bs.round[idx]
    if rnd.all():
        return segment_circle_hits(starts, ends, bs.centres[idx], bs.sight_radii[idx])
    if rnd.any():
        hits[:, rnd] = segment_circle_hits(starts, ends, bs.centres[idx[rnd]], bs.sight_radii[idx[rnd]])
    if lines is None:
        lines = _lines(starts, ends)
    polys = np.array([bs.shrunk_polygon(i) for i in idx[~rnd]], dtype=object)
    hits[:, ~rnd] = shapely.intersects(polys[None, :], lines[:, None])
    return hits


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
    return tuple(table.sight_ids[i] for i in sorted(set(pi[ok].tolist())))


def rays_clear(table: Table, starts: np.ndarray, ends: np.ndarray,
               exclude_ids: Collection[str] = ()) -> np.ndarray:
    """Bool per ray: crosses no sight-blocking terrain and no set base whose id
    is not in ``exclude_ids``. One vectorised shapely call for terrain, one
    numpy broadcast for (round) bases."""
    starts = np.asarray(starts, dtype=float).reshape(-1, 2)
    ends = np.asarray(ends, dtype=float).reshape(-1, 2)
    lines = _lines(starts, ends)
    blocked = terrain_hits(table, lines)
    idx = np.nonzero(table.bset.mask_excluding(exclude_ids))[0]
    hits = base_hits(table, starts, ends, idx, lines)
    if hits.size:
        blocked |= hits.any(axis=1)
    return ~blocked


# ------------------------------------------------------------- viewer/target
class _Pair:
    """Frame of a viewer/target pair: centre line, normal, half widths, and the
    non-excluded bases near the corridor (``cands``)."""

    __slots__ = ("v", "t", "vx", "vy", "tx", "ty", "ux", "uy", "nx", "ny", "length",
                 "hv", "ht", "cands", "centre_hit")

    def __init__(self, table: Table, v: Base, t: Base, ignore: Collection[str]) -> None:
        self.v, self.t = v, t
        vx, vy, tx, ty = self.vx, self.vy, self.tx, self.ty = v.x, v.y, t.x, t.y
        dx, dy = tx - vx, ty - vy
        length = self.length = math.hypot(dx, dy)
        if length > 1e-9:
            ux, uy = dx / length, dy / length
        else:
            ux, uy = 1.0, 0.0
        self.ux, self.uy, self.nx, self.ny = ux, uy, -uy, ux
        self.hv, self.ht = v.half_chord(-uy, ux), t.half_chord(-uy, ux)
        width = max(self.hv, self.ht)
        cands: list[int] = []
        centre_hit = False
        vid, tid = v.id, t.id
        for bid, x, y, rs, rc, rnd, i in table.bset.circles:
            qx, qy = x - vx, y - vy
            a = qx * ux + qy * uy
            if a < -rc or a > length + rc:
                continue
            c = qx * uy - qy * ux
            if abs(c) >= rc + width or bid == vid or bid == tid or bid in ignore:
                continue
            cands.append(i)
            if centre_hit:
                continue
            if rnd:
                if a < 0.0:
                    d2 = qx * qx + qy * qy
                elif a > length:
                    d2 = (x - tx) ** 2 + (y - ty) ** 2
                else:
                    d2 = c * c
                centre_hit = d2 < rs * rs
            else:
                line = shapely.linestrings([[vx, vy], [tx, ty]])
                centre_hit = table.bset.shrunk_polygon(i).intersects(line)
        self.cands = np.array(cands, dtype=int)
        self.centre_hit = centre_hit

    def side_rays(self) -> tuple[np.ndarray, np.ndarray]:
        """The corridor's two sides: left edge to left edge, right edge to right edge."""
        ox, oy = self.nx * self.hv, self.ny * self.hv
        px, py = self.nx * self.ht, self.ny * self.ht
        starts = np.array([[self.vx + ox, self.vy + oy], [self.vx - ox, self.vy - oy]])
        ends = np.array([[self.tx + px, self.ty + py], [self.tx - px, self.ty - py]])
        return starts, ends

    def silhouette_rays(self) -> tuple[np.ndarray, np.ndarray]:
        s = _SIL_UNIT * self.ht
        ends = np.column_stack([self.tx + s * self.nx, self.ty + s * self.ny])
        starts = np.empty_like(ends)
        starts[:, 0], starts[:, 1] = self.vx, self.vy
        return starts, ends

    def grid_rays(self) -> tuple[np.ndarray, np.ndarray]:
        sv, st = _GRID_V * self.hv, _GRID_T * self.ht
        starts = np.column_stack([self.vx + sv * self.nx, self.vy + sv * self.ny])
        ends = np.column_stack([self.tx + st * self.nx, self.ty + st * self.ny])
        return starts, ends


def _parts_near(table: Table, minx: float, miny: float, maxx: float, maxy: float) -> list[int]:
    """Indices of connected sight blockers whose bounding box meets the given one."""
    return [k for k, (x0, y0, x1, y1) in enumerate(table.sight_parts_bounds)
            if x0 <= maxx and x1 >= minx and y0 <= maxy and y1 >= miny]


def _blocked(table: Table, p: _Pair, starts: np.ndarray, ends: np.ndarray
             ) -> tuple[np.ndarray, np.ndarray, np.ndarray | None]:
    """(terrain blocked, base hits on p.cands, lines or None) for a set of rays."""
    lines = None
    terrain = np.zeros(len(starts), dtype=bool)
    if table.sight_union is not None:
        lo = np.minimum(starts.min(axis=0), ends.min(axis=0))
        hi = np.maximum(starts.max(axis=0), ends.max(axis=0))
        if _parts_near(table, lo[0], lo[1], hi[0], hi[1]):
            lines = _lines(starts, ends)
            terrain = shapely.intersects(table.sight_union, lines)
    hits = base_hits(table, starts, ends, p.cands, lines)
    return terrain, hits, lines


def _corridor_bounds(p: _Pair, starts: np.ndarray, ends: np.ndarray) -> tuple[float, ...]:
    xs = (starts[0, 0], starts[1, 0], ends[0, 0], ends[1, 0])
    ys = (starts[0, 1], starts[1, 1], ends[0, 1], ends[1, 1])
    return min(xs), min(ys), max(xs), max(ys)


def _visible(table: Table, p: _Pair) -> bool:
    has_terrain = table.sight_union is not None
    if not p.centre_hit:
        if not has_terrain or not _parts_near(
                table, min(p.vx, p.tx), min(p.vy, p.ty), max(p.vx, p.tx), max(p.vy, p.ty)):
            return True
        if not table.sight_union.intersects(shapely.linestrings([[p.vx, p.vy], [p.tx, p.ty]])):
            return True
    # corridor sides, tested against each nearby connected blocker separately
    starts, ends = p.side_rays()
    parts = _parts_near(table, *_corridor_bounds(p, starts, ends)) if has_terrain else []
    hits = base_hits(table, starts, ends, p.cands)
    lines = None
    if parts:
        lines = _lines(starts, ends)
        per_part = shapely.intersects(table.sight_parts[parts][None, :], lines[:, None])
    else:
        per_part = np.zeros((2, 0), dtype=bool)
    if not (per_part.any(axis=1) | hits.any(axis=1)).all():
        return True
    # a single convex (or connected within the corridor) obstacle meeting both
    # sides crosses every segment between the two diameters
    if (hits[0] & hits[1]).any():
        return False
    both = [parts[k] for k in np.nonzero(per_part[0] & per_part[1])[0]]
    if both:
        if table.sight_parts_convex[both].any():
            return False
        quad = shapely.Polygon([starts[0], ends[0], ends[1], starts[1]])
        if any(table.sight_parts[k].intersection(quad).geom_type == "Polygon" for k in both):
            return False
    s1, e1 = p.silhouette_rays()
    s2, e2 = p.grid_rays()
    terrain, hits, _ = _blocked(table, p, np.concatenate([s1, s2]), np.concatenate([e1, e2]))
    return not (terrain | hits.any(axis=1)).all()


def can_see(table: Table, viewer: BaseRef, target: BaseRef, ignore: Collection[str] = ()) -> bool:
    """True if some segment from a point of the viewer's base to a point of the
    target's base crosses no sight-blocking terrain and no other base (the
    viewer's, the target's and ``ignore`` bases never block). Same answer as
    ``sight(...).visible``."""
    return _visible(table, _Pair(table, table.resolve(viewer), table.resolve(target), ignore))


def _silhouette(table: Table, p: _Pair) -> tuple[float, tuple[str, ...], tuple[str, ...]]:
    starts, ends = p.silhouette_rays()
    terrain, hits, lines = _blocked(table, p, starts, ends)
    terrain_ids = terrain_blocker_ids(table, lines[terrain]) if terrain.any() else ()
    figure_ids: tuple[str, ...] = ()
    blocked = terrain
    if hits.size:
        by_base = hits.any(axis=0)
        if by_base.any():
            ids = table.bset.ids
            figure_ids = tuple(ids[i] for i in np.sort(p.cands[by_base]))
            blocked = terrain | hits.any(axis=1)
    return float(blocked.mean()), terrain_ids, figure_ids


def hidden_fraction(table: Table, viewer: BaseRef, target: BaseRef,
                    ignore: Collection[str] = ()) -> float:
    """Only ``Sight.hidden_fraction``."""
    p = _Pair(table, table.resolve(viewer), table.resolve(target), ignore)
    return _silhouette(table, p)[0]


def sight(table: Table, viewer: BaseRef, target: BaseRef, ignore: Collection[str] = ()) -> Sight:
    """Full sight report (see :class:`Sight`)."""
    p = _Pair(table, table.resolve(viewer), table.resolve(target), ignore)
    hidden, terrain_ids, figure_ids = _silhouette(table, p)
    # a clear silhouette ray is itself a segment between the two bases
    visible = hidden < 1.0 or _visible(table, p)
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
