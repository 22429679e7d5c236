"""The exact plain-python / numpy tests behind line of sight, against shapely."""

from __future__ import annotations

import math

import numpy as np
import pytest
import shapely

from game.geometry.bench import random_table
from game.geometry.convex import (
    cell_frames,
    fan_disc,
    fan_range,
    meets_segment,
    point_in_convex,
    segment_meets,
)
from game.geometry.corridor import SILHOUETTE_TEMPLATE, _Pair, _seg_hits_circle
from game.geometry.slabs import SlabIndex
from game.geometry.vecmath import _circle_hits_exact, segment_circle_hits

SQUARE = shapely.Polygon([(0, 0), (10, 0), (10, 10), (0, 10)])


def _zs(poly: shapely.Polygon) -> tuple[complex, ...]:
    return cell_frames([poly])[0][0]


def _random_convex(rng: np.random.Generator) -> shapely.Polygon:
    centre = rng.uniform(-50, 50, 2)
    pts = centre + rng.normal(0, rng.uniform(2, 30), (rng.integers(3, 9), 2))
    hull = shapely.MultiPoint(pts).convex_hull
    return hull if hull.geom_type == "Polygon" and hull.area > 1e-6 else SQUARE


@pytest.mark.parametrize("seg, expected", [
    (((-5, 10), (15, 10)), True),    # along the top edge
    (((10, 10), (20, 20)), True),    # touching a corner
    (((5, 20), (5, 10)), True),      # ending on an edge
    (((-5, 10.000001), (15, 10.000001)), False),  # just above the top edge
    (((11, -5), (11, 15)), False),   # parallel, outside
    (((2, 2), (3, 3)), True),        # wholly inside
    (((-5, 5), (15, 5)), True),      # crossing
    (((12, 5), (30, 5)), False),     # on the line of a crossing, but beyond
    (((5, 5), (5, 5)), True),        # a point inside
    (((10, 5), (10, 5)), True),      # a point on an edge
    (((11, 5), (11, 5)), False),     # a point outside
])
def test_segment_meets_convex_cell_grazing_and_degenerate(seg, expected):
    (ax, ay), (bx, by) = seg
    assert SQUARE.intersects(shapely.LineString(seg) if seg[0] != seg[1] else shapely.Point(seg[0])) \
        == expected
    assert segment_meets(_zs(SQUARE), complex(ax, ay), complex(bx, by)) == expected
    assert segment_meets(_zs(SQUARE)[::-1], complex(bx, by), complex(ax, ay)) == expected


def test_segment_meets_matches_shapely_on_random_cases():
    rng = np.random.default_rng(11)
    met = 0
    for _ in range(600):
        poly = _random_convex(rng)
        zs = _zs(poly)
        a, b = rng.uniform(-90, 90, 2), rng.uniform(-90, 90, 2)
        if rng.random() < 0.2:  # start on a vertex (exact touches: see the grazing cases)
            a = np.asarray(poly.exterior.coords)[rng.integers(len(zs))]
        want = poly.intersects(shapely.LineString([a, b]))
        assert segment_meets(zs, complex(*a), complex(*b)) == want
        met += want
    assert 100 < met < 500


def test_meets_segment_frame_form_and_point_in_convex():
    zs = _zs(SQUARE)
    assert meets_segment(zs, complex(-5, 5), 1 + 0j, 4.999) is False
    assert meets_segment(zs, complex(-5, 5), 1 + 0j, 5.0) is True
    assert point_in_convex(zs, complex(0, 0)) and not point_in_convex(zs, complex(-1e-9, 0))


def _fan_hits(poly, zv, cu, length, offsets):
    u = cu.conjugate()
    ends = [zv + u * length + u * 1j * o for o in offsets]
    return [poly.intersects(shapely.LineString([(zv.real, zv.imag), (e.real, e.imag)])) for e in ends]


def test_fan_range_matches_ray_by_ray_shapely():
    rng = np.random.default_rng(5)
    offsets = np.linspace(-40, 40, 33).tolist()
    kinds = set()
    for _ in range(300):
        poly = _random_convex(rng)
        zv = complex(*rng.uniform(-60, 60, 2))
        ang = rng.uniform(0, 2 * math.pi)
        cu = complex(math.cos(ang), -math.sin(ang))
        length = rng.uniform(5, 120)
        want = _fan_hits(poly, zv, cu, length, offsets)
        span = fan_range(_zs(poly), zv, cu, length)
        got = [False] * len(offsets) if span is None else [span[0] <= o <= span[1] for o in offsets]
        assert got == want
        kinds.add("all" if all(want) else "some" if any(want) else "none")
    assert kinds == {"all", "some", "none"}
    # a cell containing the start blocks every ray
    assert fan_range(_zs(SQUARE), complex(5, 5), 1 + 0j, 50.0) == (-math.inf, math.inf)


