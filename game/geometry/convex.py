"""Exact tests of a few segments against convex polygons, in plain python.

Line-of-sight queries test three segments (a centre line and two corridor
sides) against the handful of convex cells near them; at that size plain
python beats both shapely and numpy, whose per-call overheads dominate.

A cell is kept as its vertex coordinates plus a bounding circle (for cheap
rejection). A segment meets a closed convex polygon when the polygon has
vertices on both sides of (or on) the segment's line and the chord the line
cuts through the polygon overlaps the segment: the same closed-set answer as
``shapely.intersects`` (up to rounding when they exactly touch).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import shapely

# (vertices, centre, bounding radius): points as complex numbers x + iy
CellFrame = tuple[tuple[complex, ...], complex, float]


def cell_frames(cells: Sequence[shapely.Polygon]) -> list[CellFrame]:
    """Vertices and a (slightly padded) bounding circle of each convex cell."""
    out: list[CellFrame] = []
    for cell in cells:
        zs = tuple(complex(float(x), float(y)) for x, y in list(cell.exterior.coords)[:-1])
        xs, ys = [z.real for z in zs], [z.imag for z in zs]
        centre = complex((min(xs) + max(xs)) / 2.0, (min(ys) + max(ys)) / 2.0)
        rad = max(abs(z - centre) for z in zs)
        out.append((zs, centre, rad * (1.0 + 1e-9) + 1e-9))
    return out


def meets_segment(zs: Sequence[complex], p: complex, cu: complex, length: float) -> bool:
    """True if the closed convex polygon with vertices ``zs`` (in order) meets
    the segment from ``p`` of direction ``conj(cu)`` (unit) and ``length``.

    In the segment's frame (``(z - p) * cu``: real part along it, imaginary
    part across), the chord the segment's line cuts through the polygon is
    found from the edges changing side; it must overlap [0, length]."""
    lo, hi = math.inf, -math.inf
    prev = (zs[-1] - p) * cu
    pb = prev.imag
    for z in zs:
        w = (z - p) * cu
        b = w.imag
        if b == 0.0:
            a = w.real
            if a < lo:
                lo = a
            if a > hi:
                hi = a
        elif (pb < 0.0 < b) or (b < 0.0 < pb):
            pa = prev.real
            a = pa + (w.real - pa) * (pb / (pb - b))
            if a < lo:
                lo = a
            if a > hi:
                hi = a
        prev, pb = w, b
    return lo <= length and hi >= 0.0


def segment_meets(zs: Sequence[complex], a: complex, b: complex) -> bool:
    """True if the segment a-b meets the closed convex polygon with vertices ``zs``."""
    d = b - a
    length = abs(d)
    if length == 0.0:
        return point_in_convex(zs, a)
    return meets_segment(zs, a, d.conjugate() / length, length)


def point_in_convex(zs: Sequence[complex], q: complex) -> bool:
    """True if q lies in the closed convex polygon with vertices ``zs`` (either orientation)."""
    pos = neg = False
    prev = zs[-1]
    for z in zs:
        e, r = z - prev, q - prev
        c = e.real * r.imag - e.imag * r.real
        if c > 0.0:
            pos = True
        elif c < 0.0:
            neg = True
        prev = z
    return not (pos and neg)


def _clip(ws: list[complex], bound: float, keep_above: bool) -> list[complex]:
    """Convex polygon (frame points) clipped to real part >= bound (or <= bound)."""
    out: list[complex] = []
    prev = ws[-1]
    pin = prev.real >= bound if keep_above else prev.real <= bound
    for w in ws:
        win = w.real >= bound if keep_above else w.real <= bound
        if win != pin:
            t = (bound - prev.real) / (w.real - prev.real)
            out.append(complex(bound, prev.imag + t * (w.imag - prev.imag)))
        if win:
            out.append(w)
        prev, pin = w, win
    return out


def fan_range(zs: Sequence[complex], zv: complex, cu: complex, length: float
              ) -> tuple[float, float] | None:
    """The fan of segments from ``zv`` to the points at distance ``length``
    along ``conj(cu)`` (unit) and offset b across it: the closed range [lo, hi]
    of offsets b whose segment meets the closed convex polygon ``zs`` (None if
    none; infinite bounds when the polygon reaches the start's perpendicular,
    (-inf, inf) when it contains the start)."""
    ws = [(z - zv) * cu for z in zs]
    along = [w.real for w in ws]
    amin, amax = min(along), max(along)
    if amax < 0.0 or amin > length:
        return None
    if amin < 0.0:
        ws = _clip(ws, 0.0, True)
    if amax > length:
        ws = _clip(ws, length, False)
    lo, hi = math.inf, -math.inf
    z_lo, z_hi = math.inf, -math.inf  # offsets of the points on the start's perpendicular
    for w in ws:
        a, b = w.real, w.imag
        if a > 0.0:
            b = b * (length / a)
            if b < lo:
                lo = b
            if b > hi:
                hi = b
        else:
            if b < z_lo:
                z_lo = b
            if b > z_hi:
                z_hi = b
    if z_lo <= z_hi:
        if z_lo <= 0.0 <= z_hi:
            return -math.inf, math.inf
        if z_hi > 0.0:
            hi = math.inf
        if z_lo < 0.0:
            lo = -math.inf
    return (lo, hi) if lo <= hi else None


def fan_disc(c: complex, radius: float, length: float) -> tuple[float, float] | None:
    """Same fan as :func:`fan_range` for an open disc of centre ``c`` (frame
    coordinates) lying wholly between the start's and the ends' perpendiculars
    (radius <= c.real <= length - radius): the open range (lo, hi) of offsets
    whose segment passes closer than ``radius`` to the centre, or None."""
    ca, cb = c.real, c.imag
    # line through the start and (length, b) at distance < radius from c:
    # (length * cb - b * ca)^2 < radius^2 (length^2 + b^2), a quadratic in b
    qa = ca * ca - radius * radius
    qb = -2.0 * length * ca * cb
    qc = length * length * (cb * cb - radius * radius)
    disc = qb * qb - 4.0 * qa * qc
    if disc <= 0.0 or qa <= 0.0:
        return None
    root = math.sqrt(disc)
    return (-qb - root) / (2.0 * qa), (-qb + root) / (2.0 * qa)
