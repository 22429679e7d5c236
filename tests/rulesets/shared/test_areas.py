"""Areas: figures within a distance of a figure or a point (edge to edge, optionally in
sight), and the scatter of a point rolled through the rule context."""
from __future__ import annotations

import pytest

from game.core.events import DiceRolled
from game.rulesets._shared.areas import Scatter, clamp, gaps, scatter, within
from game.rulesets._shared.tables import table_for

from .spatial import context, man, table_of, wall, world


def ids(figs):
    return [f.id for f in figs]


def test_within_a_figure_edge_to_edge():
    me = man("me", 1, 100, 100)
    st = world([me, man("a", 2, 100 + 25 + 50.0, 100), man("b", 1, 100, 100 + 25 + 50.5),
                man("big", 2, 100, 100 - 12.5 - 20 - 50.0, 40.0)])
    t = table_of(st)
    assert gaps(t, me, [st.figures["a"], st.figures["big"]]) == pytest.approx([50.0, 50.0])
    assert ids(within(t, me, 50.0, st.figures.values())) == ["a", "big"]   # never itself
    assert ids(within(t, me, 51.0, st.figures.values())) == ["a", "b", "big"]


def test_within_a_point_inside_a_base_is_zero():
    st = world([man("a", 1, 100, 100), man("b", 2, 200, 100)])
    t = table_of(st)
    assert gaps(t, (105.0, 100.0), list(st.figures.values())) == pytest.approx([0.0, 82.5])
    assert ids(within(t, (150.0, 100.0), 37.5, st.figures.values())) == ["a", "b"]
    assert ids(within(t, (150.0, 100.0), 37.0, st.figures.values())) == []


def test_within_in_sight_terrain_and_figures():
    st = world([man("me", 1, 100, 300), man("behind_wall", 2, 300, 300),
                man("screen", 2, 100, 200, 40.0), man("screened", 2, 100, 100),
                man("open", 2, 200, 450)], [wall("w", 195, 250, 205, 350)])
    t = table_of(st)
    me = st.figures["me"]
    everyone = st.figures.values()
    assert ids(within(t, me, 300.0, everyone)) == ["behind_wall", "screen", "screened", "open"]
    assert ids(within(t, me, 300.0, everyone, sight=True)) == ["screen", "open"]
    assert ids(within(t, me, 300.0, everyone, sight=True, figures_block=False)) == \
        ["screen", "screened", "open"]
    # from a point: the blast at the wall's foot does not reach round it
    assert ids(within(t, (180.0, 300.0), 150.0, everyone, sight=True)) == ["me", "screen", "open"]


def test_clamp():
    assert clamp((-5.0, 700.0), 600.0, 600.0) == (0.0, 600.0)
    assert clamp((-5.0, 300.0), 600.0, 600.0, margin=10.0) == (10.0, 300.0)


def _lowest_third(faces):
    """The bonus/malus deviation: the lower of 2D6 / 3 rounded up, in pas (25 mm); a double
    is rolled again."""
    if faces[0] == faces[1]:
        return None
    return -(-min(faces) // 3) * 25.0


def test_scatter_rolls_distance_then_direction_as_events():
    st = world([])
    ctx = context(st, [4, 4, 5, 2, 3])   # a double (rolled again), then 5 and 2, then D12: 3
    s = scatter(ctx, "me", (300.0, 300.0), distance=_lowest_third, dice=2, sides=6,
                rule="deviation", direction_rule="deviation_direction")
    assert s == Scatter((300.0, 300.0), pytest.approx((300.0, 325.0)), 90.0, 25.0)
    rolls = [e for e in ctx.events if isinstance(e, DiceRolled)]
    assert [(r.rule, r.sides, r.faces) for r in rolls] == [
        ("deviation", 6, (4, 4)), ("deviation", 6, (5, 2)), ("deviation_direction", 12, (3,))]


def test_scatter_stays_put_on_zero_and_is_kept_on_the_table():
    st = world([])
    ctx = context(st, [6])
    s = scatter(ctx, "me", (300.0, 300.0), distance=lambda fs: 0.0 if fs[0] >= 5 else 40.0)
    assert s.point == (300.0, 300.0) and s.heading is None and len(ctx.events) == 1
    ctx = context(st, [1, 6])   # 40 mm at face 6 of 12: 180 degrees, from 20 mm off the edge
    s = scatter(ctx, "me", (20.0, 300.0), distance=lambda fs: 40.0, margin=5.0)
    assert s.heading == 180.0 and s.rolled == 40.0 and s.point == pytest.approx((5.0, 300.0))


def test_table_for_passes_terrain_height():
    st = world([], [wall("height_probe", 10, 10, 20, 20, height=75.0)])
    assert table_for(st).terrain_by_id["height_probe"].height == 75.0
