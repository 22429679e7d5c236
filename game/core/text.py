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
    choose its plural forms, then fill its placeholders (floats written by :func:`number`)."""
    text = catalogue(lang).get(key)
    if text is None and lang != "fr":
        text, lang = catalogue("fr").get(key), "fr"
    if text is None:
        return key if not kw else f"{key} {kw}"
    text = resolve_plurals(text, lang, kw)
    try:
        return text.format(**{k: _shown(v, lang) for k, v in kw.items()})
    except (KeyError, IndexError, ValueError):
        return text


def data_name(text: str, lang: str = "fr") -> str:
    """A common noun written in French in a ruleset's data (a weapon's "Paire de
    sabres") as players of the language read it: the catalogue's ``data.<text>`` entry of
    that language (assets/i18n/<lang>/lang.json), else the text as written (proper names)."""
    if lang == "fr" or not isinstance(text, str):
        return text
    return catalogue(lang).get("data." + text, text)


def number(value: float, lang: str = "fr", digits: int | None = 1) -> str:
    """A number as players of the language write it: French uses the decimal comma ("7,5"),
    English the point ("7.5"). ``digits`` decimals (None: as few as the value needs, "6" or
    "2,5"); whole ints stay whole. The one place numbers shown to players are formatted."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return str(value)
    if isinstance(value, int):
        text = str(value)
    elif digits is None:
        text = f"{value:g}" if abs(value) < 1e15 else f"{value:.0f}"
    else:
        text = f"{value:.{digits}f}"
    return text.replace(".", ",") if lang == "fr" else text


def _shown(value: Any, lang: str) -> Any:
    """A placeholder's value as shown: floats in the language's convention."""
    return number(value, lang) if isinstance(value, float) else value


def refusal_text(refusal, lang: str = "fr") -> str:
    return t(refusal.code, lang, **refusal.args)
