import math
import random

import pytest
import shapely

from game.geometry import PathCheck

from .builders import base, rect, table, wall

WALL = wall("w", 190, 100, 210, 300)
MOVER = base("m", 100, 200, 20)


def test_straight_path_cost_and_prepended_centre():
    t = table(bases=[MOVER])
    res = t.check_path("m", [(100, 250)], 60)
    assert res == PathCheck(True, None, pytest.approx(50.0), (100.0, 250.0))
    same = t.check_path("m", [(100, 200), (100, 250)], 60)
    assert same.ok and same.cost == pytest.approx(50.0)
    assert t.check_path("m", [(100, 250)], 49).reason == "too_far"
    assert t.check_path("m", [(100, 250)], None).ok
    assert t.check_path("m", [], 0).ok


def test_through_wall_refused_around_accepted():
    t = table(terrain=[WALL], bases=[MOVER])
    res = t.check_path("m", [(300, 200)], 1000)
    assert not res.ok and res.reason == "terrain"
    around = t.check_path("m", [(100, 90), (300, 90), (300, 200)], 1000)
    assert around.ok and around.cost == pytest.approx(110 + 200 + 110)
    # brushing the wall's corner (centre exactly one radius away) is allowed
    assert t.check_path("m", [(100, 90), (300, 90)], None).ok
    assert t.check_path("m", [(100, 91), (300, 91)], None).reason == "terrain"
    assert t.check_path("m", [(300, 200)], 1000, ignore_terrain=True).ok


def test_other_bases_block_but_contact_at_end_is_allowed():
    other = base("o", 100, 280, 20)
    t = table(bases=[MOVER, other])
    assert t.check_path("m", [(100, 350)], None).reason == "figure:o"
    assert t.check_path("m", [(100, 260)], None).ok                  # base contact
    assert t.check_path("m", [(100, 260.005)], None).ok              # tolerance
    assert t.check_path("m", [(100, 261)], None).reason == "figure:o"
    assert t.check_path("m", [(100, 350)], None, others=[]).ok
    # moving away from a base in contact is fine
    t.set_bases([MOVER.moved(100, 260), other])
    assert t.check_path("m", [(100, 150)], None).ok
    # passing tangentially beside it too
    assert t.check_path("m", [(80, 260), (80, 350)], None).ok


def test_first_blocking_figure_is_reported():
    a, b = base("a", 100, 260, 20), base("b", 100, 320, 20)
    t = table(bases=[MOVER, b, a])
    assert t.check_path("m", [(100, 380)], None).reason == "figure:a"


def test_off_table_refused():
    t = table(bases=[MOVER])
    assert t.check_path("m", [(100, 395)], None).reason == "off_table"
    assert t.check_path("m", [(100, 390)], None).ok
    assert t.check_path("m", [(5, 200), (100, 200)], None).reason == "off_table"


def test_difficult_ground_counts_double():
    mud = rect("mud", 130, 300, 170, 400, "difficult")
    m = MOVER.moved(100, 350)
    t = table(terrain=[mud], bases=[m])
    res = t.check_path("m", [(200, 350)], None)
    assert res.ok and res.cost == pytest.approx(140.0)
    assert t.check_path("m", [(200, 350)], None, ignore_difficult=True).cost == pytest.approx(100.0)
    assert t.check_path("m", [(200, 350)], 139.9).reason == "too_far"
    assert t.check_path("m", [(200, 350)], 140.0).ok
    assert t.check_path("m", [(150, 350)], None).cost == pytest.approx(30 + 2 * 20)


def test_extra_blockers_are_zones():
    zone = shapely.box(140, 150, 160, 250)
    t = table(bases=[MOVER])
    assert t.check_path("m", [(200, 200)], None, extra_blockers=[zone]).reason == "zone"
    assert t.check_path("m", [(130, 200)], None, extra_blockers=[zone]).ok


