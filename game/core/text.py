"""The string catalogue: every player-facing text, French first, English second.
One folder per language under assets/i18n/, one JSON file per domain (core, each ruleset,
the interface); a key lives in exactly one file. Pure (no pygame): rulesets narrate events
through it, the UI shows it.

Strings are ``str.format`` templates (``{who}``, ``{n}``...) plus one extension for plurals:
``{name|singular|plural}`` picks a form by the value of the placeholder ``name``, e.g.
``"{n} {n|touche|touches}"`` -> "1 touche", "2 touches". The rule follows the language of
the string: French is singular when |value| < 2 (0 and 1), English only when value == 1.
A missing or non-numeric value picks the plural. Forms hold plain text (no braces, no "|")
and may be empty (``{n||s}``), though whole words read better. Plural groups are resolved
first, then the string is formatted; ``{{`` and ``}}`` stay literal braces."""
from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from functools import cache
from pathlib import Path
from typing import Any

LANGS = ("fr", "en")
I18N_DIR = Path(__file__).resolve().parents[2] / "assets" / "i18n"

# An escaped brace (kept as is) or a plural group {name|singular|plural}.
PLURAL_GROUP = re.compile(r"\{\{|\}\}|\{(\w+)\|([^{}|]*)\|([^{}|]*)\}")

# Is this count singular? By language; other languages use the English rule.
PLURAL_RULES: dict[str, Callable[[float], bool]] = {
    "fr": lambda v: abs(v) < 2,
    "en": lambda v: v == 1,
}


@cache
def catalogue(lang: str) -> dict[str, str]:
    """All keys of a language, merged from its domain files."""
    merged: dict[str, str] = {}
    for path in sorted((I18N_DIR / lang).glob("*.json")):
        with path.open(encoding="utf-8") as fh:
            part = json.load(fh)
        clash = set(part) & set(merged)
        if clash:
            raise ValueError(f"{path}: keys already defined elsewhere: {sorted(clash)[:5]}")
        merged.update(part)
    return merged


def is_singular(value: Any, lang: str = "fr") -> bool:
    """Whether ``value`` (int, float or numeric string) takes the singular in ``lang``;
    False for anything that is not a number."""
    try:
        number = float(value.strip() if isinstance(value, str) else value)
    except (TypeError, ValueError, OverflowError):
        return False
    return PLURAL_RULES.get(lang, PLURAL_RULES["en"])(number)


def resolve_plurals(text: str, lang: str, kw: Mapping[str, Any]) -> str:
    """Replace every ``{name|singular|plural}`` group of ``text`` by the form that
    ``kw[name]`` calls for in ``lang``."""
    def pick(m: re.Match) -> str:
        if m.group(1) is None:  # "{{" or "}}": left for str.format
            return m.group(0)
        return m.group(2) if is_singular(kw.get(m.group(1)), lang) else m.group(3)

    return PLURAL_GROUP.sub(pick, text) if "|" in text else text


def t(key: str, lang: str = "fr", **kw: Any) -> str:
    """Look a key up in the language's catalogue (falling back to French, then the key),
    choose its plural forms, then fill its placeholders."""
    text = catalogue(lang).get(key)
    if text is None and lang != "fr":
        text, lang = catalogue("fr").get(key), "fr"
    if text is None:
        return key if not kw else f"{key} {kw}"
    text = resolve_plurals(text, lang, kw)
    try:
        return text.format(**kw)
    except (KeyError, IndexError, ValueError):
        return text


def refusal_text(refusal, lang: str = "fr") -> str:
    return t(refusal.code, lang, **refusal.args)
