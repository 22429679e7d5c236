"""Khârn-Ages is registered: a complete declaration listed after Bonus / Malus, every
module imports, the declared planner and profiles load, the shared contract covers its
scenario, and the new-game pieces (setup options, rosters by side) work."""
from __future__ import annotations

import importlib
from pathlib import Path

import pytest

from game.core import plugins
from game.core.errors import UserError
from game.core.ruleset import get_ruleset
from tests.rulesets.test_contract import contract_cases

FOLDER = Path(__file__).resolve().parents[3] / "game" / "rulesets" / "kharn_ages"


def test_the_package_is_registered_and_every_module_imports():
    package = importlib.import_module("game.rulesets.kharn_ages")
    assert not hasattr(package, "IN_PROGRESS") and not plugins.problems(package.PLUGIN)
    for path in sorted(FOLDER.glob("*.py")):
        importlib.import_module(f"game.rulesets.kharn_ages.{path.stem}")
    assert "kharn_ages" in plugins.available() and "kharn_ages" not in plugins.in_progress()
    order = plugins.available()
    assert order.index("kharn_ages") == order.index("bonus_malus") + 1
    decl = plugins.plugin("kharn_ages")
    assert callable(decl.load("planner")) and decl.load("ai_profiles") is not None
    assert decl.bench and decl.ui_bench[0] in get_ruleset("kharn_ages").scenarios()


def test_the_shared_contract_plays_each_scenario_once():
    cases = [c for c in contract_cases() if c.ruleset == "kharn_ages"]
    assert [(c.scenario, c.seed) for c in cases] == [("col_des_steppes", 1), ("gue_des_crocs", 1),
                                                     ("lisiere_d_eutheria", 1), ("premiere_partie", 1)]


def test_rosters_are_given_by_side_or_as_a_pair_and_bad_ones_are_user_errors():
    rules = get_ruleset("kharn_ages")
    st = rules.setup("gue_des_crocs", 2, {"rosters": {"1": "meute_fang", "2": ["paladin", "ecuyer"]}})
    assert st.sides[1].roster == "meute_fang" and st.sides[2].roster == "custom"
    assert sorted(f.profile for f in st.figures_of(2)) == ["ecuyer", "paladin"]
    assert rules.setup("gue_des_crocs", 2, {"rosters": ["meute_fang", "ost_khan"]}).sides[2].roster == "ost_khan"
    with pytest.raises(UserError, match="unknown roster"):
        rules.setup("gue_des_crocs", 2, {"rosters": {"1": "nobody"}})
    with pytest.raises(UserError, match="unknown profile"):
        rules.setup("gue_des_crocs", 2, {"rosters": {"1": ["gobelin"]}})
    with pytest.raises(UserError, match="unknown scenario"):
        rules.setup("nowhere", 2, {})


def test_figures_of_one_profile_are_numbered_in_their_band():
    st = get_ruleset("kharn_ages").setup("gue_des_crocs", 1, {})
    labels = sorted(f.status["label"]["fr"] for f in st.figures.values() if f.profile == "guerrier_kharn")
    assert labels == ["Guerrier khârn 1", "Guerrier khârn 2"]
    assert all(f.status["label"]["en"] == "Paladin" for f in st.figures.values() if f.profile == "paladin")