def test_square_mover_path():
    sq = base("s", 100, 200, 20, shape="square", facing=45)
    t = table(terrain=[WALL], bases=[sq])
    assert t.check_path("s", [(300, 200)], None).reason == "terrain"
    # rotated square: half-diagonal ~14.14 mm reaches the wall at x=190 from x=176
    assert t.check_path("s", [(175, 200)], None).ok
    assert t.check_path("s", [(177, 200)], None).reason == "terrain"


# ------------------------------------------------------------- shortest path
def test_shortest_path_goes_around_wall():
    t = table(terrain=[WALL], bases=[MOVER])
    found = t.shortest_path("m", (300, 200))
    assert found is not None
    path, cost = found
    assert path[0] == (100.0, 200.0) and path[-1] == (300.0, 200.0)
    check = t.check_path("m", path, cost)
    assert check.ok and check.cost == pytest.approx(cost)
    # tangent to the wall corner (clearance 10), arc of 52.3 degrees, along the top
    d = math.hypot(90, 100)
    turn = math.atan2(100, 90) + math.asin(10 / d)
    optimum = 2 * (math.sqrt(d * d - 100) + 10 * turn) + 20
    assert optimum - 1e-6 <= cost < optimum + 1.0
    assert cost < 440.0                        # shorter than the hand-made detour
    assert t.shortest_path("m", (300, 200), max_cost=optimum - 1) is None


def test_shortest_path_straight_when_free_and_to_base_contact():
    target = base("t", 300, 200, 30)
    t = table(bases=[MOVER, target])
    path, cost = t.shortest_path("m", (275, 200))
    assert path == [(100.0, 200.0), (275.0, 200.0)] and cost == pytest.approx(175.0)
    for p in t.contact_points("m", "t"):
        found = t.shortest_path("m", p)
        assert found is not None and t.check_path("m", found[0], None).ok


def test_shortest_path_none_when_enclosed_or_goal_blocked():
    room = [wall("n", 50, 140, 150, 150), wall("s", 50, 250, 150, 260),
            wall("w", 50, 140, 60, 260), wall("e", 140, 140, 150, 260)]
    t = table(terrain=room, bases=[MOVER])
    assert t.shortest_path("m", (300, 300)) is None
    assert t.shortest_path("m", (100, 230)) is not None
    assert t.shortest_path("m", (300, 300), ignore_terrain=True) is not None
    t2 = table(terrain=[WALL], bases=[MOVER])
    assert t2.shortest_path("m", (200, 200)) is None        # inside the wall
    assert t2.shortest_path("m", (195 - 10.5, 200)) is None  # overlapping it
    assert t2.shortest_path("m", (5, 200)) is None           # off the table


def test_shortest_path_avoids_figures_and_difficult_ground():
    blockers = [base(f"b{i}", 200, 120 + 20 * i, 20) for i in range(9)]   # a line of figures
    t = table(bases=[MOVER] + blockers)
    path, cost = t.shortest_path("m", (300, 200))
    assert t.check_path("m", path, cost).ok and cost > 200
    assert t.shortest_path("m", (300, 200), others=[])[1] == pytest.approx(200.0)
    mud = rect("mud", 150, 0, 250, 235, "difficult")
    t2 = table(terrain=[mud], bases=[MOVER])
    path, cost = t2.shortest_path("m", (300, 200))
    assert t2.check_path("m", path, cost).ok
    assert cost < 300.0              # skirting the mud beats wading through it (straight: 300)
    path2, cost2 = t2.shortest_path("m", (300, 200), ignore_difficult=True)
    assert cost2 == pytest.approx(200.0)


def test_contact_points():
    target = base("t", 200, 200, 30)
    t = table(bases=[MOVER, target])
    pts = t.contact_points("m", "t", n=16)
    assert len(pts) == 16
    assert pts[0] == pytest.approx((175.0, 200.0))   # first one faces the mover
    for p in pts:
        assert t.distance(MOVER.moved(*p), target) == pytest.approx(0.0, abs=1e-9)
    t2 = table(terrain=[wall("w", 160, 150, 175, 250)], bases=[MOVER, target, base("x", 200, 230, 20)])
    pts2 = t2.contact_points("m", "t", n=16)
    assert 0 < len(pts2) < 16
    for p in pts2:
        moved = MOVER.moved(*p)
        assert not t2.in_blocking_terrain(moved) and t2.overlaps_any(moved, t2.bases.values()) in (None, "m")


