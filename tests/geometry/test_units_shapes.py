import math

import pytest
import shapely

from game.geometry import MM_PER_UNIT, Base, Terrain, from_mm, to_mm


def test_units_round_trip():
    assert to_mm(3, "pas") == 75.0
    assert to_mm(2, "toise") == 80.0
    assert to_mm(1.5, "cm") == 15.0
    assert from_mm(75.0, "pas") == 3.0
    for unit in MM_PER_UNIT:
        assert from_mm(to_mm(7.25, unit), unit) == pytest.approx(7.25)


def test_unknown_unit_names_accepted_ones():
    with pytest.raises(ValueError) as err:
        to_mm(1, "inch")
    for unit in MM_PER_UNIT:
        assert unit in str(err.value)
    with pytest.raises(ValueError):
        from_mm(1, "yard")


def test_round_base_polygon_is_cached_circle():
    b = Base("a", 10.0, 20.0, 30.0)
    poly = b.polygon()
    assert poly is b.polygon()
    assert len(poly.exterior.coords) == 33  # quad_segs=8 -> 32 vertices
    assert poly.area == pytest.approx(shapely.Point(10, 20).buffer(15, quad_segs=8).area)
    assert b.radius == 15.0 and b.circumradius == 15.0
    assert b == Base("a", 10.0, 20.0, 30.0) and hash(b) == hash(Base("a", 10.0, 20.0, 30.0))


def test_square_base_radius_facing_and_arc():
    sq = Base("s", 0.0, 0.0, 20.0, shape="square", facing=90.0)
    assert sq.radius == 10.0
    assert sq.circumradius == pytest.approx(10.0 * math.sqrt(2))
    assert sq.polygon().area == pytest.approx(400.0)
    assert sq.front_arc_contains((0.0, 5.0))       # facing +y
    assert not sq.front_arc_contains((0.0, -5.0))
    assert Base("r", 0, 0, 20).front_arc_contains((0.0, -5.0))
    rotated = Base("s", 0.0, 0.0, 20.0, shape="square", facing=45.0)
    minx, _, maxx, _ = rotated.polygon().bounds
    assert maxx - minx == pytest.approx(20.0 * math.sqrt(2))


def test_moved_returns_new_base_and_fresh_polygon():
    b = Base("a", 0.0, 0.0, 20.0)
    poly = b.polygon()
    m = b.moved(5.0, 6.0)
    assert (m.x, m.y, m.facing, m.id) == (5.0, 6.0, 0.0, "a")
    assert m.polygon().centroid.x == pytest.approx(5.0)
    assert b.polygon() is poly
    assert b.moved(1, 1, facing=30).facing == 30.0


def test_invalid_base_rejected():
    with pytest.raises(ValueError):
        Base("a", 0, 0, 0.0)
    with pytest.raises(ValueError):
        Base("a", 0, 0, 10.0, shape="hex")


def test_terrain_non_convex_polygon_and_tags():
    pts = [(0, 0), (10, 0), (10, 2), (2, 2), (2, 8), (0, 8)]
    t = Terrain("ruin", "ruin", pts, ["blocks_sight", "cover"])
    assert isinstance(t.tags, frozenset) and t.blocks_sight and t.cover and not t.difficult
    assert t.points[1] == (10.0, 0.0)
    assert t.polygon().area == pytest.approx(20 + 12)
    assert t.polygon() is t.polygon()
    assert t.extent == 10.0


def test_self_intersecting_terrain_is_repaired():
    bow = Terrain("bow", "x", [(0, 0), (10, 10), (10, 0), (0, 10)], frozenset())
    assert bow.polygon().is_valid and bow.polygon().area == pytest.approx(50.0)


def test_geometry_package_does_not_import_pygame_or_pymunk():
    import pathlib
    import subprocess
    import sys

    root = pathlib.Path(__file__).resolve().parents[2]
    code = ("import sys, game.geometry, game.geometry.bench; "
            "sys.exit(any(m.split('.')[0] in ('pygame', 'pymunk') for m in sys.modules))")
    assert subprocess.run([sys.executable, "-c", code], cwd=root).returncode == 0
