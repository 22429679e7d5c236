"""The play-test's smaller findings, on the real scenes: the end screen counts the turns
played, the player list names each AI once and offers the developers' baselines only when
the setting asks, the new-game form remembers the last choices, the action buttons stay in
place whichever card is shown, and the log never names a fighter its reader cannot see."""
from __future__ import annotations

import pygame

from game.core.text import t
from tests.ui.driver import Driver


# --- the end screen's turn count
def test_a_game_won_at_the_end_of_a_turn_counts_that_turn(make_app):
    """Mortebrume's mist stone: side 1 alone by the stone scores at the end of turn 1 and
    wins; the end screen says 1 turn (the game never entered turn 2)."""
    from game.core.actions import Action
    from game.ui.scenes.end import EndScene
    from tests.rulesets.mortebrume.sandbox import fig, sandbox
    from tests.ui.test_ai_play import table_scene

    engine = sandbox([fig(1, "meleien_recrue", 30, 30, 0.0, name="A"),
                      fig(2, "thanigiste_recrue", 70, 70, 180.0, name="Z")], dice=[4] * 60, mist=15,
                     victory={"type": "hold", "at": [30, 30], "radius": 8, "target": 1})
    app = make_app(lang="en")
    scene = table_scene(app, engine, {1: "human", 2: "human"})
    d = Driver(app)
    s = scene.session
    for _ in range(8):
        if s.over():
            break
        choice = next(c for c in s.engine.legal_actions() if c.kind in ("activate", "end"))
        assert scene.controller.play(Action(kind=choice.kind, actor=choice.actor))
        d.frames(2)
    d.frames(3)
    assert s.over() and s.engine.state.outcome.reason == "stone_held"
    for _ in range(3):                                  # a hand-off screen may stand before it
        if isinstance(app.top, EndScene):
            break
        if any(b.key == "handoff.ready" for b in d.buttons()):
            d.press("handoff.ready")
        d.frames(3)
    end = app.top
    assert isinstance(end, EndScene)
    text = " ".join(line for line, _ in end.body())
    assert t("ui.end.turns", "en", turns=1, actions=len(s.engine.record.actions)) in text
    assert s.engine.state.turn == 1


def test_a_game_at_its_turn_limit_counts_the_limit(make_app):
    from game.ui.scenes.end import EndScene
    from tests.ui.test_ai_play import skirmish, table_scene

    app = make_app(lang="en")
    engine = skirmish(seed=2)
    st = engine.state
    st.turn, st.extras["turn_limit"] = st.max_turns + 1, True
    scene = table_scene(app, engine, {1: "human", 2: "human"})
    end = app.push(EndScene(app, scene))
    Driver(app).frames(2)
    text = " ".join(line for line, _ in end.body())
    assert f"{st.max_turns} turns" in text and f"{st.max_turns + 1} turns" not in text


# --- the player list
def _player_options(app, side: int = 1) -> list[tuple[str, str]]:
    from game.ui.scenes.menu import MainMenu

    app.push(MainMenu(app))
    d = Driver(app)
    d.press("menu.new")
    dd = d.dropdown(f"new.p{side}")
    values = app.top.values[f"new.p{side}"]
    labels = [o[0] if isinstance(o, tuple) else o for o in dd.options_list]
    return list(zip(labels, values))


def test_each_ai_is_offered_once_and_baselines_only_to_developers(make_app):
    app = make_app(lang="fr")
    options = _player_options(app)
    labels = [label for label, _ in options]
    assert len(labels) == len(set(labels)), labels                 # "IA Normale, Équilibrée" once
    values = [v for _, v in options]
    assert "ai:normal" in values and "ai" not in values
    assert "random" not in values and "greedy" not in values
    assert t("ai.agent.random", "fr") not in labels and t("ai.agent.greedy", "fr") not in labels

    dev = make_app(lang="fr", developer=True)
    values = [v for _, v in _player_options(dev)]
    assert "random" in values and "greedy" in values


def test_the_command_line_still_accepts_the_baselines():
    from game.ai.agents import accepted_specs

    assert {"random", "greedy", "ai"} <= set(accepted_specs())


def test_the_developer_setting_is_a_switch_off_by_default(make_app):
    from game.ui.scenes.settings_scene import SettingsScene
    from game.ui.settings import Settings

    assert Settings().developer is False
    app = make_app(lang="en")
    app.push(SettingsScene(app))
    d = Driver(app)
    d.press("set.developer")
    assert app.settings.developer is True


# --- the new-game form remembers
def test_the_new_game_form_remembers_the_last_choices(make_app, home):
    from game.ui.scenes.game import GameScene
    from game.ui.scenes.menu import MainMenu
    from game.ui.settings import Settings

    app = make_app()
    app.persist = True
    app.push(MainMenu(app))
    d = Driver(app)
    d.press("menu.new")
    d.choose("new.scenario", "chasse_orichalque")
    d.choose("new.r1", "grecs")
    d.choose("new.p2", "ai:difficile")
    d.press("new.start")
    assert isinstance(app.top, GameScene)
    app.reset(MainMenu(app))
    d.press("menu.new")
    form = app.top
    assert form.scenarios[form.scenario] == "chasse_orichalque"
    assert form.rosters[1] == "grecs" and form.players[2] == "ai:difficile" and form.players[1] == "human"
    assert d.dropdown("new.p2").selected_option[0] == t("ai.spec", "fr", level=t("ai.level.difficile", "fr"),
                                                         personality=t("ai.personality.none", "fr"))
    # kept in the user settings: a new start of the game finds them
    saved = Settings.load()
    assert saved.last_game["scenario"] == "chasse_orichalque" and saved.last_game["players"]["2"] == "ai:difficile"
    again = make_app(**{k: v for k, v in vars(saved).items() if k in ("last_game",)})
    again.push(MainMenu(again))
    d2 = Driver(again)
    d2.press("menu.new")
    assert again.top.scenarios[again.top.scenario] == "chasse_orichalque"


