"""The combat phase with scripted dice: ties, either fighter wounding, criticals only for the
winner, mishaps for both (S-R10, S-R11), charge, concentration, outnumbering 2 v 1 and 3 v 1
(S-R9), bare hands, second weapons, horrible wounds and the Bravoure tests they cause."""
from __future__ import annotations

from game.rulesets.swidenth import damage as D
from game.rulesets.swidenth import figures as F
from game.rulesets.swidenth import melee as M
from tests.rulesets.shared.spatial import table_of

from .helpers import ctx, human, state


def duel(att_kit=("epee",), dfn_kit=("epee",), att=None, dfn=None, extra=()):
    a = human("a", 1, 5, 5, kit=att_kit, **(att or {}))
    d = human("d", 2, 6, 5, kit=dfn_kit, **(dfn or {}))
    st = state(a, d, *extra)
    return st, a, d


def fight(st, a, d, *faces, **kw):
    t = table_of(st)
    su = M.setup(st, t, a, d, **kw)
    return su, M.resolve(ctx(st, *faces), st, t, a, d, su)


def test_a_tie_does_nothing():
    st, a, d = duel()
    _, res = fight(st, a, d, 10, 10)
    assert (res.winner, res.damage, res.harm) == (None, 0, None)
    assert F.stun_tokens(a) == F.stun_tokens(d) == 0


def test_the_books_sword_bands():
    st, a, d = duel()
    _, res = fight(st, a, d, 15, 10)                       # gap 5 + sword 2 = 7 > 6
    assert (res.winner, res.damage, res.harm.band) == ("a", 7, D.STUNNED)
    assert d.status["stun"] == [2] and not d.out
    st, a, d = duel()
    _, res = fight(st, a, d, 18, 7)                        # gap 11 + 2 = 13 > 12: out
    assert res.harm.band == D.WOUNDED and d.out and d.vitality == 0


def test_the_defender_can_win_and_wound():
    st, a, d = duel()
    _, res = fight(st, a, d, 5, 12)
    assert (res.winner, res.loser, res.damage, res.harm.band) == ("d", "a", 9, D.STUNNED)
    assert F.stun_tokens(a) == 1 and F.stun_tokens(d) == 0


def test_recoil_option_when_damage_is_at_most_defense():
    st, a, d = duel()
    _, res = fight(st, a, d, 14, 10)                       # 4 + 2 = 6
    assert res.recoil_option and res.harm.band == D.RECOIL and F.stun_tokens(d) == 0


def test_only_the_winners_natural_20_is_critical():
    st, a, d = duel()
    _, res = fight(st, a, d, 20, 10)                       # 10 + 2 + 3 = 15 > 12
    assert res.roll.crit and res.damage == 15 and d.out
    st, a, d = duel(dfn={"combat": 5})
    _, res = fight(st, a, d, 20, 18)                       # 20 v 23: the 20 loses, no bonus
    assert res.winner == "d" and not res.roll.crit and res.damage == 3 + 2


def test_fumbles_drop_main_or_off_hand_whoever_wins():
    st, a, d = duel(dfn_kit=("epee", "bouclier"))
    assert d.status["stats"]["defense"] == 7
    _, res = fight(st, a, d, 1, 1, 4, 15)                  # tie; a drops its main hand, d its shield
    assert res.winner is None
    assert res.dropped == (("a", "epee"), ("d", "bouclier"))
    assert F.kit(a) == [] and F.kit(d) == ["epee"] and d.status["stats"]["defense"] == 6
    assert a.status["dropped"] == ["epee"]
    st, a, d = duel()
    _, res = fight(st, a, d, 1, 2, 12)                     # empty off hand: nothing drops
    assert res.dropped == (("a", None),) and F.kit(a) == ["epee"]
    st, a, d = duel(att_kit=("espadon",))
    _, res = fight(st, a, d, 1, 15, 18)                    # two hands: either die drops it
    assert res.dropped == (("a", "espadon"),)


