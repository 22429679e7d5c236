"""The frame of a viewer/target pair and exact tests along its corridor.

The corridor is the convex hull of the two bases. :class:`_Pair` finds the obstacles
near it (candidate bases, convex cells of the sight-blocking terrain) through the
table's :class:`.slabs.SlabIndex` es; :class:`_Segment` tests one segment against them.
Points are complex numbers: ``(z - origin) * cu`` (``cu`` the conjugate of the unit
direction) gives the coordinate along a segment as real part and across it as
imaginary part.
"""

from __future__ import annotations

import cmath
import math
from collections.abc import Collection
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np
import shapely

from .convex import meets_segment, point_in_convex
from .shapes import Base
from .slabs import near_both

if TYPE_CHECKING:
    from shapely.geometry.base import BaseGeometry

    from .table import Table

SILHOUETTE_SAMPLES = 16
_HALF_DIAGONAL = math.sqrt(0.5)    # a square's circumradius per unit of side


def _ray_template(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Rows [1, a_i, b_i]: ray i goes from v + a_i * hv * n to t + b_i * ht * n."""
    return np.column_stack([np.ones(len(a)), a, b])


_SIL_UNIT = np.linspace(-1.0, 1.0, SILHOUETTE_SAMPLES)
SILHOUETTE_TEMPLATE = _ray_template(np.zeros(SILHOUETTE_SAMPLES), _SIL_UNIT)
_SIL_LIST: list[float] = _SIL_UNIT.tolist()
_TRUE = [True] * SILHOUETTE_SAMPLES


def _seg_hits_circle(ax: float, ay: float, bx: float, by: float,
                     cx: float, cy: float, r: float) -> bool:
    dx, dy, qx, qy = bx - ax, by - ay, cx - ax, cy - ay
    l2 = dx * dx + dy * dy
    t = (qx * dx + qy * dy) / l2 if l2 > 0.0 else 0.0
    t = 0.0 if t < 0.0 else (1.0 if t > 1.0 else t)
    ex, ey = qx - t * dx, qy - t * dy
    return ex * ex + ey * ey < r * r


class _Pair:
    """Frame of a viewer/target pair: centre line, half widths across it (``hv``,
    ``ht``: the chords through the centres), the non-excluded bases near the corridor
    (``discs``) and the convex cells of the sight-blocking terrain near it (``cells``:
    (vertices, centre, bounding radius); ``centre_cells``: the vertices of those whose
    bounding circle meets the centre line). Near: able to
    meet the centre line or a side of the convex hull of the two bases."""

    __slots__ = ("table", "v", "t", "vx", "vy", "tx", "ty", "hv", "ht", "cv", "ct", "ignore", "near",
                 "discs", "centre_hit", "zv", "zt", "cu", "length", "cells", "centre_cells")

    def __init__(self, table: Table, v: Base, t: Base, ignore: Collection[str]) -> None:
        self.table = table
        self.v = v
        self.t = t
        self.ignore = ignore
        self.vx = vx = v.x
        self.vy = vy = v.y
        self.tx = tx = t.x
        self.ty = ty = t.y
        self.zv = zv = complex(vx, vy)
        self.zt = zt = complex(tx, ty)
        d = zt - zv
        self.length = length = abs(d)
        self.cu = cu = d.conjugate() / length if length > 1e-9 else 1.0 + 0.0j
        # half widths, circumradii (cv, ct) and how far the hull of the two bases reaches
        # beyond their centres along the centre line (a square's corner, or a round base's
        # point on the hull's sides)
        if v.shape == "round":
            self.hv = cv = v.size / 2.0
        else:
            self.hv, cv = v.half_chord(cu.imag, cu.real), v.size * _HALF_DIAGONAL
        if t.shape == "round":
            self.ht = ct = t.size / 2.0
        else:
            self.ht, ct = t.half_chord(cu.imag, cu.real), t.size * _HALF_DIAGONAL
        self.cv, self.ct = cv, ct
        width = cv if cv > ct else ct
        back, ahead = cv, ct
        if length > 1e-9 and v.shape == t.shape == "round":
            tilt = (cv - ct) / length
            back, ahead = (-cv * tilt, 0.0) if tilt < 0.0 else (0.0, ct * tilt)
        discs = []  # zcircles items (id, centre, circumradius, index, sight radius, round)
        centre_hit = False
        vid, tid = v.id, t.id
        near_bases, near_cells = self.near = near_both(table.bset.zcircles, table.sight_cell_frames,
                                                       zv, zt, width)
        for item in near_bases:
            bid, z, rc, i, rs, rnd = item
            w = (z - zv) * cu
            a = w.real
            if a < -rc - back or a > length + rc + ahead or abs(w.imag) >= rc + width:
                continue
            if bid == vid or bid == tid or bid in ignore:
                continue
            discs.append(item)
            if not centre_hit:
                if not rnd:
                    centre_hit = self._blocks(i, vx, vy, tx, ty)
                elif length > 1e-9:  # distance from the centre to the segment [0, length]
                    centre_hit = (abs(w) if a < 0.0 else abs(w - length) if a > length
                                  else abs(w.imag)) < rs
                else:
                    centre_hit = abs(w) < rs
        if len(discs) > 1:
            discs.sort(key=_index)  # index order: stable blocker lists
        self.discs = discs
        self.centre_hit = centre_hit
        cells = []
        centre_cells = []  # those whose bounding circle meets the centre line
        for frame in near_cells:
            zs, zc, rad = frame
            w = (zc - zv) * cu
            a = w.real
            if a < -rad - back or a > length + rad + ahead:
                continue
            b = abs(w.imag)
            if b > rad + width:
                continue
            cells.append(frame)
            if b <= rad and -rad <= a <= length + rad:
                centre_cells.append(zs)
        self.cells = cells
        self.centre_cells = centre_cells

    @property
    def nx(self) -> float:
        """Unit normal to the centre line (x), = cu.imag (u = conj(cu), n = i u)."""
        return self.cu.imag

    @property
    def ny(self) -> float:
        return self.cu.real

    @property
    def cands(self) -> list[int]:
        """Indices of the candidate bases."""
        return [item[3] for item in self.discs]

    def _blocks(self, i: int, ax: float, ay: float, bx: float, by: float) -> bool:
        bs = self.table.bset
        _, x, y, rs, _, rnd, _ = bs.circles[i]
        if rnd:
            return _seg_hits_circle(ax, ay, bx, by, x, y, rs)
        return bs.shrunk_polygon(i).intersects(shapely.linestrings([[ax, ay], [bx, by]]))

    def base_blockers(self, segs: list[tuple[float, float, float, float]]) -> list[list[bool]]:
        """For each candidate base, whether it blocks each segment (python; few bases)."""
        return [[self._blocks(i, *s) for s in segs] for i in self.cands]

    def ray_coords(self, template: np.ndarray) -> np.ndarray:
        """(m, 2, 2) ray coordinates from a template (see ``_ray_template``)."""
        hv, ht, nx, ny = self.hv, self.ht, self.nx, self.ny
        frame = np.array([[self.vx, self.vy, self.tx, self.ty],
                          [nx * hv, ny * hv, 0.0, 0.0],
                          [0.0, 0.0, nx * ht, ny * ht]])
        return (template @ frame).reshape(-1, 2, 2)


def _index(item: tuple) -> int:
    return item[3]


class _Segment:
    """One corridor side: exact tests against candidate bases and convex cells."""

    __slots__ = ("p", "za", "zb", "cu", "length")

    def __init__(self, p: _Pair, za: complex, zb: complex) -> None:
        self.p, self.za, self.zb = p, za, zb
        d = zb - za
        self.length = length = abs(d)
        self.cu = d.conjugate() / length if length > 0.0 else 0j

    def meets_disc(self, item: tuple) -> bool:
        """Candidate base ``item`` (a ``_Pair.discs`` entry) blocks the segment."""
        za = self.za
        if not item[5]:
            zb = self.zb
            return self.p._blocks(item[3], za.real, za.imag, zb.real, zb.imag)
        length = self.length
        if length == 0.0:
            return abs(item[1] - za) < item[4]
        w = (item[1] - za) * self.cu
        a = w.real
        return (abs(w) if a < 0.0 else abs(w - length) if a > length else abs(w.imag)) < item[4]

    def meets_cell(self, zs: tuple[complex, ...]) -> bool:
        if self.length == 0.0:
            return point_in_convex(zs, self.za)
        return meets_segment(zs, self.za, self.cu, self.length)


# ------------------------------------------------------------ corridor contents
ARC_STEP = math.radians(5.0)  # vertex spacing on the rim of the excluded disc


def _frame(v: Base, t: Base) -> tuple[complex, float, float, float] | None:
    """(unit direction u as a complex number, length, half widths hv, ht) of the centre
    line, or None for concentric bases."""
    d = complex(t.x - v.x, t.y - v.y)
    length = abs(d)
    if length <= 1e-9:
        return None
    u = d / length
    return u, length, v.half_chord(-u.imag, u.real), t.half_chord(-u.imag, u.real)


def _to_world(v: Base, u: complex, local: list[complex]) -> BaseGeometry:
    """A polygon from points given along (real) and across (imaginary) the centre line."""
    zv = complex(v.x, v.y)
    return shapely.polygons(np.array([zv + w * u for w in local]).view(float).reshape(-1, 2))


def corridor_polygon(v: Base, t: Base) -> BaseGeometry:
    """The corridor between two bases as a polygon: the quadrilateral joining the viewer's
    and the target's diameters perpendicular to the centre line (the chord through the
    centre, for square bases). Concentric bases: the larger footprint."""
    frame = _frame(v, t)
    if frame is None:
        return v.polygon() if v.circumradius >= t.circumradius else t.polygon()
    u, length, hv, ht = frame
    return _to_world(v, u, [complex(0.0, hv), complex(length, ht), complex(length, -ht),
                            complex(0.0, -hv)])


def near_zone(b: Base, radius: float) -> BaseGeometry:
    """The points within ``radius`` of the base's edge (its footprint when 0)."""
    if b.is_round:
        return shapely.Point(b.x, b.y).buffer(b.radius + radius, quad_segs=16)
    return b.polygon().buffer(radius, quad_segs=16) if radius > 0.0 else b.polygon()


