"""Casting: I per PA, the difficulty, the target's I-only defence with the incantation's
modifier, En éveil, Hermétisme, Réceptif, Immunité, friends accepting, faction bonuses."""
from __future__ import annotations

import pytest

from game.rulesets.kharn_ages import magic
from game.rulesets.kharn_ages.fighter import make

from ..shared.helpers import scripted


def mage(**kw):
    return make("mage", chars={"I": 4}, pa=6, mastery=(), **kw)


def foe(**kw):
    return make("foe", chars={"I": 3}, pa=3, mastery=(), **kw)


def test_a_standard_incantation_reaches_twelve_and_the_defence_fails():
    m, t = mage(), foe()
    r = magic.cast(scripted(5, 6), m, t, 2, 12, defence_pa=1)
    assert r.reached and r.roll.total == 13 and r.defence.total == 9 and r.works
    assert (m.pa, t.pa) == (4, 2)


def test_quick_and_complex_incantations_move_the_defence():
    m, t = mage(), foe()
    ctx = scripted(8, 9)
    r = magic.cast(ctx, m, t, 1, 12, defence_pa=1)                  # 12; defence 9 + 3 - 2 = 10
    assert r.works and r.defence.total == 10 and ("incantation", -2) in ctx.events[1].mods
    m2, t2 = mage(), foe()
    r2 = magic.cast(scripted(4, 9), m2, t2, 3, 12, defence_pa=1)    # 16; defence 9 + 3 + 2 = 14
    assert r2.works and r2.defence.total == 14
    m3, t3 = mage(), foe()
    r3 = magic.cast(scripted(4, 9), m3, t3, 3, 12, defence_pa=2)    # defence 9 + 6 + 2 = 17
    assert r3.reached and not r3.works


def test_the_difficulty_and_an_rc():
    m = mage()
    assert not magic.cast(scripted(3), m, foe(), 2, 12).reached
    assert magic.cast(scripted(10, 1, 2), m, foe(), 1, 18, defence_pa=0).reached


def test_skills_against_magic():
    m = mage()
    eveil = foe(skills={"en_eveil": None})
    r = magic.cast(scripted(5, 6), m, eveil, 2, 12, defence_pa=1)   # 13 against 6 + 3 + 3 = 12
    assert r.works and r.defence.total == 12
    herm = foe(skills={"hermetisme": 2})
    r = magic.cast(scripted(5, 6), m, herm, 2, 12, defence_pa=1)    # 13 against 6 + 3 + 2 = 11
    assert r.works
    friend = make("friend", skills={"hermetisme": 2})
    assert not magic.cast(scripted(5), m, friend, 2, 12, friendly=True, defence_pa=None).reached
    assert magic.cast(scripted(6), mage(), friend, 2, 12, friendly=True, defence_pa=None).works
    rec = foe(skills={"receptif": "shamanisme"})
    assert magic.cast(scripted(5), mage(), rec, 2, 12, path="shamanisme").works
    with pytest.raises(ValueError):
        magic.cast(scripted(5), mage(), foe(skills={"immunite": "osteomancie"}), 2, 12, path="osteomancie")


def test_faction_bonuses():
    assert magic.faction_bonus("fang", terrasses=3) == 3
    assert magic.faction_bonus("goun", level1_gouns=2, terrasses=5) == 2
    assert magic.faction_bonus("kharn", wounded_foes_in_aura=1) == 1
    assert magic.faction_bonus("kherops", wounded_friends_in_aura=2) == 2
    assert magic.faction_bonus("tembo", living_own=6) == 6 and magic.faction_bonus("guilde") == 0
    r = magic.cast(scripted(3, 1), mage(), foe(), 2, 12, bonus=2, defence_pa=0)
    assert r.roll.total == 13 and r.works
