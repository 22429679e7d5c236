"""Newcomer findings of issue 18 (third round): a spell's target list offers only what the
engine accepts at the power chosen (the others greyed with the engine's reason), in
Mortebrume and for a Bonus / Malus psi power."""
from __future__ import annotations

import pytest

from game.core.actions import Action
from tests.ui.driver import Driver


def _open(make_app, engine):
    from game.ui.scenes.game import GameScene
    from game.ui.session import Session

    app = make_app(lang="fr")
    scene = app.push(GameScene(app, Session(engine, {1: "human", 2: "human"}, lang="fr")))
    d = Driver(app)
    d.frames(2)
    return app, scene, d


def _targets(d) -> dict[str, object]:
    """target id -> its button in the panel's list."""
    return {b.key.split(".", 1)[1]: b for b in d.buttons() if str(b.key).startswith("target.")}


def _engine_takes_every_offered(scene, d, kind: str, value) -> None:
    engine = scene.session.engine
    actor = scene.controller.selected
    for tid, b in _targets(d).items():
        why = engine.check(Action(kind, actor=actor, targets=(tid,), value=value))
        assert (why is None) == b.enabled, (tid, why, b.label)


@pytest.fixture
def necromancer(make_app):
    """A necromancer (Dévoreur d'âme, power 8 against the will) before a knight (will 11)
    and a recruit (will 5)."""
    from tests.rulesets.mortebrume.sandbox import fig, sandbox

    engine = sandbox([fig(1, "thanigiste_necromant", 30, 30, 0.0, name="N"),
                      fig(2, "meleien_chevalier", 45, 30, 180.0, name="K"),
                      fig(2, "meleien_recrue", 45, 40, 180.0, name="R")], dice=[4] * 60)
    app, scene, d = _open(make_app, engine)
    d.click(d.figure_pos(scene, "N"))
    d.press("activate")
    return app, scene, d


def test_mortebrume_spell_targets_follow_the_power_chosen(necromancer):
    from game.rulesets.mortebrume import spells

    app, scene, d = necromancer
    low = spells.encode("devoreur", 0, 0)
    d.press(f"cast.{low}")
    listed = _targets(d)
    assert listed["R"].enabled
    assert not listed["K"].enabled and "11" in listed["K"].label     # greyed: the power must beat 11
    _engine_takes_every_offered(scene, d, "cast", low)
    d.click(d.figure_pos(scene, "K"))                                # the table says why too
    assert "11" in scene.controller.message
    assert all(a.kind != "cast" for a in scene.session.engine.record.actions)
    d.press("mode.cancel")
    for _ in range(4):                                               # power +4: 12 beats 11
        d.press("cast.power")
    high = spells.encode("devoreur", 4, 0)
    d.press(f"cast.{high}")
    assert _targets(d)["K"].enabled
    _engine_takes_every_offered(scene, d, "cast", high)
    d.press("target.K")
    assert scene.session.engine.record.actions[-1] == Action("cast", actor="N", targets=("K",), value=high)


def test_a_psi_power_lists_only_the_targets_in_its_range(make_app):
    from tests.rulesets.bonus_malus.helpers import man
    from tests.rulesets.bonus_malus.test_bm_actions import started

    adept = {"competences": {"psi": 0}, "attributes": {"sensible_psi": None, "choc_psi": None, "arc_psi": None}}
    _, engine = started(man("a", 1, 5, 5, 90, **adept), man("b", 2, 5, 8, 270), man("far", 2, 5, 12, 270),
                        faces=(5,) * 20)
    app, scene, d = _open(make_app, engine)
    d.click(d.figure_pos(scene, "a"))
    d.press("psi.choc_psi")                     # range 5: "far", 6 pas off, is out of it
    listed = _targets(d)
    assert listed["b"].enabled and not listed["far"].enabled
    _engine_takes_every_offered(scene, d, "psi", "choc_psi")
    d.press("mode.cancel")
    d.press("psi.arc_psi")                      # range 10: both
    listed = _targets(d)
    assert listed["b"].enabled and listed["far"].enabled
    _engine_takes_every_offered(scene, d, "psi", "arc_psi")


