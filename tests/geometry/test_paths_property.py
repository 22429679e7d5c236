"""Property tests: every shortest path is legal under check_path."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.geometry import Base, Table, Terrain

# table coordinates are given to the micrometre (no subnormal floats)
coord = st.integers(0, 10**6).map(lambda i: i / 10**6)


@st.composite
def scenes(draw):
    w = float(draw(st.integers(150, 300)))
    h = float(draw(st.integers(150, 300)))
    size = draw(st.sampled_from([20.0, 25.0, 30.0, 40.0]))
    r = size / 2
    mover = Base("m", r + draw(coord) * (w - size), r + draw(coord) * (h - size), size)
    terrain = []
    for i in range(draw(st.integers(0, 4))):
        x0, y0 = draw(coord) * w, draw(coord) * h
        tw, th = draw(st.integers(3, 90)), draw(st.integers(3, 90))
        tags = draw(st.sampled_from([{"blocks_movement"}, {"blocks_movement", "blocks_sight"},
                                     {"difficult"}, {"difficult", "cover"}]))
        piece = Terrain(f"t{i}", "box", ((x0, y0), (x0 + tw, y0), (x0 + tw, y0 + th),
                                         (x0, y0 + th)), frozenset(tags))
        if not Table(w, h, [piece]).in_blocking_terrain(mover):
            terrain.append(piece)
    table = Table(w, h, terrain)
    bases = [mover]
    for i in range(draw(st.integers(0, 4))):
        b = Base(f"b{i}", draw(coord) * w, draw(coord) * h, draw(st.sampled_from([20.0, 30.0, 40.0])))
        if table.on_table(b) and not table.in_blocking_terrain(b) and \
                table.overlaps_any(b, bases, tol=0.0) is None:
            bases.append(b)
    table.set_bases(bases)
    goal = (draw(coord) * w, draw(coord) * h)
    return table, mover, goal


@settings(max_examples=80, deadline=None)
@given(scenes(), st.booleans())
def test_shortest_path_is_legal_and_not_worse_than_straight(scene, ignore_difficult):
    table, mover, goal = scene
    found = table.shortest_path("m", goal, ignore_difficult=ignore_difficult)
    straight = table.check_path("m", [goal], None, ignore_difficult=ignore_difficult)
    if straight.ok:
        assert found is not None
    if found is None:
        return
    path, cost = found
    assert path[0] == (mover.x, mover.y) and path[-1] == pytest.approx(goal)
    check = table.check_path("m", path, cost, ignore_difficult=ignore_difficult)
    assert check.ok, check
    assert check.cost == pytest.approx(cost)
    if straight.ok:
        assert cost <= straight.cost + 1e-6
    capped = table.shortest_path("m", goal, ignore_difficult=ignore_difficult, max_cost=cost * 0.99 - 0.1)
    assert capped is None or capped[1] <= cost * 0.99 - 0.1 + 1e-6


@settings(max_examples=25, deadline=None)
@given(scenes(), st.floats(20.0, 200.0))
def test_sampled_reachable_points_are_reachable(scene, allowance):
    table, mover, _ = scene
    draws = iter([i / 97.0 % 1.0 for i in range(0, 100000, 37)])
    for p in table.sample_reachable("m", allowance, lambda: next(draws), 4):
        found = table.shortest_path("m", p, max_cost=allowance)
        assert found is not None
        assert table.check_path("m", found[0], allowance).ok
