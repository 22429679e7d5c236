"""The diagrams of the Bonus / Malus rules pages: what each caption
(``situation.bonus_malus.<id>``) claims is what the engine and ``odds`` compute in its
situation: distances, levels and dice, who may act, exact chances."""
from __future__ import annotations

from functools import cache

from game.core.actions import Action
from game.rulesets._shared.keep import dice_for, success_odds

PAGES = ("turn", "actions", "dice", "move", "shoot", "melee", "saves", "morale", "attributes", "psi", "neutral")


@cache
def _situations():
    """The ruleset's situation files, read (and checked) once for the whole file."""
    from game.data.situations import situations

    return situations("bonus_malus")


def _situation(page):
    from game.ui.diagram import situation_engine

    engine = situation_engine(_situations()[page])
    return engine, engine.state, engine.ruleset.table_for(engine.state)


def _pct(p):
    return round(p * 100)


def _gap(table, a, b):
    from game.rulesets.bonus_malus import figures as F

    return round(table.distance(a, b) / F.PAS, 1)


def _kinds(engine, actor):
    return {c.kind for c in engine.legal_actions() if c.actor == actor}


def test_every_page_has_its_situation_and_the_captions_match_in_both_languages():
    from game.core.text import t
    from game.ui.rules_info import rule_pages

    sits = _situations()
    assert set(rule_pages("bonus_malus")[1]) == set(PAGES) == set(sits)
    for sit in sits.values():
        fr, en = (t(f"situation.bonus_malus.{sit.id}", lang) for lang in ("fr", "en"))
        assert fr != en and "situation." not in fr + en and sit.select is not None


def test_turn_secret_picks_and_initiative():
    from game.rulesets.bonus_malus import figures as F
    from game.rulesets.bonus_malus import flow
    from game.rulesets.bonus_malus.levels import net

    engine, st, table = _situation("turn")
    acted = sorted(f.id for f in st.figures.values() if not F.can_activate(f))
    assert acted == ["b1_02_recrue", "b2_01_contrebandier", "b3_02_robot_sentinelle"]
    picked = ("b1_00_capitaine", "b2_00_patronne", "b3_00_fauve")
    for fid in picked:     # Initiative+ each (a leader lends his aura to others, not to himself)
        fig = st.figures[fid]
        assert net(F.fighter(fig), "initiative", extra=F.aura(st, table, fig, "initiative")) == 1
    assert dice_for(1) == (2, True)
    rolls = {e.who: e.result for e in engine.last_events if type(e).__name__ == "DiceRolled"}
    assert rolls == {"b1_00_capitaine": 4, "b2_00_patronne": 1, "b3_00_fauve": 6}
    assert flow.data(st)["queue"] == ["b3_00_fauve", "b1_00_capitaine", "b2_00_patronne"]
    assert [(c.kind, c.actor) for c in engine.legal_actions()] == [("activate", "b3_00_fauve")]


def test_actions_after_a_move():
    from game.rulesets.bonus_malus import figures as F

    engine, st, table = _situation("actions")
    mil = st.figures["b1_01_milicien"]
    assert st.activation["figure"] == mil.id and F.actions_left(mil) == 1 and mil.status["done"] == ["move"]
    assert _kinds(engine, mil.id) == {"shoot", "gardien", "aim", "nothing"}
    shoot = next(c for c in engine.legal_actions() if c.kind == "shoot")
    open_targets = set(shoot.targets) - set(shoot.hints["refused"])
    assert {"b2_00_patronne", "b2_01_contrebandier", "b2_02_contrebandier"} <= open_targets


def test_dice_levels_cancel_one_for_one():
    from game.rulesets.bonus_malus import figures as F
    from game.rulesets.bonus_malus import odds, shooting
    from game.rulesets.bonus_malus.effects import Situation
    from game.rulesets.bonus_malus.levels import base_level, net

    engine, st, table = _situation("dice")
    cap, boss = st.figures["b1_00_capitaine"], st.figures["b2_00_patronne"]
    f = F.fighter(cap)
    assert cap.status.get("aimed") and base_level(f, "tir") == 1
    w = shooting.weapon(f, f.cat["pistolet_plasma"])
    d = _gap(table, cap.id, boss.id)
    assert (w.range, d, shooting.band(w, d)) == (5, 6.3, "long")
    assert (shooting.band(w, 5.0), shooting.band(w, 10.0), shooting.band(w, 10.1)) == ("normal", "long", None)
    sit = Situation("shots", foe=F.fighter(boss))
    mods = shooting.shot_mods(f, w, d)
    aimed = net(f, "tir", sit, mods)
    cap.status.pop("aimed")
    plain = net(f, "tir", sit, shooting.shot_mods(f, w, d))
    cap.status["aimed"] = True
    assert sorted(v for _, v in mods) == [-1, 1]
    assert (aimed, dice_for(aimed), _pct(success_odds(aimed))) == (1, (2, True), 75)
    assert (plain, _pct(success_odds(plain))) == (0, 50)
    assert _pct(odds.shot_odds(f, F.fighter(boss), w, d).hit) == 75      # the aim is on the figure
    assert (dice_for(-1), _pct(success_odds(-1))) == ((2, False), 25)
    assert (dice_for(-3), _pct(success_odds(-3))) == ((4, False), 6)


