"""The string catalogue: every player-facing text, French first, English second.
One folder per language under assets/i18n/, one JSON file per domain (core, each ruleset,
the interface); a key lives in exactly one file. Pure (no pygame): rulesets narrate events
through it, the UI shows it."""
from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any

LANGS = ("fr", "en")
I18N_DIR = Path(__file__).resolve().parents[2] / "assets" / "i18n"


@lru_cache(maxsize=None)
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


def t(key: str, lang: str = "fr", **kw: Any) -> str:
    """Look a key up in the language's catalogue (falling back to French, then the key)."""
    text = catalogue(lang).get(key)
    if text is None and lang != "fr":
        text = catalogue("fr").get(key)
    if text is None:
        return key if not kw else f"{key} {kw}"
    try:
        return text.format(**kw)
    except (KeyError, IndexError, ValueError):
        return text


def refusal_text(refusal, lang: str = "fr") -> str:
    return t(refusal.code, lang, **refusal.args)