def test_nearest_free_point():
    t = table(terrain=[WALL], bases=[MOVER])
    assert t.nearest_free_point("m", (100, 100), 5) == (100, 100)
    p = t.nearest_free_point("m", (195, 200), 30)
    assert p is not None and p[0] == pytest.approx(180, abs=0.06)
    assert not t.in_blocking_terrain(MOVER.moved(*p))
    assert t.nearest_free_point("m", (200, 200), 5) is None


# -------------------------------------------------------------------- reach
def test_reach_open_and_behind_wall():
    t = table(terrain=[WALL], bases=[MOVER])
    region = t.reach("m", 150)
    assert region.contains(shapely.Point(100, 150))
    assert region.contains(shapely.Point(100, 345))
    assert region.contains(shapely.Point(175, 200))      # up to the wall
    assert not region.contains(shapely.Point(100, 360))  # beyond the allowance
    assert not region.contains(shapely.Point(230, 200))  # behind the wall: needs ~190
    assert not region.contains(shapely.Point(200, 200))  # inside the wall
    bigger = t.reach("m", 300)
    assert bigger.contains(shapely.Point(230, 200))      # around the corner
    assert not bigger.contains(shapely.Point(300, 200))  # ~304 mm away
    assert t.reach("m", 0).is_empty


def test_reach_halves_in_difficult_ground():
    mud = rect("mud", 0, 0, 400, 400, "difficult")
    t = table(terrain=[mud], bases=[MOVER])
    region = t.reach("m", 100)
    assert region.contains(shapely.Point(145, 200))
    assert not region.contains(shapely.Point(160, 200))
    assert t.reach("m", 100, ignore_difficult=True).contains(shapely.Point(190, 200))


def test_sample_reachable_points_pass_check_path():
    others = [base("a", 150, 150, 30), base("b", 160, 260, 25)]
    mud = rect("mud", 60, 230, 120, 300, "difficult")
    t = table(terrain=[WALL, mud], bases=[MOVER] + others)
    rng = random.Random(7)
    pts = t.sample_reachable("m", 160, rng.random, 25)
    assert len(pts) == 25
    for p in pts:
        found = t.shortest_path("m", p, max_cost=160)
        assert found is not None
        path, cost = found
        res = t.check_path("m", path, 160)
        assert res.ok and res.end == pytest.approx(p)
    assert len({(round(x), round(y)) for x, y in pts}) > 15


def test_square_mover_shortest_path_is_legal():
    sq = base("s", 100, 200, 20, shape="square", facing=30)
    t = table(terrain=[WALL], bases=[sq, base("o", 150, 120, 30)])
    path, cost = t.shortest_path("s", (300, 200))
    assert len(path) > 2 and t.check_path("s", path, cost).ok


def test_shortest_path_around_extra_blocker_zone():
    zone = shapely.box(140, 120, 160, 280)
    t = table(bases=[MOVER])
    path, cost = t.shortest_path("m", (250, 200), extra_blockers=[zone])
    assert cost > 150.0 and len(path) > 2
    assert t.check_path("m", path, cost, extra_blockers=[zone]).ok
    assert t.check_path("m", path, cost).ok
    assert t.shortest_path("m", (150, 200), extra_blockers=[zone]) is None


def test_difficult_lengths_match_shapely_intersections():
    import numpy as np

    from game.geometry.bench import random_table
    from game.geometry.navstatic import movement_costs

    t, _ = random_table(5)
    rng = np.random.default_rng(2)
    a, b = rng.uniform(0, 600, (300, 2)), rng.uniform(0, 600, (300, 2))
    extra = movement_costs(t, a, b, True) - np.hypot(*(b - a).T)
    want = shapely.length(shapely.intersection(shapely.linestrings(np.stack([a, b], axis=1)), t.difficult_union))
    assert extra == pytest.approx(want, abs=1e-6)
    assert (want > 0).sum() > 50
