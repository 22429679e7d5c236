"""The warband builder's view of Khârn-Ages (K-R64, K-R74): the six factions, a figure's cost in
Kouronnes with its kit (what victory counts), the band's broken rules as text keys."""
from __future__ import annotations

from game.core.text import t
from game.rulesets.kharn_ages.builder import KharnAgesBuilder
from game.rulesets.kharn_ages.schema import catalogue
from game.rulesets.kharn_ages.setup import card


def test_costs_are_the_cards_with_their_kit():
    b = KharnAgesBuilder()
    assert b.groups == ["kharn", "fang", "goun", "kherops", "tembo", "guilde_noire"]
    cat = catalogue()
    paladin = cat.profile("paladin")
    kit = cat.weapons["masse_a_ailettes"].cost + cat.armours["demi_plate"].cost + cat.shields["ecu"].cost
    assert b.cat.profile("paladin").cost == paladin.cost + kit == card(cat, "paladin")["cost"]
    assert b.cost(["paladin", "ecuyer"]) == card(cat, "paladin")["cost"] + card(cat, "ecuyer")["cost"]
    assert b.group_of("goulue") == "fang" and b.name("goulue", "en") == "Glutton"
    tip = b.tip("paladin", "fr")
    assert "84 Ko" in tip and "Écu" in tip and "Foi inébranlable" in tip


def test_a_mixed_empty_or_crowded_band_breaks_the_rules_in_words():
    b = KharnAgesBuilder()
    assert b.breaks(["paladin", "ecuyer"]) == []
    [(i, key, args)] = b.breaks(["paladin", "goulue"])
    assert i == 1 and key == "ka.builder.mixed" and "goulue" in t(key, "en", **args)
    assert [k for _, k, _ in b.breaks([])] == ["ka.builder.empty"]
    assert [k for _, k, _ in b.breaks(["ecuyer"] * 13)] == ["ka.builder.too_many", "ka.builder.limit"]
    assert [k for _, k, _ in b.breaks(["gobelin"])] == ["ka.builder.unknown"]
