"""Engagement within r, zones of control with a reach per figure, and moves stopping where
they enter an enemy's zone (checked against sampling with the scalar edge distance)."""
from __future__ import annotations

import math
import random

import pytest

from game.geometry.shapes import Base
from game.rulesets._shared.engagement import (
    enemies,
    engaged_pairs,
    engaged_with,
    in_zones_of,
    is_engaged,
    zone_pairs,
    zone_stop,
)
from game.rulesets._shared.tables import base_of

from .spatial import man, table_of, world

R = 12.5  # half a pas


def ids(figs):
    return [f.id for f in figs]


def test_engaged_within_r_edge_to_edge_enemies_only():
    me = man("me", 1, 100, 100)
    st = world([me, man("near", 2, 100 + 25 + 12.0, 100), man("far", 2, 100, 100 + 25 + 13.0),
                man("friend", 1, 125, 100), man("fallen", 2, 75, 100, out=True)])
    t = table_of(st)
    assert ids(engaged_with(st, t, me, R)) == ["near"]
    assert is_engaged(st, t, me, R) and not is_engaged(st, t, st.figures["far"], R)
    assert ids(engaged_with(st, t, me, 13.0)) == ["near", "far"]


def test_every_other_side_is_an_enemy_neutral_included():
    a, b, c = man("a", 1, 100, 100), man("b", 2, 130, 100), man("c", 3, 100, 130)
    st = world([a, b, c], sides=(1, 2, 3), neutral=(3,))
    t = table_of(st)
    assert ids(enemies(st, a)) == ["b", "c"]
    assert ids(engaged_with(st, t, c, R)) == ["a"]  # b is 40 mm from c's centre: 18 mm apart
    assert engaged_pairs(st, t, R) == [("a", "b"), ("a", "c")]


def test_zone_of_control_with_a_reach_per_figure_is_one_way():
    me = man("me", 1, 100, 100)
    spear = man("spear", 2, 100 + 25 + 30.0, 100)
    sword = man("sword", 2, 100, 100 - 25 - 30.0)
    st = world([me, spear, sword])
    t = table_of(st)

    def zone(f):
        return 40.0 if f.id == "spear" else 20.0

    assert ids(in_zones_of(st, t, me, zone)) == ["spear"]
    assert in_zones_of(st, t, spear, zone) == []  # me's zone (20) does not reach 30 mm
    assert zone_pairs(st, t, zone) == [("spear", "me")]
    assert ids(in_zones_of(st, t, me, 30.0)) == ["spear", "sword"]


def _first_entry_by_sampling(t, mover, pts, foes, zone, step=0.5):
    """(leg, point) of the first sample of the path within zone of a foe, by table.distance."""
    for i in range(len(pts) - 1):
        (ax, ay), (bx, by) = pts[i], pts[i + 1]
        n = max(1, int(math.dist(pts[i], pts[i + 1]) / step))
        for k in range(n + 1):
            p = (ax + (bx - ax) * k / n, ay + (by - ay) * k / n)
            here = mover.moved(*p)
            if any(t.distance(here, base_of(f)) <= zone for f in foes):
                return i, p
    return None


def _travelled(pts, leg, point):
    return sum(math.dist(pts[j], pts[j + 1]) for j in range(leg)) + math.dist(pts[leg], point)


def test_a_move_stops_where_it_enters_a_zone_it_was_not_in():
    me = man("me", 1, 100, 100)
    foe = man("foe", 2, 300, 130)
    st = world([me, foe, man("friend", 1, 200, 100)])
    t = table_of(st)
    stop = zone_stop(st, t, me, [(500, 100)], R)
    assert stop.stopped and stop.entered == ("foe",)
    x, y = stop.path[-1]
    assert y == pytest.approx(100) and x < 300
    # the stop point is exactly at the zone's edge
    assert t.distance(Base("me", x, y, 25.0), base_of(foe)) == pytest.approx(R, abs=1e-6)
    assert math.hypot(x - 300, y - 130) == pytest.approx(25 + R, abs=1e-6)


def test_zones_already_held_do_not_stop_a_move_and_a_clear_path_is_whole():
    me = man("me", 1, 100, 100)
    st = world([me, man("foe", 2, 100, 130)])  # 5 mm apart: engaged at the start
    t = table_of(st)
    stop = zone_stop(st, t, me, [(300, 100), (300, 300)], R)
    assert not stop.stopped and stop.path == ((300.0, 100.0), (300.0, 300.0))
    stop = zone_stop(st, t, me, [(300, 100)], R, ignore=())
    assert stop.entered == ("foe",) and stop.path == ((100.0, 100.0),)  # stopped at once


def test_entry_on_a_later_leg():
    me = man("me", 1, 100, 100)
    st = world([me, man("foe", 2, 400, 300)])
    t = table_of(st)
    stop = zone_stop(st, t, me, [(400, 100), (400, 500)], 20.0)
    assert stop.entered == ("foe",)
    assert stop.path[0] == (400.0, 100.0)
    assert stop.path[1] == pytest.approx((400.0, 300 - 25 - 20.0))


def test_square_bases_stop_at_the_zone_edge():
    me = man("me", 1, 100, 100, 30.0, shape="square", facing=30.0)
    foe = man("foe", 2, 300, 140, 40.0, shape="square", facing=10.0)
    st = world([me, foe])
    t = table_of(st)
    stop = zone_stop(st, t, me, [(500, 100)], R)
    assert stop.entered == ("foe",)
    here = base_of(me).moved(*stop.path[-1])
    assert t.distance(here, base_of(foe)) == pytest.approx(R, abs=1e-4)


@pytest.mark.parametrize("seed", range(6))
def test_stop_on_entering_matches_sampling_on_random_layouts(seed):
    rng = random.Random(seed)
    shapes = ["round"] * 3 + ["square"] if seed % 2 else ["round"]
    figs = [man("me", 1, 300, 300, 25.0, shape=rng.choice(shapes), facing=rng.uniform(0, 360))]
    while len(figs) < 7:
        f = man(f"f{len(figs)}", rng.choice([1, 2, 3]), rng.uniform(30, 570), rng.uniform(30, 570),
                rng.choice([25.0, 40.0]), shape=rng.choice(shapes), facing=rng.uniform(0, 360))
        if all(math.dist(f.pos, g.pos) > 60 for g in figs):
            figs.append(f)
    st = world(figs, sides=(1, 2, 3))
    t = table_of(st)
    me = st.figures["me"]
    zone = rng.choice([R, 25.0])
    for _ in range(4):
        path = [(rng.uniform(30, 570), rng.uniform(30, 570)) for _ in range(rng.randint(1, 3))]
        stop = zone_stop(st, t, me, path, zone)
        held = {f.id for f in in_zones_of(st, t, me, zone)}
        foes = [f for f in enemies(st, me) if f.id not in held]
        pts = [me.pos] + path
        seen = _first_entry_by_sampling(t, base_of(me), pts, foes, zone)
        if not stop.stopped:
            assert seen is None
            continue
        end = stop.path[-1]
        leg = len(stop.path) - 1
        here = base_of(me).moved(*end)
        assert min(t.distance(here, base_of(st.figures[e])) for e in stop.entered) \
            == pytest.approx(zone, abs=1e-3)
        if seen is not None:  # sampling may miss a graze, never an earlier entry
            assert _travelled(pts, leg, end) <= _travelled(pts, *seen) + 1e-6