def test_a_disarmed_figure_fights_bare_handed():
    st, a, d = duel(att_kit=())
    su, res = fight(st, a, d, 12, 10)                      # 12 - 2 v 10: gap 0
    assert ("weapons", -2) in su.att.mods and su.att.damage == -2 and res.winner is None
    st, a, d = duel(att_kit=())
    _, res = fight(st, a, d, 13, 10)                       # gap 1 - 2 = -1: still a recoil option
    assert res.winner == "a" and res.damage == -1 and res.recoil_option


def test_second_weapon_bonuses():
    st, a, d = duel(att_kit=("hache", "epee"))
    su, res = fight(st, a, d, 14, 10)                      # +1 Combat: gap 5, + 2 + 1 = 8
    assert ("weapons", 1) in su.att.mods and res.damage == 8


def test_charge_adds_two_damage_to_a_winning_charger_only():
    st, a, d = duel()
    su, res = fight(st, a, d, 13, 10, charged=True)        # 3 + 2 + 2 = 7 > 6
    assert su.att.damage == 4 and res.harm.band == D.STUNNED
    st, a, d = duel()
    _, res = fight(st, a, d, 10, 13, charged=True)         # the defender wins: 3 + 2
    assert res.winner == "d" and res.damage == 5 and res.recoil_option


def test_spear_set_against_a_charge():
    st, a, d = duel(dfn_kit=("lance",))
    su, _ = fight(st, a, d, 10, 10, charged=True)
    assert ("set_against_charge", 1) in su.dfn.mods
    st, a, d = duel(dfn_kit=("lance",))
    su, _ = fight(st, a, d, 10, 10)
    assert not [m for m in su.dfn.mods if m[0] == "set_against_charge"]


def test_concentration_gives_the_active_figure_plus_one():
    st, a, d = duel()
    su, res = fight(st, a, d, 10, 10, concentrated=True)
    assert ("concentration", 1) in su.att.mods and res.winner == "a" and res.damage == 3


def test_stun_tokens_weigh_on_the_roll():
    st, a, d = duel()
    F.add_stun(a, 1)
    su, res = fight(st, a, d, 14, 10)
    assert ("stunned", -4) in su.att.mods and res.winner is None


def test_outnumbering_two_and_three_against_one():
    a2 = human("a2", 1, 6, 4)                              # also in contact with d, above it
    st, a, d = duel(extra=(a2,))
    su, _ = fight(st, a, d, 10, 10)
    assert ("outnumbering", 2) in su.att.mods and not [m for m in su.dfn.mods if m[0] == "outnumbering"]
    a3 = human("a3", 1, 6, 6)
    st, a, d = duel(extra=(human("a2", 1, 6, 4), a3))
    su, res = fight(st, a, d, 10, 10)
    assert ("outnumbering", 4) in su.att.mods and res.winner == "a" and res.damage == 4 + 2


def test_a_friend_busy_with_another_enemy_does_not_count():
    a2 = human("a2", 1, 6, 4)
    d2 = human("d2", 2, 6, 3)                              # engages a2 as well
    st, a, d = duel(extra=(a2, d2))
    su, _ = fight(st, a, d, 10, 10)
    assert not [m for m in su.att.mods if m[0] == "outnumbering"]
    # the other way: d2 fights a2; d (engaged with a only? no: with a and a2) does not help
    t = table_of(st)
    assert M.outnumbering(st, t, d2, a2) == 0


def test_a_horrible_wound_makes_friends_within_three_pas_test():
    near = human("near", 2, 8, 5)                          # 1 pas from d's edge
    far = human("far", 2, 12, 5)                           # 5 pas away
    brave = human("brave", 2, 6, 7, bravoure=3)
    st, a, d = duel(att={"combat": 5}, extra=(near, far, brave))
    _, res = fight(st, a, d, 20, 2, 7, 5)                  # 23 + 2 + 3 = 28 > 18
    assert res.harm.horrible and d.out and d.status["horrible"] == 1
    assert res.tests == (("near", False), ("brave", True))
    assert F.stun_tokens(near) == 1 and F.stun_tokens(brave) == 0 and F.stun_tokens(far) == 0
