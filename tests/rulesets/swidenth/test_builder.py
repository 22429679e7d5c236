"""The warband builder's view of Swidenth (builder.py): the four warbands and their profiles,
costs in points (S-R22), the limits from the schema's checks shown through the string
catalogue, and tooltips naming the rank, the equipment and the spells."""
from __future__ import annotations

import re

import pytest

from game.core.text import catalogue, t
from game.rulesets._shared import bundled
from game.rulesets.swidenth.builder import SwidenthBuilder

LEGION = ["centurion", "optio", "legionnaire", "legionnaire", "legionnaire", "archer"]


@pytest.fixture(scope="module")
def rules():
    return SwidenthBuilder()


def test_warbands_and_their_profiles(rules):
    assert rules.groups == ["legion_imperiale", "brigands_des_marches", "clans_du_nord", "culte_de_l_ombre"]
    assert rules.group_name("culte_de_l_ombre", "fr") == "Culte de l'Ombre"
    assert rules.group_name("culte_de_l_ombre", "en") == "Cult of the Shadow"
    assert rules.profiles("clans_du_nord") == ["jarl", "hersir", "guerrier", "chasseur", "ogre"]
    assert rules.group_of("loup") == "brigands_des_marches" and rules.group_of("nobody") is None
    assert (rules.name("ogre", "fr"), rules.name("fidele", "en")) == ("Ogre", "Zealot")


def test_costs_are_the_points_of_s_r22(rules):
    cat = rules.cat
    assert cat.profile("legionnaire").cost == 10 + 4 + 2 + 2             # Combat 1, sword, shield
    assert cat.profile("centurion").cost == 10 + 8 + 4 + 2 + 2 + 3 + 15  # + mail, Chef
    assert cat.profile("optio").cost == 10 + 8 + 2 + 2 + 2 + 8           # Champion
    assert cat.profile("ogre").cost == 10 + 8 + 6 + 30 + 2
    assert rules.cost(LEGION) == 44 + 32 + 3 * 18 + 18 == 148
    assert rules.cost(LEGION + ["nobody"]) == 148                        # unknown ids cost nothing


def test_every_preset_is_legal_in_the_builder(rules):
    from game.data import roster_paths

    assert len(roster_paths("swidenth")) == 4
    for path in roster_paths("swidenth"):
        _, members = bundled.roster_members("swidenth", path.stem)
        assert rules.breaks(members) == []
        assert rules.cost(members) <= 150


@pytest.mark.parametrize("members,index,key", [
    ([], None, "sw.roster.empty"),
    (LEGION + ["centurion"], 6, "sw.roster.chef"),
    (LEGION + ["optio", "optio"], 7, "sw.roster.champions"),
    (LEGION + ["legionnaire"] * 7, 12, "sw.roster.size"),
    (LEGION[:3], None, "sw.roster.size"),
    (LEGION + ["archer", "legionnaire"], 6, "sw.roster.points"),
    (LEGION + ["loup"], 6, "sw.roster.mixed"),
    (LEGION + ["glaive"], 6, "sw.roster.unknown_profile"),
])
def test_each_limit_is_a_break_at_the_member_that_passes_it(rules, members, index, key):
    found = [(i, k) for i, k, _ in rules.breaks(members)]
    assert (index, key) in found, found


def test_a_roster_being_built_shows_what_it_still_lacks(rules):
    assert [k for _, k, _ in rules.breaks(["optio"])] == ["sw.roster.chef", "sw.roster.size"]
    assert [k for _, k, _ in rules.breaks(LEGION[:5])] == ["sw.roster.size"]
    assert rules.breaks(LEGION) == []


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_breaks_read_as_sentences_in_both_languages(rules, lang):
    cases = [[], LEGION + ["centurion", "optio", "optio"], LEGION * 3, LEGION + ["loup"], ["glaive"]]
    seen = set()
    for members in cases:
        for _, key, args in rules.breaks(members):
            text = t(key, lang, **args)
            assert text and "{" not in text and not re.search(r"\bsw\.", text), text
            seen.add(key)
    assert seen == {"sw.roster.empty", "sw.roster.chef", "sw.roster.champions", "sw.roster.size",
                    "sw.roster.points", "sw.roster.mixed", "sw.roster.unknown_profile"}


def test_tooltips_name_rank_weapons_armour_and_spells(rules):
    assert rules.tip("centurion", "fr") == "Chef\u00a0: Épée, Bouclier, Cotte de mailles"
    assert rules.tip("centurion", "en") == "Chef: Sword, Shield, Mail"
    assert rules.tip("hersir", "en") == "Champion: Great sword"
    assert rules.tip("grand_pretre", "fr") == "Chef\u00a0: Dague, Trait de feu, Emprise, Effroi, Soins"
    assert rules.role("loup", "fr") == "Troupe" and rules.role("loup", "en") == "Troop"


def test_the_builder_texts_exist_in_both_languages(rules):
    keys = set(rules.cost_keys) | {rules.note} | {f"sw.builder.rank.{r}" for r in ("chef", "champion", "troop")}
    keys |= {"sw.builder.tip"}
    for lang in ("fr", "en"):
        assert not sorted(k for k in keys if k not in catalogue(lang)), lang
    assert t(rules.cost_keys[0], "fr", name="Ogre", role="Troupe", cost=56) == "+ Ogre (56 pts)"
    assert t(rules.cost_keys[2], "en", cost=148, n=6) == "Points: 148 of 150, 6 figures"
