"""The combat skills an exchange consults: Exécuteur, Sadique, Fulgurance, Berserk,
Harcèlement, Instinct de survie (scripted dice), and the odds table counting them."""
from __future__ import annotations

import pytest

from game.rulesets.kharn_ages import attacks as atk
from game.rulesets.kharn_ages import melee, moves, odds, skills, states
from game.rulesets.kharn_ages.attacks import AttackBuild
from game.rulesets.kharn_ages.defence import DefenceBuild, Incoming, check_defence
from game.rulesets.kharn_ages.fighter import make

from ..shared.helpers import scripted

CHARS = {"V": 4, "P": 4, "A": 3, "C": 5}


def pair(**skills):
    att = make("att", chars=CHARS, pa=8, pv=30, mastery=(), skills=skills)
    dfn = make("dfn", chars={"V": 3, "P": 3, "A": 3, "C": 3}, pa=5, pv=30, mastery=())
    return att, dfn


def none(inc, roll):
    return DefenceBuild()


def test_executeur_adds_a_d10_on_a_three_pa_attack_once():
    att, dfn = pair(executeur=None)
    build = AttackBuild(("P", "C", "C"), "C", ("C", "C"))
    out = melee.exchange(scripted(9, 2, 7), att, dfn, build, none)
    assert out.damage.taken == 5 + 7
    out = melee.exchange(scripted(9, 2), att, dfn, AttackBuild(("P", "A", "V"), "P"), none)
    assert out.damage.taken == 4                                    # once per activation
    states.begin_activation(scripted(), att)
    assert "executeur" not in att.status["skills_used"]


def test_sadique_pays_only_on_a_hit():
    att, dfn = pair(sadique=None)
    out = melee.exchange(scripted(9, 2), att, dfn, AttackBuild(("P", "A"), "P"), none, melee.Situation(sadique=2))
    assert out.damage.taken == 4 + 2 and att.pa == 8 - 2 - 2
    miss = melee.exchange(scripted(2, 9), att, dfn, AttackBuild(("P", "A"), "P"), none, melee.Situation(sadique=2))
    assert not miss.hit and att.pa == 2


def test_fulgurance_adds_p_effect_to_vv_outside_an_assault():
    att, dfn = pair(fulgurance=None)
    vv = AttackBuild(("V", "V"), "V", ("V",))
    out = melee.exchange(scripted(9, 2), att, dfn, vv, none)
    assert out.damage.taken == 4 + 1 and out.effects.move == 2.0
    att2, dfn2 = pair(fulgurance=None)
    out2 = melee.exchange(scripted(9, 2), att2, dfn2, vv, none, melee.Situation(assault=True))
    assert out2.damage.taken == 4


def test_berserk():
    att, dfn = pair()
    att.status["berserk"] = True
    out = melee.exchange(scripted(9, 2), att, dfn, AttackBuild(("A", "V"), "A"), none)
    assert out.damage.taken == 3 + 4
    inc = Incoming(("P",), (4,), 1)
    assert check_defence(att, DefenceBuild(("P",)), inc) == "berserk"
    assert check_defence(att, DefenceBuild(), inc) is None
    att.status["walks"] = 2
    assert moves.next_walk_cost(att) == 1
    states.set_state(scripted(), att, "stunned")
    assert not att.status["berserk"]


def test_harcelement_and_instinct_de_survie_give_the_v_effect():
    att, dfn = pair(harcelement=None)
    out = melee.exchange(scripted(9, 2), att, dfn, AttackBuild(("P", "C"), "C", ("C",)), none)
    assert (out.effects.by, out.effects.move, out.effects.push) == ("att", 2.0, 2.5)
    again = melee.exchange(scripted(9, 2), att, dfn, AttackBuild(("P", "C"), "C"), none)
    assert again.effects.move == 0.0
    att2, _ = pair()
    dfn2 = make("dfn", chars={"V": 5, "P": 3}, pa=3, mastery=(), skills={"instinct_de_survie": None})
    out = melee.exchange(scripted(2, 9), att2, dfn2, AttackBuild(("P",)), lambda inc, r: DefenceBuild(("P",)))
    assert not out.hit and (out.effects.by, out.effects.move) == ("dfn", 2.5)


def test_the_odds_table_counts_the_skills():
    plain, dfn = pair()
    fierce, _ = pair(executeur=None)
    build = AttackBuild(("P", "C", "C"), "C", ("C", "C"))
    a = odds.attack_table(plain, dfn, build, atk.attack_mods(plain, build))[0]
    b = odds.attack_table(fierce, dfn, build, atk.attack_mods(fierce, build))[0]
    assert b.hit == pytest.approx(a.hit) and b.damage == pytest.approx(a.damage + 5.5 * a.hit)
    fulg, _ = pair(fulgurance=None)
    vv = AttackBuild(("V", "V"), "V", ("V",))
    c = odds.attack_table(fulg, dfn, vv, atk.attack_mods(fulg, vv))[0]
    d = odds.attack_table(fulg, dfn, vv, atk.attack_mods(fulg, vv), assault=True)[0]
    assert c.damage == pytest.approx(d.damage + c.hit)


def test_chef_de_guerre_and_sacrifice():
    chief = make("chief", pa=5, skills={"chef_de_guerre": 2})
    assert skills.warlord(chief, 3) == 2
    with pytest.raises(ValueError):
        skills.warlord(chief, 1)
    states.begin_activation(scripted(), chief)
    assert chief.pa == 7
    states.begin_activation(scripted(), chief)
    assert chief.pa == 5
    priest = make("priest", pv=10, skills={"sacrifice": 2})
    friend = make("friend", pa=4)
    skills.sacrifice(scripted(), priest, friend)
    assert friend.pa == 5 and priest.fig.vitality == 8
    with pytest.raises(ValueError):
        skills.sacrifice(scripted(), priest, friend)
    assert states.heal(priest, 5) == 0
