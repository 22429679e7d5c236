"""Push-back with collisions: free pushes, terrain, figures and the table edge stopping them,
whole-step pushes, pushing a figure, and a line of figures pushed together."""
from __future__ import annotations

import pytest

from game.rulesets._shared.push import away, push, push_group, push_path, toward
from game.rulesets._shared.tables import base_of

from .spatial import man, table_of, wall, world


def test_directions():
    assert away((0, 0), (3, 4)) == pytest.approx((0.6, 0.8))
    assert away((1, 1), (1, 1)) == (0.0, 0.0)
    assert toward(90) == pytest.approx((0.0, 1.0))


def test_a_free_push_goes_the_whole_distance():
    st = world([man("a", 1, 100, 100)])
    res = push_path(table_of(st), base_of(st.figures["a"]), (1.0, 0.0), 37.5)
    assert res.end == pytest.approx((137.5, 100)) and not res.blocked
    assert res.travelled == pytest.approx(37.5) and res.shortfall == 0.0


def test_terrain_stops_a_push_against_it():
    st = world([man("a", 1, 100, 100)], [wall("w", 150, 0, 160, 600)])
    res = push_path(table_of(st), base_of(st.figures["a"]), (1.0, 0.0), 100.0)
    assert (res.blocker, res.blocker_id) == ("terrain", None)
    assert res.end[0] == pytest.approx(150 - 12.5, abs=0.02)
    assert res.shortfall == pytest.approx(100 - 37.5, abs=0.02)


def test_a_figure_stops_a_push_and_is_named():
    st = world([man("a", 1, 100, 100), man("b", 1, 160, 110)])
    res = push_path(table_of(st), base_of(st.figures["a"]), (1.0, 0.0), 100.0)
    assert (res.blocker, res.blocker_id) == ("figure", "b")
    x, y = res.end
    assert ((x - 160) ** 2 + (y - 110) ** 2) ** 0.5 == pytest.approx(25.0, abs=0.02)


def test_the_table_edge_stops_a_push():
    st = world([man("a", 1, 100, 30)])
    res = push_path(table_of(st), base_of(st.figures["a"]), (0.0, -1.0), 50.0)
    assert res.blocker == "edge" and res.end[1] == pytest.approx(12.5, abs=0.01)


def test_whole_steps_stop_before_the_step_that_would_collide():
    st = world([man("a", 1, 100, 100)], [wall("w", 150, 0, 160, 600)])
    res = push_path(table_of(st), base_of(st.figures["a"]), (1.0, 0.0), 60.0, step=10.0)
    assert res.steps == 3 and res.end == (130.0, 100.0)   # a 4th step would reach 152.5
    assert res.travelled == 30.0 and res.shortfall == 30.0 and res.blocker == "terrain"


def test_push_moves_the_figure():
    st = world([man("a", 1, 100, 100), man("b", 2, 70, 100)])
    a, b = st.figures["a"], st.figures["b"]
    res = push(table_of(st), a, away(b.pos, a.pos), 20.0)
    assert a.pos == pytest.approx((120.0, 100.0)) and res.start == (100.0, 100.0)


def test_a_line_pushed_together_is_only_stopped_by_what_is_outside_it():
    rear, front = man("rear", 1, 100, 100), man("front", 1, 126, 100)
    st = world([front, rear, man("x", 2, 300, 100)])
    t = table_of(st)
    res = push_group(t, [base_of(rear), base_of(front)], (1.0, 0.0), 25.0)
    assert [r.blocked for r in res] == [False, False]
    res = push_group(t, [base_of(rear), base_of(front)], (1.0, 0.0), 200.0)
    assert res[1].blocker_id == "x" and res[0].blocker is None  # the leading one meets x
    assert res[0].travelled == res[1].travelled == pytest.approx(300 - 25 - 126, abs=0.02)
    assert res[0].end[0] == pytest.approx(res[1].end[0] - 26)
    res = push_group(t, [base_of(rear), base_of(front)], (1.0, 0.0), 200.0, step=10.0)
    assert [r.steps for r in res] == [14, 14] and res[1].blocker == "figure"
