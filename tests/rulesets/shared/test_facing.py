"""Facing for any base shape: arcs of any width (round bases included), front / rear / flank,
a facing holding several points in front, and turning where the base may turn."""
from __future__ import annotations

import pytest

from game.geometry.shapes import Base
from game.rulesets._shared.facing import arc_of, can_face, face, facing_all, heading_to, in_front, in_rear

from .spatial import man, table_of, world


def test_base_front_arc_default_is_unchanged_and_takes_an_arc():
    rnd = Base("r", 0.0, 0.0, 20.0, facing=90.0)
    sq = Base("s", 0.0, 0.0, 20.0, shape="square", facing=90.0)
    assert rnd.front_arc_contains((0.0, -5.0))                 # round: all round by default
    assert not rnd.front_arc_contains((0.0, -5.0), arc=180.0)  # unless given an arc
    assert rnd.front_arc_contains((5.0, 0.0), arc=180.0)       # the rim counts
    assert not sq.front_arc_contains((0.0, -5.0)) and sq.front_arc_contains((5.0, 0.0))
    assert sq.front_arc_contains((0.0, -5.0), arc=360.0)
    assert rnd.front_arc_contains((1.0, 10.0), arc=90.0)
    assert not rnd.front_arc_contains((10.0, 9.0), arc=90.0)   # 42 degrees off: outside 45
    assert rnd.front_arc_contains((10.0, 10.0), arc=90.0)      # on the rim


def test_heading_and_arcs_of_a_figure():
    me = man("me", 1, 100, 100, facing=0.0)
    assert heading_to(me.pos, (100, 50)) == pytest.approx(270.0)
    assert in_front(me, (150, 140)) and not in_front(me, (90, 100))
    assert in_rear(me, (90, 100)) and in_rear(me, (100, 150))  # rim shared with the front
    assert arc_of(me, (150, 100)) == "front" and arc_of(me, (50, 120)) == "rear"
    assert arc_of(me, (100, 150)) == "front"                      # the front wins on a rim
    quarters = {"front": 90.0, "rear": 90.0}
    assert [arc_of(me, p, **quarters) for p in [(150, 110), (50, 110), (110, 150), (110, 50)]] \
        == ["front", "rear", "flank", "flank"]


def _same_heading(a, b):
    return abs((a - b + 180.0) % 360.0 - 180.0) < 1e-9


def test_a_facing_that_keeps_several_points_in_front():
    me = man("me", 1, 0, 0, facing=123.0)
    assert facing_all(me, []) == 123.0
    assert facing_all(me, [(0, 10)]) == pytest.approx(90.0)
    assert _same_heading(facing_all(me, [(10, 1), (10, -1)]), 0.0)     # across 0 degrees
    assert facing_all(me, [(10, 0), (0, 10), (-10, 0)]) == pytest.approx(90.0)
    two = [(10, 0), (-10, 1)]                                            # 174.3 degrees apart
    assert facing_all(me, two) == pytest.approx(87.14, abs=0.01)
    assert all(in_front(man("x", 1, 0, 0, facing=facing_all(me, two)), p) for p in two)
    assert facing_all(me, two, arc=170.0) is None
    assert facing_all(me, [(10, 0), (0, 10), (-10, 0), (0, -10)]) is None


def test_turning_where_the_base_may_turn():
    a = man("a", 1, 100, 100, 30.0, shape="square", facing=0.0)
    b = man("b", 2, 131, 100, 30.0, shape="square", facing=0.0)
    st = world([a, b])
    t = table_of(st)
    assert not can_face(t, a, 45.0)   # its corners would cut into b
    assert not face(t, a, (131, 131)) and a.facing == 0.0
    assert face(t, a, (100, 300)) and a.facing == pytest.approx(90.0)
    rnd = man("r", 1, 300, 300)
    st = world([rnd, man("n", 2, 325, 300)])
    assert face(table_of(st), rnd, (300, 0)) and rnd.facing == pytest.approx(270.0)
