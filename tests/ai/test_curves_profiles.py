"""Response curves, the compensation factor, profiles as data, agent specs."""
from __future__ import annotations

import pytest

from game.ai.agents import make_agent
from game.ai.curves import Curve, compensated
from game.ai.profiles import LEVELS, PERSONALITIES, load_profile, merge
from game.ai.utility import Option, Scorer, UtilityAgent
from game.core.actions import Action
from game.core.errors import UserError


def test_curves_shapes_and_clamps():
    assert Curve("linear", m=0.5, b=0.5)(1.0) == 1.0
    assert Curve("linear", m=0.5, b=0.5)(0.0) == 0.5
    assert Curve("inverse", m=1.0)(0.25) == 0.75
    assert Curve("poly", k=2)(0.5) == pytest.approx(0.25)
    lo, mid, hi = (Curve("logistic", k=10, c=0.5)(x) for x in (0.0, 0.5, 1.0))
    assert lo < 0.01 and mid == pytest.approx(0.5) and hi > 0.99
    assert Curve("step", c=0.7, b=0.2)(0.69) == 0.2 and Curve("step", c=0.7)(0.7) == 1.0
    assert Curve("linear", m=2.0)(3.0) == 1.0          # input and output clamped
    assert Curve("linear", floor=0.1)(0.0) == 0.1
    with pytest.raises(UserError, match="unknown curve type 'wavy'"):
        Curve.from_dict({"type": "wavy"}, "here")


def test_compensation_factor():
    assert compensated([]) == 1.0
    assert compensated([0.5]) == 0.5
    # more considerations at the same value are penalised less than a raw product
    assert compensated([0.5, 0.5, 0.5]) > 0.5 ** 3
    assert compensated([0.9, 0.0, 1.0]) == 0.0                 # a zero vetoes
    assert compensated([1.0, 1.0]) == 1.0


def test_scorer_uses_only_the_inputs_an_option_has():
    s = Scorer({"decisions": {"attack": {"weight": 2.0, "considerations": {
        "damage": {"type": "linear"}, "safety": {"type": "linear", "m": 0.5, "b": 0.5}}}}})
    full = Option(Action("shoot"), "attack", {"damage": 0.5, "safety": 0.0})
    part = Option(Action("shoot"), "attack", {"damage": 0.5})
    assert s(full) < s(part) == pytest.approx(1.0)
    assert set(full.parts) == {"damage", "safety"}
    assert s(Option(Action("x"), "unknown", {})) == 0.0


def test_profiles_merge_levels_and_personalities():
    base = load_profile("evenor", "normal")
    hard = load_profile("evenor", "difficile")
    easy = load_profile("evenor", "facile")
    assert hard["select"]["top"] == 1 and easy["select"]["top"] > base["select"]["top"] > 1
    agg = load_profile("evenor", "normal", "agressif")
    pru = load_profile("evenor", "normal", "prudent")
    assert agg["follow"] > base["follow"] > pru["follow"]
    # merging keeps the considerations the personality does not mention
    assert "damage" in agg["decisions"]["attack"]["considerations"]
    assert merge({"a": {"b": 1, "c": 2}}, {"a": {"b": 3}}) == {"a": {"b": 3, "c": 2}}
    for lv in LEVELS:
        for p in ((), *((x,) for x in PERSONALITIES)):
            Scorer(load_profile("evenor", lv, *p))   # every curve parses


def test_bad_profile_is_a_one_line_error(tmp_path, monkeypatch):
    import game.ai.profiles as profiles

    (tmp_path / "evenor").mkdir()
    (tmp_path / "evenor" / "base.yaml").write_text("kind: ai_profile\nfollow: [1,\n")
    monkeypatch.setattr(profiles, "folder_of", lambda ruleset: tmp_path / ruleset)
    with pytest.raises(UserError, match=r"base\.yaml:3:1: not valid YAML"):
        profiles.load_profile("evenor")
    (tmp_path / "evenor" / "base.yaml").write_text("kind: roster\n")
    with pytest.raises(UserError, match="expected a mapping with 'kind: ai_profile'"):
        profiles.load_profile("evenor")


def test_agent_specs():
    assert make_agent("random", 1).name == "random"
    for spec in ("greedy", "ai", "ai:facile", "ai:difficile:prudent", "ai:normal:agressif"):
        agent = make_agent(spec, 1)
        assert isinstance(agent, UtilityAgent) and agent.timed
    assert make_agent("ai", 1).names == ("normal",)
    for bad in ("ai:expert", "ai:normal:fou", "monkey", "ai:normal:prudent:x", "greedy:2"):
        with pytest.raises(UserError, match="accepted: random, greedy, ai"):
            make_agent(bad, 1)


def test_spec_labels_come_from_the_catalogue():
    from game.ai.agents import accepted_specs, spec_label

    assert spec_label("ai:difficile:prudent", "fr") == "IA Difficile, Prudente"
    assert spec_label("ai", "en") == "AI Normal, Balanced"
    assert spec_label("ai", "fr") == "IA Normale, Équilibrée"   # "IA" is feminine
    assert spec_label("greedy", "en") == "Greedy"
    for spec in accepted_specs():
        make_agent(spec, 0)
        for lang in ("fr", "en"):
            assert "ai." not in spec_label(spec, lang)


def test_scorer_matches_the_compensated_product_and_prunes_below_best():
    s = Scorer({"decisions": {"a": {"considerations": {
        "x": {"type": "linear"}, "y": {"type": "linear"}, "z": {"type": "linear"}}}}})
    o = Option(Action("pass"), "a", {"x": 0.5, "y": 0.4, "z": 0.9})
    assert s(o) == pytest.approx(compensated([0.5, 0.4, 0.9]))
    pruned = Option(Action("pass"), "a", {"x": 0.5, "y": 0.4, "z": 0.9})
    assert s(pruned, best=0.9) < 0.9 and pruned.note == "pruned"
