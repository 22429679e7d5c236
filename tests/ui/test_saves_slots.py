"""Saves in the window (issue 12, item 1): a solo game comes back against the same AI
(level and personality) whether loaded from the main menu or the in-game menu; a game
between people comes back behind a hand-off screen; named slots list their metadata;
nothing is overwritten without asking; F5 / F9 use the quick slot; an older save (format 2)
loads as a hot-seat game; the in-game load refuses a damaged save in the player's language."""
from __future__ import annotations

import copy
import json

import pygame
import pytest

from game.core.text import t
from tests.ui.driver import Driver
from tests.ui.test_log_after_load import play_some

SOLO = {1: "human", 2: "ai:difficile:prudent"}
PEOPLE = {1: "human", 2: "human"}


def start(app, players, ruleset="evenor", scenario="extermination", seed=3):
    from game.ui.scenes.menu import start_game

    return start_game(app, scenario, seed, dict(players), ruleset=ruleset)


def to_human_turn(session) -> None:
    """Agents play until the person decides."""
    while not session.over() and not session.human_to_decide():
        while not session.agent_step():
            pass


def from_main_menu(app, d, key: str):
    from game.ui.scenes.menu import LoadScene, MainMenu

    app.reset(MainMenu(app))
    d.frames(2)
    d.press("menu.load")
    assert isinstance(app.top, LoadScene)
    d.press(f"load.{key}")
    d.frames(2)


def save_through_dialog(app, d, game, name: str) -> None:
    from game.ui.scenes.saves import SaveScene

    d.press("save")                               # the top bar's button
    dialog = app.top
    assert isinstance(dialog, SaveScene)
    dialog.entry.set_text("")
    d.type_text(dialog.entry, name)
    d.press("save.ok")


# ------------------------------------------------------------------ solo: the AI plays again
@pytest.mark.parametrize("where", ["main menu", "in-game menu"])
def test_a_solo_game_loaded_is_still_played_by_the_ai(make_app, home, where):
    from game.ai.utility import UtilityAgent
    from game.ui.scenes.game import GameScene
    from game.ui.scenes.handoff import HandoffScene
    from game.ui.scenes.menu import LoadScene

    app = make_app()
    game = start(app, SOLO)
    d = Driver(app)
    play_some(game.session, 12)
    to_human_turn(game.session)
    d.frames(2)
    save_through_dialog(app, d, game, "Contre l'IA")
    assert app.top is game and (home / "saves" / "Contre_l_IA.json").exists()
    digest = game.session.engine.state.digest()
    if where == "main menu":
        from_main_menu(app, d, "Contre_l_IA")
    else:
        d.press("menu")
        d.press("pause.load")
        assert isinstance(app.top, LoadScene)
        d.press("load.Contre_l_IA")
        d.frames(2)
    loaded = app.top
    assert isinstance(loaded, GameScene) and loaded is not game
    assert not any(isinstance(s, HandoffScene) for s in app.scenes)    # one person: no hand-off
    s = loaded.session
    assert s.engine.state.digest() == digest
    assert s.players == SOLO and not s.hot_seat()
    assert isinstance(s.agents[2], UtilityAgent) and s.agents[2].name == "ai:difficile:prudent"
    # the person plays on, and side 2's decisions are the AI's, in the real scene
    n = len(s.engine.record.actions)
    play_some(s, 1) if s.human_to_decide() else None
    for _ in range(600):
        if s.deciders[n:].count(2):
            break
        if s.human_to_decide():
            play_some(s, 1)
        d.frames(1)
    assert 2 in s.deciders[n:] and not any(isinstance(x, HandoffScene) for x in app.scenes)


# ------------------------------------------------------------------ people: a hand-off first
def _old_format(path) -> None:
    """The save as format 2 wrote it: no players, no metadata."""
    data = json.loads(path.read_text(encoding="utf-8"))
    data["format_version"] = 2
    del data["players"], data["meta"]
    path.write_text(json.dumps(data), encoding="utf-8")


