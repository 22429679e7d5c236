"""Flight: straight away from a threat (stopping at obstacles, leaving by the edge) and to
the nearest table edge by the shortest legal path."""
from __future__ import annotations

import math

import pytest

from game.rulesets._shared.flee import edge_goals, flee_from, flee_to_edge, touches_edge
from game.rulesets._shared.tables import base_of

from .spatial import block, man, table_of, wall, world


def test_straight_away_from_the_threat():
    st = world([man("a", 1, 300, 300)])
    fl = flee_from(table_of(st), base_of(st.figures["a"]), (250, 300), 100.0)
    assert fl.end == pytest.approx((400, 300)) and not fl.left_table and fl.blocker is None
    assert fl.travelled == pytest.approx(100.0)


def test_running_into_the_edge_leaves_the_table():
    st = world([man("a", 1, 550, 300)])
    fl = flee_from(table_of(st), base_of(st.figures["a"]), (500, 300), 100.0)
    assert fl.left_table and fl.blocker is None
    assert fl.end[0] == pytest.approx(600 - 12.5, abs=0.01)


def test_stopped_by_a_wall_or_a_figure():
    st = world([man("a", 1, 300, 300), man("b", 2, 300, 380)], [wall("w", 380, 0, 390, 600)])
    t = table_of(st)
    a = base_of(st.figures["a"])
    fl = flee_from(t, a, (200, 300), 200.0)
    assert (fl.blocker, fl.left_table) == ("terrain", False)
    assert fl.end[0] == pytest.approx(380 - 12.5, abs=0.02)
    fl = flee_from(t, a, (300, 200), 200.0)
    assert (fl.blocker, fl.blocker_id) == ("figure", "b")


def test_to_the_nearest_edge_when_in_reach():
    st = world([man("a", 1, 100, 300)])
    t = table_of(st)
    a = base_of(st.figures["a"])
    assert edge_goals(t, a)[0] == (pytest.approx(87.5), pytest.approx((12.5, 300)))
    fl = flee_to_edge(t, a, 100.0)
    assert fl.left_table and fl.travelled == pytest.approx(87.5)
    assert touches_edge(t, a.moved(*fl.end))


def test_to_the_edge_but_not_far_enough():
    st = world([man("a", 1, 100, 300)])
    fl = flee_to_edge(table_of(st), base_of(st.figures["a"]), 50.0)
    assert not fl.left_table and fl.end == pytest.approx((50, 300))
    assert fl.travelled == pytest.approx(50.0, abs=1e-6)


def test_to_the_edge_round_a_wall_and_through_difficult_ground():
    st = world([man("a", 1, 100, 300)], [wall("w", 50, 200, 60, 400),
                                         block("mud", 0, 0, 600, 150, "difficult")])
    t = table_of(st)
    fl = flee_to_edge(t, base_of(st.figures["a"]), 400.0)
    assert fl.left_table and len(fl.path) >= 2          # round the wall, not through it
    assert t.check_path(base_of(st.figures["a"]), list(fl.path), None).ok
    assert fl.travelled > 150.0
    # a budget too short stops on the path, having paid what it could
    short = flee_to_edge(t, base_of(st.figures["a"]), 100.0)
    assert not short.left_table and short.travelled == pytest.approx(100.0, abs=1e-6)
    assert math.dist(short.path[0], fl.path[0]) < 1e-6 or len(short.path) == 1


def test_already_touching_the_edge():
    st = world([man("a", 1, 12.5, 300)])
    fl = flee_to_edge(table_of(st), base_of(st.figures["a"]), 10.0)
    assert fl.left_table and fl.travelled == 0.0
