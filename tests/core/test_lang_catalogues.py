"""One language at a time, in the catalogues: the English texts (assets/i18n/en, and the
English names and help of every ruleset catalogue and roster) hold no French word and no
letter typical of French; the French texts hold no English word left as a placeholder; no
text of either language is a raw catalogue key."""
from __future__ import annotations

import json
from pathlib import Path

import yaml

from game.core.text import I18N_DIR
from tests.lang_terms import FRENCH_LETTERS, english_words, french_words, raw_keys

ROOT = Path(__file__).resolve().parents[2]


def texts(lang: str) -> dict[str, str]:
    out = {}
    for path in sorted((I18N_DIR / lang).glob("*.json")):
        for k, v in json.loads(path.read_text(encoding="utf-8")).items():
            out[f"{path.name}:{k}"] = v
    return out


def data_texts(lang: str) -> dict[str, str]:
    """Every {fr: ..., en: ...} text of the rulesets' catalogues and the preset rosters."""
    out = {}

    def walk(node, where):
        if isinstance(node, dict):
            if lang in node and "fr" in node and isinstance(node[lang], str):
                out[where] = node[lang]
            for k, v in node.items():
                walk(v, f"{where}.{k}")
        elif isinstance(node, list):
            for i, v in enumerate(node):
                walk(v, f"{where}[{i}]")

    files = [*ROOT.glob("game/rulesets/*/catalogue.yaml"), *ROOT.glob("scenarios/rosters/*/*.yaml"),
             *ROOT.glob("scenarios/*/*.yaml")]
    for path in files:
        walk(yaml.safe_load(path.read_text(encoding="utf-8")), str(path.relative_to(ROOT)))
    return out


def test_english_catalogue_has_no_french():
    found = {k: french_words(v) for k, v in texts("en").items()}
    assert {k: w for k, w in found.items() if w} == {}
    accents = {k: v for k, v in texts("en").items() if FRENCH_LETTERS.search(v)}
    assert accents == {}


def test_english_names_and_help_of_the_data_have_no_french():
    data = data_texts("en")
    assert len(data) > 100
    found = {k: french_words(v) for k, v in data.items()}
    assert {k: w for k, w in found.items() if w} == {}
    # letters typical of French only in proper names kept as written (none today)
    assert {k: v for k, v in data.items() if FRENCH_LETTERS.search(v)} == {}


def test_french_catalogue_has_no_english_placeholder():
    found = {k: english_words(v) for k, v in texts("fr").items()}
    assert {k: w for k, w in found.items() if w} == {}


def test_no_text_is_a_raw_key():
    for lang in ("fr", "en"):
        found = {k: raw_keys(v) for k, v in texts(lang).items()}
        assert {k: w for k, w in found.items() if w} == {}, lang
        same = [k for k, v in texts(lang).items() if v == k.split(":", 1)[1]]
        assert same == [], lang


def test_every_weapon_of_the_data_has_an_english_name():
    """Names written only in French in the data (an Evenor profile's weapons) have an
    English entry (data.<name>) in the catalogue."""
    from game.core.text import catalogue, data_name

    names = set()
    for path in ROOT.glob("game/rulesets/*/catalogue.yaml"):
        doc = yaml.safe_load(path.read_text(encoding="utf-8"))
        for faction in (doc.get("factions") or {}).values():
            for prof in (faction.get("profiles") or {}).values():
                names |= {w["name"] for w in prof.get("weapons") or () if isinstance(w.get("name"), str)}
    assert names
    missing = sorted(n for n in names if "data." + n not in catalogue("en"))
    assert missing == []
    assert data_name("Paire de sabres", "en") == "Pair of sabres"
    assert data_name("Paire de sabres", "fr") == "Paire de sabres"
