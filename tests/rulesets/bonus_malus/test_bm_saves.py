"""Saves: stacking by value (B-R1, the book's two examples and the contradiction), armour
piercing on the worn part only (B-R2), shields in the front arc only (B-R4, B-R22), Passe
Bouclier and Blinde, null alloy against an energy blade, situational saves (B-R33)."""
from __future__ import annotations

from game.rulesets.bonus_malus.effects import SaveSource
from game.rulesets.bonus_malus.fighter import make
from game.rulesets.bonus_malus.saves import Attack, save_level, stacked

FRONT, BEHIND = (1.0, 0.0), (-1.0, 0.0)     # a target at (0, 0) faces +x


def test_the_books_two_stacking_examples():
    assert stacked([SaveSource(-2, "armour", "a"), SaveSource(-1, "other", "b")]) == 0
    assert stacked([SaveSource(-2, "armour", "a"), SaveSource(-1, "other", "b"),
                    SaveSource(1, "other", "c")]) == 4


def test_heavy_armour_and_a_shield_make_2plus_by_the_stated_rule():
    f = make("t", equipment=("armure_lourde", "bouclier"))
    assert save_level(f, Attack("melee", FRONT)) == 2            # B-R1: 3 + 2 = 5
    assert save_level(f, Attack("melee", FRONT, pierce=1)) == 1  # one step down per point


def test_no_save_on_the_profile_means_no_save_roll():
    assert save_level(make("t"), Attack("shots", FRONT)) is None
    assert save_level(make("t", attributes={"robuste": None}), Attack("shots", FRONT)) == -1


def test_piercing_takes_from_armour_and_shield_only_and_never_below_zero():
    f = make("t", equipment=("armure_legere",))
    f.status["ran"] = True                                       # Svg 2- from running
    assert save_level(f, Attack("shots", FRONT)) == -1           # 1 + 1 = 2
    assert save_level(f, Attack("shots", FRONT, pierce=3)) == -2  # armour 0, running 1
    bare = make("u", attributes={"robuste": None})
    assert save_level(bare, Attack("shots", FRONT, pierce=2)) == -1   # not armour: untouched
    plain = make("v", equipment=("armure_legere",))
    assert save_level(plain, Attack("shots", FRONT, pierce=1)) is None


def test_a_shield_saves_only_against_a_source_in_its_front_arc():
    f = make("t", equipment=("bouclier",))
    assert save_level(f, Attack("shots", FRONT)) == -1
    assert save_level(f, Attack("shots", BEHIND)) is None         # B-R22
    assert save_level(f, Attack("melee", BEHIND)) is None         # B-R4
    assert save_level(f, Attack("free", FRONT)) is None           # free attacks pass shields


def test_passe_bouclier_and_the_armoured_hull_that_cancels_it():
    f = make("t", equipment=("bouclier", "armure"))
    assert save_level(f, Attack("shots", FRONT, shield_bypass=True)) == -1
    hull = make("h", attributes={"blinde": None}, equipment=("bouclier", "armure"))
    assert save_level(hull, Attack("shots", FRONT, shield_bypass=True)) == 1


def test_null_alloy_armour_cancels_the_energy_blades_piercing():
    worn = make("t", equipment=("armure_lourde_nulle",))
    plain = make("u", equipment=("armure_lourde",))
    blade = Attack("melee", FRONT, pierce=3, energy=True)
    assert save_level(worn, blade) == 0 and save_level(plain, blade) is None


def test_cover_running_crawling_and_down_stack_with_armour_and_tir_precis_ignores_cover():
    f = make("t", equipment=("armure",))
    assert save_level(f, Attack("shots", FRONT, cover="light")) == 0      # 2 + 1
    assert save_level(f, Attack("shots", FRONT, cover="heavy")) == 2      # 2 + 3
    assert save_level(f, Attack("shots", FRONT, cover="heavy", precise=True)) == -1
    assert save_level(f, Attack("melee", FRONT, cover="heavy")) == -1     # cover is against shots
    f.status["down"] = True
    assert save_level(f, Attack("shots", FRONT)) == 1                     # 2 + 2
    fast = make("r", attributes={"rapide": None})
    fast.status["ran"] = True
    assert save_level(fast, Attack("shots", FRONT)) == -1                 # Svg- after a run


def test_a_crawling_figure_cannot_use_its_shield():
    f = make("t", equipment=("bouclier",))
    f.status["crawled"] = True
    assert save_level(f, Attack("shots", FRONT)) == -1                    # crawl only


def test_the_shield_field_and_the_shot_parry_work_against_shots_only():
    f = make("t", equipment=("champ_protection",))
    assert save_level(f, Attack("shots", FRONT)) == 2 and save_level(f, Attack("melee", FRONT)) is None
    psi = make("p", attributes={"sensible_psi": None}, equipment=("lame_energie",))
    assert save_level(psi, Attack("shots", FRONT)) == 1                   # one save, Svg+ (B-R70)
    assert save_level(psi, Attack("melee", FRONT)) == -1
    blade_only = make("q", equipment=("lame_energie",))
    assert save_level(blade_only, Attack("shots", FRONT)) is None         # needs Psi


def test_no_saves_at_all_against_annule_les_sauvegardes():
    f = make("t", equipment=("armure_lourde",))
    assert save_level(f, Attack("melee", FRONT, no_saves=True)) is None
