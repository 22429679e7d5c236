"""Attacks built from characteristics: the 1-2-3 rule, what a doubled characteristic forces,
the threshold (assault, supports), the damage of a hit, the critical bonus, and the effects
(the book's Paladin push example)."""
from __future__ import annotations

import pytest

from game.rulesets.kharn_ages import attacks as atk
from game.rulesets.kharn_ages import dice
from game.rulesets.kharn_ages.attacks import AttackBuild
from game.rulesets.kharn_ages.fighter import Weapon, make

from ..shared.helpers import scripted

CHARS = {"V": 5, "P": 4, "A": 3, "C": 6}
MASSE = Weapon("masse_a_ailettes", bonus=1, stature_twice=True)
DAGUES = Weapon("dagues", damage=3, bleeding=2, forbid_simple=("C",))


@pytest.mark.parametrize("build,why", [
    (AttackBuild(("P",)), None),
    (AttackBuild(("P",), effects=("P",)), "effects"),
    (AttackBuild(("P", "A"), "A", ("P",)), None),
    (AttackBuild(("P", "A"), "A", ("P", "A")), "effects"),
    (AttackBuild(("P", "A"), "C"), "damage"),
    (AttackBuild(("P", "P"), "P", ("P",)), None),
    (AttackBuild(("P", "P"), "P"), "forced_effect"),
    (AttackBuild(("V", "P", "C"), "C", ("V", "C")), None),
    (AttackBuild(("V", "P", "C"), "C", ("V", "V")), "effects"),
    (AttackBuild(("V", "V", "C"), "V", ("V", "V")), None),
    (AttackBuild(("V", "V", "C"), "C", ("V", "V")), "forced_damage"),
    (AttackBuild(("V", "V", "C"), "V", ("V", "C")), "forced_effect"),
    (AttackBuild(("V", "V", "V")), "thrice"),
    (AttackBuild(("V", "P", "A", "C")), "chars"),
    (AttackBuild(("T",)), "chars"),
])
def test_the_1_2_3_rule_and_doubled_characteristics(build, why):
    assert atk.check_attack(make("f", chars=CHARS), build) == why


def test_weapon_damage_is_a_choice_and_a_weapon_can_forbid_a_simple_attack():
    f = make("f", chars=CHARS, weapon=DAGUES)
    assert atk.check_attack(f, AttackBuild(("A", "V"), "weapon")) is None
    assert atk.check_attack(f, AttackBuild(("C",))) == "forbidden"
    assert atk.check_attack(make("g"), AttackBuild(("A", "V"), "weapon")) == "damage"
    assert atk.base_damage(f, AttackBuild(("A", "V"), "weapon")) == 3
    assert atk.base_damage(f, AttackBuild(("A",), "weapon")) == 2     # halved, rounded up


def test_every_enumerated_build_is_allowed_and_counts_match():
    f = make("f", chars=CHARS)
    one, two, three = (atk.builds(f, k) for k in (1, 2, 3))
    assert len(one) == 4                                   # V, P, A or C, nothing to choose
    # 2 PA: 6 pairs x 2 damages x 3 effect choices + 4 doubles forced
    assert len(two) == 6 * 2 * 3 + 4
    assert all(atk.check_attack(f, b) is None for b in one + two + three)
    assert len(set(three)) == len(three)


def test_damage_of_a_hit():
    f = make("f", chars=CHARS, weapon=MASSE, skills={"brutalite": 1})
    assert atk.base_damage(f, AttackBuild(("C",))) == 3 + 1             # C 6 halved, +1 mace
    assert atk.base_damage(f, AttackBuild(("C", "A"), "C")) == 7
    assert atk.base_damage(f, AttackBuild(("C", "P"), "C", ("P",))) == 6 + 1 + 2     # P effect + Brutalité
    assert atk.base_damage(f, AttackBuild(("P", "P", "C"), "P", ("P", "P"))) == 4 + 1 + 4


def test_the_critical_bonus_stature_once_or_twice_with_the_mace():
    """The book: an RC on a 2- or 3-PA action adds the stature once; the Masse à ailettes adds
    it twice on several RCs; nothing on a simple attack."""
    paladin = make("paladin", stature=4, weapon=MASSE)
    plain = make("plain", stature=4)
    r = dice.action_roll(scripted(10, 10, 3), paladin, "attack", "melee")
    assert atk.rc_count(r) == 2
    assert atk.critical_bonus(paladin, 2, atk.rc_count(r)) == 8
    assert atk.critical_bonus(plain, 2, 2) == 4
    assert atk.critical_bonus(paladin, 3, 1) == 4
    assert atk.critical_bonus(paladin, 1, 2) == 0
    assert atk.critical_bonus(paladin, 2, 0) == 0
    assert atk.critical_bonus(paladin, 2, 1, "morsure") == 0


def test_the_assault_adds_the_stature_and_outnumbering_adds_supporters():
    """First attack after an assault = committed characteristics + stature + ND10."""
    f = make("f", chars=CHARS, stature=3)
    b = AttackBuild(("P", "C"), "C")
    assert atk.attack_mods(f, b, assault=True) == [("P", 4), ("C", 6), ("assault", 3)]
    assert ("support", 2) in atk.attack_mods(f, b, supporters=2, foe_supporters=1)
    assert all(name != "support" for name, _ in atk.attack_mods(f, b, supporters=1, foe_supporters=1))
    vamp = make("v", skills={"le_sang_m_attire": 2})
    assert ("blood", 2) in atk.attack_mods(vamp, b, target_bleeding=True)


def test_the_books_push_example():
    """A Paladin (stature 4, C 4) cannot push a Guerrier khérops (stature 5) alone; with the
    Prince (stature 4) supporting he pushes him 2 toises (C / 2)."""
    paladin = make("paladin", stature=4, chars={"C": 4})
    kherops = make("kherops", stature=5)
    assert atk.push_distance(paladin, kherops, 1) == 0.0
    assert atk.push_distance(paladin, kherops, 1, supporters_stature=4) == 2.0
    assert atk.push_distance(paladin, kherops, 2) == 2.0                  # CC alone: C / 2
    assert atk.push_distance(paladin, kherops, 2, supporters_stature=4) == 4.0
    rep = make("r", stature=5, chars={"C": 3}, skills={"repoussement": None})
    assert atk.push_distance(rep, kherops, 1) == 3.0
    stable = make("s", stature=5, skills={"stable": None})
    assert atk.push_distance(rep, stable, 1) == 0.0                         # not strictly taller
    assert atk.push_distance(make("big", stature=6, chars={"C": 3}), stable, 1) == 1.5


def test_move_and_free_attacks():
    f = make("f", chars={"V": 5})
    assert (atk.free_move(f, 1), atk.free_move(f, 2), atk.free_move(f, 0)) == (2.5, 5.0, 0.0)
    assert (atk.extra_attacks(1), atk.extra_attacks(2)) == (1, 2)


def test_special_attacks_need_the_keyword():
    horned = make("mongo", skills={"coup_de_cornes": None, "pietinement": None})
    assert atk.check_attack(horned, AttackBuild(("V", "P"), special="cornes")) is None
    assert atk.check_attack(horned, AttackBuild(("V", "P"), special="morsure")) == "special"
    assert atk.check_attack(horned, AttackBuild(("C", "C"), special="pietinement")) is None
    assert atk.check_attack(horned, AttackBuild(("C", "P"), special="pietinement")) == "special"
    assert atk.base_damage(make("x", chars={"C": 5}, skills={"pietinement": None}),
                           AttackBuild(("C", "C"), special="pietinement")) == 5