def test_move_reach_and_difficult_ground():
    from game.rulesets.bonus_malus import actions as A
    from game.rulesets.bonus_malus import figures as F
    from game.rulesets.bonus_malus import terrain
    from game.ui.rules_info import info_for

    engine, st, table = _situation("move")
    mil = st.figures["b1_01_milicien"]
    assert F.can_activate(mil) and st.activation is None
    reach = info_for("bonus_malus").figure(st, mil, "fr").moves
    assert {k: v[0] / F.PAS for k, v in reach.items()} == {"walk": 5.0, "sprint": 10.0, "assault": 2.5}
    across = [(mil.x, 4 * F.PAS)]                       # through the thicket to its far edge
    res = terrain.path_cost(table, mil, across, 100 * F.PAS)
    assert (round((mil.y - across[0][1]) / F.PAS, 1), round(res.cost / F.PAS, 1)) == (5.5, 7.5)
    assert not terrain.path_cost(table, mil, across, A.move_mm(mil, A.MOVE)).ok
    wood = next(tr for tr in st.terrain if tr.kind == "wood")
    assert "difficult" in wood.tags and mil.facing == 270 and wood.points[0][1] < mil.y


def test_shooting_ranges_cover_and_damage():
    from game.rulesets.bonus_malus import deeds, odds, preview, shooting
    from game.rulesets.bonus_malus import figures as F
    from game.ui.overlay_data import compute

    engine, st, table = _situation("shoot")
    mil = st.figures["b1_01_milicien"]
    f = F.fighter(mil)
    w = shooting.weapon(f, f.cat["fusil_plasma"])
    assert (w.range, w.degats, _pct(success_odds(w.degats)), dice_for(w.degats)) == (12, 2, 88, (3, True))
    assert (shooting.band(w, 12.0), shooting.band(w, 24.0), shooting.band(w, 24.1)) == ("normal", "long", None)
    rows = {}
    for fid in ("b2_01_contrebandier", "b2_03_pilote", "b2_02_contrebandier"):
        d = _gap(table, mil.id, fid)
        klass = deeds.shot_cover(table, mil.id, fid)
        o = odds.shot_odds(f, F.fighter(st.figures[fid]), w, d, cover=klass)
        rows[fid] = (d, shooting.band(w, d), klass, _pct(o.hit), _pct(o.saved), _pct(o.out))
    assert rows == {"b2_01_contrebandier": (6.3, "normal", "none", 75, 0, 66),
                    "b2_03_pilote": (6.8, "normal", "heavy", 75, 50, 33),
                    "b2_02_contrebandier": (14.0, "long", "none", 50, 0, 44)}
    los = compute(st, table, mil.id, "fr").los
    assert (los["b2_01_contrebandier"], los["b2_03_pilote"]) == ("clear", "cover")
    save_line = preview.shot_lines(st, table, mil, st.figures["b2_03_pilote"], "fusil_plasma", "en", str)[2]
    assert preview.pct(0.5) in save_line              # the odds shown count the thicket too
    assert {c.kind for c in engine.legal_actions()} >= {"shoot"}


def test_melee_rear_arc_and_crowd():
    from game.rulesets.bonus_malus import actions as A
    from game.rulesets.bonus_malus import figures as F
    from game.rulesets.bonus_malus import melee, odds
    from game.rulesets.bonus_malus.levels import net

    engine, st, table = _situation("melee")
    rec, boss = st.figures["b1_02_recrue"], st.figures["b2_00_patronne"]
    assert sorted(e.id for e in A.engaged(st, table, boss)) == ["b1_01_milicien", "b1_02_recrue"]
    assert any(c.kind == "fight" and boss.id in c.targets for c in engine.legal_actions())
    r, b = F.fighter(rec), F.fighter(boss)
    assert dict(melee.combat_mods(r, b, 1)) == {"from_behind": 1}
    assert dict(melee.combat_mods(b, r, 2)) == {"assailants": -1}
    assert (net(r, "combat"), net(b, "combat")) == (-1, 0)
    o = odds.fight_odds(r, b, attacker_engaged=1, defender_engaged=2)
    assert [_pct(v) for v in (o.win, o.tie, o.lose)] == [58, 17, 25]
    assert [_pct(v) for v in (o.wound_defender, o.out_defender, o.out_attacker)] == [14, 0, 6]
    assert boss.vitality == 3 and rec.vitality == 1
    assert [f.cat[w].get("degats") for f, w in ((r, "matraque"), (b, "dague"))] == [-1, -1]


