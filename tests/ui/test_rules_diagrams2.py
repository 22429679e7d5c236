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


def _hand_by_enumeration(will_1, will_2):
    """The hand test rolled out die by die (ties and double failures rolled again)."""
    from itertools import product

    from game.rulesets._shared.aptitude import is_fumble, is_particular, pool

    def rolls(will):
        n, sides = pool(will)
        return [(will + sum(f), is_fumble(f), is_particular(f)) for f in product(range(1, sides + 1), repeat=n)]

    one, two = rolls(will_1), rolls(will_2)
    first = double_2 = decided = 0
    for t1, f1, _p1 in one:
        for t2, f2, p2 in two:
            if f1 == f2 and (f1 or t1 == t2):
                continue
            decided += 1
            w1 = f2 if f1 != f2 else t1 > t2
            first += w1
            double_2 += (not w1) and p2 and not f2
    return first / decided, double_2 / decided


def test_mortebrume_turn_and_the_hand():
    from game.rulesets.mortebrume import odds, stats

    engine, st, table, info = _situation("mortebrume", "turn")
    lords = {s: max(st.figures_of(s), key=stats.will) for s in (1, 2)}
    assert [stats.will(lords[s]) for s in (1, 2)] == [10, 11]
    assert {k: st.extras[k] for k in ("destiny", "main")} == {"destiny": {"1": 1, "2": 1}, "main": 1}
    assert st.extras["setup_notes"][-1] == {"key": "mb.setup.hand", "side": 2}
    assert [f.id for f in st.figures.values() if f.status.get("activated")] == ["1.meleien_recrue"]
    choices = engine.legal_actions()
    assert {c.actor for c in choices if c.kind == "activate"} == {"1.meleien_seigneur", "1.meleien_archer"}
    assert any(c.kind == "impose" for c in choices)
    h = odds.hand(10, 11)
    assert (round((1 - h.p_first) * 100), round(h.p_double_second * 100)) == (62, 28)
    assert (h.p_first, h.p_double_second) == pytest.approx(_hand_by_enumeration(10, 11))


def test_mortebrume_dice_damage_actions_destiny():
    from game.rulesets._shared.aptitude import pool
    from game.rulesets.mortebrume import destiny, odds, reserved, stats
    from game.rulesets.mortebrume.stats import CM, CONTACT

    def flags(value, extra=0):
        law = odds.law(value, extra)
        return (pool(value, extra), round(100 * sum(p for (_, _, part), p in law.items() if part)),
                round(100 * sum(p for (_, fum, _), p in law.items() if fum)))

    engine, st, table, info = _situation("mortebrume", "dice")
    rec, lord, foe = (st.figures[f] for f in ("1.meleien_recrue", "1.meleien_seigneur", "2.thanigiste_recrue"))
    assert flags(stats.weapon_skill(rec, "epee")) == ((1, 10), 30, 10)
    assert flags(stats.weapon_skill(lord, "epee")) == ((2, 6), 31, 3)
    assert pool(stats.profile(foe).dodge) == (1, 8) and stats.profile(foe).dodge == 5
    gap = table.distance(rec.id, foe.id)
    assert stats.in_band("epee", gap) and round(odds.strike(rec, foe, "epee", gap, "dodge").p_hit * 100) == 79

    engine, st, table, info = _situation("mortebrume", "actions")
    g = st.figures["1.gueorwen"]
    strike = next(c for c in engine.legal_actions() if c.kind == "strike" and c.actor == g.id)
    assert set(strike.targets) == {"2.thanigiste_recrue", "2.thanigiste_veteran"} and st.extras["strict"]
    lo, hi = stats.reach_band("epee_deux_mains")
    assert (stats.walk(g), lo, hi) == (10 * CM, 2.5 * CM, 4 * CM)
    near, far = (table.distance(g.id, f) for f in ("2.thanigiste_recrue", "2.thanigiste_veteran"))
    assert round(near / CM, 1) == 6.0 and near - hi <= stats.walk(g)
    assert round(far / CM, 1) == 16.5 and far - hi > stats.walk(g)

    engine, st, table, info = _situation("mortebrume", "damage")
    g, vet = st.figures["1.gueorwen"], st.figures["2.thanigiste_veteran"]
    gap = table.distance(g.id, vet.id)
    assert round(gap / CM, 1) == 3.0 and stats.in_band("epee_deux_mains", gap)
    assert (stats.weapon("epee_deux_mains").damage, stats.armour(vet), vet.vitality) == (5, 2, 8)
    assert odds._wounds("epee_deux_mains", False, False, 2) == {3: 1.0}
    assert sorted(odds._wounds("epee_deux_mains", False, True, 2)) == list(range(4, 12))
    dodge, take = (odds.strike(g, vet, "epee_deux_mains", gap, r) for r in ("dodge", "take"))
    assert [round(v * 100) for v in (dodge.p_hit, dodge.p_out, take.p_hit, take.p_out)] == [50, 9, 88, 16]

    engine, st, table, info = _situation("mortebrume", "destiny")
    lord, xbow = st.figures["1.meleien_seigneur"], st.figures["2.thanigiste_arbaletrier"]
    assert (destiny.reserve(st, 1), destiny.reserve(st, 2)) == (1, 1)
    assert reserved.usable(lord) and destiny.can_inspire(st, lord) == (1,)
    gap = table.distance(lord.id, xbow.id)
    assert round(gap / CM, 1) == 1.0 and gap <= CONTACT and stats.in_band("epee", gap)
    assert any(c.kind == "reserved" and c.actor == lord.id and xbow.id in c.targets for c in engine.legal_actions())
    assert (pool(13), pool(13, 1)) == ((2, 6), (4, 6))
    plain, inspired = (odds.strike(lord, xbow, "epee", gap, "dodge", inspired=n) for n in (0, 1))
    assert (round(plain.p_out * 100), round(inspired.p_out * 100)) == (15, 26)
