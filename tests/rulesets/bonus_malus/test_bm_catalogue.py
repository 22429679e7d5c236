"""The catalogue: every entry named in French and English with our own names (B-R25),
every effect answered by a handler (or listed as pending), every reference resolved, and
the book's lists all present."""
from __future__ import annotations

import re

from game.rulesets.bonus_malus import effects
from game.rulesets.bonus_malus.catalogue import catalogue

BORROWED = re.compile(r"laser|force|phrik|wookie|blaster|jedi|sith|vibro", re.IGNORECASE)


def test_every_entry_has_our_own_names_in_both_languages():
    for e in catalogue().entries.values():
        assert set(e.name) == {"fr", "en"} and all(e.name.values()), e.id
        assert not BORROWED.search(" ".join(e.name.values())), e.id
        assert not BORROWED.search(e.id), e.id


def test_every_effect_has_a_handler_or_is_listed_as_pending():
    kinds = {eff["do"] for e in catalogue().entries.values() for eff in e.effects}
    assert kinds <= set(effects.HANDLERS) | effects.PENDING
    assert not set(effects.HANDLERS) & effects.PENDING
    whens = {eff["when"] for e in catalogue().entries.values() for eff in e.effects if "when" in eff}
    assert whens <= set(effects.WHEN)


def test_references_resolve():
    cat = catalogue()
    attrs = cat.section("attributes")
    for e in cat.entries.values():
        assert set(e.attributes) <= set(attrs), e.id
        assert set(e.tests) <= set(attrs), e.id
        for eff in e.effects:
            if "attribute" in eff:
                assert eff["attribute"] in attrs, (e.id, eff)


def test_the_books_equipment_lists_are_all_there():
    cat = catalogue()
    assert len(cat.section("armours")) == 7 and len(cat.section("shields")) == 2
    assert len(cat.section("melee")) >= 14 and len(cat.section("ranged")) >= 15
    # the book's ten "Force" entries: eight powers, and the two answers (Duel psi, blade
    # parry) which are attributes; Lecture de pensées and Malaise are attribute actions
    assert len(cat.section("powers")) == 8 and len(cat.section("upgrades")) == 5
    assert len(cat.section("items")) == 3


def test_every_attribute_action_names_a_use_and_its_effects_a_handler():
    from game.rulesets.bonus_malus import feats

    for e in catalogue().entries.values():
        for eff in e.effects:
            if eff["do"] == "action" and "use" in eff:
                assert eff["use"] in feats.USES, e.id
                assert {a["do"] for a in eff.get("apply", ())} <= set(feats.APPLY), e.id
                if "needs" in eff:
                    assert eff["needs"] in effects.WHEN, e.id
