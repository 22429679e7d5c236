"""Plurals in the string catalogue: the {name|singular|plural} syntax, the French and English
rules, and the catalogue itself (no "(s)" left, every plural counts by a shared placeholder)."""
from __future__ import annotations

from string import Formatter

import pytest

from game.core.text import LANGS, PLURAL_GROUP, catalogue, is_singular, resolve_plurals, t

TOUCH = "{n} {n|touche|touches}"


@pytest.mark.parametrize(("value", "fr", "en"), [
    (0, "0 touche", "0 touches"),
    (1, "1 touche", "1 touche"),
    (2, "2 touches", "2 touches"),
    (1.5, "1.5 touche", "1.5 touches"),
    (-1, "-1 touche", "-1 touches"),
    ("3", "3 touches", "3 touches"),
    (1.0, "1.0 touche", "1.0 touche"),
])
def test_rule_per_language(value, fr, en):
    assert resolve_plurals(TOUCH, "fr", {"n": value}).format(n=value) == fr
    assert resolve_plurals(TOUCH, "en", {"n": value}).format(n=value) == en


def test_singular_rules():
    assert [is_singular(v, "fr") for v in (0, 1, 1.5, 2, "0", " 1 ", "3", -1.9)] == \
        [True, True, True, False, True, True, False, True]
    assert [is_singular(v, "en") for v in (0, 1, 1.5, 2, "0", "1", "3", 1.0)] == \
        [False, True, False, False, False, True, False, True]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("value", [None, "", "trois", object(), [1], float("nan")])
def test_missing_or_non_number_takes_the_plural(lang, value):
    assert not is_singular(value, lang)
    assert resolve_plurals("{n|hit|hits}", lang, {"n": value}) == "hits"
    assert resolve_plurals("{n|hit|hits}", lang, {}) == "hits"


def test_other_placeholders_empty_forms_and_escaped_braces():
    assert resolve_plurals("{wounds} blessure{wounds||s}", "fr", {"wounds": 3}) == "{wounds} blessures"
    assert resolve_plurals("{max|cible|cibles} {n}", "fr", {"max": 1, "n": 5}) == "cible {n}"
    assert resolve_plurals("{{n|a|b}} {n|a|b}", "en", {"n": 1}) == "{{n|a|b}} a"
    assert resolve_plurals("{{n|a|b}} {n|a|b}", "en", {"n": 1}).format(n=1) == "{n|a|b} a"
    assert resolve_plurals("no plural {n}", "fr", {"n": 1}) == "no plural {n}"


def test_a_real_key_in_both_languages():
    assert t("ui.activate_n", "fr", n=1, p="83 %") == "Activer\u00a0: 1 action dynamique — 83 %"
    assert t("ui.activate_n", "fr", n=2, p="83 %") == "Activer\u00a0: 2 actions dynamiques — 83 %"
    assert t("ui.activate_n", "en", n=1, p="83 %") == "Activate: 1 dynamic action — 83 %"
    assert t("ui.activate_n", "en", n=2, p="83 %") == "Activate: 2 dynamic actions — 83 %"
    assert t("log.hits", "fr", n=0) == "0 touche" and t("log.hits", "en", n=0) == "0 hits"
    assert t("log.saved", "fr", n=1) == "1 sauvegarde réussie"
    assert t("log.saved", "fr", n=3) == "3 sauvegardes réussies"
    assert t("refused.target_count", "en", min=1, max=1) == "Choose between 1 and 1 target"
    assert t("refused.target_count", "en", min=1, max=3) == "Choose between 1 and 3 targets"
    # a missing count never crashes nor leaves the group: plural form, unformatted rest
    assert t("log.hits", "en") == "{n} hits"


def placeholders(text: str) -> set[str]:
    """Names a catalogue string uses: its plain fields and its plural groups."""
    groups = {m.group(1) for m in PLURAL_GROUP.finditer(text) if m.group(1)}
    plain = PLURAL_GROUP.sub(lambda m: m.group(0) if m.group(1) is None else "", text)
    fields = {f.split(".")[0].split("[")[0] for _, f, _, _ in Formatter().parse(plain) if f}
    return groups | fields


def test_no_catalogue_string_dodges_plurals_with_s_in_brackets():
    for lang in LANGS:
        dodged = sorted(k for k, v in catalogue(lang).items() if "(s)" in v)
        assert dodged == [], (lang, dodged)


def test_plural_groups_count_by_a_placeholder_both_languages_use():
    fr, en = catalogue("fr"), catalogue("en")
    checked = 0
    for key in fr.keys() & en.keys():
        both = placeholders(fr[key]) & placeholders(en[key])
        for lang, text in (("fr", fr[key]), ("en", en[key])):
            for m in PLURAL_GROUP.finditer(text):
                if m.group(1):
                    checked += 1
                    assert m.group(1) in both, (key, lang, m.group(0))
    assert checked >= 40


@pytest.mark.parametrize("lang", LANGS)
def test_every_plural_group_is_well_formed_and_renders(lang):
    """A typo ({n|a}, {n|a|b|c}) would not match the syntax and reach str.format: every
    string with a '|' inside braces must render without braces or bars for 1 and 2."""
    for key, text in catalogue(lang).items():
        if "|" not in text:
            continue
        for value in (1, 2):
            kw = {name: value for name in placeholders(text)}
            out = t(key, lang, **kw)
            assert "{" not in out and "|" not in out, (key, out)