def corridor_beyond(v: Base, t: Base, radius: float) -> BaseGeometry:
    """The corridor without the points within ``radius`` of the viewer's edge. A round
    viewer whose excluded disc ends before the target's centre (the common case) is cut in
    closed form: the disc's rim is drawn as a polygon around the circle (vertices at most 5
    degrees apart, 0.1 % of the radius out); otherwise shapely's difference."""
    frame = _frame(v, t)
    if frame is not None and v.is_round:
        u, length, hv, ht = frame
        rim = (v.radius + radius) / math.cos(ARC_STEP / 2.0)
        if rim <= length:
            if length * length + ht * ht <= rim * rim:
                return shapely.Polygon()
            # the side b = hv + k a leaves the circle a^2 + b^2 = rim^2 at a = a0 (0 < a0 <= L)
            k = (ht - hv) / length
            qa, qb, qc = 1.0 + k * k, 2.0 * hv * k, hv * hv - rim * rim
            a0 = (-qb + math.sqrt(qb * qb - 4.0 * qa * qc)) / (2.0 * qa)
            b0 = hv + k * a0
            theta = math.atan2(b0, a0)
            m = max(1, math.ceil(2.0 * theta / ARC_STEP))
            turn = cmath.exp(2j * theta / m)
            z = complex(a0, -b0)
            local = [complex(a0, b0), complex(length, ht), complex(length, -ht), z]
            for _ in range(m - 1):
                z *= turn
                local.append(z)
            return _to_world(v, u, local)
    return corridor_polygon(v, t).difference(near_zone(v, radius))