def test_fan_disc_matches_ray_by_ray():
    rng = np.random.default_rng(8)
    offsets = np.linspace(-30, 30, 31).tolist()
    tested = 0
    for _ in range(400):
        length, r = rng.uniform(20, 200), rng.uniform(1, 20)
        c = complex(rng.uniform(r, max(r, length - r)), rng.uniform(-40, 40))
        if not r <= c.real <= length - r:
            continue
        span = fan_disc(c, r, length)
        got = [False] * len(offsets) if span is None else [span[0] < o < span[1] for o in offsets]
        want = [_seg_hits_circle(0.0, 0.0, length, o, c.real, c.imag, r) for o in offsets]
        assert got == want
        tested += any(want)
    assert tested > 50


def test_slab_index_keeps_every_disc_near_the_segment():
    rng = np.random.default_rng(3)
    items = [(complex(*rng.uniform(0, 600, 2)), float(rng.uniform(5, 60))) for _ in range(80)]
    index = SlabIndex(items, lambda it: it[0], lambda it: it[1])
    for _ in range(200):
        z0, z1 = complex(*rng.uniform(0, 600, 2)), complex(*rng.uniform(0, 600, 2))
        width = float(rng.uniform(0, 25))
        line = shapely.LineString([(z0.real, z0.imag), (z1.real, z1.imag)])
        near = set(index.near(z0, z1, width))
        for c, r in items:
            if line.distance(shapely.Point(c.real, c.imag)) <= r + width:
                assert (c, r) in near


def test_prefiltered_circle_hits_equal_the_exact_formula():
    rng = np.random.default_rng(2)
    starts, ends = rng.uniform(0, 600, (900, 2)), rng.uniform(0, 600, (900, 2))
    ends[::9] = starts[::9]  # points
    centres, radii = rng.uniform(0, 600, (20, 2)), rng.uniform(5, 40, 20)
    got = segment_circle_hits(starts, ends, centres, radii)
    want = _circle_hits_exact(starts[:, None, :], ends[:, None, :], centres, radii)
    assert got.tolist() == want.tolist()
    assert 0 < got.sum() < got.size
    # a segment tangent to a circle does not hit it (strict)
    tangent = segment_circle_hits(np.array([[0.0, 10.0]] * 40), np.array([[20.0, 10.0]] * 40),
                                  np.array([[10.0, 0.0]] * 20), np.full(20, 10.0))
    assert not tangent.any()


def test_silhouette_matches_shapely_ray_by_ray():
    t, bases = random_table(4)
    ids = [b.id for b in bases]
    shrunk = {p.id: p.polygon().buffer(-0.01, join_style="mitre") for p in t.terrain if p.blocks_sight}
    partial = 0
    for i, a in enumerate(ids):
        for b in ids[i + 1:i + 7]:
            p = _Pair(t, t.resolve(a), t.resolve(b), ())
            rays = [shapely.LineString(c) for c in p.ray_coords(SILHOUETTE_TEMPLATE)]
            terrain = [k for k, g in shrunk.items() if any(g.intersects(r) for r in rays)]
            figures = [o.id for o in bases if o.id not in (a, b)
                       and any(r.distance(shapely.Point(o.x, o.y)) < o.radius - 0.01 for r in rays)]
            blocked = [any(g.intersects(r) for g in shrunk.values())
                       or any(r.distance(shapely.Point(o.x, o.y)) < o.radius - 0.01
                              for o in bases if o.id not in (a, b)) for r in rays]
            s = t.sight(a, b)
            assert s.hidden_fraction == sum(blocked) / len(rays) == t.hidden_fraction(a, b)
            assert list(s.terrain_blockers) == [k for k in t.sight_ids if k in terrain]
            assert sorted(s.figure_blockers) == sorted(figures)
            partial += 0.0 < s.hidden_fraction < 1.0
    assert partial > 3


def test_can_see_finds_every_sampled_ray_with_ignore_and_square_bases():
    from game.geometry.shapes import Base
    from game.geometry.sight import line_of_sight

    from .test_sight import sampled_rays

    seen = set()
    for seed in (8, 9):
        t, bases = random_table(seed, n_bases=14)
        if seed == 9:
            t.set_bases([Base(b.id, b.x, b.y, b.size * 0.9, "square", 35.0) if k % 4 == 0 else b
                         for k, b in enumerate(bases)])
        ids = [b.id for b in bases]
        for i, a in enumerate(ids):
            for b in ids[i + 1:]:
                ignore = {ids[(i + 3) % len(ids)]} - {a, b}
                coords = sampled_rays(_Pair(t, t.resolve(a), t.resolve(b), ignore))
                sampled = bool(t.rays_clear(coords[:, 0], coords[:, 1], {a, b} | ignore).any())
                exact = t.can_see(a, b, ignore)
                assert exact == t.sight(a, b, ignore).visible and (exact or not sampled)
                w = line_of_sight(t, a, b, ignore)
                assert (w is None) != exact or False if w is None else t.rays_clear(
                    [w[0]], [w[1]], {a, b} | ignore)[0]
                seen.add(exact)
    assert seen == {True, False}
