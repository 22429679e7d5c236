"""What "the other language" looks like on a screen or in a catalogue: French words an
English player must never meet, English words a French player must never meet, raw
catalogue keys, and French numbers written with a decimal point before a unit."""
from __future__ import annotations

import re

# French words (whole words, case-sensitive where the English word differs only by case)
FRENCH_TERMS = (
    "pas", "DO", "Volonté", "Meneur", "meneur", "passe d'armes", "Passe d'armes", "Orichalque",
    "Dague", "Épée", "épée", "Hache", "Paire de sabres", "Paire d'épées", "Arc long", "Arc lourd",
    "Marteau", "Lance", "Fronde", "Arbalète", "Farfadet", "Chevalier", "chevalier", "méléien", "Méléien",
    "Recrue", "recrue", "Seigneur", "Pyromancien", "thanigiste", "Thanigiste", "touche", "touches",
    "dés", "réussi", "raté", "sauvegarde", "sauvegardes", "Pouvoir", "Bénédiction", "Joueur", "joueur",
    "Partie", "partie", "Tour", "camp", "Camp", "avec", "pour", "dans", "les", "des", "une", "est",
    "Hasard", "Glouton", "Équilibrée", "Agressif", "Prudent", "Facile", "Difficile", "IA",
    "Réglages", "Règles", "Retour", "Annuler", "Oui", "Non", "Activer", "Charger", "Tirer",
    "Combattre", "Terminer", "recul", "Guéorwen", "Marcheur", "Courageux", "Effrayant", "Esquive",
    "Rapide", "Furtif", "Soin", "allonge", "allonges", "attaquant", "défenseur", "harceleur", "magicien", "tireur",
)
# English words a French screen should not show (catalogue fallbacks, forgotten literals)
ENGLISH_TERMS = ("the", "and", "with", "Will", "paces", "pace", "drachmas", "Leader", "Power",
                 "Side", "Turn", "Cancel", "Back", "Save", "Load", "Settings", "TODO", "FIXME")
FRENCH_LETTERS = re.compile(r"[éèêëàâùûüçôîïœÉÈÊÀÂÇÔÎŒ]")
RAW_KEY = re.compile(r"(?<![\w/.])(?:ui|play|log|mb|ai|lang|data|refused|note|reason|warband|power|"
                     r"mod|setup|core)\.[a-z_]+(?:\.[a-z_0-9]+)*(?![\w(])")
# a French number with a decimal point followed by a unit (7.5 pas, 2.0 cm)
POINT_BEFORE_UNIT = re.compile(r"\d\.\d+\s*(?:pas|cm|%)")


def _pattern(terms) -> re.Pattern:
    return re.compile(r"(?<![\w'’-])(" + "|".join(re.escape(w) for w in sorted(terms, key=len, reverse=True))
                      + r")(?![\w'’-])")


FRENCH = _pattern(FRENCH_TERMS)
ENGLISH = _pattern(ENGLISH_TERMS)


def french_words(text: str, allowed: frozenset[str] = frozenset()) -> list[str]:
    """The French terms in an English text (proper names listed in ``allowed`` aside)."""
    for name in allowed:
        text = text.replace(name, " ")
    return FRENCH.findall(text)


def english_words(text: str) -> list[str]:
    return ENGLISH.findall(text)


def raw_keys(text: str) -> list[str]:
    return RAW_KEY.findall(text)
