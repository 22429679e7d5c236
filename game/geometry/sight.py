"""Line of sight: exists-a-line visibility, silhouette hidden fraction, batch rays.

Sight-blocking terrain is tested with vectorised shapely calls against the
pieces shrunk by SIGHT_EPS (grazing a boundary never blocks), prepared, or
their prepared union. Round bases are tested analytically (distance from the
centre to the segment < radius - SIGHT_EPS): exact for circles and cheaper
than building, per query, a shapely union excluding the viewer's and
target's bases. Square bases (later rulesets) use shrunk polygons.

Visibility between two bases is decided on the segments joining points of
their diameters perpendicular to the centre line (the "corridor"): the centre
line first (fast path), then the two corridor sides; a single convex blocker
(a base, or a convex cell of the sight-blocking terrain) meeting both sides
proves the target hidden; otherwise one batch of the 16 silhouette rays plus
a 7 x 7 grid of segments decides.

Single queries avoid numpy on tiny arrays (call overhead dominates there) and
use plain python for the few bases near the corridor.
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
GRID_SAMPLES = 7


def _ray_template(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Rows [1, a_i, b_i]: ray i goes from v + a_i * hv * n to t + b_i * ht * n."""
    return np.column_stack([np.ones(len(a)), a, b])


_SIL_UNIT = np.linspace(-1.0, 1.0, SILHOUETTE_SAMPLES)
_GRID_UNIT = np.linspace(-1.0, 1.0, GRID_SAMPLES)
SILHOUETTE_TEMPLATE = _ray_template(np.zeros(SILHOUETTE_SAMPLES), _SIL_UNIT)
FULL_TEMPLATE = np.concatenate([SILHOUETTE_TEMPLATE, _ray_template(
    np.repeat(_GRID_UNIT, GRID_SAMPLES), np.tile(_GRID_UNIT, GRID_SAMPLES))])


@dataclass(frozen=True)
class Sight:
    """``visible``: some segment joins the two bases without crossing sight-blocking
    terrain or another base. ``hidden_fraction``: share of the 16 silhouette rays
    (viewer centre -> points evenly across the target's width, perpendicular to
    the centre line, edge to edge) that are blocked; ``terrain_blockers`` /
    ``figure_blockers``: terrain pieces / other bases blocking at least one of them."""

    visible: bool
    hidden_fraction: float
    terrain_blockers: tuple[str, ...]
    figure_blockers: tuple[str, ...]


def _lines(starts: np.ndarray, ends: np.ndarray) -> np.ndarray:
    return shapely.linestrings(np.stack([starts, ends], axis=1))


def _seg_hits_circle(ax: float, ay: float, bx: float, by: float,
                     cx: float, cy: float, r: float) -> bool:
    dx, dy, qx, qy = bx - ax, by - ay, cx - ax, cy - ay
    l2 = dx * dx + dy * dy
    t = (qx * dx + qy * dy) / l2 if l2 > 0.0 else 0.0
    t = 0.0 if t < 0.0 else (1.0 if t > 1.0 else t)
    ex, ey = qx - t * dx, qy - t * dy
    return ex * ex + ey * ey < r * r


# ----------------------------------------------------------------- batch rays
def base_hits(table: Table, starts: np.ndarray, ends: np.ndarray, idx: np.ndarray,
              lines: np.ndarray | None = None) -> np.ndarray:
    """(n, len(idx)) bool: ray i blocked by set base idx[j] (numpy, for batches)."""
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


def rays_clear(table: Table, starts: np.ndarray, ends: np.ndarray,
               exclude_ids: Collection[str] = ()) -> np.ndarray:
    """Bool per ray: crosses no sight-blocking terrain and no set base whose id
    is not in ``exclude_ids``. One vectorised shapely call (linestrings +
    intersects against the prepared union) for terrain, one numpy broadcast
    for round bases."""
    starts = np.asarray(starts, dtype=float).reshape(-1, 2)
    ends = np.asarray(ends, dtype=float).reshape(-1, 2)
    lines = _lines(starts, ends)
    if table.sight_union is None:
        blocked = np.zeros(len(lines), dtype=bool)
    else:
        blocked = shapely.intersects(table.sight_union, lines)
    idx = np.nonzero(table.bset.mask_excluding(exclude_ids))[0]
    hits = base_hits(table, starts, ends, idx, lines)
    if hits.size:
        blocked |= hits.any(axis=1)
    return ~blocked


