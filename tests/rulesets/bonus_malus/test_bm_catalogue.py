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


# The book's attribute list, entry by entry: the catalogue id that carries it, or the
# weapon data key it is (keywords of weapons), or "upgrades" (Sans arme: upgrades are never
# melee weapons). Guards against an entry of the book being forgotten.
BOOK_ATTRIBUTES = {
    "Ambidextre": "ambidextre", "Amphibie": "amphibie", "Annule les Sauvegardes": "annule_sauvegardes",
    "Art Martial": "art_martial", "Armure en Phrik": "armure_alliage_nul", "Assommoir": "assommoir",
    "Attaques multiples X": "attaques_multiples", "Attaque de groupe": "attaque_groupe",
    "Avec Bouclier": "data:with_shield", "Bannissement": "bannissement", "Blindé": "blinde",
    "Bondissant": "bondissant", "Brise arme": "brise_arme", "Cadence X": "data:rate",
    "Camouflage": "camouflage", "Charge en tirant": "charge_en_tirant", "Combats multiples": "combats_multiples",
    "Chef": "chef", "Coup dans le dos": "coup_dans_le_dos", "Coup fatal": "coup_fatal",
    "Démoniaque": "demoniaque", "Déplacement limité": "deplacement_limite",
    "Désengagement habile": "desengagement_habile", "Destinée spéciale": "destinee",
    "De taille et d'estoc": "taille_estoc", "Déviation": "data:deviation", "Effrayant": "effrayant",
    "Electrochoc": "electrochoc", "Énorme": "enorme", "Etourdissement": "etourdissement",
    "Exosquelette": "exosquelette", "Exosquelette nécessaire": "data:needs_exo",
    "Expert en maniement du fouet": "expert_fouet", "Férocité": "ferocite", "Furtif": "furtif",
    "Gardien": "gardien", "Grimpeur": "grimpeur", "Héros": "heros", "Indécelable": "indecelable",
    "Imposition des mains": "imposition_mains", "Infiltration": "infiltration",
    "Insensible aux Electrochocs": "insensible_electrochoc", "Lancer": "data:thrown",
    "Lecture de pensées": "lecture_pensees", "Légende vivante": "legende", "Lent": "lent", "Lourd": "lourd",
    "Lycan": "lycan", "Magnétisme": "magnetisme", "Malaise": "malaise", "Marcheur agile": "marcheur_agile",
    "Parade des tirs": "parade_tirs", "Passe Bouclier": "data:shield_bypass", "Phrik": "alliage_nul",
    "Pistolero": "pistolero", "Prière": "priere", "Projection": "projection", "Rapide": "rapide",
    "Rechargement": "rechargement", "Repousse l'adversaire": "repousse", "Robuste": "robuste",
    "Sans arme": "upgrades", "Sensible à la Force": "sensible_psi", "Silencieux": "data:silent",
    "Soin": "soin", "Soutien": "soutien", "Spectre": "spectre", "Terrifiant": "terrifiant",
    "Tirer en courant": "tirer_en_courant", "Tireur costaud": "tireur_costaud", "Tir précis": "tir_precis",
    "Transperce Armure X": "data:pierce", "Tueur de X": "tueur", "Zig-Zag": "zigzag", "Zone X": "data:zone",
    "Duel de Force": "duel_psi", "Contre par Sabre laser": "parade_lame",
}
BOOK_POWERS = {"Choc": "choc_psi", "Eclairs": "arc_psi", "Etranglement": "etreinte_psi", "Guérison": "guerison_psi",
               "Lancer d'objets": "projection_objets", "Méditation de combat": "meditation",
               "Poussée": "poussee_psi", "Surdéplacement": "bond_psi"}


def test_every_attribute_and_power_of_the_book_is_in_the_catalogue():
    cat = catalogue()
    weapons = list(cat.section("melee").values()) + list(cat.section("ranged").values())
    for book, where in BOOK_ATTRIBUTES.items():
        if where.startswith("data:"):
            key = where[5:]
            assert any(key in w.data for w in weapons) or key in ("with_shield", "needs_exo"), book
        elif where == "upgrades":
            assert cat.section("upgrades")
        else:
            assert cat[where].section == "attributes", book
    # the book's list has 74 entries; Attaque de groupe comes from the melee rules and the
    # two answers to powers from the powers' list
    assert len(BOOK_ATTRIBUTES) == 77
    for book, pid in BOOK_POWERS.items():
        assert cat[pid].section == "powers", book
    assert set(BOOK_POWERS.values()) == set(cat.section("powers"))