def test_saves_stack_by_value_and_piercing():
    from game.rulesets.bonus_malus import figures as F
    from game.rulesets.bonus_malus import odds, shooting
    from game.rulesets.bonus_malus.saves import Attack, save_level

    engine, st, table = _situation("saves")
    mil = st.figures["b1_01_milicien"]
    f = F.fighter(mil)
    w = shooting.weapon(f, f.cat["fusil_plasma"])
    assert (w.pierce, w.shield_bypass) == (1, False)
    levels, rows = {}, {}
    for fid in ("b2_00_sergent", "b2_01_mitrailleur", "b2_02_brute"):
        t = F.fighter(st.figures[fid])
        levels[fid] = (save_level(t, Attack("shots", mil.pos)), save_level(t, Attack("shots", mil.pos, pierce=1)))
        o = odds.shot_odds(f, t, w, _gap(table, mil.id, fid))
        rows[fid] = (_pct(o.hit), _pct(o.saved), _pct(o.wound), _pct(o.out), t.fig.vitality)
    assert levels == {"b2_00_sergent": (0, -1), "b2_01_mitrailleur": (0, -1), "b2_02_brute": (1, 0)}
    assert rows == {"b2_00_sergent": (75, 25, 49, 0, 3), "b2_01_mitrailleur": (75, 25, 49, 49, 1),
                    "b2_02_brute": (75, 50, 33, 33, 1)}
    brute = st.figures["b2_02_brute"]
    behind = (brute.x, brute.y + 5 * F.PAS)
    level = save_level(F.fighter(brute), Attack("shots", behind, pierce=1))
    assert (level, _pct(success_odds(level))) == (-2, 12)


def test_morale_leader_fear_and_rout():
    from game.rulesets.bonus_malus import figures as F
    from game.rulesets.bonus_malus import morale, nerve
    from game.rulesets.bonus_malus.levels import net

    engine, st, table = _situation("morale")
    rows = {}
    for fid in ("b1_00_capitaine", "b1_01_milicien", "b1_02_recrue", "b1_03_infirmier"):
        f = st.figures[fid]
        plain = net(F.fighter(f), "moral")
        led = net(F.fighter(f), "moral", extra=F.aura(st, table, f, "moral"))
        rows[fid] = (plain, led, _pct(success_odds(led)))
    assert rows == {"b1_00_capitaine": (1, 1, 75), "b1_01_milicien": (0, 1, 75),
                    "b1_02_recrue": (-1, 0, 50), "b1_03_infirmier": (0, 0, 50)}
    assert _pct(success_odds(-1)) == 25 and _gap(table, "b1_00_capitaine", "b1_03_infirmier") == 6.5
    assert nerve.causes(st.figures["b3_00_fauve"], "fear")
    patrol = [F.fighter(f) for f in st.figures_of(1)]
    assert len(patrol) == 4
    for n, beaten in ((2, False), (3, True)):
        for i, f in enumerate(patrol):
            f.fig.out = i < n
        assert morale.demoralised(patrol) is beaten


def test_attributes_heavy_exoskeleton_and_free_attacks():
    from game.rulesets.bonus_malus import actions as A
    from game.rulesets.bonus_malus import figures as F
    from game.rulesets.bonus_malus import melee, odds
    from game.rulesets.bonus_malus.effects import Situation, damage_budget
    from game.rulesets.bonus_malus.levels import net
    from game.ui.rules_info import info_for

    engine, st, table = _situation("attributes")
    brute = st.figures["b2_02_brute"]
    b = F.fighter(brute)
    assert A.move_mm(brute, A.MOVE) / F.PAS == 4.0
    rec, mil = st.figures["b1_02_recrue"], st.figures["b1_01_milicien"]
    assert rec.status.get("down") and mil.status.get("stunned")
    assert {"down", "stunned"} <= set(info_for("bonus_malus").markers)
    fight = next(c for c in engine.legal_actions() if c.kind == "fight")
    assert set(fight.targets) == {rec.id, mil.id}
    outs = {}
    for t in (rec, mil):
        tf = F.fighter(t)
        assert melee.is_free(b, tf)
        lvl = net(b, "degats", Situation("free", foe=tf))
        outs[t.id] = (lvl, _pct(odds.wound_odds(tf, lvl, melee.melee_attack(b, tf, "free")).out))
    assert outs == {rec.id: (1, 75), mil.id: (1, 66)}
    assert b.cat["marteau"].get("degats") == 0          # the + is the exoskeleton's
    budget = damage_budget(b)
    engine.step(Action("fight", actor=brute.id, targets=(rec.id,)))
    assert int(brute.status.get("damage_rolls", 0)) == 0 and budget == 1


