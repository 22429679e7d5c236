"""Line of sight is exact: a clear line through a narrow gap, or from a square base's corner,
is found; every "visible" comes with a witness segment that is clear; every clear segment a
dense brute-force search finds between two bases means "visible"."""

from __future__ import annotations

import math

import numpy as np
import pytest
import shapely

from game.geometry import Base, Table, Terrain
from game.geometry.sight import line_of_sight

from .builders import base, table, wall

V = base("v", 100, 300, 30)
T = base("t", 500, 300, 40)


def _clear(t: Table, a, b, exclude) -> bool:
    """The segment a-b checked piece by piece with shapely (independent of the sight code)."""
    line = shapely.LineString([a, b]) if a != b else shapely.Point(a)
    for piece in t.terrain:
        if piece.blocks_sight and line.intersects(piece.polygon().buffer(-0.01, join_style="mitre")):
            return False
    for o in t.bases.values():
        if o.id in exclude:
            continue
        if o.is_round and line.distance(shapely.Point(o.x, o.y)) < o.radius - 0.01:
            return False
        if not o.is_round and line.intersects(o.polygon().buffer(-0.01, join_style="mitre")):
            return False
    return True


def _inside(b: Base, p) -> bool:
    if b.is_round:
        return math.hypot(p[0] - b.x, p[1] - b.y) <= b.radius + 1e-6
    return b.polygon().buffer(1e-6, join_style="mitre").contains(shapely.Point(p))


def _witnessed(t: Table, a: str, b: str, ignore=()) -> bool:
    """can_see, sight and line_of_sight agree, and a "visible" has a clear witness."""
    seen = t.can_see(a, b, ignore)
    assert t.sight(a, b, ignore).visible == seen
    w = line_of_sight(t, a, b, ignore)
    assert (w is not None) == seen
    if w is not None:
        assert _inside(t.resolve(a), w[0]) and _inside(t.resolve(b), w[1]), w
        assert _clear(t, w[0], w[1], {a, b, *ignore}), w
    return seen


@pytest.mark.parametrize("gap_at", [296.5, 301.5, 306.5, 311.5])
def test_a_one_millimetre_gap_between_two_walls_is_found(gap_at):
    # two walls just in front of the viewer, 1 mm apart: sampled rays miss the gap
    t = table(600, 600, terrain=[wall("a", 120, 0, 122, gap_at), wall("b", 120, gap_at + 1, 122, 600)],
              bases=[V, T])
    assert _witnessed(t, "v", "t") and _witnessed(t, "t", "v")
    w = line_of_sight(t, "v", "t")
    assert t.line_of_sight("v", "t") == w
    y = w[0][1] + (121 - w[0][0]) * (w[1][1] - w[0][1]) / (w[1][0] - w[0][0])
    assert gap_at < y < gap_at + 1                          # through the gap
    # walls touching block as one: no crack between them once the blocking region is shrunk
    closed = table(600, 600, terrain=[wall("a", 120, 0, 122, gap_at), wall("b", 120, gap_at, 122, 600)],
                   bases=[V, T])
    assert not _witnessed(closed, "v", "t") and closed.line_of_sight("v", "t") is None


def test_a_gap_narrower_than_the_grazing_tolerance_is_closed():
    # the pieces are shrunk by 0.01 mm each: a gap must be wider than nothing after that
    t = table(600, 600, terrain=[wall("a", 120, 0, 122, 306.5), wall("b", 120, 306.5 + 1e-4, 122, 600)],
              bases=[V, T])
    assert _witnessed(t, "v", "t")                          # 0.02 mm once both are shrunk
    touching = Terrain("ab", "wall", ((120, 0), (122, 0), (122, 600), (120, 600)),
                       frozenset({"blocks_sight"}))
    assert not _witnessed(table(600, 600, terrain=[touching], bases=[V, T]), "v", "t")


@pytest.mark.parametrize("top, seen", [(317.0, True), (319.0, True), (319.5, False)])
def test_a_square_base_sees_from_its_corner(top, seen):
    # a square turned 20 degrees: its corner rises to y = 319.2, above its middle's chord
    sq = base("v", 100, 300, 30, shape="square", facing=20.0)
    t = table(600, 600, terrain=[wall("w", 130, 0, 140, top)], bases=[sq, T])
    assert _witnessed(t, "v", "t") == seen and _witnessed(t, "t", "v") == seen


@pytest.mark.parametrize("top, seen", [(317.0, True), (318.5, True), (319.3, False)])
def test_a_square_target_is_seen_by_its_corner(top, seen):
    # the target turned 20 degrees: its far corner rises to y = 319.2 behind a wall near it
    sq = base("t", 500, 300, 30, shape="square", facing=20.0)
    t = table(600, 600, terrain=[wall("w", 460, 0, 470, top)], bases=[V, sq])
    assert _witnessed(t, "v", "t") == seen and _witnessed(t, "t", "v") == seen


# ---------------------------------------------------------------- property test
def _piece(k: int, pts) -> Terrain:
    return Terrain(f"t{k}", "rock", tuple(map(tuple, pts)), frozenset({"blocks_sight"}))


