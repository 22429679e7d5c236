"""The diagrams of the rules pages added second (turn, reactions, wounds... of every
ruleset): what each caption claims is what the engine computes in its situation."""
from __future__ import annotations

from functools import cache

import pytest

from game.core.text import t


@cache
def _situations(ruleset):
    """The ruleset's situation files, read (and checked) once for the whole file."""
    from game.data.situations import situations

    return situations(ruleset)


def _situation(ruleset, page):
    from game.ui.diagram import situation_engine
    from game.ui.rules_info import info_for

    engine = situation_engine(_situations(ruleset)[page])
    return engine, engine.state, engine.ruleset.table_for(engine.state), info_for(ruleset)


def _kinds(engine, actor=None):
    return {c.kind for c in engine.legal_actions() if actor is None or c.actor in (None, actor)}


def test_every_rules_page_has_a_diagram_and_a_caption_in_both_languages():
    from game.ui.rules_info import rule_pages, rulesets

    for ruleset in ("evenor", "mortebrume", "swidenth", "bonus_malus"):
        assert ruleset in rulesets()
        sits = _situations(ruleset)
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
    from game.ui.overlay_data import compute

    assert compute(st, table, thorvald.id, "en").threats == {"2.asteria": ("melee", "ranged")}

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
    assert "2.phobos" in offered["benediction"] and "1.jorund" in offered["confusion"]
    assert "perception" in offered and "soin" not in offered
    assert statics.power_threshold(selene, "benediction", st.figures["2.phobos"]) == 2
    assert statics.power_threshold(selene, "confusion", st.figures["1.jorund"]) == 2
    assert statics.power_threshold(selene, "perception", None) == 3
    assert statics.power_threshold(selene, "soin", st.figures["2.phobos"]) == 2
    kara = st.figures["1.kara"]
    assert kara.status.get("hidden") and round(table.distance("2.selene", "1.kara") / stats.PAS, 1) == 4.3
    assert all(table.distance("2.selene", f) <= stats.POWER_RANGE for f in ("2.phobos", "1.jorund"))


def test_evenor_reading_the_table():
    from game.ui.overlay_data import compute

    engine, st, table, info = _situation("evenor", "table")
    marked = {f.id: sorted(k for k in info.markers if f.status.get(k)) for f in st.figures.values()}
    assert marked == {"1.shingami": [], "1.wabara": ["blessed"], "1.nobu": ["prone"], "1.shiro": ["activated"],
                      "2.jorund": ["confused"], "2.kara": ["hidden"], "2.harald": ["cover"], "2.runir": ["waiting"]}
    data = compute(st, table, "1.shingami", "en")
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


def _pct(p):
    return round(p * 100)


