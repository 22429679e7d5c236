"""The catalogue (S-R12, S-R13, S-R22): the book's base human and two damage values, the
authored weapons and armour, second weapons and points. Warband limits and the data files'
messages are in test_schema.py."""
from __future__ import annotations

import copy

import pytest
import yaml

from game.rulesets.swidenth import catalogue as C
from game.rulesets.swidenth.catalogue import CatalogueError


@pytest.fixture(scope="module")
def cat():
    return C.load()


def raw():
    return yaml.safe_load((C.HERE / "catalogue.yaml").read_text(encoding="utf-8"))


def test_the_books_base_human_and_damage_values(cat):
    assert dict(cat.base) == {"mouv": 5, "combat": 0, "tir": 0, "defense": 6, "bravoure": 0,
                              "psychisme": 0, "vitalite": 1}
    assert cat.weapons["epee"].damage == 2 and cat.weapons["arc"].damage == 1
    assert cat.weapons["arc"].range == 18


def test_authored_weapons_follow_s_r12(cat):
    w = cat.weapons
    assert [(w[i].weight, w[i].damage) for i in ("dague", "hachette", "epee", "masse", "hache", "lance", "espadon")] \
        == [("light", 1), ("light", 1), ("medium", 2), ("medium", 2), ("medium", 2), ("heavy", 3), ("heavy", 4)]
    assert (w["mains_nues"].combat, w["mains_nues"].damage) == (-2, -2)
    assert w["lance"].charged_combat == 1 and w["lance"].hands == 2
    assert [(w[i].damage, w[i].range) for i in ("arc", "arc_court", "arbalete", "fronde", "javelot")] \
        == [(1, 18), (1, 12), (2, 24), (0, 12), (1, 9)]
    assert [i for i, x in w.items() if x.reload] == ["arbalete"]
    assert w["javelot"].one_use


def test_armour_follows_s_r13(cat):
    assert C.defense(cat, 6, ["cuir"]) == 7
    assert C.defense(cat, 6, ["maille", "bouclier"]) == 9
    assert C.defense(cat, 6, ["plaque"]) == 9 and C.mouv(cat, 5, ["plaque"]) == 4
    assert C.mouv(cat, 5, ["maille", "bouclier"]) == 5


def test_primary_and_second_weapon(cat):
    assert C.melee_kit(cat, ["epee"]) == C.MeleeKit("epee", 2, 0)
    assert C.melee_kit(cat, ["dague", "epee"]) == C.MeleeKit("epee", 2, 1)     # light second: +1 Combat
    assert C.melee_kit(cat, ["hache", "epee"]) == C.MeleeKit("hache", 3, 1)    # medium second: +1 both
    assert C.melee_kit(cat, ["arc"]) == C.MeleeKit("mains_nues", -2, -2)       # a bow is no melee weapon
    assert C.melee_kit(cat, []).damage == -2
    assert C.melee_kit(cat, ["lance"]).charged_combat == 1


def test_hands_are_limited(cat):
    assert C.hands_used(cat, ["epee", "bouclier"]) == 2
    with pytest.raises(CatalogueError, match="3 hands"):
        C.hands_used(cat, ["espadon", "bouclier"])


def test_points_follow_s_r22(cat):
    human = C.Profile("h", "troop", dict(cat.base), ())
    assert C.profile_cost(cat, human) == 10
    vet = C.Profile("v", "champion", {**cat.base, "combat": 2, "tir": 1, "defense": 7, "bravoure": 1,
                                      "psychisme": 1, "vitalite": 2}, ("epee", "maille"))
    assert C.profile_cost(cat, vet) == 10 + 8 + 4 + 3 + 2 + 3 + 15 + 2 + 3 + 8
    assert C.profile_cost(cat, cat.profile("legion_imperiale", "centurion")) == 10 + 8 + 4 + 2 + 2 + 3 + 15


def test_spells_are_priced_with_the_profile_that_knows_them(cat):
    """S-R22: a caster pays for its spells as for its kit (S-R31: the Cult's seven figures
    no longer fit in 150 points)."""
    priest = cat.profile("culte_de_l_ombre", "grand_pretre")
    spells = sum(int(cat.spells[s]["cost"]) for s in priest.spells)
    assert spells == 5 + 4 + 2 + 3
    assert C.profile_cost(cat, priest) == 10 + 4 + 2 + 9 + 1 + 15 + spells
    assert C.model().profile("grand_pretre").cost == C.profile_cost(cat, priest)


def test_points_are_one_formula_for_rules_and_data(cat):
    model = C.model()
    for wid, band in cat.warbands.items():
        for pid in band["profiles"]:
            assert C.profile_cost(cat, cat.profile(wid, pid)) == model.profile(pid).cost


@pytest.mark.parametrize("path,value,message", [
    (("weapons", "epee", "kind"), "club", "kind: expected one of melee, ranged"),
    (("weapons", "arc", "range"), 10, "multiple of 3"),
    (("weapons", "lance", "hands"), 1, "two hands"),
    (("warbands", "legion_imperiale", "profiles", "optio", "rank"), "general", "rank"),
    (("warbands", "legion_imperiale", "profiles", "optio", "stats"), {"force": 2}, "force"),
    (("warbands", "legion_imperiale", "profiles", "optio", "equipment"), ["epee", "bouclier", "hache"], "hands"),
    (("warbands", "legion_imperiale", "profiles", "optio", "equipment"), ["glaive"], "glaive"),
    (("warbands", "legion_imperiale", "profiles", "optio", "spells"), ["foudre"], "foudre"),
])
def test_bad_entries_are_refused_naming_them(path, value, message):
    doc = copy.deepcopy(raw())
    node = doc
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    with pytest.raises(CatalogueError, match=message):
        C.parse(doc)


def test_four_warbands_monsters_and_a_caster(cat):
    assert len(cat.warbands) >= 4
    ogre = cat.profile("clans_du_nord", "ogre")
    assert (ogre.stats["vitalite"], ogre.stats["defense"]) == (3, 8)
    assert C.profile_cost(cat, ogre) == 10 + 8 + 6 + 30 + 2
    assert cat.profile("brigands_des_marches", "loup").stats["mouv"] == 8
    assert C.melee_kit(cat, ["crocs"]) == C.MeleeKit("crocs", 1, 0)
    priest = cat.profile("culte_de_l_ombre", "grand_pretre")
    assert set(priest.spells) == {"trait_de_feu", "emprise", "effroi", "soins"} == set(cat.spells)