# ------------------------------------------------------------- viewer/target
class _Pair:
    """Frame of a viewer/target pair: centre line, normal, half widths, and the
    non-excluded bases near the corridor (``cands``)."""

    __slots__ = ("table", "v", "t", "vx", "vy", "tx", "ty", "nx", "ny", "hv", "ht",
                 "cands", "centre_hit")

    def __init__(self, table: Table, v: Base, t: Base, ignore: Collection[str]) -> None:
        self.table, self.v, self.t = table, v, t
        vx, vy, tx, ty = self.vx, self.vy, self.tx, self.ty = v.x, v.y, t.x, t.y
        dx, dy = tx - vx, ty - vy
        length = math.hypot(dx, dy)
        ux, uy = (dx / length, dy / length) if length > 1e-9 else (1.0, 0.0)
        self.nx, self.ny = -uy, ux
        self.hv, self.ht = v.half_chord(-uy, ux), t.half_chord(-uy, ux)
        width = max(self.hv, self.ht)
        cands = []
        centre_hit = False
        vid, tid = v.id, t.id
        for bid, x, y, rs, rc, rnd, i in table.bset.circles:
            qx, qy = x - vx, y - vy
            a = qx * ux + qy * uy
            if a < -rc or a > length + rc or abs(qx * uy - qy * ux) >= rc + width:
                continue
            if bid == vid or bid == tid or bid in ignore:
                continue
            cands.append(i)
            if not centre_hit:
                centre_hit = self._blocks(i, vx, vy, tx, ty)
        self.cands = cands
        self.centre_hit = centre_hit

    def _blocks(self, i: int, ax: float, ay: float, bx: float, by: float) -> bool:
        bs = self.table.bset
        _, x, y, rs, _, rnd, _ = bs.circles[i]
        if rnd:
            return _seg_hits_circle(ax, ay, bx, by, x, y, rs)
        return bs.shrunk_polygon(i).intersects(shapely.linestrings([[ax, ay], [bx, by]]))

    def base_blockers(self, segs: list[tuple[float, float, float, float]]) -> list[list[bool]]:
        """For each candidate base, whether it blocks each segment (python; few bases)."""
        return [[self._blocks(i, *s) for s in segs] for i in self.cands]

    def sides(self) -> list[tuple[float, float, float, float]]:
        """The corridor's two sides: left edge to left edge, right edge to right edge."""
        ox, oy = self.nx * self.hv, self.ny * self.hv
        px, py = self.nx * self.ht, self.ny * self.ht
        return [(self.vx + ox, self.vy + oy, self.tx + px, self.ty + py),
                (self.vx - ox, self.vy - oy, self.tx - px, self.ty - py)]

    def ray_coords(self, template: np.ndarray) -> np.ndarray:
        """(m, 2, 2) ray coordinates from a template (see ``_ray_template``)."""
        hv, ht, nx, ny = self.hv, self.ht, self.nx, self.ny
        frame = np.array([[self.vx, self.vy, self.tx, self.ty],
                          [nx * hv, ny * hv, 0.0, 0.0],
                          [0.0, 0.0, nx * ht, ny * ht]])
        return (template @ frame).reshape(-1, 2, 2)


def _pieces_near(table: Table, xs: Sequence[float], ys: Sequence[float]) -> list[int]:
    """Sight-blocking pieces whose bounding box meets that of the given points."""
    minx, maxx, miny, maxy = min(xs), max(xs), min(ys), max(ys)
    return [k for k, (x0, y0, x1, y1) in enumerate(table.sight_bounds)
            if x0 <= maxx and x1 >= minx and y0 <= maxy and y1 >= miny]


def _coords_blocked(p: _Pair, coords: np.ndarray) -> np.ndarray:
    """Bool per ray (coords (n, 2, 2)): blocked by terrain or a candidate base."""
    table = p.table
    lines = shapely.linestrings(coords)
    blocked = shapely.intersects(table.sight_union, lines) if table.sight_union is not None \
        else np.zeros(len(coords), dtype=bool)
    if p.cands:
        hits = base_hits(table, coords[:, 0], coords[:, 1], np.array(p.cands), lines)
        blocked |= hits.any(axis=1)
    return blocked


