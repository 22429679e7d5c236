"""Mortebrume in the desktop game, driven headless with posted events: the mist hides what
a side cannot see (not drawn, not hoverable, not listed), hand-offs between the players,
declared moves, strikes, turns and spells going through the engine, strict measuring, the
cm overlays, the new-game menu."""
from __future__ import annotations

import pygame
import pytest

from game.core.text import t
from tests.rulesets.mortebrume.sandbox import CM, fig, sandbox
from tests.ui.driver import Driver


def table_scene(app, engine, players=None):
    from game.ui.scenes.game import GameScene
    from game.ui.session import Session

    session = Session(engine, players or {1: "human", 2: "human"}, lang=app.lang)
    return app.push(GameScene(app, session))


def near(colour, ref, tol=30) -> bool:
    return all(abs(a - b) <= tol for a, b in zip(colour[:3], ref))


@pytest.fixture
def mist(make_app):
    """Side 1: a veteran and a recruit; side 2: one recruit close, one beyond the mist."""
    app = make_app()
    engine = sandbox([fig(1, "shimeien_veteran", 30, 30, 0.0, name="A"),
                      fig(1, "thanigiste_recrue", 20, 40, 0.0, name="B"),
                      fig(2, "thanigiste_recrue", 45, 30, 180.0, name="D"),
                      fig(2, "thanigiste_recrue", 70, 70, 180.0, name="Z")],
                     dice=[4] * 200, mist=25)
    scene = table_scene(app, engine)
    d = Driver(app)
    d.frames(2)
    return app, scene, d


def test_side_does_not_see_enemy_beyond_the_mist(mist):
    from game.ui.theme import SIDE_COLOURS

    app, scene, d = mist
    s = scene.session
    assert s.viewer() == 1
    assert s.visible() == {"A", "B", "D"}
    zx, zy = d.figure_pos(scene, "Z")
    dx, dy = d.figure_pos(scene, "D")
    # not drawn (the fogged table there), while the visible enemy is
    assert not near(app.screen.get_at((zx, zy)), SIDE_COLOURS[2])
    assert near(app.screen.get_at((dx + 4, dy + 6)), SIDE_COLOURS[2])
    # not hoverable, not selectable
    d.move((zx, zy))
    assert scene.hover is None
    d.click((zx, zy))
    assert scene.controller.selected is None
    # the fog covers it, not the veteran's surroundings
    assert scene.fog.covers(s.engine.state.figures["Z"].pos)
    assert not scene.fog.covers((35 * CM, 30 * CM))
    # not listed among the targets, nor in the overlay's lines of sight
    d.click(d.figure_pos(scene, "A"))
    d.press("activate")
    d.press("strike.epee")
    keys = [b.key for b in d.buttons()]
    assert "target.D" in keys and "target.Z" not in keys
    assert set(scene.overlays.data.los) == {"D"}
    assert not any("Z" == w for line in s.log for w in line.split())


def test_declared_strike_walks_into_contact_then_hands_off_for_the_reaction(mist):
    from game.ui.scenes.handoff import HandoffScene

    app, scene, d = mist
    state = scene.session.engine.state
    d.click(d.figure_pos(scene, "A"))
    d.press("activate")
    assert state.activation["fig"] == "A"
    d.press("strike.epee")
    assert scene.controller.mode.stage == "target"
    d.click(d.figure_pos(scene, "D"))
    assert state.figures["A"].x > 40 * CM            # walked into contact first
    assert any(t("mb.log.declare.strike", "fr", who="Vétéran shiméien",
                 target="Recrue thanigiste") == line for line in scene.session.log)
    # the other player must take the screen to react: the table is hidden meanwhile
    assert isinstance(app.top, HandoffScene)
    assert app.top.title() == t("ui.handoff.react", "fr", n=2)
    d.frames(1)
    assert app.screen.get_at(d.figure_pos(scene, "A"))[:3] != (0, 114, 178)
    d.press("handoff.ready")
    assert app.top is scene and scene.session.viewer() == 2
    assert scene.session.visible() == {"A", "B", "D", "Z"}   # D sees the side-1 fighters
    keys = [b.key for b in d.buttons()]
    assert {"react.riposte", "react.dodge", "react.take"} <= set(keys)
    d.press("react.take")
    assert not state.pending
    assert state.figures["D"].vitality < state.figures["D"].max_vitality


