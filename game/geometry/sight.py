"""Line of sight: exists-a-line visibility, silhouette hidden fraction, batch rays.

Sight-blocking terrain is the pieces shrunk by SIGHT_EPS (grazing a boundary
never blocks). Batches of rays test it with one vectorised shapely call
against the prepared union. Single queries instead use exact plain-python
tests (:mod:`.convex`) against the few convex cells covering it near the
query (:mod:`.corridor`): at that size shapely's and numpy's per-call
overheads dominate. Round bases are tested analytically (distance from the
centre to the segment < radius - SIGHT_EPS); square bases (later rulesets)
use shrunk polygons.

Visibility between two bases is decided on the segments joining points of
their diameters perpendicular to the centre line (the "corridor"): the centre
line first (fast path), then the two corridor sides; a single convex blocker
(a base, or a convex cell of the sight-blocking terrain) meeting both sides
proves the target hidden; otherwise the 16 silhouette rays plus a 7 x 7 grid
of segments decide (eight fans of rays, :mod:`.fans`). The silhouette (16
rays from the viewer's centre across the target) is one such fan.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np
import shapely

from .convex import meets_segment, segment_meets
from .corridor import FULL_TEMPLATE, _Pair, _Segment
from .fans import fans_all_blocked, silhouette
from .vecmath import cast_visibility, segment_circle_hits

if TYPE_CHECKING:
    from shapely.geometry.base import BaseGeometry

    from .table import BaseRef, Table


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
    intersects against the prepared union) for terrain, then one numpy
    broadcast for round bases over the rays terrain left clear."""
    starts = np.asarray(starts, dtype=float).reshape(-1, 2)
    ends = np.asarray(ends, dtype=float).reshape(-1, 2)
    if table.sight_union is None:
        clear = np.ones(len(starts), dtype=bool)
    else:
        clear = ~shapely.intersects(table.sight_union, _lines(starts, ends))
    idx = np.nonzero(table.bset.mask_excluding(exclude_ids))[0]
    if len(idx):
        rows = np.flatnonzero(clear)
        if len(rows):
            hits = base_hits(table, starts[rows], ends[rows], idx)
            clear[rows[hits.any(axis=1)]] = False
    return clear


# ------------------------------------------------------------- viewer/target
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


def _visible(p: _Pair) -> bool:
    """Decide on the centre line, then the corridor sides, then (rarely) a batch
    of rays. Each obstacle near the corridor (a candidate base or a convex cell
    of the sight blockers) is tested against a segment only when needed."""
    cells = p.cells
    if not p.centre_hit:
        if not cells:
            return True  # fast path: nothing near the corridor
        if p.length > 1e-9:
            zv, cu, length = p.zv, p.cu, p.length
            for zs in p.centre_cells:
                if meets_segment(zs, zv, cu, length):
                    break
            else:
                return True
        elif not any(segment_meets(zs, p.zv, p.zt) for zs in cells):
            return True
    n = 1j * p.cu.conjugate()  # unit normal (nx, ny)
    ov, ot = n * p.hv, n * p.ht
    left = _Segment(p, p.zv + ov, p.zt + ot)
    right = _Segment(p, p.zv - ov, p.zt - ot)
    left_hit = False
    pending = []  # obstacles clear of the left side
    for ob in p.discs:
        if left.meets_disc(ob):
            left_hit = True
            if right.meets_disc(ob):
                return False  # a convex obstacle meeting both sides crosses every segment between
        else:
            pending.append(ob)
    pending_cells = []
    for zs in cells:
        if left.meets_cell(zs):
            left_hit = True
            if right.meets_cell(zs):
                return False
        else:
            pending_cells.append(zs)
    if not left_hit:
        return True  # the left side is a clear segment
    if not (any(right.meets_disc(ob) for ob in pending)
            or any(right.meets_cell(zs) for zs in pending_cells)):
        return True  # the right side is a clear segment
    if p.length <= 1e-9:
        return not _coords_blocked(p, p.ray_coords(FULL_TEMPLATE)).all()
    return not fans_all_blocked(p)


def can_see(table: Table, viewer: BaseRef, target: BaseRef, ignore: Collection[str] = ()) -> bool:
    """True if some segment from a point of the viewer's base to a point of the
    target's base crosses no sight-blocking terrain and no other base (the
    viewer's, the target's and ``ignore`` bases never block). Same answer as
    ``sight(...).visible``."""
    return _visible(_Pair(table, table.resolve(viewer), table.resolve(target), ignore))


def hidden_fraction(table: Table, viewer: BaseRef, target: BaseRef,
                    ignore: Collection[str] = ()) -> float:
    """Only ``Sight.hidden_fraction``."""
    return silhouette(_Pair(table, table.resolve(viewer), table.resolve(target), ignore))[0]


def sight(table: Table, viewer: BaseRef, target: BaseRef, ignore: Collection[str] = ()) -> Sight:
    """Full sight report (see :class:`Sight`)."""
    p = _Pair(table, table.resolve(viewer), table.resolve(target), ignore)
    hidden, terrain_ids, figure_ids = silhouette(p)
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
