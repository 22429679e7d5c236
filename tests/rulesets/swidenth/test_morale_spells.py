"""Déroute (S-R18), the four spells (S-R17) and camouflage (S-R15), with scripted dice."""
from __future__ import annotations

import pytest

from game.rulesets.swidenth import actions as A
from game.rulesets.swidenth import damage as D
from game.rulesets.swidenth import figures as F
from game.rulesets.swidenth import morale as Mo
from game.rulesets.swidenth import shooting as S
from game.rulesets.swidenth import spells as Sp
from tests.rulesets.shared.spatial import block, table_of, wall

from .helpers import PAS, ctx, fig, human, state


def legion(side=1, y=2):
    wb = "legion_imperiale"
    return [fig(f"{side}c", side, 2, y, "centurion", wb), fig(f"{side}o", side, 4, y, "optio", wb),
            *[fig(f"{side}l{i}", side, 6 + 2 * i, y, "legionnaire", wb) for i in range(6)]]


def test_the_chef_going_out_triggers_a_test_for_everyone_once():
    st = state(*legion(), *legion(2, 20))
    st.figures["1c"].out = True
    assert Mo.check_triggers(st, 1) == [Mo.CHEF_OUT]
    assert Mo.check_triggers(st, 1) == []                                  # once a game
    assert Mo.check_triggers(st, 2) == []
    f = st.figures["1o"]
    assert f.status["rout_tests"] == 1
    assert Mo.start_activation(ctx(st, 6), st, f) == [False]                # 6 + 1 < 8
    assert F.stun_tokens(f) == 1 and "rout_tests" not in f.status
    assert Mo.start_activation(ctx(st), st, f) == []                        # owed once only


def test_half_out_is_a_second_trigger_and_three_quarters_lose():
    st = state(*legion(), *legion(2, 20))
    for fid in ("1l0", "1l1", "1l2"):
        st.figures[fid].out = True
    assert Mo.check_triggers(st, 1) == [] and not Mo.beaten(st, 1)          # 3 of 8
    st.figures["1l3"].out = True
    assert Mo.check_triggers(st, 1) == [Mo.HALF_OUT]                        # 4 of 8
    st.figures["1c"].out = True
    assert Mo.check_triggers(st, 1) == [Mo.CHEF_OUT]
    assert st.figures["1o"].status["rout_tests"] == 2
    assert not Mo.beaten(st, 1)                                             # 5 of 8
    st.figures["1l4"].out = True
    assert Mo.beaten(st, 1)                                                 # 6 of 8


def priest_and(target, *extra, **stats):
    p = fig("p", 1, 5, 5, "grand_pretre", "culte_de_l_ombre")
    p.status["stats"].update(stats)
    st = state(p, target, *extra)
    return st, p, table_of(st)


def test_fire_bolt_damages_like_a_shot():
    t = human("t", 2, 12, 5)
    st, p, tb = priest_and(t)
    res = Sp.cast(ctx(st, 14, 10), st, tb, p, t, "trait_de_feu")            # 17 v 10: 7 + 1 = 8 > 6
    assert res.success and res.damage == 8 and res.harm.band == D.STUNNED and F.stun_tokens(t) == 1
    res = Sp.cast(ctx(st, 10, 9), st, tb, p, t, "trait_de_feu", concentrated=True)
    assert res.damage == 10 - 9 + 3 + 2 + 4 + 1                              # the target's stun counts


def test_a_horrible_fire_bolt_makes_friends_in_sight_test():
    t = human("t", 2, 12, 5)
    friend = human("f", 2, 12, 9)
    st, p, tb = priest_and(t, friend)
    p.status["stats"]["psychisme"] = 15
    res = Sp.cast(ctx(st, 10, 2, 6), st, tb, p, t, "trait_de_feu")        # 25 v 2: 23 + 1 > 18
    assert res.harm.horrible and t.out and F.stun_tokens(friend) == 1      # 6 < 7


def test_hold_and_dread():
    t = human("t", 2, 10, 5, psychisme=1)
    st, p, tb = priest_and(t)
    assert not Sp.cast(ctx(st, 8, 10), st, tb, p, t, "emprise").success    # 11 v 11: nothing
    assert Sp.cast(ctx(st, 9, 10), st, tb, p, t, "emprise").success and F.stun_tokens(t) == 1
    res = Sp.cast(ctx(st, 15, 2, 13), st, tb, p, t, "effroi")               # Bravoure 13 - 4 < 10
    assert res.success and F.stun_tokens(t) == 2


def test_healing_a_friend_in_contact():
    friend = fig("f", 1, 6, 5, "ogre", "clans_du_nord")
    friend.vitality = 2
    F.add_stun(friend, 1)
    st, p, tb = priest_and(friend)
    assert not Sp.cast(ctx(st, 8), st, tb, p, friend, "soins").success      # 8 + 3 < 12
    assert Sp.cast(ctx(st, 9), st, tb, p, friend, "soins").healed == "vitality" and friend.vitality == 3
    assert Sp.cast(ctx(st, 9), st, tb, p, friend, "soins").healed == "stun" and F.stun_tokens(friend) == 0


@pytest.mark.parametrize("spell,target,why", [
    ("trait_de_feu", ("t", 2, 18.1, 5), Sp.OUT_OF_RANGE),
    ("trait_de_feu", ("t", 1, 8, 5), Sp.NOT_A_FOE),
    ("soins", ("t", 2, 6, 5), Sp.NOT_A_FRIEND),
    ("soins", ("t", 1, 7, 5), Sp.OUT_OF_RANGE),
    ("emprise", ("t", 2, 12, 5), None),
])
def test_spell_refusals(spell, target, why):
    t = human(*target)
    st, p, tb = priest_and(t)
    assert Sp.refusal(st, tb, p, t, spell) == why


def test_a_spell_needs_line_of_sight_and_must_be_known():
    t = human("t", 2, 12, 5)
    st, p, tb = priest_and(t)
    p.status["spells"] = ["emprise"]
    assert Sp.refusal(st, tb, p, t, "trait_de_feu") == Sp.NOT_KNOWN
    st2 = state(p, t, terrain=[wall("w", 8 * PAS, 0, 8.5 * PAS, 600)])
    assert Sp.refusal(st2, table_of(st2), p, t, "emprise") == Sp.UNSEEN


def test_camouflage_needs_cover_in_contact_and_ends_on_moving():
    f = human("a", 1, 5, 5, kit=("arc",), tir=1)
    wood = block("wood", 5.5 * PAS, 3 * PAS, 7 * PAS, 7 * PAS, "cover", "difficult")
    target = human("t", 2, 15, 5)
    st = state(f, target, terrain=[wood])
    tb = table_of(st)
    assert "camouflage" in A.deeds(st, tb, f, "nothing")
    assert A.camouflage(tb, f) and "camouflage" not in A.deeds(st, tb, f, "nothing")
    assert ("camouflage", 2) in S.plan(st, tb, f, target).att_mods
    A.move(st, tb, f, [(5 * PAS, 8 * PAS)])
    assert "camouflaged" not in f.status
    st2 = state(human("b", 1, 15, 15), terrain=[wood])
    assert "camouflage" not in A.deeds(st2, table_of(st2), st2.figures["b"], "nothing")
