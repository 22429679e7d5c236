"""Exact line of sight between two convex bases through convex obstacles.

A segment joins the viewer's base V to the target's base T without meeting an obstacle
(a convex cell of the sight-blocking terrain, another base) if and only if some line
carries one; on a line meeting both bases, the piece joining V's chord to T's (the gap)
is the one to test. Shapes are :mod:`.bodies` shapes: closed polygons, discs (other
round bases are open discs: a tangent line passes).

The free lines form open sets of the plane's lines. Such a set, when V and T are apart
(the directions of the lines meeting both then span less than half a turn), has a first
direction, where two of its borders meet: lines tangent to one object (V, T or an
obstacle) or through a point where an obstacle's boundary crosses V's or T's. So a
free set starts at a critical line held by two of these: a common tangent of two
objects with the sides the start demands (two obstacles on opposite sides, the free
lines passing between them; an obstacle and a base on the same side; V and T on opposite
sides), or a line through a crossing point. The line moved by ``DELTA`` at its two
contacts (away from an obstacle, into a base) then lies in the free set. Only polygon
vertices that can touch a line meeting both bases count, which leaves a few candidates
per pair of objects (found together with numpy); each gap is then tested exactly
against the few obstacles near the pair (bases touching: their nearest points first).

Exact but for sets of free lines thinner than the move (1e-7 of the distance between
the contacts, at least 1e-7 mm: under 1e-3 mm anywhere on a table); a "visible" answer
always comes with the segment that was found free."""

from __future__ import annotations

import cmath
import math
from collections.abc import Collection
from functools import lru_cache
from typing import TYPE_CHECKING

import numpy as np

from .bodies import Segment, Shape, base_shape, ccw, crossings, edges, outer_tangents
from .convex import segment_meets
from .shapes import Base
from .slabs import near_both
from .tolerances import SIGHT_EPS

if TYPE_CHECKING:
    from .table import Table

DELTA = 1e-7
TAN_TOL = 1e-9           # mm: a neighbour this close to a line still counts as on its side


# ------------------------------------------------------------------ candidates
@lru_cache(maxsize=4096)
def _corners(zs: tuple[complex, ...]) -> tuple[tuple[complex, complex, complex, float, float], ...]:
    """(vertex, previous, next, start and width of its cone of outward normals) of each
    vertex of a convex polygon (counter-clockwise)."""
    out = []
    for j, z in enumerate(zs):
        before, after = zs[j - 1], zs[(j + 1) % len(zs)]
        a0 = cmath.phase(-1j * (z - before))
        out.append((z, before, after, a0, (cmath.phase(-1j * (after - z)) - a0) % math.tau))
    return tuple(out)


def _sites(shape: Shape, arcs: tuple[float, float], half: float) -> list[tuple]:
    """(site, radius, previous vertex, next vertex) of the shape that can touch a line whose
    normal lies within ``half`` of one of the ``arcs`` directions."""
    zs, c, r = shape
    if not zs:
        return [(c, r, _NAN, _NAN)]
    if half >= math.pi / 2:
        return [(z, 0.0, b, a) for z, b, a, _, _ in _corners(zs)]
    tau, span = math.tau, 2.0 * half
    lo0, lo1 = arcs[0] - half, arcs[1] - half
    # the vertex's cone [a0, a0 + width] meets an arc [lo, lo + span]
    return [(z, 0.0, b, a) for z, b, a, a0, width in _corners(zs)
            if (a0 - lo0) % tau <= span or (lo0 - a0) % tau <= width
            or (a0 - lo1) % tau <= span or (lo1 - a0) % tau <= width]


_NAN = complex(math.nan, math.nan)


