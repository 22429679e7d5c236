"""The diagrams of the rules pages added second (turn, reactions, wounds... of every
ruleset): what each caption claims is what the engine computes in its situation."""
from __future__ import annotations

import pytest

from game.core.text import t


def _situation(ruleset, page):
    from game.data.situations import situations
    from game.ui.diagram import situation_engine
    from game.ui.rules_info import info_for

    engine = situation_engine(situations(ruleset)[page])
    return engine, engine.state, engine.ruleset.table_for(engine.state), info_for(ruleset)


def _kinds(engine, actor=None):
    return {c.kind for c in engine.legal_actions() if actor is None or c.actor in (None, actor)}


def test_every_rules_page_has_a_diagram_and_a_caption_in_both_languages():
    from game.data.situations import situations
    from game.ui.rules_info import rule_pages, rulesets

    for ruleset in ("evenor", "mortebrume", "swidenth"):
        assert ruleset in rulesets()
        sits = situations(ruleset)
        assert set(rule_pages(ruleset)[1]) <= set(sits), ruleset
        for sit in sits.values():
            key = f"situation.{ruleset}.{sit.id}"
            assert t(key, "fr") != key and t(key, "en") != key and t(key, "fr") != t(key, "en")


def test_evenor_turn_and_statics():
    from shapely.geometry import Point, Polygon

    from game.rulesets.evenor import stats

    engine, st, table, info = _situation("evenor", "turn")
    acted = sorted(f.id for f in st.figures.values() if f.status.get("activated"))
    assert acted == ["1.myrina", "2.kara"] and engine.decider() == 1
    assert {c.actor for c in engine.legal_actions() if c.kind == "activate"} == {"1.thalestri", "1.asteria"}

    engine, st, table, info = _situation("evenor", "statics")
    myrina = st.figures["1.myrina"]
    assert st.activation["members"]["1.myrina"]["dynamic"] is False
    assert {"take_cover", "hide", "prone"} <= _kinds(engine, "1.myrina") and "move" not in _kinds(engine)
    reach = info.figure(st, myrina, "en").moves
    assert list(reach) == ["walk"] and reach["walk"][0] == stats.STATIC_STEP
    rock = next(tr for tr in st.terrain if tr.kind == "rocher" and "cover" in tr.tags
                and Polygon(tr.points).distance(Point(myrina.pos)) - myrina.radius < 0.5 * stats.PAS)
    assert Polygon(rock.points).distance(Point(myrina.pos)) - myrina.radius > 0.1 * stats.PAS


def test_evenor_reactions_wounds_powers():
    from game.rulesets.evenor import answers, odds, statics, stats

    engine, st, table, info = _situation("evenor", "reactions")
    thorvald, asteria = st.figures["1.thorvald"], st.figures["2.asteria"]
    assert any(c.kind == "charge" and "2.asteria" in c.targets for c in engine.legal_actions())
    ans = answers.charge(st, table, [thorvald], asteria)
    assert (ans.roll, round(ans.p_react * 100)) == (3, 67)
    rows = {a.reaction: a for a in ans.rows}
    assert set(rows) == {"counter_charge", "countercharge_shot", "flee"}
    assert round(rows["countercharge_shot"].back_out * 100) == 38

    engine, st, table, info = _situation("evenor", "wounds")
    asteria = st.figures["1.asteria"]
    shot = odds.shot(st, table, asteria, st.figures["2.jorund"], 0)
    assert (shot.dice, shot.target) == (3, 4) and stats.profile(st.figures["2.jorund"]).S == 6
    assert (round(shot.p_out * 100), round(shot.p_down * 100)) == (36, 44)
    ymir = st.figures["2.ymir"]
    assert ymir.max_vitality == ymir.vitality == 3 and stats.profile(ymir).S == 5
    assert round(odds.shot(st, table, asteria, ymir, 0).p_out * 100) == 1
    assert st.figures["2.runir"].status.get("prone")

    engine, st, table, info = _situation("evenor", "powers")
    selene = st.figures["2.selene"]
    offered = {c.values[0]: set(c.targets) for c in engine.legal_actions() if c.kind == "power"}
    assert "2.leonidas" in offered["benediction"] and "1.jorund" in offered["confusion"]
    assert "perception" in offered and "soin" not in offered
    assert statics.power_threshold(selene, "benediction", st.figures["2.leonidas"]) == 2
    assert statics.power_threshold(selene, "confusion", st.figures["1.jorund"]) == 2
    assert statics.power_threshold(selene, "perception", None) == 3
    assert statics.power_threshold(selene, "soin", st.figures["2.leonidas"]) == 2
    kara = st.figures["1.kara"]
    assert kara.status.get("hidden") and round(table.distance("2.selene", "1.kara") / stats.PAS, 1) == 4.3
    assert all(table.distance("2.selene", f) <= stats.POWER_RANGE for f in ("2.leonidas", "1.jorund"))


def test_evenor_reading_the_table():
    from game.ui.overlay_data import compute

    engine, st, table, info = _situation("evenor", "table")
    marked = {f.id: sorted(k for k in info.markers if f.status.get(k)) for f in st.figures.values()}
    assert marked == {"1.leda": [], "1.thesee": ["blessed"], "1.phobos": ["prone"], "1.deimos": ["activated"],
                      "2.jorund": ["confused"], "2.kara": ["hidden"], "2.harald": ["cover"], "2.runir": ["waiting"]}
    data = compute(st, table, "1.leda", "en")
    assert data.threats == {"2.jorund": ("melee",), "2.kara": ("melee",)}
    assert data.los["2.harald"] == "blocked"
