"""Damage bands against Défense (S-R2), stun tokens and their expiry (S-R4), Bravoure tests
(S-R3), with the book's sword and bow values."""
from __future__ import annotations

import pytest

from game.rulesets.swidenth import damage as D
from game.rulesets.swidenth import figures as F

from .helpers import ctx, human, state


@pytest.mark.parametrize("gap,weapon,band", [
    (4, 2, D.RECOIL),        # 6 <= 6: recoil option
    (5, 2, D.STUNNED),       # the book's sword: 5 + 2 = 7 > 6
    (10, 2, D.STUNNED),      # 12 is not above 12
    (11, 2, D.WOUNDED),      # 13 > 12
    (16, 2, D.WOUNDED),      # 18 is not above 18
    (17, 2, D.HORRIBLE),     # 19 > 18
    (5, 1, D.RECOIL),        # the book's bow: 5 + 1 = 6
    (6, 1, D.STUNNED),
    (12, 1, D.WOUNDED),
    (18, 1, D.HORRIBLE),
    (0, -2, D.RECOIL),       # negative damage is still "at most Défense" (S-R11)
])
def test_bands_against_defense_six(gap, weapon, band):
    assert D.band(gap + weapon, 6) == band


def test_bands_add_up():
    one = D.harm(13, 6, 1)
    assert (one.band, one.stunned, one.vitality_lost, one.out, one.horrible) == (D.WOUNDED, True, 1, True, False)
    two = D.harm(13, 6, 2)                                   # a big creature fights on, stunned
    assert (two.stunned, two.vitality_lost, two.out) == (True, 1, False)
    horrible = D.harm(19, 6, 3)                              # one Vitalité only, not two
    assert (horrible.vitality_lost, horrible.out, horrible.horrible) == (1, False, True)
    assert D.harm(7, 6, 1) == D.Harm(D.STUNNED, True, 0, False, False)
    assert D.harm(6, 6, 1) == D.Harm(D.RECOIL, False, 0, False, False)


def test_inflict_stun_wound_and_out():
    big = human("ogre", 1, 5, 5, vitalite=2)
    D.inflict(big, D.harm(13, 6, big.vitality), turn=3)
    assert (big.vitality, big.out, big.status["stun"]) == (1, False, [4])
    D.inflict(big, D.harm(19, 6, big.vitality), turn=4)
    assert (big.vitality, big.out, big.status["horrible"]) == (0, True, 1)
    assert big.status["stun"] == [4]                         # no token on a figure going out


def test_stun_tokens_stack_and_expire_at_the_end_of_the_next_turn():
    f = human("a", 1, 5, 5, combat=3, tir=2, bravoure=1, psychisme=1)
    F.add_stun(f, 3)
    F.add_stun(f, 4)
    assert [F.stat(f, s) for s in ("combat", "tir", "bravoure", "psychisme")] == [-5, -6, -7, -7]
    assert F.stat(f, "defense") == 6 and F.stat(f, "mouv") == 5        # not affected
    assert F.expire_stuns([f], 3) == [] and F.stun_tokens(f) == 2
    assert F.expire_stuns([f], 4) == ["a"] and f.status["stun"] == [5]
    assert F.expire_stuns([f], 5) == ["a"] and F.stat(f, "combat") == 3


def test_bravoure_test_failure_stuns():
    f = human("a", 1, 5, 5, bravoure=1)
    st = state(f)
    assert D.bravoure_test(ctx(st, 7), f, 8, turn=2)             # 7 + 1 = 8 passes
    assert F.stun_tokens(f) == 0
    assert not D.bravoure_test(ctx(st, 6), f, 8, turn=2)
    assert f.status["stun"] == [3]
    assert not D.bravoure_test(ctx(st, 10), f, 8, turn=2)        # 10 + 1 - 4 = 7 < 8: the stun counts
