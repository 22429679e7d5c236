"""Vectorised numpy helpers: segments against circles, polygon edges, ray casting."""

from __future__ import annotations

import math

import numpy as np
import shapely
from shapely.geometry.base import BaseGeometry

_EMPTY2 = np.empty((0, 2))


def segment_circle_hits(starts: np.ndarray, ends: np.ndarray, centres: np.ndarray,
                        radii: np.ndarray) -> np.ndarray:
    """(n, m) bool: segment i passes strictly closer than radii[j] to centres[j].

    Large batches first keep the pairs whose circle comes near the segment's
    line (a cross product), then run the exact test on those pairs only: the
    same answers, about half the work when most pairs are far apart."""
    n, m = len(starts), len(centres)
    if n == 0 or m == 0:
        return np.zeros((n, m), dtype=bool)
    if n * m < _PREFILTER_MIN:
        return _circle_hits_exact(starts[:, None, :], ends[:, None, :], centres, radii)
    ax, ay = starts[:, 0:1], starts[:, 1:2]
    dx, dy = ends[:, 0:1] - ax, ends[:, 1:2] - ay
    qx = centres[:, 0] - ax
    qy = centres[:, 1] - ay
    cross = dx * qy
    cross -= dy * qx
    cross *= cross
    l2 = dx * dx + dy * dy
    # distance to the line >= radius (with slack for rounding): no hit; points always tested
    near = cross < (radii * radii * (1.0 + 1e-9)) * np.where(l2 > 0.0, l2, np.inf)
    rows, cols = np.nonzero(near)
    out = np.zeros((n, m), dtype=bool)
    if len(rows):
        out[rows, cols] = _circle_hits_exact(starts[rows], ends[rows], centres[cols], radii[cols])
    return out


_PREFILTER_MIN = 512


def _circle_hits_exact(starts: np.ndarray, ends: np.ndarray, centres: np.ndarray,
                       radii: np.ndarray) -> np.ndarray:
    """Elementwise (broadcast) segment-circle test: projection clamped to the segment."""
    ax, ay = starts[..., 0], starts[..., 1]
    dx, dy = ends[..., 0] - ax, ends[..., 1] - ay
    qx = centres[..., 0] - ax
    qy = centres[..., 1] - ay
    l2 = dx * dx + dy * dy
    l2 = np.where(l2 == 0.0, 1.0, l2)
    t = (qx * dx + qy * dy) / l2
    np.clip(t, 0.0, 1.0, out=t)
    qx -= t * dx
    qy -= t * dy
    return qx * qx + qy * qy < radii * radii