@pytest.mark.parametrize("ruleset, scenario, seed, old", [
    ("mortebrume", "pierre_de_brume", 7, False),
    ("swidenth", "le_gue", 5, False),
    ("evenor", "extermination", 3, False),
    ("evenor", "extermination", 3, True),           # a format 2 save: loaded for two people
])
def test_a_hot_seat_game_loaded_starts_with_a_hand_off(make_app, home, ruleset, scenario, seed, old):
    from game.ui.scenes.game import GameScene
    from game.ui.scenes.handoff import HandoffScene
    from game.ui.slots import slot_path

    app = make_app(mist_deploy=False)
    players = {1: "human", 2: "ai:normal"} if old else PEOPLE
    game = start(app, players, ruleset, scenario, seed)
    d = Driver(app)
    play_some(game.session, 15)
    to_human_turn(game.session)
    path = slot_path("Chaud")
    game.session.save(path, name="Chaud")
    if old:
        _old_format(path)
    side = game.session.decider()
    from_main_menu(app, d, "Chaud")
    assert isinstance(app.top, HandoffScene), app.top
    assert app.top.side == side and app.top.title() == t("ui.handoff.turn", "fr", n=side)
    table = app.scenes[-2]
    assert isinstance(table, GameScene) and table.session.players == PEOPLE
    assert table._drawn == -1                     # the table was never drawn for the wrong person
    d.press("handoff.ready")
    assert app.top is table and table.session.viewer() == side
    d.frames(3)
    assert not isinstance(app.top, HandoffScene)


# ------------------------------------------------------------------ the list of slots
def test_the_load_list_shows_each_slot_with_its_metadata(make_app, home):
    from game.ui import slots
    from game.ui.scenes.menu import LoadScene

    app = make_app()
    game = start(app, SOLO)
    d = Driver(app)
    play_some(game.session, 30)
    to_human_turn(game.session)
    turn, most = game.session.engine.state.turn, game.session.engine.state.max_turns
    game.session.save(slots.slot_path("Revanche"), name="Revanche")
    d.key(pygame.K_F5)
    game.session.save(home / "saves" / "ancienne.json")
    _old_format(home / "saves" / "ancienne.json")
    scene = app.push(LoadScene(app))
    d.frames(2)
    rows = dict(scene.rows)
    shown = {el.text for el in scene.meta_labels}
    date = slots.date_text(slots.read_slot(slots.slot_path("Revanche")).saved, "fr")
    heading = f"Revanche · {date}"
    assert heading in rows and date
    meta = rows[heading]
    for part in (t("ui.ruleset.evenor", "fr"), t("ui.scenario.extermination", "fr"),
                 t("ui.slots.turn_of", "fr", turn=turn, max=most),
                 t("ui.slots.side_player", "fr", n=1, player=t("ui.slots.human", "fr")),
                 t("ui.slots.side_player", "fr", n=2, player="IA Difficile, Prudente")):
        assert part in meta, (part, meta)
    assert meta in shown                                    # on screen, under its button
    quick = [m for h, m in scene.rows if h.startswith(t("ui.slots.quick", "fr"))]
    assert quick and "IA Difficile, Prudente" in quick[0]
    old = [m for h, m in scene.rows if h.startswith("ancienne")]
    assert old and t("ui.slots.players_unknown", "fr") in old[0]
    assert d.button("load.Revanche").label.startswith("Revanche")


# ------------------------------------------------------------------ nothing overwritten unasked
def test_saving_on_an_existing_name_asks_before_replacing_it(make_app, home):
    from game.ui.scenes.saves import SaveScene

    app = make_app()
    game = start(app, SOLO)
    d = Driver(app)
    to_human_turn(game.session)
    save_through_dialog(app, d, game, "Revanche")
    path = home / "saves" / "Revanche.json"
    first = path.read_text(encoding="utf-8")
    assert app.top is game and game.toast.active()
    assert game.toast.text == t("ui.slots.saved", "fr", name="Revanche")
    play_some(game.session, 3)
    to_human_turn(game.session)
    # the same name again: asked, and nothing written until confirmed
    save_through_dialog(app, d, game, "Revanche")
    dialog = app.top
    assert isinstance(dialog, SaveScene) and dialog.dialog is not None
    assert "Revanche" in dialog.dialog.confirmation_text.html_text
    assert path.read_text(encoding="utf-8") == first
    d.press("confirm.cancel")
    assert app.top is dialog and dialog.dialog is None
    assert path.read_text(encoding="utf-8") == first
    # choosing the slot in the list asks too; confirmed, it is replaced
    d.press("save.Revanche")
    assert dialog.dialog is not None and path.read_text(encoding="utf-8") == first
    d.press("confirm.ok")
    assert app.top is game
    again = json.loads(path.read_text(encoding="utf-8"))
    assert again["decisions"] == len(game.session.engine.record.actions) > json.loads(first)["decisions"]
    assert again["meta"]["name"] == "Revanche"