def _cells_near(table: Table, xs: Sequence[float], ys: Sequence[float]) -> list[int]:
    minx, maxx, miny, maxy = min(xs), max(xs), min(ys), max(ys)
    return [k for k, (x0, y0, x1, y1) in enumerate(table.sight_cell_bounds)
            if x0 <= maxx and x1 >= minx and y0 <= maxy and y1 >= miny]


def _visible(p: _Pair) -> bool:
    table = p.table
    terrain = table.sight_union is not None
    if not p.centre_hit and (not terrain or not _pieces_near(table, (p.vx, p.tx), (p.vy, p.ty))):
        return True  # fast path: nothing near the centre line
    # centre line and corridor sides, against each nearby convex cell of the sight blockers
    sides = p.sides()
    (ax, ay, bx, by), (cx, cy, dx, dy) = sides
    near = _cells_near(table, (ax, bx, cx, dx), (ay, by, cy, dy)) if terrain else []
    if near:
        lines = shapely.linestrings([[[p.vx, p.vy], [p.tx, p.ty]], [[ax, ay], [bx, by]],
                                     [[cx, cy], [dx, dy]]])
        per_cell = shapely.intersects(table.sight_cells[near][:, None], lines[None, :]).tolist()
    else:
        per_cell = []
    if not p.centre_hit and not any(h[0] for h in per_cell):
        return True
    by_base = p.base_blockers(sides)
    left = any(h[0] for h in by_base) or any(h[1] for h in per_cell)
    right = any(h[1] for h in by_base) or any(h[2] for h in per_cell)
    if not (left and right):
        return True
    # a convex obstacle meeting both sides crosses every segment between the diameters
    if any(h[0] and h[1] for h in by_base) or any(h[1] and h[2] for h in per_cell):
        return False
    return not _coords_blocked(p, p.ray_coords(FULL_TEMPLATE)).all()


def can_see(table: Table, viewer: BaseRef, target: BaseRef, ignore: Collection[str] = ()) -> bool:
    """True if some segment from a point of the viewer's base to a point of the
    target's base crosses no sight-blocking terrain and no other base (the
    viewer's, the target's and ``ignore`` bases never block). Same answer as
    ``sight(...).visible``."""
    return _visible(_Pair(table, table.resolve(viewer), table.resolve(target), ignore))


def _silhouette(p: _Pair) -> tuple[float, tuple[str, ...], tuple[str, ...]]:
    table = p.table
    coords = p.ray_coords(SILHOUETTE_TEMPLATE)
    ends = coords[:, 1]
    n = SILHOUETTE_SAMPLES
    blocked = [False] * n
    terrain_ids: tuple[str, ...] = ()
    if table.sight_union is not None:
        near = _pieces_near(table, (p.vx, ends[0, 0], ends[-1, 0]), (p.vy, ends[0, 1], ends[-1, 1]))
        if near:
            lines = shapely.linestrings(coords)
            hit = shapely.intersects(table.sight_union, lines)
            if hit.any():
                blocked = hit.tolist()
                if len(near) > 1:  # which pieces: only the blocked rays, near pieces
                    m = shapely.intersects(table.sight_shrunk[near][:, None], lines[hit][None, :])
                    near = [k for k, h in zip(near, m.any(axis=1).tolist()) if h]
                terrain_ids = tuple(table.sight_ids[k] for k in near)
    figure_ids = []
    if p.cands:
        segs = [(p.vx, p.vy, x, y) for x, y in ends.tolist()]
        for i, hits in zip(p.cands, p.base_blockers(segs)):
            if any(hits):
                figure_ids.append(table.bset.ids[i])
                blocked = [a or b for a, b in zip(blocked, hits)]
    return sum(blocked) / n, terrain_ids, tuple(figure_ids)


def hidden_fraction(table: Table, viewer: BaseRef, target: BaseRef,
                    ignore: Collection[str] = ()) -> float:
    """Only ``Sight.hidden_fraction``."""
    return _silhouette(_Pair(table, table.resolve(viewer), table.resolve(target), ignore))[0]


def sight(table: Table, viewer: BaseRef, target: BaseRef, ignore: Collection[str] = ()) -> Sight:
    """Full sight report (see :class:`Sight`)."""
    p = _Pair(table, table.resolve(viewer), table.resolve(target), ignore)
    hidden, terrain_ids, figure_ids = _silhouette(p)
    # a clear silhouette ray is itself a segment between the two bases
    visible = hidden < 1.0 or _visible(p)
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