def test_declared_move_turn_and_end(mist):
    app, scene, d = mist
    state = scene.session.engine.state
    d.click(d.figure_pos(scene, "A"))
    d.press("activate")
    d.press("move")
    assert scene.controller.mode.stage == "path"
    d.click(d.world_pos(scene, 30 * CM, 20 * CM))
    a = state.figures["A"]
    assert abs(a.x - 30 * CM) < 1 and abs(a.y - 20 * CM) < 1
    assert any("marche" in line for line in scene.session.log)
    d.press("turn")
    assert scene.controller.mode.stage == "facing"
    d.click(d.world_pos(scene, 30 * CM, 5 * CM))      # straight up the table
    assert state.figures["A"].facing == 270.0
    d.press("end")
    assert state.activation is None or state.activation["fig"] != "A"


def test_impose_hands_the_screen_over(mist):
    from game.ui.scenes.handoff import HandoffScene

    app, scene, d = mist
    d.press("impose")
    assert scene.session.decider() == 2
    assert isinstance(app.top, HandoffScene)
    assert app.top.title() == t("ui.handoff.turn", "fr", n=2)
    d.press("handoff.ready")
    state = scene.session.engine.state
    assert scene.session.visible() == scene.session.engine.ruleset.visible_to(state, 2)
    assert "Z" in scene.session.visible()                 # its own figure, now shown


def test_spell_with_power_raise_and_area_cycle(make_app):
    app = make_app()
    engine = sandbox([fig(1, "shimeien_brumiste", 30, 30, 0.0, name="P"),
                      fig(2, "thanigiste_recrue", 45, 30, 180.0, name="D")], dice=[4] * 200)
    scene = table_scene(app, engine)
    d = Driver(app)
    d.frames(2)
    d.click(d.figure_pos(scene, "P"))
    d.press("activate")
    keys = [b.key for b in d.buttons()]
    assert {"cast.power", "cast.area", "cast.brume_glacee+0+0"} <= set(keys)
    d.press("cast.power")          # +1: power 7 beats the recruit's physique 6, and no more
    keys = [b.key for b in d.buttons()]
    assert "cast.brume_glacee+1+0" in keys and "cast.brume_glacee+0+0" not in keys
    d.press("cast.area")
    keys = [b.key for b in d.buttons()]
    assert "cast.brume_glacee+1+1" in keys and "cast.brume_glacee+1+0" not in keys
    d.press("cast.brume_glacee+1+1")
    d.click(d.figure_pos(scene, "D"))
    assert any(line.startswith("Brumiste shiméien déclare lancer Brume glacée")
               for line in scene.session.log)
    played = [a for a in engine.record.actions if a.kind == "cast"]
    assert played and played[-1].value == "brume_glacee+1+1" and played[-1].targets == ("D",)


def test_strict_measuring_hides_the_ruler_and_lengths(make_app):
    for strict in (True, False):
        app = make_app()
        engine = sandbox([fig(1, "shimeien_veteran", 30, 30, 0.0, name="A"),
                          fig(2, "thanigiste_recrue", 45, 30, 180.0, name="D")],
                         dice=[4] * 50, strict=strict)
        scene = table_scene(app, engine)
        d = Driver(app)
        d.frames(2)
        assert scene.strict() is strict
        d.frames(1, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_r, mod=0, unicode="r",
                                        scancode=0)])
        d.move(d.figure_pos(scene, "A"))
        d.frames(1, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=d.figure_pos(scene, "A"),
                                        button=1)])
        d.move(d.figure_pos(scene, "D"), buttons=(1, 0, 0))
        assert (scene.ruler is not None) is (not strict)
        d.frames(1, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=d.figure_pos(scene, "D"),
                                        button=1)])
        d.key(pygame.K_r)
        # the move reach area is measured for the player only without strict measuring
        d.click(d.figure_pos(scene, "A"))
        d.frames(2)
        assert ("walk" in scene.overlays.data.reach) is (not strict)