def test_a_new_name_saves_at_once_and_the_list_offers_only_named_slots(make_app, home):
    from game.ui.scenes.saves import SaveScene

    app = make_app()
    game = start(app, SOLO)
    d = Driver(app)
    to_human_turn(game.session)
    d.key(pygame.K_F5)
    save_through_dialog(app, d, game, "Première")
    assert app.top is game and (home / "saves" / "Première.json").exists()
    d.press("save")
    dialog = app.top
    assert isinstance(dialog, SaveScene)
    keys = {b.key for b in d.buttons()}
    assert "save.Première" in keys and "save.quicksave" not in keys and "save.autosave" not in keys
    assert dialog.entry.get_text() == "Première"          # the game's slot, offered again
    dialog.entry.set_text("")
    d.press("save.ok")
    assert app.top is dialog and dialog.error == t("ui.slots.name_needed", "fr")
    d.press("save.back")
    assert app.top is game


# ------------------------------------------------------------------ F5 / F9
@pytest.mark.parametrize("players", [SOLO, PEOPLE], ids=["solo", "hot-seat"])
def test_f5_then_f9_round_trip(make_app, home, players):
    from game.ui.scenes.game import GameScene
    from game.ui.scenes.handoff import HandoffScene

    app = make_app()
    game = start(app, players)
    d = Driver(app)
    play_some(game.session, 6)
    to_human_turn(game.session)
    d.frames(2)
    d.key(pygame.K_F9)                                      # no quick save yet: said so
    assert app.top is game and game.toast.text == t("ui.slots.quick_none", "fr")
    d.key(pygame.K_F5)
    assert (home / "saves" / "quicksave.json").exists()
    assert game.toast.active() and game.toast.text == t("ui.slots.quick_done", "fr")
    digest = game.session.engine.state.digest()
    play_some(game.session, 4)
    to_human_turn(game.session)
    d.frames(2)
    assert game.session.engine.state.digest() != digest
    d.key(pygame.K_F5)                                      # the quick slot is its own to replace
    digest = game.session.engine.state.digest()
    play_some(game.session, 2)
    d.key(pygame.K_F9)
    if players == PEOPLE:
        assert isinstance(app.top, HandoffScene)
        d.press("handoff.ready")
    loaded = app.top
    assert isinstance(loaded, GameScene) and loaded is not game
    assert loaded.session.engine.state.digest() == digest and loaded.session.players == players
    assert set(loaded.session.agents) == {s for s, p in players.items() if p != "human"}


# ------------------------------------------------------------------ refusals in the player's language
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_in_game_load_refuses_in_the_players_language(make_app, home, lang):
    from game.core.record import BadSave, refusal_text

    app = make_app(lang=lang)
    game = start(app, SOLO)
    d = Driver(app)
    to_human_turn(game.session)
    path = home / "saves" / "abimee.json"
    game.session.save(path)
    data = json.loads(path.read_text(encoding="utf-8"))
    bad = copy.deepcopy(data)
    bad["players"]["2"] = "ai:expert"
    path.write_text(json.dumps(bad), encoding="utf-8")
    digest = game.session.engine.state.digest()
    game.bar.load(path)
    d.frames(2)
    assert app.top is game and game.session.engine.state.digest() == digest
    expected = refusal_text(BadSave("damaged", "", field="players.2"), lang, file="abimee.json")
    assert game.controller.message == expected and game.controller.refused
    assert str(path) not in game.controller.message          # not the command line's English line


def test_the_autosave_resumes_against_the_ai_too(make_app, home):
    from game.ui.scenes.game import GameScene

    app = make_app()
    game = start(app, SOLO)
    d = Driver(app)
    while game.session.engine.state.turn < 2:                 # the autosave is written at turn starts
        play_some(game.session, 1)
    to_human_turn(game.session)
    assert (home / "saves" / "autosave.json").exists()
    from_main_menu(app, d, "autosave")
    assert isinstance(app.top, GameScene) and app.top.session.players == SOLO
    assert 2 in app.top.session.agents


# ------------------------------------------------------------------ deleting a save
def test_a_save_is_deleted_from_the_list_only_once_confirmed(make_app, home):
    from game.ui import slots
    from game.ui.scenes.menu import LoadScene

    app = make_app()
    game = start(app, PEOPLE)
    d = Driver(app)
    game.session.save(slots.slot_path("Revanche"), name="Revanche")
    game.session.save(slots.slot_path("Belle"), name="Belle")
    scene = app.push(LoadScene(app))
    d.frames(2)
    d.press("load.delete.Revanche")
    assert scene.dialog is not None and "Revanche" in scene.dialog.confirmation_text.html_text
    d.press("confirm.cancel")
    assert slots.slot_path("Revanche").exists()
    d.press("load.delete.Revanche")
    d.press("confirm.ok")
    d.frames(2)
    assert not slots.slot_path("Revanche").exists() and slots.slot_path("Belle").exists()
    keys = [b.key for b in d.buttons()]
    assert "load.Revanche" not in keys and "load.Belle" in keys and app.top is scene
