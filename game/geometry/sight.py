"""Line of sight: exists-a-line visibility, silhouette hidden fraction, batch rays.

Sight-blocking terrain is the pieces shrunk by SIGHT_EPS (grazing a boundary
never blocks). Batches of rays test it with one vectorised shapely call
against the prepared union. Single queries instead use exact plain-python
tests (:mod:`.convex`) against the few convex cells covering it near the
query (:mod:`.corridor`): at that size shapely's and numpy's per-call
overheads dominate. Round bases are tested analytically (distance from the
centre to the segment < radius - SIGHT_EPS); square bases use shrunk polygons.

Visibility between two bases (some segment joins them) is exact. Cheap answers
first: the centre line clear (visible); else the two sides of the convex hull
of the bases, each a segment joining them (visible if one is clear); a single
convex obstacle apart from both bases meeting both sides cuts every segment
between them (hidden). Otherwise the exact search of :mod:`.stabbing` decides,
over the critical lines tangent to two of the objects. The silhouette (16 rays
from the viewer's centre across the target) gives the hidden fraction.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np
import shapely

from .bodies import Segment, apart, base_shape, ccw, disc_tangents, outer_tangents
from .convex import meets_segment, segment_meets
from .corridor import _Pair, _Segment
from .fans import silhouette, silhouette_with
from .stabbing import free_segment_cached
from .tolerances import SIGHT_EPS
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
def _centre_clear(p: _Pair) -> bool:
    """The centre line crosses no candidate base and no convex cell."""
    if p.centre_hit:
        return False
    if p.length > 1e-9:
        zv, cu, length = p.zv, p.cu, p.length
        return not any(meets_segment(zs, zv, cu, length) for zs in p.centre_cells)
    return not any(segment_meets(c[0], p.zv, p.zt) for c in p.cells)


def _visible(p: _Pair) -> bool:
    """Decide on the centre line, then the hull's sides, then (rarely) the exact search.
    Each obstacle near the corridor (a candidate base or a convex cell of the sight
    blockers) is tested against a side only when needed."""
    if not p.centre_hit:  # fast path: the centre line is clear
        if p.length > 1e-9:
            zv, cu, length = p.zv, p.cu, p.length
            for zs in p.centre_cells:
                if meets_segment(zs, zv, cu, length):
                    break
            else:
                return True
        elif not any(segment_meets(c[0], p.zv, p.zt) for c in p.cells):
            return True
    v, t = p.v, p.t
    if v.shape == t.shape == "round" and p.length > 1e-9:
        sides = disc_tangents(p.zv, v.size / 2.0, p.zt, t.size / 2.0, p.cu.conjugate(), p.length)
        exact = True
    else:
        sides, exact = outer_tangents(base_shape(v), base_shape(t))
    if len(sides) == 2:
        left = _Segment(p, *sides[0])
        right = _Segment(p, *sides[1])
        left_hit = right_hit = False
        zv, zt, cv, ct = p.zv, p.zt, p.cv, p.ct
        pending = []  # obstacles clear of the left side
        for ob in p.discs:
            if left.meets_disc(ob):
                left_hit = True
                if right.meets_disc(ob):
                    # a convex obstacle across the hull, apart from both bases: hidden
                    z, rc = ob[1], ob[2]
                    if exact and (abs(z - zv) > rc + cv and abs(z - zt) > rc + ct or _apart_disc(p, ob)):
                        return False
                    right_hit = True
            else:
                pending.append(ob)
        pending_cells = []
        for cell in p.cells:
            zs, z, rad = cell
            if left.meets_cell(zs):
                left_hit = True
                if right.meets_cell(zs):
                    if exact and (abs(z - zv) > rad + cv and abs(z - zt) > rad + ct or _apart_cell(p, cell)):
                        return False
                    right_hit = True
            else:
                pending_cells.append(zs)
        if not left_hit:
            return True  # the left side is a clear segment
        if not (right_hit or any(right.meets_disc(ob) for ob in pending)
                or any(right.meets_cell(zs) for zs in pending_cells)):
            return True  # the right side is a clear segment
    return free_segment_cached(p.table, p.v, p.t, p.ignore, p.near) is not None


def _apart_disc(p: _Pair, ob: tuple) -> bool:
    """The candidate base ``ob`` holds no point of the viewer's or the target's base."""
    _, z, rc, i, rs, rnd = ob
    return _apart(p, z, rc, lambda: (((), z, rs) if rnd else base_shape(p.table.bset.bases[i], SIGHT_EPS)),
                  rnd)


def _apart_cell(p: _Pair, cell: tuple) -> bool:
    """The convex cell (vertices, centre, bounding radius) holds no point of the viewer's
    or the target's base."""
    zs, zc, rad = cell
    return _apart(p, zc, rad, lambda: (ccw(zs), zc, 0.0), False)


def _apart(p: _Pair, z: complex, rad: float, shape, is_open: bool) -> bool:
    """An obstacle (bounding circle z, rad; ``shape()`` its exact shape) apart from both
    bases: far from each, or checked exactly."""
    exact = None
    for base, zb in ((p.v, p.zv), (p.t, p.zt)):
        if abs(z - zb) > rad + base.circumradius:
            continue
        exact = exact or shape()
        if not apart(exact, base_shape(base), is_open):
            return False
    return True


def line_of_sight(table: Table, viewer: BaseRef, target: BaseRef,
                  ignore: Collection[str] = ()) -> tuple[tuple[float, float], tuple[float, float]] | None:
    """A clear segment from a point of the viewer's base to a point of the target's (the
    witness of ``can_see``), or None when there is none."""
    v, t = table.resolve(viewer), table.resolve(target)
    p = _Pair(table, v, t, ignore)
    found: Segment | None = None
    if _centre_clear(p):
        found = (p.zv, p.zt)
    else:
        for a, b in outer_tangents(base_shape(v), base_shape(t))[0]:
            if rays_clear(table, [[a.real, a.imag]], [[b.real, b.imag]], {v.id, t.id, *ignore})[0]:
                found = (a, b)
                break
        else:
            found = free_segment_cached(table, v, t, ignore, p.near)
    if found is None:
        return None
    return (found[0].real, found[0].imag), (found[1].real, found[1].imag)


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


def hidden_fraction_with(table: Table, viewer: BaseRef, target: BaseRef, extra: Sequence,
                         ignore: Collection[str] = ()) -> tuple[float, tuple[int, ...]]:
    """The hidden fraction when ``extra`` geometries stop the silhouette rays too, and the
    indexes of those that do (see ``fans.silhouette_with``)."""
    return silhouette_with(_Pair(table, table.resolve(viewer), table.resolve(target), ignore), extra)


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
