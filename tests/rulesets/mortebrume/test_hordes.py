"""The horde legality the warband builder shows: each recruitment rule broken, with the
member it falls on, in keys that exist in French and English; the same verdicts as the
checks setup applies to a roster."""
from __future__ import annotations

import pytest

from game.core.text import t
from game.rulesets.mortebrume import stats
from game.rulesets.mortebrume.schema import horde_breaks, horde_cost, horde_issues


@pytest.fixture(scope="module")
def cat():
    return stats.catalogue()


def test_a_preset_like_horde_is_legal(cat):
    members = ["meleien_chevalier", "meleien_pyromancien", "gueorwen", "meleien_recrue",
               "meleien_archer"]
    assert horde_breaks(cat, members) == []
    assert horde_cost(cat, members) == 20 + 12 + 8 + 5 + 5


def test_empty_and_unknown(cat):
    assert horde_breaks(cat, []) == [(None, "horde.empty", {})]
    assert horde_breaks(cat, ["meleien_recrue", "nobody"]) == [(1, "horde.unknown_profile",
                                                                {"profile": "nobody"})]


def test_a_knight_needs_two_escorts_and_a_lord_one_more(cat):
    breaks = horde_breaks(cat, ["meleien_chevalier", "meleien_recrue"])
    assert breaks == [(0, "horde.escort", {"need": 2, "has": 1, "names": "meleien_chevalier"})]
    assert horde_breaks(cat, ["meleien_chevalier", "meleien_recrue", "gueorwen"]) == []
    # the needs add up: knight 2 + lord 1 = 3 escorts; a caster is no escort
    members = ["meleien_seigneur", "meleien_chevalier", "meleien_recrue", "gueorwen",
               "meleien_pyromancien"]
    (i, key, args), = horde_breaks(cat, members)
    assert (i, key, args["need"], args["has"]) == (0, "horde.escort", 3, 2)
    assert horde_breaks(cat, members + ["meleien_archer"]) == []


def test_the_texts_exist_and_read_well(cat):
    for lang in ("fr", "en"):
        for _, key, args in horde_breaks(cat, ["meleien_chevalier"]) + horde_breaks(cat, []) + \
                horde_breaks(cat, ["x"]):
            text = t(key, lang, **args)
            assert text != key and "{" not in text


def test_setup_and_data_checks_read_the_same_rules_in_plain_english(cat):
    issues = horde_issues(cat, ["meleien_chevalier", "meleien_recrue", "meleien_recrut"])
    assert [i for i, _ in issues] == [2, 0]
    assert "did you mean" in issues[0][1] and "meleien_recrue" in issues[0][1]
    assert issues[1][1] == t("horde.escort", "en", need=2, has=1, names="meleien_chevalier")
    assert horde_issues(cat, ["meleien_chevalier", "meleien_recrue", "gueorwen"]) == []
