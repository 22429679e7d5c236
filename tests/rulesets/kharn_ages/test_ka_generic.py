"""Generic actions against fixed thresholds, care actions, and carcasses (devoured or looted)."""
from __future__ import annotations

import pytest

from game.rulesets.kharn_ages import carcass, generic
from game.rulesets.kharn_ages.armour import wound
from game.rulesets.kharn_ages.fighter import make

from ..shared.helpers import scripted


def test_dig_needs_twelve_and_an_rc_always_digs():
    f = make("f", chars={"C": 3, "P": 3}, pa=6, mastery=())
    r = generic.attempt(scripted(6), f, "dig")
    assert r.total == 12 and generic.succeeded("dig", r) and f.pa == 4
    r = generic.attempt(scripted(5), f, "dig")
    assert not generic.succeeded("dig", r) and f.pa == 2
    weak = make("w", chars={"C": 0, "P": 0}, pa=4, mastery=())
    assert generic.succeeded("dig", generic.attempt(scripted(10, 1), weak, "dig"))
    with pytest.raises(ValueError):
        generic.attempt(scripted(9), make("e", pa=4), "dig", free=False)


def test_read_once_per_activation_and_an_objective_die_rerolls():
    f = make("f", chars={"T": 4, "I": 3}, pa=6, mastery=(frozenset({"objective"}),))
    ctx = scripted(2, 9)
    r = generic.attempt(ctx, f, "read")
    assert r.rerolled == 1 and r.total == 16 and generic.succeeded("read", r)
    assert [e.rule for e in ctx.events] == ["read", "read.mastery"]
    assert generic.allowed(f, "read", True) == "once"


def test_putting_out_fire():
    f = make("f", chars={"A": 4, "I": 3}, pa=4, mastery=())
    f.status["fire"] = True
    generic.attempt(scripted(4), f, "put_out_fire")
    assert f.status["fire"]
    generic.attempt(scripted(5), f, "put_out_fire")
    assert not f.status["fire"]


def test_care_actions():
    f = make("f", pa=6)
    hurt = make("h")
    hurt.status.update(bleeding=[2, 1], poisoned=True, poison=3)
    generic.bandage(f, hurt, 2)
    assert hurt.status["bleeding"] == [2] and f.pa == 4
    generic.antidote(f, hurt, 2)
    assert hurt.status["poison"] == 2 and hurt.status["poisoned"]
    f.status["pa"] = 8
    generic.bandage(f, hurt, 4)
    generic.antidote(f, hurt, 4)
    assert hurt.status["bleeding"] == [] and not hurt.status["poisoned"] and f.pa == 0
    g = make("g", pa=1)
    generic.alert(g)
    assert g.status["alert"] and g.pa == 0


def dead(fid: str, pv: int):
    v = make(fid, pv=pv)
    wound(scripted(), v, pv)
    return v


def test_devouring_is_capped_by_the_victim_and_the_own_maximum():
    fang = make("fang", pv=20, pa=5, faction="fang")
    fang.fig.vitality = 5
    victim = dead("v", 6)
    assert carcass.devour(scripted(), fang, victim, 4) == 6 and fang.fig.vitality == 11
    assert not carcass.is_carcass(victim) and victim.status["removed"]
    fang.fig.vitality = 19
    assert carcass.devour(scripted(), fang, dead("w", 10), 1) == 1
    with pytest.raises(ValueError):
        carcass.devour(scripted(), make("goun", faction="goun"), dead("x", 6), 1)


def test_looting():
    goun = make("goun", pa=3, faction="goun")
    assert carcass.loot(scripted(9, 4), goun, dead("v", 6), "kouronnes") == 5 + 2
    assert carcass.loot(scripted(), goun, dead("w", 6), "food") == 0 and goun.pa == 1
    with pytest.raises(ValueError):
        carcass.loot(scripted(), make("k", faction="kharn"), dead("x", 6), "weapon")
    with pytest.raises(ValueError):
        carcass.loot(scripted(), goun, make("alive"), "weapon")


def test_taking_off_armour():
    from game.rulesets.kharn_ages.armour import absorb
    from game.rulesets.kharn_ages.fighter import Armour

    f = make("f", chars={"V": 5}, pa=4, armour=Armour("plate", 7, 2, 3, 8, v_malus=1))
    generic.take_off_armour(f)
    assert f.pa == 1 and f.armour is None and f.speed == 5
    assert absorb(scripted(), f, 4).taken == 4
    with pytest.raises(ValueError):
        generic.take_off_armour(make("shell", pa=4, armour=Armour("carapace", 6, 1, 2, 6, natural=True)))


def test_alert_lasts_until_another_voluntary_action():
    from game.rulesets.kharn_ages import moves

    f = make("f", pa=5)
    generic.alert(f)
    assert f.status["alert"]
    moves.walk(f)                                    # the free walk is an action too
    assert not f.status["alert"]
