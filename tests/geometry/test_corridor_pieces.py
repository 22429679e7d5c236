"""The corridor query (terrain of any kind with heights, and bases, meeting the corridor
between two bases beyond a radius round the viewer) against a brute-force check piece by
piece; and the batch edge distances against the scalar ones."""

from __future__ import annotations

import math
from dataclasses import replace

import numpy as np
import pytest
import shapely

from game.geometry.bench import random_table
from game.geometry.corridor import corridor_beyond, corridor_polygon
from game.geometry.table import Table

from .builders import base, rect, table, wall


def test_pieces_of_every_kind_with_heights_and_other_bases():
    terrain = [replace(rect("hedge", 190, 180, 200, 260, "cover"), height=30.0),
               replace(wall("house", 250, 150, 270, 175), height=90.0),  # off the corridor
               rect("mud", 240, 205, 260, 215, "difficult")]
    bases = [base("v", 100, 200, 40), base("t", 400, 200, 40), base("in", 300, 225, 20),
             base("out", 300, 240, 20), base("behind", 460, 200, 20)]
    tb = table(600, 600, terrain, bases)
    c = tb.corridor_pieces("v", "t")
    assert (c.terrain, c.heights, c.bases) == (("hedge", "mud"), (30.0, 0.0), ("in",))
    assert c.height_of("hedge") == 30.0


def test_what_lies_within_the_radius_round_the_viewer_is_left_out():
    low_wall = rect("low", 125, 150, 130, 250, "cover")      # 5 mm off the viewer's edge
    far_wall = rect("far", 300, 150, 305, 250, "cover")
    near = base("near", 150, 180, 10)                        # in the corridor, 25 mm away
    tb = table(600, 600, [low_wall, far_wall], [base("v", 100, 200, 40), base("t", 400, 200, 40),
                                               near])
    assert tb.corridor_pieces("v", "t").terrain == ("low", "far")
    c = tb.corridor_pieces("v", "t", exclude_radius=20.0)
    assert c.terrain == ("far",) and c.bases == ("near",)
    assert tb.corridor_pieces("v", "t", exclude_radius=40.0).bases == ()
    assert tb.corridor_pieces("v", "t", exclude_radius=400.0).terrain == ()


def _brute(tb, v, t, radius):
    """Per piece: does it meet the corridor at a point farther than ``radius`` from the
    viewer's edge? Distance to a convex base is convex, so the farthest point of the piece's
    part in the corridor is one of its vertices. Returns (terrain ids, base ids, ambiguous)."""
    d = np.array([t.x - v.x, t.y - v.y])
    n = np.array([-d[1], d[0]]) / np.hypot(*d)

    def half(b):  # half the chord through the centre across the centre line
        line = shapely.LineString([np.array(b.center) - 1e3 * n, np.array(b.center) + 1e3 * n])
        return line.intersection(b.polygon()).length / 2

    hv, ht = half(v), half(t)
    quad = shapely.Polygon([np.array(v.center) + n * hv, np.array(t.center) + n * ht,
                            np.array(t.center) - n * ht, np.array(v.center) - n * hv])
    vpoly = v.polygon()

    def beyond(geom):
        part = geom.intersection(quad)
        if part.is_empty:
            return None
        return max(vpoly.distance(shapely.Point(p)) if not v.is_round
                   else math.hypot(p[0] - v.x, p[1] - v.y) - v.radius
                   for p in shapely.get_coordinates(part))

    terrain, bases, ambiguous = [], [], 0
    for piece in tb.terrain:
        far = beyond(piece.polygon())
        if far is not None and far > radius:
            terrain.append(piece.id)
        ambiguous += far is not None and abs(far - radius) < 0.1
    for b in tb.bset.bases:
        if b.id in (v.id, t.id):
            continue
        far = beyond(b.polygon())
        if far is not None and far > radius:
            bases.append(b.id)
        ambiguous += far is not None and abs(far - radius) < 0.1
    return tuple(terrain), tuple(bases), ambiguous


@pytest.mark.parametrize("seed", range(1, 5))
def test_random_layouts_match_a_piece_by_piece_check(seed):
    layout, bases = random_table(seed, n_terrain=14, n_bases=14)
    rng = np.random.default_rng(seed)
    # heights, and a few square bases
    tb = Table(layout.width, layout.height,
               [replace(p, height=float(rng.uniform(0, 100))) for p in layout.terrain])
    sq = [replace(b, shape="square", facing=float(rng.uniform(0, 90))) if i % 4 == 3 else b
          for i, b in enumerate(bases)]
    tb.set_bases([b for b in sq if tb.overlaps_any(b, [o for o in sq if o.id != b.id]) is None])
    ids = list(tb.bases)
    checked = skipped = 0
    for _ in range(60):
        a, b = rng.choice(ids, 2, replace=False)
        radius = float(rng.choice([0.0, 20.0, 60.0]))
        terrain, others, ambiguous = _brute(tb, tb.bases[a], tb.bases[b], radius)
        if ambiguous:
            skipped += 1
            continue
        got = tb.corridor_pieces(a, b, exclude_radius=radius)
        assert (got.terrain, got.bases) == (terrain, others), (a, b, radius)
        assert got.heights == tuple(tb.terrain_by_id[i].height for i in terrain)
        checked += 1
    assert checked >= 50 and skipped <= 10


def test_the_closed_form_cut_matches_shapely_difference():
    v, t = base("v", 100, 200, 40), base("t", 300, 260, 25)
    for radius in (0.0, 5.0, 20.0, 80.0, 150.0):
        cut = corridor_beyond(v, t, radius)
        zone = shapely.Point(100, 200).buffer(20 + radius, quad_segs=512)
        ref = corridor_polygon(v, t).difference(zone)
        assert cut.symmetric_difference(ref).area < 0.05 * (20 + radius)
        assert cut.area <= ref.area + 1e-6   # the rim is drawn outside the circle
    assert corridor_beyond(v, t, 500.0).is_empty


def test_batch_distances_equal_the_scalar_ones():
    rng = np.random.default_rng(3)
    bases = [base(f"b{i}", *rng.uniform(50, 550, 2), float(rng.choice([20.0, 40.0])),
                  shape="square" if i % 3 == 0 else "round", facing=float(rng.uniform(0, 360)))
             for i in range(12)]
    tb = table(600, 600, (), bases)
    for me in bases:
        assert tb.distances(me, bases) == pytest.approx([tb.distance(me, o) for o in bases],
                                                        abs=1e-9)
    p = (300.0, 300.0)
    expect = [shapely.Point(p).distance(o.polygon()) if not o.is_round
              else max(0.0, math.hypot(o.x - p[0], o.y - p[1]) - o.radius) for o in bases]
    assert tb.distances(p, [o.id for o in bases]) == pytest.approx(expect, abs=1e-9)
    assert tb.distances(p, []).shape == (0,)