def test_a_fresh_form_starts_from_the_defaults(make_app):
    from game.ui.scenes.menu import MainMenu

    app = make_app()
    app.push(MainMenu(app))
    d = Driver(app)
    d.press("menu.new")
    form = app.top
    # a first game from the menu: the small table to learn on, the person against an easy AI
    assert form.scenario == 0 and form.scenarios[0] == "premiere_partie"
    assert form.players == {1: "human", 2: "ai:facile"}
    assert d.dropdown("new.scenario").selected_option[0] == t("ui.scenario.premiere_partie", "fr")
    d.press("new.start")
    session = app.top.session
    assert session.engine.state.scenario == "premiere_partie" and session.players[2] == "ai:facile"


# --- the action buttons stay in place
def test_action_buttons_do_not_move_with_the_card(make_app):
    """Léda's card (five traits, two weapons) is taller than Phobos' (two traits, one
    weapon): the activation buttons start at the same height for both."""
    from tests.rulesets.evenor.sandbox import fig, sandbox
    from tests.ui.test_ai_play import table_scene

    engine = sandbox([fig(1, "leda", 4, 4), fig(1, "phobos", 10, 4), fig(2, "thorvald", 20, 20)],
                     dice=[6] * 200)
    app = make_app(lang="en")
    scene = table_scene(app, engine, {1: "human", 2: "human"})
    d = Driver(app)
    d.frames(2)
    state = scene.session.engine.state
    tops, cards = {}, {}
    for profile in ("leda", "phobos"):
        fid = next(f.id for f in state.figures.values() if f.profile == profile)
        d.click(d.figure_pos(scene, fid))
        d.frames(2)
        assert scene.controller.selected == fid
        first = min((b for b in d.buttons() if b.key.startswith("activate")), key=lambda b: b.rect.y)
        tops[profile] = first.rect.y
        cards[profile] = scene.panel.card_height
    assert cards["leda"] > cards["phobos"]                  # the cards differ...
    assert tops["leda"] == tops["phobos"]                   # ...the buttons do not move
    assert tops["leda"] >= scene.side_rect.y + cards["leda"]   # and never cover the card


# --- the log of a side never names what it cannot see
def test_the_log_never_names_a_fighter_hidden_from_its_reader(make_app):
    """Hot-seat in the mist: side 2's fighter, which side 1 cannot see, activates and ends
    its turn (a decision of nobody in particular); side 1's log reads "a hidden fighter"."""
    from tests.ui.test_ai_play import mist_duel, table_scene

    app = make_app(lang="en")
    scene = table_scene(app, mist_duel(), {1: "human", 2: "human"})
    s = scene.session
    d = Driver(app)
    d.frames(2)
    if app.top is not scene:
        d.press("handoff.ready")
    assert s.viewer() == 2
    state = s.engine.state
    hidden = state.figures["Z"]
    names = {hidden.name, scene.adapter.figure_name(hidden, "en")}
    d.click(d.figure_pos(scene, "Z"))
    d.press("activate")
    d.press("end")
    for _ in range(6):                                   # answer what is asked until side 1 holds the screen
        if s.viewer() == 1 and app.top is scene:
            break
        if app.top is not scene:
            d.press("handoff.ready")
        d.frames(2)
    assert s.viewer() == 1 and "Z" not in s.engine.ruleset.visible_to(state, 1)
    shown = "\n".join(s.shown_log())
    assert not any(n in shown for n in names), shown
    d.frames(3)
    box = scene.log.text()
    assert box and not any(n in box for n in names), box
    assert t("lang.hidden_fighter", "en") in shown.lower()
    # side 2 reads its own fighter's name
    s.players = {1: "random", 2: "human"}
    assert any(n in "\n".join(s.shown_log()) for n in names)


def test_no_key_is_left_unhandled(make_app):
    """The settings scene's new switch is labelled in both languages."""
    from game.ui.scenes.settings_scene import SettingsScene

    for lang in ("fr", "en"):
        app = make_app(lang=lang)
        app.push(SettingsScene(app))
        d = Driver(app)
        d.frames(2)
        label = d.button("set.developer").label
        assert "lang." not in label and label.startswith(t("lang.set.developer", lang, v="")[:10])
        d.key(pygame.K_ESCAPE)


def test_the_end_screen_gives_the_scenarios_own_score_on_a_panel(make_app):
    """The end screen says what decided the game in the scenario's words (an Evenor
    Extermination: the drachmas taken out of action per side), not a bare 'score 0' for both
    sides; its text sits on a panel over the dimmed table."""
    from game.core.engine import Engine
    from game.ui.scenes.end import EndScene
    from tests.ui.test_ai_play import table_scene

    app = make_app(lang="en")
    engine = Engine.new("evenor", "extermination", 3)
    scene = table_scene(app, engine, {1: "human", 2: "human"})
    end = app.push(EndScene(app, scene))
    Driver(app).frames(2)
    text = [line for line, _ in end.body()]
    assert "Side 1: 0 drachmas taken out of action" in text
    assert not any("score 0" in line for line in text)
    assert end.frame is not None and end.frame.collidepoint(app.screen.get_rect().center)
    at = (end.frame.x + 4, end.frame.centery)         # in the margin, away from the corners
    assert tuple(app.screen.get_at(at))[:3] == tuple(theme_panel())[:3]


def theme_panel():
    from game.ui import theme
    return theme.PANEL
