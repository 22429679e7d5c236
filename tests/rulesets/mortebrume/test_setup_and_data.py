"""Mortebrume's setup (mist, deployment limits, equal hordes), recruitment, catalogue and
bundled data files. Random playouts over every scenario are in the ruleset contract
(tests/rulesets/test_contract.py, with Mortebrume's part in ./contract.py)."""
from __future__ import annotations

import pytest

from game.core.engine import Engine
from game.core.ruleset import get_ruleset

SCENARIOS = get_ruleset("mortebrume").scenarios()


def test_both_scenarios_are_bundled():
    assert {"dernier_debout", "pierre_de_brume"} <= set(SCENARIOS)


def test_setup_rolls_the_mist_and_deploys_within_the_limits():
    eng = Engine.new("mortebrume", "dernier_debout", 5)
    st = eng.state
    assert st.extras["mist_cm"] in (15, 20, 25, 30, 35)
    mist = st.extras["mist_cm"] * 10
    table = eng.ruleset.table_for(st)
    for f in st.figures.values():
        for g in st.figures.values():
            if f.side != g.side:
                assert table.distance(f.id, g.id) > mist
    assert st.extras["destiny"] == {"1": 1, "2": 1}


def test_unequal_hordes_are_refused():
    from game.core.errors import UserError

    with pytest.raises(UserError, match="same horde points"):
        Engine.new("mortebrume", "dernier_debout", 1,
                   {"rosters": {"1": ["meleien_recrue"], "2": ["gueorwen"]}})


def test_recruitment_limits():
    from game.data import load_catalogue
    from game.rulesets.mortebrume.schema import horde_issues

    cat = load_catalogue("mortebrume")
    assert horde_issues(cat, ["gwahir"])  # a lord alone
    assert not horde_issues(cat, ["gwahir", "abelberien_recrue"])
    assert horde_issues(cat, ["abelberien_chevalier", "abelberien_recrue"])  # a knight needs 2
    assert not horde_issues(cat, ["abelberien_chevalier", "abelberien_recrue", "abelberien_veteran"])


def test_catalogue_covers_every_weapon_type_and_reach_and_a_spell_per_horde():
    from game.data import load_catalogue

    cat = load_catalogue("mortebrume")
    weapons = cat.weapons.values()
    assert {w.special for w in weapons} == {"perforant", "tranchant", "etourdissant", "recul"}
    assert {w.reach for w in weapons if w.use == "melee"} == {"short", "long", "heavy"}
    assert {w.use for w in weapons} == {"melee", "shot", "throw"}
    for hid, horde in cat.hordes.items():
        ranks = {p.rank for p in horde.profiles.values()}
        assert {"recrue", "veteran", "seigneur", "chevalier", "lanceur"} <= ranks, hid
        assert any(p.spell for p in horde.profiles.values()), hid


def test_bundled_files_check_clean():
    from game.data import check_files, roster_paths, scenario_paths
    from game.data.paths import catalogue_path

    paths = [str(p) for p in scenario_paths("mortebrume") + roster_paths("mortebrume")]
    paths.append(str(catalogue_path("mortebrume")))
    code, lines = check_files(paths)
    assert code == 0, lines


def test_bad_scenario_gives_file_line_col(tmp_path):
    from game.data import check_files

    bad = tmp_path / "bad.yaml"
    bad.write_text("kind: scenario\nruleset: mortebrume\nid: x\nname: {fr: X, en: X}\n"
                   "description: {fr: X, en: X}\ntable: {width: 75, height: 75}\nmax_turns: 5\n"
                   "roles:\n  - {id: a, name: {fr: A, en: A}, zones: [[0, 0, 10, 10]]}\n"
                   "  - {id: b, name: {fr: B, en: B}, zones: [[70, 70, 10, 10]]}\n"
                   "victory: {type: last_standing}\nterrain:\n  - {kind: lave, rect: [1, 1, 2, 2]}\n")
    code, lines = check_files([str(bad)])
    assert code == 2
    assert any(":10:" in ln and "outside" in ln for ln in lines), lines
    assert any(":13:" in ln and "lave" in ln for ln in lines), lines


def test_every_literal_text_key_of_the_ruleset_exists_in_both_languages():
    import pathlib
    import re

    from game.core.text import catalogue
    from game.rulesets.mortebrume import deployment, flow

    root = pathlib.Path(__file__).resolve().parents[3] / "game" / "rulesets" / "mortebrume"
    keys = set()
    for path in root.glob("*.py"):
        found = re.findall(r'"(mb\.[a-z_.]+)"', path.read_text(encoding="utf-8"))
        keys |= {k for k in found if not k.endswith(".")}  # prefixes of key families
    keys |= {f"mb.note.priority_{v}" for v in flow.PRIORITY}
    keys |= {f"mb.note.deploy_{v}" for v in deployment.ORDER}
    assert len(keys) > 40
    for lang in ("fr", "en"):
        missing = sorted(k for k in keys if k not in catalogue(lang))
        assert not missing, (lang, missing)