def point_segment_distance(p: np.ndarray, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Distance from one point p (2,) to each segment a[i]-b[i]."""
    d = b - a
    q = p - a
    l2 = (d * d).sum(-1)
    t = np.clip((q * d).sum(-1) / np.where(l2 > 0.0, l2, 1.0), 0.0, 1.0)
    e = q - t[:, None] * d
    return np.sqrt((e * e).sum(-1))


def polygon_parts(geom: BaseGeometry | None) -> list[shapely.Polygon]:
    if geom is None or geom.is_empty:
        return []
    if geom.geom_type == "Polygon":
        return [geom]
    return [g for g in getattr(geom, "geoms", []) if g.geom_type == "Polygon" and not g.is_empty]


def _rings(poly: shapely.Polygon) -> list[np.ndarray]:
    """Rings (closed coordinate arrays) oriented with the polygon interior on the left."""
    poly = shapely.geometry.polygon.orient(poly, sign=1.0)
    return [np.asarray(poly.exterior.coords)] + [np.asarray(r.coords) for r in poly.interiors]


def polygon_edges(geom: BaseGeometry | None) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """All ring edges of a polygonal geometry: (starts, ends, part index)."""
    a_list, b_list, owner = [], [], []
    for k, poly in enumerate(polygon_parts(geom)):
        for ring in _rings(poly):
            a_list.append(ring[:-1])
            b_list.append(ring[1:])
            owner.append(np.full(len(ring) - 1, k))
    if not a_list:
        return _EMPTY2, _EMPTY2, np.empty(0, dtype=int)
    return np.concatenate(a_list), np.concatenate(b_list), np.concatenate(owner)


def reflex_vertices(free: BaseGeometry | None) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Vertices where the free region's boundary turns away from it (the only
    possible bends of shortest paths), with their previous and next ring
    neighbours: (vertices, prev, next), each (k, 2)."""
    out, prev, nxt = [], [], []
    for poly in polygon_parts(free):
        for ring in _rings(poly):
            v = ring[:-1]
            if len(v) < 3:
                continue
            before, after = np.roll(v, 1, axis=0), np.roll(v, -1, axis=0)
            e1, e2 = v - before, after - v
            cross = e1[:, 0] * e2[:, 1] - e1[:, 1] * e2[:, 0]
            scale = np.hypot(*e1.T) * np.hypot(*e2.T)
            keep = cross < -1e-9 * np.maximum(scale, 1e-12)
            out.append(v[keep])
            prev.append(before[keep])
            nxt.append(after[keep])
    if not out:
        return _EMPTY2, _EMPTY2, _EMPTY2
    return np.concatenate(out), np.concatenate(prev), np.concatenate(nxt)


def tangent_at(p: np.ndarray, prev: np.ndarray, nxt: np.ndarray, q: np.ndarray) -> np.ndarray:
    """Bool per row: the line p -> q leaves both neighbours of the obstacle corner p
    on the same side (it can be part of a shortest path bending at p). Rows
    whose neighbours are NaN (no obstacle corner) are always True."""
    dx, dy = q[..., 0] - p[..., 0], q[..., 1] - p[..., 1]
    c1 = dx * (prev[..., 1] - p[..., 1]) - dy * (prev[..., 0] - p[..., 0])
    c2 = dx * (nxt[..., 1] - p[..., 1]) - dy * (nxt[..., 0] - p[..., 0])
    return ~(c1 * c2 < -1e-9)


def all_vertices(geom: BaseGeometry | None) -> np.ndarray:
    pts = [ring[:-1] for poly in polygon_parts(geom) for ring in _rings(poly)]
    return np.concatenate(pts) if pts else _EMPTY2


def inside_lengths(starts: np.ndarray, ends: np.ndarray, edge_a: np.ndarray, edge_b: np.ndarray,
                   area: BaseGeometry, chunk: int = 2048) -> np.ndarray:
    """Length of each segment lying in the interior of the polygonal ``area``
    (whose ring edges are edge_a -> edge_b); ``area`` should be prepared."""
    n = len(starts)
    out = np.zeros(n)
    if n == 0 or len(edge_a) == 0:
        return out
    f = edge_b - edge_a
    for lo in range(0, n, chunk):
        p, q = starts[lo:lo + chunk], ends[lo:lo + chunk]
        d = q - p
        w_x = edge_a[None, :, 0] - p[:, None, 0]
        w_y = edge_a[None, :, 1] - p[:, None, 1]
        denom = d[:, None, 0] * f[None, :, 1] - d[:, None, 1] * f[None, :, 0]
        ok = np.abs(denom) > 1e-12
        safe = np.where(ok, denom, 1.0)
        s = (w_x * f[None, :, 1] - w_y * f[None, :, 0]) / safe
        u = (w_x * d[:, None, 1] - w_y * d[:, None, 0]) / safe
        ok &= (s > 0.0) & (s < 1.0) & (u >= 0.0) & (u <= 1.0)
        params = np.where(ok, s, np.nan)
        m = len(p)
        params = np.concatenate([np.zeros((m, 1)), params, np.ones((m, 1))], axis=1)
        params.sort(axis=1)  # NaN sorted last
        # drop all-NaN columns beyond the largest crossing count
        last = int(np.max(np.sum(~np.isnan(params), axis=1)))
        params = params[:, :last]
        lo_t, hi_t = params[:, :-1], params[:, 1:]
        seg = hi_t - lo_t
        valid = np.isfinite(seg) & (seg > 0.0)
        mid = np.where(valid, (lo_t + hi_t) * 0.5, 0.0)
        rows, cols = np.nonzero(valid)
        mx = p[rows, 0] + mid[rows, cols] * d[rows, 0]
        my = p[rows, 1] + mid[rows, cols] * d[rows, 1]
        inside = shapely.contains_xy(area, mx, my)
        frac = np.zeros(m)
        np.add.at(frac, rows[inside], seg[rows[inside], cols[inside]])
        out[lo:lo + chunk] = frac * np.hypot(d[:, 0], d[:, 1])
    return out


def cast_visibility(origin: tuple[float, float], radius: float, seg_a: np.ndarray,
                    seg_b: np.ndarray, n_arc: int = 96, min_t: float = 1e-6) -> shapely.Polygon:
    """Region visible from ``origin`` within ``radius``, walls being the segments.

    Exact ray casting towards every wall end point (and just beside it) plus
    ``n_arc`` evenly spaced rays for the circular rim (chords: slightly inside
    the true disc). Wall hits closer than ``min_t`` are ignored, so an origin
    lying on a wall (e.g. on an obstacle's vertex) sees along and away from it.
    """
    o = np.asarray(origin, dtype=float)
    if len(seg_a):
        near = point_segment_distance(o, seg_a, seg_b) <= radius
        a, b = seg_a[near], seg_b[near]
    else:
        a, b = seg_a, seg_b
    angles = [np.linspace(0.0, 2.0 * math.pi, n_arc, endpoint=False)]
    if len(a):
        ends = np.concatenate([a, b])
        rel = ends - o
        dist = np.hypot(rel[:, 0], rel[:, 1])
        rel = rel[(dist <= radius) & (dist > min_t)]
        va = np.arctan2(rel[:, 1], rel[:, 0])
        angles += [va - 1e-5, va, va + 1e-5]
    ang = np.unique(np.mod(np.concatenate(angles), 2.0 * math.pi))
    dx, dy = np.cos(ang), np.sin(ang)
    t_hit = np.full(len(ang), float(radius))
    if len(a):
        f = b - a
        wx = (a[:, 0] - o[0])[None, :]
        wy = (a[:, 1] - o[1])[None, :]
        denom = dx[:, None] * f[None, :, 1] - dy[:, None] * f[None, :, 0]
        ok = np.abs(denom) > 1e-12
        safe = np.where(ok, denom, 1.0)
        t = (wx * f[None, :, 1] - wy * f[None, :, 0]) / safe
        s = (wx * dy[:, None] - wy * dx[:, None]) / safe
        ok &= (s >= -1e-9) & (s <= 1.0 + 1e-9) & (t > min_t)
        t = np.where(ok, t, np.inf)
        t_hit = np.minimum(t_hit, t.min(axis=1))
    pts = np.column_stack([o[0] + t_hit * dx, o[1] + t_hit * dy])
    poly = shapely.Polygon(pts)
    if not poly.is_valid:
        poly = shapely.make_valid(poly)
        poly = shapely.union_all([g for g in getattr(poly, "geoms", [poly])
                                  if g.geom_type in ("Polygon", "MultiPolygon")])
    return poly


def is_convex(poly: shapely.Polygon, rel_tol: float = 1e-9) -> bool:
    return poly.convex_hull.area - poly.area <= rel_tol * max(poly.area, 1.0)


def convex_parts(geom: BaseGeometry | None) -> list[shapely.Polygon]:
    """Split a polygonal geometry into convex polygons covering it exactly
    (constrained Delaunay triangles, greedily merged while the union stays convex)."""
    out: list[shapely.Polygon] = []
    for poly in polygon_parts(geom):
        if not poly.interiors and is_convex(poly):
            out.append(poly)
            continue
        parts = [t for t in shapely.constrained_delaunay_triangles(poly).geoms if t.area > 0.0]
        merged = True
        while merged:
            merged = False
            for i in range(len(parts)):
                for j in range(i + 1, len(parts)):
                    if parts[i].intersection(parts[j]).length <= 1e-9:
                        continue
                    u = parts[i].union(parts[j])
                    if u.geom_type == "Polygon" and is_convex(u):
                        parts[i] = u.simplify(0.0)
                        del parts[j]
                        merged = True
                        break
                if merged:
                    break
        out.extend(parts)
    return out