def test_swidenth_deed_buttons_keep_their_place_after_the_preparation(make_app):
    """An archer's phase: the move preparation opens the run; the shot, the skip and the end
    stay where they were (the run's place was kept, greyed with why), and the preparations
    stay greyed where they were."""
    from tests.rulesets.swidenth.sandbox import PAS, fig, sandbox
    from tests.ui.test_swidenth_window import ctrl_click

    engine = sandbox([fig("cent", 1, 10, 10, "centurion"), fig("arch", 1, 12, 10, "archer"),
                      fig("b1", 2, 22, 10, "brigand")], dice=[10] * 20)
    app, scene, d = _open(make_app, engine)
    d.click(d.figure_pos(scene, "cent"))
    ctrl_click(d, d.figure_pos(scene, "arch"))
    d.press("activate")
    d.click(d.figure_pos(scene, "arch"))

    def places() -> dict[str, tuple]:
        d.frames(1)
        return {b.key.removeprefix("slot."): (b.rect.topleft, b.enabled) for b in scene.panel.buttons}

    before = places()
    assert not before["run"][1] and "déplacement" in d.button("slot.run").label     # greyed, with why
    d.press("move")
    d.click(d.world_pos(scene, 14 * PAS, 12 * PAS))
    assert engine.state.activation["members"]["arch"]["prep"] == "move"
    after = places()
    assert after["run"] == (before["run"][0], True)                  # now offered, same place
    for key in ("move", "concentrate", "nothing", "shoot", "skip", "end"):
        assert after[key][0] == before[key][0], key
    assert not after["move"][1] and "déjà" in d.button("slot.move").label


def test_the_new_game_form_keeps_its_layout_when_the_ruleset_changes(make_app):
    """Evenor (a scenario option), Mortebrume (none), Khârn-Ages (none, but an
    advised-defence row per seat): the rows they share, Start and Back stay where they were."""
    from game.ui.scenes.menu import NewGameScene

    app = make_app(lang="fr")
    scene = app.push(NewGameScene(app))
    d = Driver(app)
    d.frames(2)
    assert scene.ruleset == "evenor"

    def places() -> dict[str, tuple]:
        d.frames(1)
        out = {k: dd.rect.topleft for k, dd in scene.dropdowns.items()}
        out.update({b.key: b.rect.topleft for b in scene.buttons})
        out["seed"] = scene.seed_entry.rect.topleft
        return out

    first = places()
    for ruleset in ("mortebrume", "kharn_ages"):
        d.choose("new.ruleset", ruleset)
        now = places()
        assert scene.ruleset == ruleset
        for key in ("new.ruleset", "new.scenario", "seed", "new.p1", "new.r1", "new.p2", "new.r2",
                    "new.start", "new.back"):
            assert now[key] == first[key], (ruleset, key)


def test_a_save_slot_tooltip_never_covers_back(make_app, monkeypatch, tmp_path):
    """pygame-gui puts a tooltip just under its button: under the last slot, that is over
    "Retour". The scene moves it off the way out."""
    from datetime import datetime

    import pygame
    from pygame_gui.elements import UITooltip

    from game.ui import slots
    from game.ui.scenes.saves import LoadScene

    fake = [slots.Slot(tmp_path / f"s{i}.json", name=f"Partie {i}", saved=datetime(2026, 11, 28, 10, i),
                       ruleset="evenor", scenario="extermination", turn=3, max_turns=6,
                       players={1: "human", 2: "ai:facile"}) for i in range(3)]
    monkeypatch.setattr(LoadScene, "slots", lambda self: fake)
    app = make_app(lang="fr")
    scene = app.push(LoadScene(app))
    d = Driver(app)
    d.frames(2)
    last, back = scene.find("load.s2"), scene.find("load.back")
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: last.rect.center)
    d.move(last.rect.center)
    for _ in range(4):                            # past the tooltip's delay
        app.frame([], 0.5)
    tips = [el for el in app.ui.get_sprite_group().sprites() if isinstance(el, UITooltip) and el.alive()]
    assert len(tips) == 1 and "s2.json" in tips[0].text_block.html_text
    assert not tips[0].rect.colliderect(back.rect)
    assert not tips[0].rect.colliderect(last.rect)            # nor over the slot it is about


def test_mortebrume_first_game_defaults_to_lenient_measuring(make_app, monkeypatch):
    """The new-game form's first Mortebrume game offers the measuring as an option, lenient
    first; the game started from it measures leniently though the settings keep the book's
    strict measuring for the other scenarios (rulings: Strict measuring on the first game)."""
    from game.core.ruleset import get_ruleset
    from game.core.text import t
    from game.ui.rules_info import info_for
    from game.ui.scenes import menu
    from game.ui.scenes.menu import NewGameScene

    pres = info_for("mortebrume")
    assert pres.scenario_options("dernier_debout", "fr") == []
    app = make_app(lang="fr")
    assert app.settings.mist_strict and pres.new_game_options(app.settings)["strict_measuring"]
    started = []
    monkeypatch.setattr(menu, "start_game", lambda app, scenario, seed, players, rosters=None, **kw:
                        started.append((scenario, kw)))
    scene = app.push(NewGameScene(app))
    d = Driver(app)
    d.choose("new.ruleset", "mortebrume")
    assert scene.scenarios[scene.scenario] == "premiere_partie"
    assert d.dropdown("new.opt.strict_measuring").selected_option[0] == t("mb.opt.measuring.lenient", "fr")
    d.press("new.start")
    [(scenario, kw)] = started
    options = {**pres.new_game_options(app.settings), **kw["chosen"]}     # as start_game merges them
    state = get_ruleset("mortebrume").setup(scenario, 1, options)
    assert scenario == "premiere_partie" and state.extras["strict"] is False


