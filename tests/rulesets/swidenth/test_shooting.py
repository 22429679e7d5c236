"""Shooting with scripted dice: the book's 18-pas bands, cover classes (S-R14), aim,
camouflage, stun, a hit only on a strictly higher total, the critical, no mishap (S-R24),
the shots that cannot be taken, reload (S-R16), thrown weapons, and a horrible wound's
Bravoure tests for friends with line of sight."""
from __future__ import annotations

import pytest

from game.rulesets.swidenth import damage as D
from game.rulesets.swidenth import figures as F
from game.rulesets.swidenth import shooting as S
from tests.rulesets.shared.spatial import table_of, wall

from .helpers import PAS, ctx, human, state


@pytest.mark.parametrize("pas,band", [(0, 0), (6, 0), (6.01, 1), (12, 1), (12.01, 2), (18, 2), (18.01, None)])
def test_the_books_eighteen_pas_bands(pas, band):
    assert S.range_band(pas * PAS, 18) == band
    assert band is None or S.RANGE_BONUS[band] == (2, 1, 0)[band]


def archer_and_target(gap_pas: float = 5, kit=("arc",), terrain=(), extra=(), **target):
    a = human("s", 1, 2, 5, kit=kit, tir=1)
    t = human("t", 2, 3 + gap_pas, 5, **target)
    st = state(a, t, *extra, terrain=terrain)
    return st, a, t


def shoot(st, a, t, *faces, aimed=False):
    tb = table_of(st)
    sp = S.plan(st, tb, a, t, aimed=aimed)
    return sp, S.resolve(ctx(st, *faces), st, tb, a, t, sp)


def test_short_range_shot_and_bow_damage():
    st, a, t = archer_and_target()
    sp, res = shoot(st, a, t, 12, 10)                      # 12 + 1 + 2 = 15 v 10: 5 + bow 1 = 6
    assert sp.band == 0 and sp.att_mods == (("tir", 1), ("range", 2))
    assert res.hit and res.damage == 6 and res.recoil_option and F.stun_tokens(t) == 0
    st, a, t = archer_and_target()
    _, res = shoot(st, a, t, 13, 10)                       # 6 + 1 = 7 > 6
    assert res.harm.band == D.STUNNED and F.stun_tokens(t) == 1


def test_an_equal_total_misses_and_the_target_never_hurts_the_shooter():
    st, a, t = archer_and_target()
    _, res = shoot(st, a, t, 10, 13)
    assert not res.hit and res.harm is None
    st, a, t = archer_and_target()
    _, res = shoot(st, a, t, 2, 20)
    assert not res.hit and F.stun_tokens(a) == 0 and not a.out


def test_critical_but_no_mishap_on_a_shot():
    st, a, t = archer_and_target(gap_pas=15)               # long range: +0
    sp, res = shoot(st, a, t, 20, 19)                      # 21 v 19: 2 + 1 + 3 = 6
    assert sp.band == 2 and res.roll.crit and res.damage == 6
    st, a, t = archer_and_target()
    _, res = shoot(st, a, t, 1, 5)                         # only two dice: no hand die is rolled
    assert not res.hit and F.kit(a) == ["arc"]


def test_aim_camouflage_and_stun_modifiers():
    st, a, t = archer_and_target(gap_pas=8)                # medium: +1
    a.status["camouflaged"] = True
    F.add_stun(t, 1)
    sp, _ = shoot(st, a, t, 10, 10, aimed=True)
    assert sp.att_mods == (("tir", 1), ("range", 1), ("aim", 2), ("camouflage", 2))
    assert sp.dfn_mods == (("combat", 0), ("stunned", -4))


@pytest.mark.parametrize("top,hidden,bonus", [(120, 0.0625, 0), (125, 0.5, 2), (128, 0.75, 4)])
def test_cover_classes_from_the_hidden_fraction(top, hidden, bonus):
    st, a, t = archer_and_target(terrain=[wall("w", 4.5 * PAS, 50, 4.7 * PAS, top)])
    sp = S.plan(st, table_of(st), a, t)
    assert sp.cover.hidden_fraction == pytest.approx(hidden)
    assert (("cover", bonus) in sp.dfn_mods) == (bonus > 0)


def test_fully_hidden_target_cannot_be_shot():
    st, a, t = archer_and_target(terrain=[wall("w", 4.5 * PAS, 50, 4.7 * PAS, 140)])
    assert S.plan(st, table_of(st), a, t).refused == S.UNSEEN