@lru_cache(maxsize=64)
def _pairs(m: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Every pair i < j of m sites, twice (one row per branch of their tangents)."""
    i, j = np.triu_indices(m, 1)
    return np.tile(i, 2), np.tile(j, 2), np.repeat([1.0, -1.0], len(i))


def candidate_gaps(v: Shape, t: Shape, obstacles: list[Shape],
                   bounds: list[float] | None = None) -> np.ndarray:
    """(k, 2) complex: the gaps of the lines next to every critical line (see the module).
    ``bounds``: the obstacles' bounding radii round their centres (found when omitted)."""
    d = t[1] - v[1]
    length = abs(d)
    reach_v, reach_t = _bound(v), _bound(t)
    reach = reach_v + reach_t
    half = math.asin(reach / length) if 0.0 < reach < length else math.pi
    mid = cmath.phase(1j * d) if length > 0.0 else 0.0
    arcs = (mid, mid + math.pi)
    z, r, before, after, obj = [], [], [], [], []
    for k, shape in enumerate((v, t, *obstacles)):
        for site in _sites(shape, arcs, half):
            z.append(site[0])
            r.append(site[1])
            before.append(site[2])
            after.append(site[3])
            obj.append(k)
    z, r, before, after, obj = (np.array(a) for a in (z, r, before, after, obj))
    blocks = obj >= 2
    i, j, branch = _pairs(len(z))
    keep = obj[i] != obj[j]
    i, j, branch = i[keep], j[keep], branch[keep]
    # site i's object on the + side of the line; site j's on the same side when exactly one
    # of the two is an obstacle, else on the other side
    sigma = np.where(blocks[i] != blocks[j], 1.0, -1.0)
    n, ci, cj, i, sigma, bj = _tangents(z, r, before, after, i, j, sigma, branch, blocks)
    # moved away from an obstacle, into a base, at both contacts
    step = DELTA * np.maximum(np.abs(ci - cj), 1.0) * n
    p1 = ci + np.where(blocks[i], -step, step)
    p2 = cj + np.where(bj, -step, step) * sigma
    bounds = bounds or [_bound(o) for o in obstacles]
    crossing = [x for shape, bound in zip(obstacles, bounds)
                for base, reach in ((v, reach_v), (t, reach_t)) if abs(shape[1] - base[1]) < bound + reach
                for x in crossings(shape, base)]
    if crossing:
        q1, q2 = _through(crossing, z, r, before, after, blocks)
        p1, p2 = np.concatenate([p1, q1]), np.concatenate([p2, q2])
    return _gaps(v, t, p1, p2)


def _tangents(z, r, before, after, i, j, sigma, branch, blocks):
    """The common tangent of each pair of sites (i on the + side, j on the sigma side) on
    the given branch, kept when it leaves every polygon vertex's neighbours on its side:
    (unit normal, contact of i, contact of j, i, sigma, j an obstacle?)."""
    delta = z[i] - z[j]
    dist = np.abs(delta)
    c = (r[i] - sigma * r[j]) / np.where(dist > 1e-9, dist, np.inf)
    n = np.exp(1j * (np.angle(delta) + branch * np.arccos(np.clip(c, -1.0, 1.0))))
    nc = n.conjugate()
    s = (z[i] * nc).real - r[i]
    sides = np.stack([before[i] * nc, after[i] * nc, before[j] * nc, after[j] * nc]).real - s
    sides[2:] *= sigma
    ok = (dist > 1e-9) & (np.abs(c) <= 1.0) & ~(sides.min(axis=0) < -TAN_TOL)   # NaN: a disc
    i, j, sigma, n = i[ok], j[ok], sigma[ok], n[ok]
    return n, z[i] - r[i] * n, z[j] - sigma * r[j] * n, i, sigma, blocks[j]


def _bound(shape: Shape) -> float:
    """The radius of the smallest circle round the shape's centre holding it."""
    return max((abs(z - shape[1]) for z in shape[0]), default=shape[2])


def _through(points: list[complex], z, r, before, after, blocks) -> tuple[np.ndarray, np.ndarray]:
    """Lines through a point where an obstacle's boundary crosses a base's and tangent to a
    site (or through another such point), moved both ways at the crossing point."""
    m = len(points)
    zs = np.concatenate([z, np.array(points)])
    rs = np.concatenate([r, np.zeros(m)])
    bs = np.concatenate([before, np.full(m, _NAN)])
    af = np.concatenate([after, np.full(m, _NAN)])
    towards = np.concatenate([np.where(blocks, -1.0, 1.0), np.zeros(m)])   # 0: a crossing point
    j = np.repeat(np.arange(len(z), len(zs)), len(zs))
    i = np.tile(np.arange(len(zs)), m)
    keep = i != j
    i, j = np.tile(i[keep], 2), np.tile(j[keep], 2)
    branch = np.repeat([1.0, -1.0], len(i) // 2)
    out1, out2 = [], []
    for sigma in (1.0, -1.0):
        n, ci, cj, ii, _, _ = _tangents(zs, rs, bs, af, i, j, np.full(len(i), sigma), branch,
                                        np.zeros(len(zs), dtype=bool))
        step = DELTA * np.maximum(np.abs(ci - cj), 1.0) * n
        for way_i in (1.0, -1.0):
            first = ci + np.where(towards[ii] == 0.0, way_i, towards[ii]) * step
            for way in (1.0, -1.0):
                out1.append(first)
                out2.append(cj + way * step)
    return np.concatenate(out1), np.concatenate(out2)


def _chord(shape: Shape, p: np.ndarray, w: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(lo, hi) parameters along the lines p + s w (w unit) of their chord through the
    shape (lo > hi when they miss it)."""
    zs, c, r = shape
    if not zs:
        rel = (c - p) * w.conjugate()
        across = rel.imag
        half = np.sqrt(np.maximum(r * r - across * across, 0.0))
        hit = np.abs(across) <= r
        return np.where(hit, rel.real - half, np.inf), np.where(hit, rel.real + half, -np.inf)
    lo = np.full(len(p), -np.inf)
    hi = np.full(len(p), np.inf)
    for a, b in edges(zs):
        m = -1j * (b - a)                        # outward normal (counter-clockwise polygon)
        num = (a * m.conjugate()).real - (p * m.conjugate()).real
        den = (w * m.conjugate()).real
        with np.errstate(divide="ignore", invalid="ignore"):
            q = num / den
        hi = np.where(den > 0.0, np.minimum(hi, q), hi)
        lo = np.where(den < 0.0, np.maximum(lo, q), lo)
        hi = np.where((den == 0.0) & (num < 0.0), -np.inf, hi)
    return lo, hi


def _gaps(v: Shape, t: Shape, p1: np.ndarray, p2: np.ndarray) -> np.ndarray:
    """The gap of each line p1 -> p2 between its chords through v and t, from v's end to
    t's (lines missing either are dropped; overlapping chords give a point)."""
    w = p2 - p1
    size = np.abs(w)
    good = size > 0.0
    p1, w = p1[good], w[good] / size[good]
    vlo, vhi = _chord(v, p1, w)
    tlo, thi = _chord(t, p1, w)
    ok = (vlo <= vhi) & (tlo <= thi)
    p1, w, vlo, vhi, tlo, thi = (x[ok] for x in (p1, w, vlo, vhi, tlo, thi))
    both = np.maximum(vlo, tlo)                   # overlapping chords: a point of both
    a = np.where(vhi < tlo, vhi, np.where(thi < vlo, vlo, both))
    b = np.where(vhi < tlo, tlo, np.where(thi < vlo, thi, both))
    return np.column_stack([p1 + a * w, p1 + b * w])


# ------------------------------------------------------------------- the query
Near = tuple[list, list]   # the table's bases and convex cells near a pair (slabs.near_both)


def obstacles_near(table: Table, v: Base, t: Base, ignore: Collection[str],
                   near: Near | None = None) -> list[tuple[Shape, bool, float]]:
    """The obstacles (shape, open, bounding radius) that may meet a segment joining the two
    bases: those coming within the larger base's reach of the centre line (``near``: the
    slab index's answer for that reach, when already known)."""
    zv, zt = complex(v.x, v.y), complex(t.x, t.y)
    width = max(v.circumradius, t.circumradius)
    near_bases, near_cells = near or near_both(table.bset.zcircles, table.sight_cell_frames, zv, zt, width)
    out: list[tuple[Shape, bool, float]] = []
    skip = {v.id, t.id, *ignore}
    e = zt - zv
    size = abs(e) ** 2 or 1.0
    ec = e.conjugate()
    for bid, z, rc, i, rs, rnd in near_bases:
        k = ((z - zv) * ec).real / size
        if bid not in skip and abs(z - zv - (0.0 if k < 0.0 else 1.0 if k > 1.0 else k) * e) < rc + width:
            out.append((((), z, rs), True, rs) if rnd
                       else (base_shape(table.bset.bases[i], SIGHT_EPS), False, rc))
    for zs, zc, rad in near_cells:
        k = ((zc - zv) * ec).real / size
        if abs(zc - zv - (0.0 if k < 0.0 else 1.0 if k > 1.0 else k) * e) <= rad + width:
            out.append(((ccw(zs), zc, 0.0), False, rad))
    return out


def _blocked(a: complex, b: complex, obstacles: list[tuple[Shape, bool, float]]) -> bool:
    """The segment a-b meets an obstacle (an open disc, a closed polygon)."""
    e = b - a
    size = abs(e) ** 2
    ec = e.conjugate()
    for (zs, c, r), _, _ in obstacles:
        if zs:
            if segment_meets(zs, a, b):
                return True
        else:
            k = ((c - a) * ec).real / size if size > 0.0 else 0.0
            if abs(c - a - (0.0 if k < 0.0 else 1.0 if k > 1.0 else k) * e) < r:
                return True
    return False


def free_segment(table: Table, v: Base, t: Base, ignore: Collection[str] = (),
                 near: Near | None = None) -> Segment | None:
    """A segment from a point of v's base to a point of t's crossing no sight-blocking
    terrain and no other base (the two bases and ``ignore`` excepted), or None if none.
    A few likely segments are tried first (the diagonals of the bases' hull, from one
    centre to the other's hull points, the bases' nearest points), then every candidate."""
    sv, st = base_shape(v), base_shape(t)
    obstacles = obstacles_near(table, v, t, ignore, near)
    for a, b in _likely(v, t, sv, st):
        if not _blocked(a, b, obstacles):
            return a, b
    gaps = candidate_gaps(sv, st, [o[0] for o in obstacles], [o[2] for o in obstacles])
    for a, b in gaps.tolist():
        if not _blocked(a, b, obstacles):
            return a, b
    return None


SEARCHES_KEPT = 20_000      # exact searches remembered per set of figures on the table


def free_segment_cached(table: Table, v: Base, t: Base, ignore: Collection[str] = (),
                        near: Near | None = None) -> Segment | None:
    """``free_segment``, remembered while the same figures stand on the table (the table's
    bases snapshot holds the answers: they go when a figure moves)."""
    memo = table.bset.sight_searches
    key = (v.x, v.y, v.size, v.shape, v.facing, v.id, t.x, t.y, t.size, t.shape, t.facing, t.id,
           frozenset(ignore))
    found = memo.get(key, memo)
    if found is memo:
        if len(memo) >= SEARCHES_KEPT:
            memo.clear()
        found = memo[key] = free_segment(table, v, t, ignore, near)
    return found


def _likely(v: Base, t: Base, sv: Shape, st: Shape) -> list[Segment]:
    """Segments joining the two bases that often pass when their hull's sides do not."""
    out = []
    sides = outer_tangents(sv, st)[0]
    if len(sides) == 2:
        (l0, l1), (r0, r1) = sides
        out += [(l0, r1), (r0, l1), (sv[1], l1), (sv[1], r1), (l0, st[1]), (r0, st[1])]
    if abs(st[1] - sv[1]) <= _bound(sv) + _bound(st):      # close enough to touch
        out += _nearest(v, t, sv, st)
    return out


def _nearest(v: Base, t: Base, sv: Shape, st: Shape) -> list[Segment]:
    """The shortest segment joining the two bases (a point where they touch)."""
    if v.is_round and t.is_round:
        d = st[1] - sv[1]
        u = d / abs(d) if abs(d) > 0.0 else 1.0
        if abs(d) < sv[2] + st[2]:
            a = sv[1] + u * (abs(d) + sv[2] - st[2]) / 2.0
            return [(a, a)]
        return [(sv[1] + u * sv[2], st[1] - u * st[2])]
    import shapely

    pv = shapely.Point(v.x, v.y).buffer(v.radius, 64) if v.is_round else v.polygon()
    pt = shapely.Point(t.x, t.y).buffer(t.radius, 64) if t.is_round else t.polygon()
    (ax, ay), (bx, by) = shapely.shortest_line(pv, pt).coords
    return [(complex(ax, ay), complex(bx, by))]