def test_a_form_built_action_does_not_bury_the_others_under_its_values(make_app):
    """Khârn-Ages: an assault has dozens of builds; the panel offers its builder (which
    shows them all with their odds) instead of a button per build, so the walk, the
    other actions and "end the activation" stay in view without scrolling."""
    from game.ui import panel
    from tests.rulesets.kharn_ages.flow_helpers import act, engine, figure, game
    from tests.ui.hot_seat import open_table
    from tests.ui.test_ka_forms_window import A, B

    st = game(figure("a", 1, 5, 5, **A), figure("b", 2, 8, 5, **B))
    eng = engine(st, 5, 8, 3, 3, 3, 3, 3, 3, 3, 3)
    act(eng, "activate", "a")
    d, scene = open_table(make_app, eng, "a")
    assault = next(c for c in eng.legal_actions() if c.kind == "assault")
    assert len(assault.values) > getattr(panel, "LISTED_BUILDS", 6)
    keys = [b.key for b in scene.panel.buttons]
    assert "assault.builder" in keys and not [k for k in keys if k.startswith("assault.") and k != "assault.builder"]
    assert "end" in keys and len(keys) <= 12      # a short column: nothing to scroll to end the activation
    d.press("assault.builder")                    # the builds are one click away
    d.press("target.b")
    assert scene.controller.building is not None and scene.controller.building.choice.kind == "assault"


def test_end_turn_names_the_figures_left_as_the_bar_does(make_app):
    """Khârn-Ages figures' ids (k1_01_paladin) are no names: "End turn?" lists them by the
    names the fighter bar shows."""
    from game.core.engine import Engine
    from game.ui.rules_info import info_for
    from game.ui.scenes.end_turn import EndTurnScene
    from tests.ui.test_fighter_bar import scene_for

    app = make_app(lang="fr")
    engine = Engine.new("kharn_ages", "premiere_partie", 1)
    human = engine.decider()
    scene = scene_for(app, engine, {human: "human", 3 - human: "human"})
    d = Driver(app)
    d.press("fighters.end_turn")
    assert isinstance(app.top, EndTurnScene)
    text = " ".join(line for line, _ in app.top.body())
    left = scene.fighters.to_activate()
    assert left and all(info_for("kharn_ages").name_of(engine.state, fid, "fr") in text for fid in left)
    assert not any(fid in text for fid in left)


def test_end_turn_passes_a_kharn_ages_side_to_the_end_of_the_turn(make_app):
    """Khârn-Ages: between activations the passing activates the side's next figure and ends
    it (every figure is activated for the turn to end); it used to stop at once with "no
    way to pass now". Both seats pass (hot-seat): the turn ends, every step a bare
    activation or its end."""
    from game.core.engine import Engine
    from tests.ui.test_fighter_bar import scene_for

    app = make_app(lang="fr")
    engine = Engine.new("kharn_ages", "premiere_partie", 1)
    scene = scene_for(app, engine, {1: "human", 2: "human"})
    d = Driver(app)
    first = engine.decider()
    scene.passer.start(first)
    scene.passer.start(3 - first)
    for _ in range(60):
        if engine.state.turn > 1 or not scene.passer.active():
            break
        scene.passer.step()
        d.frames(1)
    assert engine.state.turn == 2, scene.controller.message
    assert engine.record.actions and all(a.kind in ("activate", "end") for a in engine.record.actions)
    assert all(a.value is None for a in engine.record.actions)


