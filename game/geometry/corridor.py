"""The frame of a viewer/target pair and exact tests along its corridor.

The corridor joins the viewer's and the target's diameters perpendicular to
the centre line. :class:`_Pair` finds the obstacles near it (candidate bases,
convex cells of the sight-blocking terrain) through the table's
:class:`.slabs.SlabIndex` es; :class:`_Segment` tests one segment against
them. Points are complex numbers: ``(z - origin) * cu`` (``cu`` the conjugate
of the unit direction) gives the coordinate along a segment as real part and
across it as imaginary part.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import TYPE_CHECKING

import numpy as np
import shapely

from .convex import meets_segment, point_in_convex
from .shapes import Base
from .slabs import near_both

if TYPE_CHECKING:
    from .table import Table

SILHOUETTE_SAMPLES = 16
GRID_SAMPLES = 7


def _ray_template(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Rows [1, a_i, b_i]: ray i goes from v + a_i * hv * n to t + b_i * ht * n."""
    return np.column_stack([np.ones(len(a)), a, b])


_SIL_UNIT = np.linspace(-1.0, 1.0, SILHOUETTE_SAMPLES)
_GRID_UNIT = np.linspace(-1.0, 1.0, GRID_SAMPLES)
SILHOUETTE_TEMPLATE = _ray_template(np.zeros(SILHOUETTE_SAMPLES), _SIL_UNIT)
_SIL_LIST: list[float] = _SIL_UNIT.tolist()
_GRID_LIST: list[float] = _GRID_UNIT.tolist()
_TRUE = [True] * SILHOUETTE_SAMPLES
FULL_TEMPLATE = np.concatenate([SILHOUETTE_TEMPLATE, _ray_template(
    np.repeat(_GRID_UNIT, GRID_SAMPLES), np.tile(_GRID_UNIT, GRID_SAMPLES))])


def _seg_hits_circle(ax: float, ay: float, bx: float, by: float,
                     cx: float, cy: float, r: float) -> bool:
    dx, dy, qx, qy = bx - ax, by - ay, cx - ax, cy - ay
    l2 = dx * dx + dy * dy
    t = (qx * dx + qy * dy) / l2 if l2 > 0.0 else 0.0
    t = 0.0 if t < 0.0 else (1.0 if t > 1.0 else t)
    ex, ey = qx - t * dx, qy - t * dy
    return ex * ex + ey * ey < r * r


class _Pair:
    """Frame of a viewer/target pair: centre line, half widths, the
    non-excluded bases near the corridor (``discs``) and the convex cells of
    the sight-blocking terrain near it (``cells``; ``centre_cells``: those
    whose bounding circle meets the centre line)."""

    __slots__ = ("table", "v", "t", "vx", "vy", "tx", "ty", "hv", "ht",
                 "discs", "centre_hit", "zv", "zt", "cu", "length", "cells", "centre_cells")

    def __init__(self, table: Table, v: Base, t: Base, ignore: Collection[str]) -> None:
        self.table = table
        self.v = v
        self.t = t
        self.vx = vx = v.x
        self.vy = vy = v.y
        self.tx = tx = t.x
        self.ty = ty = t.y
        self.zv = zv = complex(vx, vy)
        self.zt = zt = complex(tx, ty)
        d = zt - zv
        self.length = length = abs(d)
        self.cu = cu = d.conjugate() / length if length > 1e-9 else 1.0 + 0.0j
        hv = self.hv = v.size / 2.0 if v.shape == "round" else v.half_chord(cu.imag, cu.real)
        ht = self.ht = t.size / 2.0 if t.shape == "round" else t.half_chord(cu.imag, cu.real)
        width = hv if hv > ht else ht
        discs = []  # zcircles items (id, centre, circumradius, index, sight radius, round)
        centre_hit = False
        vid, tid = v.id, t.id
        near_bases, near_cells = near_both(table.bset.zcircles, table.sight_cell_frames, zv, zt, width)
        for item in near_bases:
            bid, z, rc, i, rs, rnd = item
            w = (z - zv) * cu
            a = w.real
            if a < -rc or a > length + rc or abs(w.imag) >= rc + width:
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
        for zs, zc, rad in near_cells:
            w = (zc - zv) * cu
            a = w.real
            if a < -rad or a > length + rad:
                continue
            b = abs(w.imag)
            if b > rad + width:
                continue
            cells.append(zs)
            if b <= rad:
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
