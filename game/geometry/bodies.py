"""Convex bodies for exact sight: a base or a convex cell of terrain as a shape (its
vertices counter-clockwise, or a disc), the sides of the convex hull of two shapes, and
whether two shapes overlap and where their boundaries cross. Points are complex numbers."""

from __future__ import annotations

import cmath
import math
from functools import lru_cache

from .convex import point_in_convex
from .shapes import Base

# (vertices counter-clockwise, centre, radius): a polygon (radius 0) or a disc (no vertices)
Shape = tuple[tuple[complex, ...], complex, float]
Segment = tuple[complex, complex]


@lru_cache(maxsize=4096)
def ccw(zs: tuple[complex, ...]) -> tuple[complex, ...]:
    """The vertices in counter-clockwise order."""
    area = sum((a.conjugate() * b).imag for a, b in zip(zs, zs[1:] + zs[:1]))
    return zs if area >= 0.0 else zs[::-1]


def base_shape(b: Base, shrink: float = 0.0) -> Shape:
    """A base as a shape (a square shrunk by ``shrink`` on every side, a disc by its radius)."""
    z = complex(b.x, b.y)
    if b.is_round:
        return (), z, b.radius - shrink
    h = b.size / 2.0 - shrink
    turn = cmath.exp(1j * math.radians(b.facing))
    return tuple(z + turn * c * h for c in (1 + 1j, -1 + 1j, -1 - 1j, 1 - 1j)), z, 0.0


def _support(shape: Shape, n: complex) -> tuple[complex, float]:
    """The site of the shape touching its supporting line of outward normal n."""
    zs, c, r = shape
    if not zs:
        return c, r
    return max(zs, key=lambda z: (z * n.conjugate()).real), 0.0


def disc_tangents(zv: complex, rv: float, zt: complex, rt: float, u: complex,
                  length: float) -> list[Segment]:
    """The two sides of the convex hull of two discs (centres ``length`` apart along the
    unit ``u``), in closed form; none when one holds the other."""
    c = (rv - rt) / length
    if not -1.0 < c < 1.0:
        return []
    k = math.sqrt(1.0 - c * c)
    n1, n2 = u * complex(c, k), u * complex(c, -k)
    return [(zv + rv * n1, zt + rt * n1), (zv + rv * n2, zt + rt * n2)]


def outer_tangents(sv: Shape, st: Shape) -> tuple[list[Segment], bool]:
    """The two sides of the convex hull of two shapes joining one to the other (each from
    its point on the first shape to its point on the second), and whether both are exact
    (the shapes apart enough for the hull to have two such sides)."""
    d = st[1] - sv[1]
    length = abs(d)
    if length <= 1e-9:
        return [], False
    u = d / length
    if not sv[0] and not st[0]:
        sides = disc_tangents(sv[1], sv[2], st[1], st[2], u, length)
        return sides, bool(sides)
    out, exact = [], True
    for side in (1.0, -1.0):
        n, done = 1j * u * side, False
        for _ in range(8):
            a, ra = _support(sv, n)
            b, rb = _support(st, n)
            delta = b - a
            if abs(delta) <= 1e-12 or abs(ra - rb) > abs(delta):
                return out, False
            n = cmath.exp(1j * (cmath.phase(delta) + side * math.acos((ra - rb) / abs(delta))))
            if _support(sv, n)[0] == a and _support(st, n)[0] == b:
                done = True
                break
        out.append((a + ra * n, b + rb * n))
        exact = exact and done
    return out, exact


# ------------------------------------------------------------------- overlaps
def edges(zs: tuple[complex, ...]):
    return zip(zs, zs[1:] + zs[:1])


def _point_dist(zs: tuple[complex, ...], q: complex) -> float:
    """Distance from q to a convex polygon (0 inside)."""
    if point_in_convex(zs, q):
        return 0.0
    best = math.inf
    for a, b in edges(zs):
        e = b - a
        t = min(max(((q - a) * e.conjugate()).real / (abs(e) ** 2 or 1.0), 0.0), 1.0)
        best = min(best, abs(q - a - t * e))
    return best


def apart(ob: Shape, base: Shape, ob_open: bool) -> bool:
    """True if the obstacle cannot hold any point of the base (an open disc may touch it)."""
    (zo, co, ro), (zb, cb, rb) = ob, base
    if not zo and not zb:
        gap = abs(co - cb) - ro - rb
        return gap >= 0.0 if ob_open else gap > 0.0
    if not zo:
        return _point_dist(zb, co) - rb >= ro if ob_open else _point_dist(zb, co) > ro
    if not zb:
        return _point_dist(zo, cb) > rb
    return _separated(zo, zb)


def _separated(p: tuple[complex, ...], q: tuple[complex, ...]) -> bool:
    """Two closed convex polygons (counter-clockwise) strictly apart (a separating edge)."""
    for zs, other in ((p, q), (q, p)):
        for a, b in edges(zs):
            m = (b - a).conjugate()     # (x - a) * m has the outward side as negative imag
            if all(((z - a) * m).imag < 0.0 for z in other):
                return True
    return False


def crossings(a: Shape, b: Shape) -> list[complex]:
    """Points where the boundaries of two shapes cross."""
    (za, ca, ra), (zb, cb, rb) = a, b
    if not za and not zb:
        d = abs(cb - ca)
        if d == 0.0 or d >= ra + rb or d <= abs(ra - rb):
            return []
        x = (d * d + ra * ra - rb * rb) / (2.0 * d)
        y = math.sqrt(max(ra * ra - x * x, 0.0))
        u = (cb - ca) / d
        return [ca + u * complex(x, y), ca + u * complex(x, -y)]
    if not za or not zb:
        (zs, _, _), (_, c, r) = (a, b) if za else (b, a)
        out = []
        for p, q in edges(zs):
            e = q - p
            f = p - c
            qa, qb, qc = abs(e) ** 2, 2.0 * (f * e.conjugate()).real, abs(f) ** 2 - r * r
            disc = qb * qb - 4.0 * qa * qc
            if qa > 0.0 and disc > 0.0:
                root = math.sqrt(disc)
                out += [p + t * e for t in ((-qb - root) / (2 * qa), (-qb + root) / (2 * qa))
                        if 0.0 <= t <= 1.0]
        return out
    out = []
    for p, q in edges(za):
        for s, w in edges(zb):
            e, f = q - p, w - s
            den = (e.conjugate() * f).imag
            if den == 0.0:
                continue
            t = ((s - p).conjugate() * f).imag / den
            k = ((s - p).conjugate() * e).imag / den
            if 0.0 <= t <= 1.0 and 0.0 <= k <= 1.0:
                out.append(p + t * e)
    return out