def test_a_friend_of_the_target_is_cover_a_friend_of_the_shooter_forbids():
    screen = human("screen", 2, 5, 5.5)                    # the target's friend, half in the way
    st, a, t = archer_and_target(extra=(screen,))
    sp = S.plan(st, table_of(st), a, t)
    assert sp.refused is None and sp.cover.figures == ("screen",) and ("cover", 2) in sp.dfn_mods
    pal = human("pal", 1, 5, 5.5)
    st, a, t = archer_and_target(extra=(pal,))
    assert S.plan(st, table_of(st), a, t).refused == S.FRIEND_IN_WAY


def test_no_shot_while_engaged_nor_into_a_melee_nor_beyond_range():
    foe = human("foe", 2, 3, 5)                            # in contact with the shooter
    st, a, t = archer_and_target(extra=(foe,))
    assert S.plan(st, table_of(st), a, t).refused == S.ENGAGED
    pal = human("pal", 1, 9, 6)                            # engaged with the target
    st, a, t = archer_and_target(extra=(pal,))
    assert S.plan(st, table_of(st), a, t).refused == S.IN_MELEE
    st, a, t = archer_and_target(gap_pas=18.5)
    assert S.plan(st, table_of(st), a, t).refused == S.OUT_OF_RANGE
    st, a, t = archer_and_target(kit=("epee",))
    assert S.plan(st, table_of(st), a, t).refused == S.NO_WEAPON


def test_crossbow_reloads_between_shots():
    st, a, t = archer_and_target(kit=("arbalete",))
    sp, res = shoot(st, a, t, 5, 10)
    assert sp.damage == 2 and not res.hit
    assert S.plan(st, table_of(st), a, t).refused == S.UNLOADED
    assert S.reload(a) and S.plan(st, table_of(st), a, t).refused is None
    st, a, t = archer_and_target()
    shoot(st, a, t, 10, 10)
    assert S.plan(st, table_of(st), a, t).refused is None  # a bow needs no reload


def test_a_javelin_is_thrown_once():
    st, a, t = archer_and_target(kit=("javelot", "epee"), gap_pas=2)
    shoot(st, a, t, 10, 10)
    assert F.kit(a) == ["epee"] and S.plan(st, table_of(st), a, t).refused == S.NO_WEAPON


def test_a_horrible_wound_from_a_shot_tests_friends_with_line_of_sight():
    seen = human("seen", 2, 8, 9)
    hidden = human("hidden", 2, 14, 5)
    st, a, t = archer_and_target(extra=(seen, hidden), terrain=[wall("w", 12 * PAS, 0, 12.5 * PAS, 600)])
    a.status["stats"]["tir"] = 10
    _, res = shoot(st, a, t, 19, 2, 6)                    # 19 + 12 - 2 = 29 + 1 > 18
    assert res.harm.horrible and t.out
    assert res.tests == (("seen", False),)                 # 6 < 7: stunned
    assert F.stun_tokens(seen) == 1 and F.stun_tokens(hidden) == 0


def _soft(tid, x0, y0, x1, y1, height=0.0):
    from tests.rulesets.shared.spatial import block

    return block(tid, x0, y0, x1, y1, "cover", "difficult", height=height)


def test_a_wood_gives_cover_without_hiding_the_target():
    """S-R14: a wood the shot crosses hides the target (+4 here, wholly behind it) but does
    not block sight; the wood the shooter stands in hides nothing."""
    wood = _soft("bois", 4.5 * PAS, 0, 6 * PAS, 10 * PAS)
    st, a, t = archer_and_target(terrain=[wood])
    sp = S.plan(st, table_of(st), a, t)
    assert sp.refused is None and sp.cover.visible and sp.cover.terrain == ("bois",)
    assert ("cover", 4) in sp.dfn_mods
    around = _soft("bois", 0, 0, 3 * PAS, 10 * PAS)        # the archer shoots out of it
    st, a, t = archer_and_target(terrain=[around])
    sp = S.plan(st, table_of(st), a, t)
    assert sp.cover.hidden_fraction == 0 and not any(k == "cover" for k, _ in sp.dfn_mods)


def test_a_low_wall_gives_plus_two_at_most():
    low = _soft("muret", 4.5 * PAS, 0, 4.9 * PAS, 10 * PAS, height=0.8 * PAS)
    st, a, t = archer_and_target(terrain=[low])
    sp = S.plan(st, table_of(st), a, t)
    assert sp.cover.hidden_fraction == 1.0 and ("cover", 2) in sp.dfn_mods