@dataclass(frozen=True)
class CorridorPieces:
    """What meets the corridor between a viewer and a target: terrain pieces of every
    kind (blocking or not), with their heights (mm), in table order; other bases, in the
    order they were set."""

    terrain: tuple[str, ...]
    heights: tuple[float, ...]
    bases: tuple[str, ...]

    def height_of(self, terrain_id: str) -> float:
        return self.heights[self.terrain.index(terrain_id)]


def _pieces(table: Table) -> tuple[np.ndarray, np.ndarray]:
    """Every terrain polygon then every set base's footprint, and the terrain heights:
    cached on the table per set of bases (terrain never moves)."""
    bs = table.bset
    cached = getattr(table, "_corridor_pieces", None)
    if cached is None or cached[0] is not bs:
        geoms = np.array([t.polygon() for t in table.terrain] + [b.polygon() for b in bs.bases],
                         dtype=object)
        heights = np.array([t.height for t in table.terrain], dtype=float)
        cached = (bs, geoms, heights)
        table._corridor_pieces = cached
    return cached[1], cached[2]


def corridor_pieces(table: Table, viewer: Base, target: Base,
                    exclude_radius: float = 0.0) -> CorridorPieces:
    """Every terrain piece and every set base meeting the corridor between ``viewer`` and
    ``target`` outside the points within ``exclude_radius`` of the viewer's edge (the
    viewer's footprint when 0). The viewer's and the target's own bases are never listed.
    One vectorised ``shapely.intersects`` over all the pieces."""
    region = corridor_beyond(viewer, target, max(0.0, exclude_radius))
    if region.is_empty:
        return CorridorPieces((), (), ())
    geoms, heights = _pieces(table)
    n = len(heights)
    terrain, tall, bases = [], [], []
    ids = table.bset.ids
    for i in np.flatnonzero(shapely.intersects(region, geoms)).tolist():
        if i < n:
            terrain.append(table.terrain[i].id)
            tall.append(float(heights[i]))
        elif ids[i - n] != viewer.id and ids[i - n] != target.id:
            bases.append(ids[i - n])
    return CorridorPieces(tuple(terrain), tuple(tall), tuple(bases))
