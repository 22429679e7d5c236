"""Khârn-Ages rules pages: every page has a situation and a caption in both languages, and
what each caption claims is what the engine computes in its situation."""
from __future__ import annotations

from functools import cache

from game.core.actions import Action
from game.core.text import t


@cache
def _situations():
    from game.data.situations import situations

    return situations("kharn_ages")


def _situation(page):
    from game.ui.diagram import situation_engine
    from game.ui.rules_info import info_for

    engine = situation_engine(_situations()[page])
    return engine, engine.state, info_for("kharn_ages")


def _pct(p: float) -> int:
    return round(100 * p)


def test_every_page_has_a_situation_and_a_caption_in_both_languages():
    from game.ui.rules_info import rule_pages

    sits = _situations()
    assert set(rule_pages("kharn_ages")[1]) == set(sits)
    for sit in sits.values():
        key = f"situation.kharn_ages.{sit.id}"
        assert t(key, "fr") != key and t(key, "en") != key and t(key, "fr") != t(key, "en")


def test_turn_walks_and_assault():
    from game.rulesets.kharn_ages.cards import card

    engine, st, info = _situation("turn")
    levels = {s: sum(int(card(st, f)["level"]) for f in st.figures_of(s)) for s in (1, 2)}
    assert levels == {1: 10, 2: 11} and engine.decider() == 2 == st.extras["ka"]["initiative"]

    engine, st, info = _situation("action_points")
    prince = st.figures["k1_00_prince"]
    walk = next(c for c in engine.legal_actions() if c.kind == "walk")
    assert walk.hints["cost"] == 1 and walk.move.allowance == 4 * 40.0
    fi = info.figure(st, prince, "fr")
    assert fi.moves["walk"][0] == 160.0 and fi.moves["sprint"][0] == 320.0
    assert info.legend_text("reach.walk", "") == "ui.ka.legend.walk_pa.1"
    assert info.legend_text("reach.sprint", "") == "ui.ka.legend.sprint_pa.3"

    engine, st, info = _situation("assault")
    assert engine.decider() == 1
    engine.step(Action("activate", actor="k1_00_guerrier_kharn"))
    assault = next(c for c in engine.legal_actions() if c.kind == "assault")
    assert set(assault.targets) == {"k2_00_goulue", "k2_01_traqueuse"} and assault.move.allowance == 160.0
    zdc, spear = info.figure(st, engine.state.figures["k1_00_guerrier_kharn"], "fr").melee
    assert zdc[1] == (0.0, 20.0) and spear[1] == (20.0, 80.0)


def test_attacks_defences_armour():
    from game.rulesets.kharn_ages import attacks as atk
    from game.rulesets.kharn_ages import codes, odds
    from game.rulesets.kharn_ages.cards import fighter
    from game.rulesets.kharn_ages.defence import DefenceBuild

    engine, st, info = _situation("attacks")
    att, dfn = fighter(st, st.figures["k1_00_paladin"]), fighter(st, st.figures["k2_00_goulue"])
    build = codes.attack_build("PC/P/C/")
    rows = odds.attack_table(att, dfn, build, atk.attack_mods(att, build))
    assert [len(r.defence.chars) for r in rows] == [0, 1, 2, 3]
    assert [_pct(r.hit) for r in rows] == [88, 71, 29, 12]

    engine, st, info = _situation("defences")
    assert st.figures["k1_00_paladin"].status["alert"]
    assert DefenceBuild(("P", "C", "V")).paid(True) == 2 and DefenceBuild(("P", "C", "V")).paid(False) == 3
    assert fighter(st, st.figures["k1_00_paladin"]).profile.shield.lowest_attacker

    engine, st, info = _situation("damage")
    pal = fighter(st, st.figures["k1_00_paladin"])
    a = pal.armour
    assert (a.threshold, a.low, a.high, a.boxes, pal.status["armour_ticks"]) == (6, 1, 2, 6, 2)
    faces = range(2, 10)
    assert sum(1 for f in faces if f >= a.threshold) == 4 and sum(1 for f in faces if f < a.threshold) == 4
    assert "■■□□□□" in " ".join(info.figure(st, pal.fig, "fr").card["weapons"])


def test_states_and_mastery():
    from game.rulesets._shared import nd10
    from game.rulesets.kharn_ages import dice, odds
    from game.rulesets.kharn_ages.cards import fighter

    engine, st, info = _situation("states")
    goulue = st.figures["k2_00_goulue"]
    assert info.status_labels(goulue, "en") == ["stunned (+1 AP per action)", "on the ground", "bleeding 2"]
    assert engine.decider() == 1
    engine.step(Action("activate", actor="k1_00_paladin"))
    engine.step(Action("end", actor="k1_00_paladin"))
    before = engine.state.figures["k2_00_goulue"].vitality
    engine.step(Action("activate", actor="k2_00_goulue"))
    g = engine.state.figures["k2_00_goulue"]
    assert g.vitality == before - 2 and not g.status.get("stunned") and g.status.get("down")
    stand = next(c for c in engine.legal_actions() if c.kind == "stand")
    assert stand.hints["cost"] == 0

    engine, st, info = _situation("mastery")
    prince = fighter(st, st.figures["k1_00_prince"])
    assert prince.level == 3 and dice.dice_for(prince, "melee") == 2
    law3, law2 = odds.outcome_law(3), odds.outcome_law(2)
    assert _pct(sum(p for (v, k, _), p in law3.items() if k == nd10.RC)) == 27
    assert _pct(sum(p for (v, k, _), p in law2.items() if k == nd10.RC)) == 19
    assert "✗" in info.figure(st, prince.fig, "fr").card["weapons"][-1]