def test_a_decisions_answers_leave_no_greyed_places_behind():
    """Keeping or re-rolling the dice of an attack is a decision of the moment: once answered,
    its buttons do not stay greyed ("no longer possible") above the figure's actions."""
    from types import SimpleNamespace

    from game.core.actions import ActionChoice
    from game.core.presentation import Presentation
    from game.ui.button_slots import EmptySlot, SlotMemory

    pres = Presentation()
    act = {"figure": "a", "side": 1}
    deciding = SimpleNamespace(turn=1, activation=act, pending=[object()])
    acting = SimpleNamespace(turn=1, activation=act, pending=[])
    memory = SlotMemory()
    memory.arrange(pres, acting, "a", [ActionChoice("walk", "a"), ActionChoice("attack", "a")])
    memory.arrange(pres, deciding, "a", [ActionChoice("keep", "a"), ActionChoice("reroll", "a")])
    after = memory.arrange(pres, acting, "a", [ActionChoice("attack", "a")])
    greyed = [c.kind for c in after if isinstance(c, EmptySlot)]
    assert greyed == ["walk"]                     # the walk spent keeps its place; no keep / re-roll


def test_a_long_decision_list_keeps_its_advised_answer_one_click_away(make_app):
    """A Khârn-Ages defence has many builds: the panel keeps the builder and the advised
    defence's own button (the answer a newcomer takes), not the rest."""
    from game.rulesets.kharn_ages.fighter import Shield
    from tests.rulesets.kharn_ages.flow_helpers import act, engine, figure, game
    from tests.ui.hot_seat import open_table
    from tests.ui.test_ka_forms_window import A, B

    st = game(figure("a", 1, 5, 5, **A), figure("b", 2, 6, 5, shield=Shield("ecu", 2, True), **B))
    eng = engine(st, 5, 8, 3, 3, 3, 3, 3, 3, 3, 3)
    act(eng, "activate", "a")
    d, scene = open_table(make_app, eng, "a")
    c = next(c for c in eng.legal_actions() if c.kind == "attack")
    scene.session.submit(Action("attack", actor="a", targets=("b",), value="PC/P//"))
    assert eng.state.pending and eng.state.pending[-1].kind == "defend"
    scene.session.shown_side = 2
    while scene.app.top is not scene:                 # the hand-off screen, passed
        scene.app.pop()
    d.frames(3)
    scene.controller.building = None                  # the form that opened by itself, closed
    d.frames(2)
    [dc] = eng.legal_actions()
    assert len(dc.values) > 6 and c is not None
    keys = [b.key for b in scene.panel.buttons if b.key.startswith("defend")]
    assert "defend.builder" in keys
    values = [b for b in scene.panel.buttons if b.key.startswith("defend") and b.key != "defend.builder"]
    assert len(values) == 1 and dc.hints["advised"] in values[0].key
    d.press(values[0].key)
    assert eng.record.actions[-1] == Action("defend", actor=dc.actor, value=dc.hints["advised"])


def test_end_turn_passes_a_bonus_malus_side_through_its_secret_picks(make_app):
    """Bonus / Malus: each figure to act is picked in secret, a decision; passing the turn
    picks the next figure, activates it and has it do nothing. It used to stop at the first
    pick, "passing the rest of its turn" while it waited for a click."""
    from game.core.engine import Engine
    from tests.ui.test_fighter_bar import scene_for

    app = make_app(lang="fr")
    engine = Engine.new("bonus_malus", "premiere_partie", 1)
    scene = scene_for(app, engine, {1: "human", 2: "human"})
    d = Driver(app)
    scene.passer.start(1)
    scene.passer.start(2)
    for _ in range(80):
        if engine.state.turn > 1 or not scene.passer.active():
            break
        scene.passer.step()
        d.frames(1)
    assert engine.state.turn == 2, scene.controller.message
    assert {a.kind for a in engine.record.actions} <= {"pick", "activate", "nothing"}


def test_end_turn_is_open_at_a_secret_pick_and_passes_the_turn(make_app):
    """Bonus / Malus: a turn begins with the side's secret pick; "End turn" is open there
    (the passing answers the pick itself) and passes the side's turn against the AI."""
    from game.core.engine import Engine
    from game.ui.scenes.end_turn import EndTurnScene
    from tests.ui.test_fighter_bar import scene_for

    app = make_app(lang="fr")
    engine = Engine.new("bonus_malus", "premiere_partie", 1)
    scene = scene_for(app, engine, {1: "human", 2: "random"})
    d = Driver(app)
    assert engine.state.pending and engine.decider() == 1
    d.press("fighters.end_turn")
    assert isinstance(app.top, EndTurnScene)
    d.press("endturn.confirm")
    for _ in range(200):
        if engine.state.turn > 1 or engine.state.outcome is not None:
            break
        d.frames(1)
    assert engine.state.turn == 2
    mine = [a for a, who in zip(engine.record.actions, scene.session.deciders) if who == 1]
    assert mine and {a.kind for a in mine} <= {"pick", "activate", "nothing"}
