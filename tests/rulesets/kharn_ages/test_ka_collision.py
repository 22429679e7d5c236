"""Pushes and collisions: the book's Khérops pushing the Paladin into a stake rampart (1D5),
two figures meeting (the smaller base ends on the ground), the table edge."""
from __future__ import annotations

from game.core.context import RuleContext
from game.core.dice import ScriptedDice
from game.rulesets.kharn_ages import collision
from game.rulesets.kharn_ages.fighter import TOISE, make

from ..shared.spatial import table_of, wall, world


def scene(figs, terrain=()):
    st = world([f.fig for f in figs], terrain)
    return st, table_of(st)


def ctx_for(st, *faces):
    return RuleContext(st, ScriptedDice(list(faces)), table_of)


def fighter(fid, side, x, y, size=40.0, **kw):
    f = make(fid, side, pv=12, x=x, y=y, size=size, **kw)
    return f


def test_the_books_stake_rampart():
    kherops = fighter("kherops", 1, 100, 200, chars={"C": 4}, stature=5)
    paladin = fighter("paladin", 2, 140, 200, size=40.0)
    rampart = wall("stakes", 200, 100, 220, 300)
    st, table = scene([kherops, paladin], [rampart])
    ctx = ctx_for(st, 7)
    res = collision.push_back(ctx, table, kherops, paladin, 2.0, {"kherops": kherops, "paladin": paladin})
    assert res.blocker == "terrain" and res.travelled < 2 * TOISE
    assert paladin.fig.vitality == 12 - 4 and not paladin.status.get("down")
    assert [e.rule for e in ctx.events if e.kind == "dice"] == ["collision"]


def test_two_figures_meeting_the_smaller_base_falls():
    a = fighter("a", 1, 100, 200)
    small = fighter("small", 2, 140, 200, size=25.0)
    big = fighter("big", 2, 200, 200, size=50.0)
    fs = {f.id: f for f in (a, small, big)}
    st, table = scene([a, small, big])
    ctx = ctx_for(st, 3, 10)
    res = collision.push_back(ctx, table, a, small, 2.0, fs)
    assert (res.blocker, res.blocker_id) == ("figure", "big")
    assert (small.fig.vitality, big.fig.vitality) == (10, 7)
    assert small.status["down"] and not big.status.get("down")


def test_equal_bases_both_fall_and_the_edge_stops_a_push():
    a, b = fighter("a", 1, 0, 0), fighter("b", 2, 0, 0)
    collision.collide(ctx_for(None, 1, 2), a, b)
    assert a.status["down"] and b.status["down"] and (a.fig.vitality, b.fig.vitality) == (11, 11)
    pusher = fighter("p", 1, 520, 300)
    edge = fighter("e", 2, 560, 300)
    st, table = scene([pusher, edge])
    res = collision.push_back(ctx_for(st, 5), table, pusher, edge, 3.0, {"p": pusher, "e": edge})
    assert res.blocker == "edge" and edge.fig.vitality == 9 and edge.fig.x <= 580 + 1e-6