def _random_layout(rng: np.random.Generator) -> Table:
    """A small table with walls (some in pairs with a narrow gap, some touching), rocks, a
    ruin (not convex), woods a base may stand in, and round and square bases (some touching
    each other, some turned square to the walls); figure ids b0, b1, ..."""
    terrain = []
    for k in range(int(rng.integers(2, 6))):
        c = rng.uniform(40, 260, 2)
        kind = rng.integers(5)
        if kind == 0:      # a thin wall, anyhow
            ang = rng.uniform(0, math.pi)
            d = np.array([math.cos(ang), math.sin(ang)]) * rng.uniform(10, 60)
            e = np.array([-d[1], d[0]]) / np.linalg.norm(d) * rng.uniform(0.5, 3)
            terrain.append(_piece(k, [c - d - e, c + d - e, c + d + e, c - d + e]))
        elif kind == 1:    # a rock
            ang = np.sort(rng.uniform(0, 2 * math.pi, 7))
            rad = rng.uniform(5, 25) * rng.uniform(0.6, 1.0, 7)
            terrain.append(_piece(k, [c + r * np.array([math.cos(a), math.sin(a)]) for a, r in zip(ang, rad)]))
        elif kind == 2:    # a ruin: an L
            s = rng.uniform(15, 40)
            terrain.append(_piece(k, [c + s * np.array(p) for p in ((0, 0), (1, 0), (1, .2), (.2, .2),
                                                                    (.2, 1), (0, 1))]))
        elif kind == 3:    # two walls in line, a narrow gap (or none) between them
            (x, y), h, g = c, rng.uniform(20, 80), float(rng.choice([0.0, 0.05, 0.5, 2.0]))
            terrain.append(_piece(k, [(x, y - h), (x + 2, y - h), (x + 2, y), (x, y)]))
            terrain.append(_piece(k + 10, [(x, y + g), (x + 2, y + g), (x + 2, y + g + h), (x, y + g + h)]))
        else:              # a wood, where a base may stand
            s = rng.uniform(20, 60)
            terrain.append(_piece(k, [c, c + (s, 0), c + (s, s), c + (0, s)]))
    bases: list[Base] = []
    while len(bases) < 6:
        size = float(rng.choice([4.0, 8.0, 20.0, 30.0]))
        shape = "square" if rng.random() < 0.4 else "round"
        facing = float(rng.choice([0.0, 45.0, rng.uniform(0, 90)]))
        x, y = rng.uniform(20, 280, 2)
        if bases and rng.random() < 0.3:          # in contact with another
            o = bases[-1]
            ang = rng.uniform(0, 2 * math.pi)
            gap = o.radius + size / 2 if shape == "round" and o.is_round else o.circumradius + size * 0.71
            x, y = o.x + gap * math.cos(ang), o.y + gap * math.sin(ang)
        b = Base(f"b{len(bases)}", float(x), float(y), size, shape, facing)
        if all(math.hypot(b.x - o.x, b.y - o.y) >= b.radius + o.radius - 1e-9 if b.is_round and o.is_round
               else b.polygon().intersection(o.polygon()).area < 1e-9 for o in bases):
            bases.append(b)
    t = Table(300, 300, terrain)
    t.set_bases(bases)
    return t


def _boundary(b: Base, n: int) -> np.ndarray:
    ring = shapely.Point(b.x, b.y).buffer(b.radius, quad_segs=n // 4).exterior if b.is_round \
        else b.polygon().exterior
    return np.array([ring.interpolate(k / n, normalized=True).coords[0] for k in range(n)])


def _brute(t: Table, a: str, b: str, n: int = 96) -> bool:
    """Some segment between n points round each base's edge is clear (a dense sample)."""
    pa, pb = _boundary(t.resolve(a), n), _boundary(t.resolve(b), n)
    starts = np.repeat(pa, len(pb), axis=0)
    ends = np.tile(pb, (len(pa), 1))
    return bool(t.rays_clear(starts, ends, {a, b}).any())


def test_exact_sight_agrees_with_a_dense_brute_force_search_both_ways():
    rng = np.random.default_rng(20261123)
    outcomes = {"both": 0, "neither": 0, "exact only": 0}
    for _ in range(16):
        t = _random_layout(rng)
        ids = sorted(t.bases)
        for i, a in enumerate(ids):
            for b in ids[i + 1:]:
                exact = _witnessed(t, a, b)            # "visible": a clear witness
                brute = _brute(t, a, b, 64)
                assert exact or not brute, (a, b)       # every sampled witness is found
                outcomes["both" if exact and brute else "neither" if not exact else "exact only"] += 1
    assert outcomes["both"] > 100 and outcomes["neither"] > 30, outcomes


def test_exact_searches_are_remembered_only_while_the_figures_stand_still():
    walls = [wall("a", 120, 0, 122, 306.5), wall("b", 120, 307.5, 122, 600)]
    t = table(600, 600, terrain=walls, bases=[V, T])
    assert t.can_see("v", "t") and len(t.bset.sight_searches) == 1
    assert t.line_of_sight("v", "t") is not None and len(t.bset.sight_searches) == 1
    plug = base("p", 125, 307, 4)                  # a small figure steps into the gap
    t.set_bases([V, T, plug])
    assert not t.bset.sight_searches and not t.can_see("v", "t")
    assert t.can_see("v", "t", ignore={"p"})       # another question: searched anew
    assert t.with_bases([V, T]).can_see("v", "t") and not t.can_see("v", "t")