def test_swidenth_turn_actions_melee():
    from game.core.actions import Action
    from game.core.engine import Engine
    from game.data.situations import game_options
    from game.rulesets.swidenth import figures as F
    from game.rulesets.swidenth import melee, odds, phases, shooting

    engine, st, table, info = _situation("swidenth", "turn")
    sit = _situations("swidenth")["turn"]
    first = Engine.new(sit.ruleset, sit.scenario, sit.seed, game_options(sit))
    (roll,) = [ev for ev in first.step(Action("initiative")) if type(ev).__name__ == "DiceRolled"]
    assert roll.faces == (13,) and roll.target == 11 and roll.result == 1
    assert [f.id for f in st.figures.values() if f.status.get("activated")] == \
        ["s1_00_centurion", "s1_02_legionnaire", "s1_03_legionnaire"]
    assert engine.decider() == 2
    leaders = {c.actor for c in engine.legal_actions() if c.kind == "activate"}
    assert leaders == {"s2_00_capitaine", "s2_01_coupe_jarret"}
    bubble = phases.eligible(st, table, st.figures["s2_00_capitaine"])
    assert bubble == ["s2_00_capitaine", "s2_02_brigand", "s2_03_brigand"]

    engine, st, table, info = _situation("swidenth", "actions")
    assert st.activation["leader"] == "s1_01_optio"
    assert st.activation["members"]["s1_05_archer"]["prep"] == "concentrate"
    assert st.activation["members"]["s1_01_optio"]["prep"] is None
    archer, target = st.figures["s1_05_archer"], st.figures["s2_02_brigand"]
    assert any(c.kind == "shoot" and target.id in c.targets for c in engine.legal_actions())
    hit = [odds.shot(shooting.plan(st, table, archer, target, aimed=a), F.base_stat(target, "defense"), 1).hit
           for a in (False, True)]
    plan = shooting.plan(st, table, archer, target, aimed=True)
    assert [_pct(h) for h in hit] == [57, 66] and plan.band == 1 and plan.cover.klass == 0

    engine, st, table, info = _situation("swidenth", "melee")
    leg, brig = st.figures["s1_02_legionnaire"], st.figures["s2_02_brigand"]
    assert table.distance(leg.id, brig.id) < F.ENGAGE
    su = melee.setup(st, table, leg, brig)
    assert (su.att.mod, su.dfn.mod, su.att.damage, su.dfn.damage) == (1, 1, 2, 2)
    o = odds.melee(su)
    assert [_pct(v) for v in (o.win, o.tie, o.lose, o.att_fumble)] == [48, 5, 48, 5]
    assert [_pct(v) for v in (o.dfn.stunned, o.dfn.out, o.att.stunned, o.att.out)] == [31, 12, 27, 8]


