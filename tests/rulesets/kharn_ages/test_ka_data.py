"""Khârn-Ages data: the bundled catalogue, rosters and scenario validate; every profile makes
a card the rules read; six factions of six profiles or more (K-R59, K-R75); the scenario sets up a
15 x 15 toises table with both bands in their strips; bad files are answered with
file:line:col and what was expected."""
from __future__ import annotations

import pytest

from game.data import DataError, check_files, load_document
from game.data.paths import catalogue_path
from game.rulesets.kharn_ages import cards, schema, setup
from game.rulesets.kharn_ages.fighter import TOISE
from game.rulesets.kharn_ages.victory import decided


def test_the_bundled_files_validate():
    cat = schema.catalogue()
    assert len(cat.factions) == 6 and all(len(f.profiles) >= 6 for f in cat.factions.values())
    for path in sorted(setup.ROSTERS.glob("*.yaml")):
        assert load_document(path, expected_kind="roster", expected_ruleset="kharn_ages").model.members
    assert setup.scenario_ids() == ["col_des_steppes", "gue_des_crocs", "lisiere_d_eutheria", "premiere_partie"]
    sc = setup.scenario("gue_des_crocs")
    assert (sc.table.width, sc.table.height) == (15, 15) and sc.terrain


def test_every_profile_makes_a_card_the_rules_read():
    cat = schema.catalogue()
    for faction in cat.factions.values():
        for pid in faction.profiles:
            c = setup.card(cat, pid)
            prof = cards.profile_of(c)
            assert prof.pa == 3 + prof.level and len(prof.mastery) == prof.level
            assert c["cost"] >= faction.profiles[pid].cost
    paladin = cards.profile_of(setup.card(cat, "paladin"))
    assert paladin.weapon.stature_twice and paladin.shield.boxes == 6 and paladin.stature == 4
    vanguard = cards.profile_of(setup.card(cat, "avant_garde_de_choc"))
    assert vanguard.weapon.forbid_simple == ("C",) and vanguard.weapon.bleeding == 2
    assert vanguard.mastery[0] == frozenset({"melee", "shooting"})


def test_the_scenario_sets_up_both_bands_in_their_strips():
    st = setup.setup("gue_des_crocs", 3)
    assert (st.width, st.height) == (15 * TOISE, 15 * TOISE)
    assert len(st.terrain) == 7 and any("water" in t.tags for t in st.terrain)
    for f in st.figures.values():
        strip = (0, 2 * TOISE) if f.side == 1 else (13 * TOISE, 15 * TOISE)
        assert strip[0] + f.radius <= f.y <= strip[1] - f.radius
        assert f.vitality == cards.card(st, f)["pv"]
    assert st.extras["ka"]["initiative"] in (1, 2) and decided(st) is None


def _bad(tmp_path, name: str, text: str) -> list[str]:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    kind = name.split("_")[0]
    with pytest.raises(DataError) as err:
        load_document(path, expected_kind=kind, expected_ruleset="kharn_ages")
    return err.value.messages


def test_a_bad_scenario_names_the_file_line_column_and_what_was_expected(tmp_path):
    text = (setup.SCENARIOS / "gue_des_crocs.yaml").read_text(encoding="utf-8")
    text = text.replace("max_turns: 6", "max_turns: six").replace("kind: rochers", "kind: rocher")
    lines = _bad(tmp_path, "scenario_bad.yaml", text)
    assert any(":9:12: max_turns: " in m and "integer" in m for m in lines), lines
    text = text.replace("max_turns: six", "max_turns: 6")
    [line] = _bad(tmp_path, "scenario_bad.yaml", text)
    assert "scenario_bad.yaml:18:12:" in line and "terrain[3].kind" in line and "rochers" in line


def test_a_roster_with_a_profile_of_another_faction_is_refused(tmp_path):
    text = (setup.ROSTERS / "ost_khan.yaml").read_text(encoding="utf-8").replace("ecuyer", "goulue")
    [line] = _bad(tmp_path, "roster_bad.yaml", text)
    assert "roster_bad.yaml:6:" in line and "members[5]" in line and "goulue" in line


def test_a_profile_with_an_unknown_weapon_is_refused(tmp_path):
    text = catalogue_path("kharn_ages").read_text(encoding="utf-8").replace("weapon: lance", "weapon: lancette", 1)
    [line] = _bad(tmp_path, "catalogue_bad.yaml", text)
    assert "factions.kharn.profiles.guerrier_kharn.weapon" in line and "lancette" in line
    assert line.split(":")[1].isdigit() and line.split(":")[2].isdigit()


def test_the_registry_checks_the_scenario_with_the_base_checks(tmp_path):
    """Registered, the scenario gets the base checks (geometry on the table) and its own
    (the default rosters are bundled ones), each with file:line:col."""
    text = (setup.SCENARIOS / "gue_des_crocs.yaml").read_text(encoding="utf-8")
    text = text.replace("circle: [3, 4, 0.9]", "circle: [3, 40, 0.9]").replace(
        "[ost_khan_arbalete, meute_fang_fronde]", "[ost_khan_arbalete, meute]")
    lines = _bad(tmp_path, "scenario_bad.yaml", text)
    assert any(":18:" in m and "terrain[3].circle" in m for m in lines), lines
    assert any(":13:" in m and "rosters[1]" in m and "meute_fang" in m for m in lines), lines


def test_a_builder_roster_without_faction_validates_and_a_mixed_one_is_refused(tmp_path):
    good = tmp_path / "mine.yaml"
    good.write_text("kind: roster\nruleset: kharn_ages\nid: mine\nname: {fr: Moi, en: Me}\n"
                    "members: [paladin, ecuyer]\n", encoding="utf-8")
    code, lines = check_files([str(good)])
    assert code == 0, lines
    [line] = _bad(tmp_path, "roster_bad.yaml", good.read_text(encoding="utf-8").replace("ecuyer", "goulue"))
    assert "roster_bad.yaml:5:" in line and "members[1]" in line and "goulue" in line