def test_overlays_in_cm_for_the_selected_figure(make_app):
    from game.rulesets._shared.tables import table_for
    from game.ui.overlay_data import compute

    engine = sandbox([fig(1, "meleien_archer", 30, 30, 90.0, name="R"),
                      fig(2, "meleien_chevalier", 45, 30, 180.0, name="D")], mist=20)
    state = engine.state
    data = compute(state, table_for(state), "R", "fr", strict=True)
    assert data.mist == 200.0 and data.facing == 90.0
    assert data.melee == [(0.0, 15.0)]                   # the dagger: short, 0-1.5 cm
    close, ideal, far = data.shots[0]
    assert close > 0 and ideal <= far <= 200.0            # bands cut at the mist
    data = compute(state, table_for(state), "D", "fr", strict=True)
    assert data.melee == [(25.0, 40.0)]                   # the halberd: heavy, 2.5-4 cm
    # drawn: the layer is not empty where the field of vision lies, empty behind
    app = make_app()
    scene = table_scene(app, engine)
    d = Driver(app)
    d.frames(2)
    d.click(d.figure_pos(scene, "R"))
    d.frames(2)
    _, layer = scene.overlays.layer(scene.view, state)
    rx, ry = d.figure_pos(scene, "R")
    ahead = d.world_pos(scene, 30 * CM, 40 * CM)
    behind = d.world_pos(scene, 30 * CM, 22 * CM)
    off = scene.view.rect.topleft
    assert layer.get_at((ahead[0] - off[0], ahead[1] - off[1]))[3] > 0
    assert layer.get_at((behind[0] - off[0], behind[1] - off[1]))[3] == 0


def test_new_game_menu_offers_mortebrume(make_app):
    from game.ui.scenes.game import GameScene
    from game.ui.scenes.menu import MainMenu

    app = make_app(mist_strict=False)
    app.push(MainMenu(app))
    d = Driver(app)
    d.press("menu.new")
    d.press("new.ruleset")
    assert "Mortebrume" in d.button("new.ruleset").label
    assert "Première partie" in d.button("new.scenario").label      # its first game, first
    d.press("new.start")
    assert isinstance(app.top, GameScene)
    eng = app.top.session.engine
    assert eng.ruleset.info.id == "mortebrume"
    assert eng.state.extras["strict"] is False           # the setting reached the game
    d.frames(2)
    assert app.top.fog is not None and app.top.fog.geom is not None


def test_screenshot_command_draws_mortebrume(tmp_path, home):
    from game.cli import main

    out = tmp_path / "mb.png"
    assert main(["screenshot", "--ruleset", "mortebrume", "--scenario", "dernier_debout",
                 "--seed", "3", "--out", str(out), "--select", "Seigneur thanigiste"]) == 0
    img = pygame.image.load(str(out))
    assert img.get_size() == (1280, 800)


def test_riposte_then_the_owed_move_can_stay_put(make_app):
    from game.ui.scenes.handoff import HandoffScene

    app = make_app()
    engine = sandbox([fig(1, "shimeien_veteran", 30, 30, 0.0, name="A"),
                      fig(2, "thanigiste_recrue", 33.5, 30, 180.0, name="D")], dice=[4] * 200)
    scene = table_scene(app, engine)
    d = Driver(app)
    d.frames(2)
    state = engine.state
    d.click(d.figure_pos(scene, "A"))
    d.press("activate")
    d.press("strike.epee")
    d.click(d.figure_pos(scene, "D"))
    assert state.figures["A"].pos == (300.0, 300.0)     # within the sword's band: no walk
    assert isinstance(app.top, HandoffScene)
    d.press("handoff.ready")
    d.press("react.riposte")
    # the attacker's player says who moves first after the passe d'armes
    assert state.pending and state.pending[-1].kind == "priority"
    assert isinstance(app.top, HandoffScene)
    d.press("handoff.ready")
    assert {"priority.first", "priority.second"} <= {b.key for b in d.buttons()}
    d.press("priority.second")
    assert state.pending and state.pending[-1].kind == "free_move"
    assert isinstance(app.top, HandoffScene)             # the riposting player moves
    d.press("handoff.ready")
    d.press("free_move")
    assert scene.controller.mode.stage == "path"
    before = state.figures["D"].pos
    d.press("free_move.stay")
    assert not any(p.kind == "free_move" for p in state.pending)
    assert state.figures["D"].pos == before


def test_proposed_paths_do_not_bend_around_hidden_enemies(make_app):
    from game.core.actions import MoveSpec
    from game.ui import intent

    app = make_app()
    engine = sandbox([fig(1, "shimeien_veteran", 30, 30, 0.0, name="A"),
                      fig(2, "thanigiste_recrue", 20, 30, 180.0, name="H")], dice=[4] * 20)
    scene = table_scene(app, engine)
    d = Driver(app)
    d.frames(2)
    assert "H" not in scene.session.visible()             # right behind A, outside its sight
    move = MoveSpec(allowance=500.0)
    blind, _ = intent.route(engine, "A", [(100.0, 300.0)], move)
    seen, _ = intent.route(engine, "A", [(100.0, 300.0)], move, scene.controller.others("A"))
    assert len(blind) > 2                                 # the geometry knows H is there
    assert len(seen) == 2                                 # the player's proposal does not
