"""Competence levels: the book's dice examples, the 3- default, bare hands and the
weapon upgrades example, wound tracks, and levels powers set or add (B-R26, B-R27, B-R30)."""
from __future__ import annotations

from game.rulesets._shared.keep import DEFAULT_LEVEL, roll_level
from game.rulesets.bonus_malus import levels
from game.rulesets.bonus_malus.effects import attribute_level, vitality_track
from game.rulesets.bonus_malus.fighter import make

from ..shared.helpers import scripted


def test_tir_2plus_rolls_three_dice_and_long_range_cancels_one_level():
    f = make("s", competences={"tir": 2})
    base, mods = levels.level(f, "tir")
    ctx = scripted(2, 4, 5, 3, 6)
    r = roll_level(ctx, f.id, "shot", base, mods=mods, threshold=4)
    assert (r.faces, r.value, r.success) == ((2, 4, 5), 5, True)
    far = roll_level(ctx, f.id, "shot", base, mods=mods + (("long_range", -1),), threshold=4)
    assert far.faces == (3, 6) and far.value == 6          # Tir 2+ and Tir-: Tir+, 2D6


def test_a_competence_not_on_the_profile_is_3_minus_and_a_listed_plain_one_is_one_die():
    f = make("s", competences={"moral": 0})
    assert levels.net(f, "tir") == DEFAULT_LEVEL == -3
    assert levels.net(f, "moral") == 0


def test_bare_hands_make_combat_and_damage_3_minus_whatever_the_profile_says():
    f = make("s", competences={"combat": 1})
    assert levels.net(f, "combat") == -3 and levels.net(f, "degats") == -3
    armed = make("t", competences={"combat": 1}, equipment=("dague",))
    assert levels.net(armed, "combat") == 1 and levels.net(armed, "degats") == -1


def test_the_books_knuckleduster_example():
    f = make("s", equipment=("poings_americains",))
    assert levels.net(f, "degats") == -2 and attribute_level(f, "assommoir") == -2
    monk = make("m", attributes={"art_martial": None}, equipment=("poings_americains",))
    assert (levels.net(monk, "combat"), levels.net(monk, "degats")) == (-1, 0)
    assert attribute_level(monk, "assommoir") == -2


def test_an_exoskeleton_hits_at_3plus_bare_handed_and_knuckledusters_add_nothing():
    exo = make("e", attributes={"exosquelette": None}, equipment=("poings_americains",))
    assert levels.net(exo, "degats") == 3 and attribute_level(exo, "assommoir") == 0
    armed = make("f", attributes={"exosquelette": None}, equipment=("epee",))
    assert levels.net(armed, "degats") == 1                  # Degats+ to any weapon
    assert attribute_level(armed, "assommoir") is None


def test_ferocity_and_a_two_handed_gun_swung_in_melee():
    beast = make("b", attributes={"ferocite": None}, competences={"combat": 2})
    assert (levels.net(beast, "combat"), levels.net(beast, "degats")) == (-2, -2)
    gunner = make("g", competences={"combat": 0}, equipment=("fusil_plasma",))
    assert (levels.net(gunner, "combat"), levels.net(gunner, "degats")) == (0, -1)   # B-R5


def test_wound_tracks_of_characters_and_huge_figures():
    hero = make("h", competences={"combat": 1, "tir": 1}, attributes={"personnage": None},
                equipment=("epee",))
    assert vitality_track(hero) == (3, (2, 1)) and hero.fig.vitality == 3
    seen = []
    for v in (3, 2, 1):
        hero.fig.vitality = v
        seen.append((levels.net(hero, "combat"), levels.net(hero, "tir")))
    assert seen == [(1, 1), (0, 1), (0, 0)]
    huge = make("x", competences={"combat": 0, "tir": 0}, attributes={"enorme": None},
                equipment=("epee",))
    assert huge.fig.vitality == 6
    steps = []
    for v in (6, 5, 4, 3, 2, 1):
        huge.fig.vitality = v
        steps.append((levels.net(huge, "combat"), levels.net(huge, "tir")))
    assert steps == [(0, 0), (0, 0), (-1, 0), (-1, 0), (-1, -1), (-1, -1)]
    assert vitality_track(make("p")) == (1, ())


def test_levels_a_power_sets_take_the_place_of_the_profile_and_others_add_on_top():
    f = make("s", competences={"combat": 2, "tir": 1, "initiative": 1}, equipment=("epee",))
    f.status["set_levels"] = {"combat": -2, "tir": -2}        # Choc psi
    f.status["turn_levels"] = {"initiative": -2}              # Lecture de pensees
    assert levels.net(f, "combat") == -2 and levels.net(f, "tir") == -2
    assert levels.net(f, "initiative") == -1
    f.status["turn_levels"] = {"all": -1}                     # Malaise
    assert levels.net(f, "combat") == -3 and levels.net(f, "initiative") == 0


def test_slayer_levels_apply_only_against_its_kind():
    from game.rulesets.bonus_malus.effects import Situation
    f = make("s", competences={"combat": 0}, attributes={"tueur": "demoniaque"}, equipment=("epee",))
    demon, man = make("d", kind="demoniaque"), make("m")
    assert levels.net(f, "combat", Situation("melee", foe=demon)) == 1
    assert levels.net(f, "degats", Situation("melee", foe=demon)) == 1
    assert levels.net(f, "combat", Situation("melee", foe=man)) == 0
