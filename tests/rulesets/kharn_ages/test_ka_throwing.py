"""Throwing: C + A + ND10 >= 12 within the stature, +2 per started toise beyond (the plan's
4.2 toises at stature 3: +4), the object's difficulty, deviation, and the stone's bleeding."""
from __future__ import annotations

from game.rulesets.kharn_ages import states
from game.rulesets.kharn_ages import throwing as th
from game.rulesets.kharn_ages.fighter import make

from ..shared.helpers import scripted

STONE = th.OBJECTS["stone"]


def test_threshold_per_started_toise_beyond_the_stature():
    f = make("f", stature=3)
    assert [th.threshold(f, STONE, d) for d in (2, 3, 3.1, 4.2)] == [12, 12, 14, 16]
    assert th.threshold(f, th.OBJECTS["small_object"], 3) == 10


def test_a_stone_hits_without_defence_and_bleeds_once():
    f = make("f", chars={"C": 3, "A": 3}, stature=3, pa=4, mastery=())
    t = make("t", pv=10)
    out = th.throw(scripted(6), f, STONE, 3, t)
    assert out.hit and out.taken == 3 and f.pa == 2 and t.fig.vitality == 7
    states.begin_activation(scripted(), t)
    states.begin_activation(scripted(), t)
    assert t.fig.vitality == 6
    rc = th.throw(scripted(10, 1), f, STONE, 10, make("u"))
    assert rc.hit                                   # an RC always hits a fixed threshold


def test_a_miss_deviates():
    f = make("f", chars={"C": 3, "A": 3}, stature=3, pa=6, mastery=())
    stays = th.throw(scripted(5, 7), f, STONE, 3, make("t"))
    assert not stays.hit and stays.drift == 0.0
    rolls = th.throw(scripted(5, 2, 4), f, STONE, 3, make("t"))
    assert (rolls.drift, rolls.heading) == (3.0, 108.0)
    ctx = scripted(9, 6)
    empty = th.throw(ctx, f, STONE, 2)
    assert not empty.hit and [e.rule for e in ctx.events] == ["throw", "throw.deviation"]
