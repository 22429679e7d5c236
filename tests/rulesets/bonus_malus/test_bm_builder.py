"""The warband builder's view of Bonus / Malus (builder.py): the four player bands (the
neutral group is not offered), their profiles, costs in points (B-R64), the team limits
from the schema's checks shown through the string catalogue, and tooltips naming the role,
the competences with their levels, the attributes and the equipment."""
from __future__ import annotations

import re

import pytest

from game.core.text import t
from game.rulesets.bonus_malus import setup as S
from game.rulesets.bonus_malus.builder import BonusMalusBuilder, level_text
from game.rulesets.bonus_malus.fighter import make
from game.rulesets.bonus_malus.saves import Attack, save_level

MILICE = ["capitaine", "milicien", "recrue", "infirmier"]


@pytest.fixture(scope="module")
def rules():
    return BonusMalusBuilder()


def test_player_bands_and_their_profiles(rules):
    assert rules.groups == ["milice", "contrebandiers", "ordre_psi", "mercenaires"]
    assert rules.group_name("ordre_psi", "fr") == "Ordre psionique"
    assert rules.group_name("ordre_psi", "en") == "Psionic order"
    assert rules.profiles("mercenaires") == ["sergent", "mitrailleur", "brute", "grenadier"]
    assert rules.group_of("fauve") == "faune" and rules.group_of("nobody") is None
    assert (rules.name("maitre_psi", "fr"), rules.name("gros_bras", "en")) == ("Maître psi", "Heavy")


def test_costs_are_the_points_of_b_r52(rules):
    cat = rules.cat
    # Milicien: Initiative, Combat-, Tir+, Moral (2 + 1 + 4 + 2), Gardien 3, plasma rifle 8,
    # light armour 2.
    assert cat.profile("milicien").cost == 9 + 3 + 8 + 2 == 22
    # Maître psi: levels 4 + 2 + 0 + 4 + 4 (Combat since B-R71), Personnage 15, Sensible 4, Duel (default 3),
    # Choc 5, Poussée 5, energy blade 12.
    assert cat.profile("maitre_psi").cost == 14 + 15 + 4 + 3 + 5 + 5 + 12 == 58
    assert rules.cost(MILICE) == 47 + 22 + 10 + 16 == 95
    assert rules.cost(MILICE + ["nobody"]) == 95                        # unknown ids cost nothing


def test_the_runners_wear_a_heavy_armour_not_a_shield_field(rules):
    """B-R72: the Passeur's shield field (Svg 2+ against shots, Svg+ still against the
    militia's piercing rifles) became a heavy armour: Svg (Svg- against those rifles), 29
    points (levels 4 + 1 + 4 + 1, Rapide 4, pistol 4, hollow points 2, piercing rounds 2,
    dagger 1, heavy armour 6); the crew, the Boss and two Runners, is 96."""
    cat = rules.cat
    assert "armure_lourde" in cat.profile("passeur").equipment
    assert "champ_protection" not in cat.profile("passeur").equipment
    assert cat.profile("passeur").cost == 10 + 4 + 4 + 2 + 2 + 1 + 6 == 29
    _, members, _ = S.roster_members("equipage_contrebandiers")
    assert sorted(members) == ["passeur", "passeur", "patronne"]
    assert rules.cost(members) == 38 + 29 + 29 == 96
    runner = make("r", equipment=tuple(cat.profile("passeur").equipment))
    assert save_level(runner, Attack("shots", (1.0, 0.0))) == 0               # Svg
    assert save_level(runner, Attack("shots", (1.0, 0.0), pierce=1)) == -1    # the plasma rifle: Svg-
    assert save_level(runner, Attack("melee", (1.0, 0.0))) == 0               # the field gave none here


def test_every_player_preset_is_legal_in_the_builder(rules):
    presets = S.player_presets()
    assert len(presets) == 4
    for rid in presets:
        _, members, _ = S.roster_members(rid)
        assert rules.breaks(members) == []
        assert rules.cost(members) <= 100
        assert rules.group_of(members[0]) in rules.groups


@pytest.mark.parametrize("members,index,key", [
    ([], None, "bm.roster.empty"),
    (MILICE + ["capitaine"], 4, "bm.roster.characters"),
    (["recrue"] * 9, 8, "bm.roster.size"),
    (MILICE[:2], None, "bm.roster.size"),
    (MILICE + ["milicien"], 4, "bm.roster.points"),
    (MILICE + ["pilote"], 4, "bm.roster.mixed"),
    (MILICE + ["milicen"], 4, "bm.roster.unknown_profile"),
    (["fauve", "fauve", "fauve"], 0, "bm.roster.player"),
])
def test_each_limit_is_a_break_at_the_member_that_passes_it(rules, members, index, key):
    found = [(i, k) for i, k, _ in rules.breaks(members)]
    assert (index, key) in found, found


def test_a_team_being_built_shows_what_it_still_lacks(rules):
    assert [k for _, k, _ in rules.breaks(["capitaine"])] == ["bm.roster.size"]
    assert rules.breaks(MILICE) == []


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_breaks_and_costs_read_as_sentences_in_both_languages(rules, lang):
    cases = [[], MILICE + ["capitaine", "milicien"], ["recrue"] * 9, MILICE + ["pilote"], ["glaive"],
             ["fauve"] * 3]
    seen = set()
    for members in cases:
        for _, key, args in rules.breaks(members):
            text = t(key, lang, **args)
            assert text and "{" not in text and not re.search(r"\bbm\.", text), text
            seen.add(key)
    assert len(seen) == 7
    add, remove, cost = (t(k, lang, name="X", cost=4, n=2) for k in rules.cost_keys)
    assert "4" in add and "4" in remove and "100" in cost
    assert "100" in t(rules.note, lang)


def test_tooltips_name_role_points_levels_and_gear(rules):
    assert rules.tip("capitaine", "fr") == ("Personnage, 47 pts. Initiative+, Combat, Tir+, Moral+. "
                                            "Personnage, Chef, Pistolet à plasma, Armure")
    assert rules.tip("adepte", "en") == ("Psi-sensitive, 31 pts. Initiative, Combat+, Shooting 2-, Morale, Psi. "
                                         "Psi-sensitive, Psi shock, Energy blade")
    assert rules.role("recrue", "fr") == "Troupe"
    assert rules.tip("grenadier", "en").endswith("Rifle, Grenades, Light armour")


def test_levels_read_as_the_book_writes_them():
    assert [level_text(v) for v in (-2, -1, 0, 1, 2, 3)] == [" 2-", "-", "", "+", " 2+", " 3+"]
