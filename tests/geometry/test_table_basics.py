import pytest

from game.geometry import Base

from .builders import base, rect, table, wall


def test_distance_and_contact_round():
    a, b = base("a", 100, 100, 20), base("b", 130, 100, 20)
    t = table(bases=[a, b])
    assert t.distance("a", "b") == pytest.approx(10.0)
    assert t.distance(a, b.moved(120, 100)) == 0.0
    assert t.distance(a, b.moved(110, 100)) == 0.0  # overlapping
    assert not t.contact("a", "b")
    assert t.contact(a, b.moved(120.4, 100))
    assert not t.contact(a, b.moved(120.6, 100))
    assert t.contact(a, b.moved(120.6, 100), tol=1.0)


def test_distance_square_bases():
    a = Base("a", 0, 0, 20, shape="square")
    b = Base("b", 30, 0, 20, shape="square")
    t = table()
    assert t.distance(a, b) == pytest.approx(10.0)
    assert t.distance(a, Base("c", 25, 0, 10)) == pytest.approx(10.0)


def test_in_contact_excludes_self_and_far():
    a = base("a", 100, 100)
    cands = [a, base("b", 120, 100), base("c", 100, 120.3), base("d", 150, 150)]
    t = table(bases=cands)
    assert t.in_contact("a", cands) == ["b", "c"]
    assert t.in_contact(a, ["b", "d"]) == ["b"]


def test_terrain_contact_within_and_min_extent():
    small = rect("rock", 110.3, 95, 114.3, 105, "blocks_movement")   # 4 x 10 mm
    big = rect("house", 100, 110.4, 200, 160, "blocks_movement", "blocks_sight")
    far = rect("wood", 300, 300, 350, 350, "difficult")
    t = table(terrain=[small, big, far])
    b = base("a", 100, 100, 20)
    assert t.terrain_in_contact(b) == ["rock", "house"]
    assert t.terrain_in_contact(b, min_extent=20.0) == ["house"]
    assert t.terrain_in_contact(b, tol=0.1) == []
    assert t.terrain_within(b, 5.0) == ["rock", "house"]
    assert t.terrain_within(b, 300.0) == ["rock", "house", "wood"]


def test_on_table_and_blocking_terrain():
    t = table(terrain=[wall("w", 200, 0, 210, 400), rect("mud", 50, 50, 90, 90, "difficult")])
    assert t.on_table(base("a", 10, 10, 20))
    assert not t.on_table(base("a", 9, 50, 20))
    assert not t.on_table(base("a", 50, 391, 20))
    assert not t.in_blocking_terrain(base("a", 190, 100, 20))      # touching
    assert t.in_blocking_terrain(base("a", 191, 100, 20))
    assert t.in_blocking_terrain(base("a", 205, 100, 20))
    assert not t.in_blocking_terrain(base("a", 70, 70, 20))        # difficult only


def test_overlaps_any():
    a = base("a", 100, 100)
    others = [a, base("b", 120, 100), base("c", 100, 119.5)]
    t = table(bases=others)
    assert t.overlaps_any(a, others) == "c"
    assert t.overlaps_any(a, others[:2]) is None  # touching is fine
    assert t.overlaps_any(a, others, tol=1.0) is None


def test_set_bases_replaces_and_resolves_ids():
    t = table(bases=[base("a", 50, 50)])
    assert t.resolve("a").x == 50
    t.set_bases([base("b", 60, 60)])
    assert set(t.bases) == {"b"}
    with pytest.raises(KeyError):
        t.resolve("a")
