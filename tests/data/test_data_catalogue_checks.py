"""Cross-checks of a catalogue file and the schema registry."""

from pathlib import Path

import pytest

from game.data import check_files, registry
from game.rulesets.evenor import schema

CATALOGUE = Path(__file__).resolve().parents[2] / "game" / "rulesets" / "evenor" / "catalogue.yaml"


def _variant(tmp_path, monkeypatch, *replacements):
    text = CATALOGUE.read_text(encoding="utf-8")
    for old, new in replacements:
        assert old in text, old
        text = text.replace(old, new, 1)
    monkeypatch.chdir(tmp_path)
    Path("cat.yaml").write_text(text, encoding="utf-8")
    code, lines = check_files(["cat.yaml"])
    assert code == 2
    # drop "cat.yaml:LINE:COL: " so the checks do not depend on the bundled file's layout
    return [line.split(": ", 1)[1] for line in lines]


def test_profile_ids_are_unique_across_factions(tmp_path, monkeypatch):
    lines = _variant(tmp_path, monkeypatch, ("      myrina:\n", "      leda:\n"))
    assert lines == ["factions.amazones.profiles.leda: profile id 'leda' is already used in "
                     "faction 'grecs'"]


def test_trait_table_must_match_the_rules(tmp_path, monkeypatch):
    lines = _variant(
        tmp_path, monkeypatch,
        ("  volant:\n", "  volante:\n"),
        ("    param: threshold\n    power: true\n", "    param: count\n    power: true\n"),
        ("  perception:\n    name: {fr: Perception, en: Perception}\n    param: threshold\n",
         "  perception:\n    name: {fr: Perception, en: Perception}\n    param: threshold\n"
         "    power: true\n"),
    )
    assert lines == [
        "traits: trait 'volant' is not defined",  # points at the traits mapping
        "traits.benediction.param: expected 'threshold' for trait 'benediction' (got 'count')",
        "traits.perception.power: expected false for trait 'perception'",
        "traits.volante: unknown trait 'volante'; did you mean 'volant'?",
    ]


def test_a_trait_listed_twice(tmp_path, monkeypatch):
    lines = _variant(tmp_path, monkeypatch, ("traits: [courageux]\n", "traits: [courageux, courageux]\n"))
    assert lines == ["factions.grecs.profiles.ulysse.traits[1]: trait 'courageux' is listed twice"]


def test_registry_lookup_and_register():
    found = registry.lookup("evenor", "roster")
    assert found.model is schema.Roster and found.cross_check is schema.check_roster
    assert registry.lookup("no_such_ruleset", "roster") is None   # a ruleset with no schemas
    assert not registry.has_schemas("no_such_ruleset")
    with pytest.raises(ValueError):
        registry.register("evenor", "army", schema.Roster)