def test_swidenth_damage_stun_spells_morale():
    from game.core.actions import Action
    from game.rulesets.swidenth import damage as D
    from game.rulesets.swidenth import figures as F
    from game.rulesets.swidenth import melee, morale, odds, recoil, spells

    engine, st, table, info = _situation("swidenth", "damage")
    cut, leg = st.figures["s2_01_coupe_jarret"], st.figures["s1_02_legionnaire"]
    assert F.base_stat(leg, "defense") == 7
    assert [D.band(d, 7) for d in (7, 8, 14, 15, 21, 22)] == [D.RECOIL, D.STUNNED, D.STUNNED, D.WOUNDED,
                                                                D.WOUNDED, D.HORRIBLE]
    o = odds.melee(melee.setup(st, table, cut, leg))
    assert [_pct(v) for v in (o.win, o.dfn.recoil, o.dfn.out, o.dfn.horrible)] == [57, 23, 12, 2]
    assert [f.id for f in recoil.followers(st, table, cut, leg)] == ["s1_03_legionnaire"]
    assert table.distance(leg.id, "s1_04_legionnaire") <= D.HORRIBLE_MELEE_RADIUS
    bravoure = F.stat(st.figures["s1_04_legionnaire"], "bravoure")
    assert (D.HORRIBLE_MELEE_DIFFICULTY, _pct(odds.test(bravoure, 8))) == (8, 65)

    engine, st, table, info = _situation("swidenth", "stun")
    leg, brig = st.figures["s1_02_legionnaire"], st.figures["s2_02_brigand"]
    assert F.stun_tokens(brig) == 2 and F.stat(brig, "combat") == F.base_stat(brig, "combat") - 8
    stunned = odds.melee(melee.setup(st, table, leg, brig))
    brig.status["stun"] = []
    fresh = odds.melee(melee.setup(st, table, leg, brig))
    assert [_pct(v) for v in (stunned.win, stunned.dfn.out, fresh.win, fresh.dfn.out)] == [80, 39, 48, 12]
    brig.status["stun"] = [2, 2]
    F.expire_stuns([brig], 1)
    assert F.stun_tokens(brig) == 2
    F.expire_stuns([brig], 2)
    assert F.stun_tokens(brig) == 0

    engine, st, table, info = _situation("swidenth", "spells")
    priest = st.figures["s2_00_grand_pretre"]
    assert F.stat(priest, "psychisme") == 3
    gaps = {f: round(table.distance(priest.id, f) / F.PAS, 1)
            for f in ("s1_02_legionnaire", "s1_05_archer", "s1_00_centurion")}
    assert gaps == {"s1_02_legionnaire": 4.0, "s1_05_archer": 8.6, "s1_00_centurion": 12.6}
    legal = {(f, s): spells.refusal(st, table, priest, st.figures[f], s) is None
             for f in gaps for s in ("trait_de_feu", "emprise", "effroi")}
    assert [s for (f, s), ok in legal.items() if ok] == ["trait_de_feu", "emprise", "effroi", "trait_de_feu"]
    assert [f for (f, s), ok in legal.items() if ok] == ["s1_02_legionnaire"] * 3 + ["s1_05_archer"]
    leg, archer = st.figures["s1_02_legionnaire"], st.figures["s1_05_archer"]
    hold = odds.spell("stun", 3, 0)
    dread = odds.spell("bravoure", 3, 0, bravoure=F.stat(leg, "bravoure"), difficulty=10)
    bolt = [odds.spell("damage", 3, 0, damage=1, defense=F.base_stat(f, "defense"), vitality=1) for f in (leg, archer)]
    assert [_pct(v) for v in (hold.success, hold.stun, dread.stun, bolt[0].target.out, bolt[1].target.out)] == \
        [62, 62, 28, 12, 17]

    engine, st, table, info = _situation("swidenth", "morale")
    assert st.figures["s2_00_capitaine"].out and F.rank(st.figures["s2_00_capitaine"]) == "chef"
    fight = engine.last_events                    # the situation's last step: the Centurion's blow
    assert [e.faces for e in fight if type(e).__name__ == "DiceRolled"][0] == (20,)
    hit = next(e for e in fight if getattr(e, "key", None) == "sw.log.hit")
    assert (hit.args["damage"], F.base_stat(st.figures["s2_00_capitaine"], "defense")) == (17, 7)
    while st.turn == 1:                   # the rest of the turn, nobody doing anything
        kinds = {c.kind: c for c in engine.legal_actions()}
        engine.step(Action("end") if "end" in kinds else Action("activate", actor=kinds["activate"].actor))
    owed = {f.id: f.status.get("rout_tests") for f in st.figures.values() if f.side == 2 and not f.out}
    assert len(owed) == 6 and set(owed.values()) == {1}
    assert _pct(odds.test(0, morale.ROUT_DIFFICULTY)) == 65
    for f in st.figures.values():
        f.out = f.side == 2 and f.id < "s2_04"          # four of seven out: the half
    assert morale.check_triggers(st, 2) == [morale.HALF_OUT]
    assert not morale.beaten(st, 2)
    st.figures["s2_05_frondeur"].out = True
    assert not morale.beaten(st, 2)
    st.figures["s2_06_frondeur"].out = True
    assert morale.beaten(st, 2)


def test_try_it_opens_a_situation_with_its_steps_played(make_app):
    """A situation whose steps put an activation under way opens on the table there."""
    from game.ui.scenes.game import GameScene
    from game.ui.scenes.rules import RulesScene
    from tests.ui.driver import Driver

    app = make_app(size=(1400, 860), lang="en")
    scene = app.push(RulesScene(app, "swidenth"))
    scene.page = scene.pages.index("actions")
    scene.refresh()
    d = Driver(app)
    d.frames(2)
    d.press("rules.try")
    game = app.top
    assert isinstance(game, GameScene) and game.controller.selected == "s1_05_archer"
    engine = game.session.engine
    assert [a.kind for a in engine.record.actions] == ["initiative", "activate", "concentrate"]
    assert engine.state.activation["members"]["s1_05_archer"]["prep"] == "concentrate"
    assert not game.session.can_undo()              # the situation's own steps stay
    d.frames(3)
    assert any(b.key.startswith("shoot") for b in d.buttons())