def test_psi_range_sight_and_the_duel():
    from game.rulesets.bonus_malus import deeds, odds
    from game.rulesets.bonus_malus import figures as F
    from game.rulesets.bonus_malus.levels import net

    engine, st, table = _situation("psi")
    me = st.figures["b1_00_maitre_psi"]
    assert net(F.fighter(me), "psi") == 1 and _pct(success_odds(1)) == 75
    psi = next(c for c in engine.legal_actions() if c.kind == "psi")
    assert set(psi.values) == {"choc_psi", "poussee_psi"}
    gaps = {f: _gap(table, me.id, f) for f in ("b2_01_novice", "b2_00_maitre_psi", "b2_02_garde_temple")}
    assert gaps == {"b2_01_novice": 3.5, "b2_00_maitre_psi": 4.3, "b2_02_garde_temple": 9.3}
    refusals = {(f, p): deeds.power_refusal(st, table, me, st.figures[f], p) for f in gaps for p in psi.values}
    assert {k for k, v in refusals.items() if v is None} == {(f, p) for f in gaps if f != "b2_02_garde_temple"
                                                             for p in psi.values}
    assert refusals[("b2_02_garde_temple", "choc_psi")] == "out_of_range"
    foe = F.fighter(st.figures["b2_00_maitre_psi"])
    assert "duel_psi" in foe.attributes and "duel_psi" not in F.fighter(st.figures["b2_01_novice"]).attributes
    back = odds.counter_odds(1, 0)
    assert (_pct(back), _pct(success_odds(1) - back)) == (11, 64)


def test_neutral_goes_for_the_nearest_figure_it_sees():
    from game.ai.neutral import NeutralAgent
    from game.ui.overlay_data import compute

    engine, st, table = _situation("neutral")
    beast = st.figures["b3_00_fauve"]
    assert st.activation["figure"] == beast.id and st.sides[3].neutral
    assert st.sides[3].extras["agent"]["radius"] == 12 * 25.0
    seen = {f: (_gap(table, beast.id, f), table.can_see(beast.id, f))
            for f in ("b2_01_contrebandier", "b1_01_milicien", "b2_00_patronne")}
    assert seen == {"b2_01_contrebandier": (5.2, False), "b1_01_milicien": (6.2, True),
                    "b2_00_patronne": (12.6, True)}
    agent = NeutralAgent(seed=1)
    action = agent.choose(engine)
    assert (agent.last_reason, agent.last_prey, action.kind) == ("approach", "b1_01_milicien", "move")
    los = compute(st, table, beast.id, "fr").los
    assert (los["b1_01_milicien"], los["b2_01_contrebandier"]) == ("clear", "blocked")


def test_try_it_opens_the_activation_under_way(make_app):
    """"Try it" on the actions page: the Militiaman's activation, one action spent, the
    neutral side played by its own agent."""
    from game.ui.scenes.game import GameScene
    from game.ui.scenes.rules import RulesScene
    from tests.ui.driver import Driver

    app = make_app(size=(1400, 860), lang="fr")
    scene = app.push(RulesScene(app, "bonus_malus"))
    scene.page = scene.pages.index("actions")
    scene.refresh()
    d = Driver(app)
    d.frames(2)
    d.press("rules.try")
    game = app.top
    assert isinstance(game, GameScene) and game.controller.selected == "b1_01_milicien"
    engine = game.session.engine
    assert [a.kind for a in engine.record.actions] == ["pick", "pick", "pick", "activate", "move"]
    assert game.session.players[3] != "human"
    d.frames(3)
    assert any(b.key.startswith("shoot") for b in d.buttons())


def test_the_figures_that_acted_are_drawn_darker():
    """Bonus / Malus keeps no "activated" status: the table asks the ruleset who is done."""
    from types import SimpleNamespace

    from game.ui.rules_info import info_for
    from game.ui.table_view import TableView

    engine, st, table = _situation("turn")
    view = SimpleNamespace(adapter=info_for("bonus_malus"))
    dark = sorted(f.id for f in st.figures.values() if TableView._acted(view, st, f))
    assert dark == ["b1_02_recrue", "b2_01_contrebandier", "b3_02_robot_sentinelle"]
    assert not any(f.status.get("activated") for f in st.figures.values())
