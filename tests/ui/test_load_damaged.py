"""Load and Replay in the window refuse damaged saves with one line on screen, from the text
catalogue, and leave everything as it was (the list of saves, or the game under the menu)."""
from __future__ import annotations

import json

import pytest

from game.core.text import t
from tests.ui.driver import Driver


def _save(home, name="partie.json"):
    from game.ai.agents import RandomAgent
    from game.core.engine import Engine
    from game.core.record import save_game

    eng = Engine.new("evenor", "extermination", 5)
    agents = {1: RandomAgent(1), 2: RandomAgent(2)}
    for _ in range(12):
        eng.step(agents[eng.decider()].choose(eng))
    path = home / "saves" / name
    save_game(eng, path)
    return path


def _damage(path, how: str) -> None:
    text = path.read_text(encoding="utf-8")
    data = json.loads(text)
    if how == "huge number":
        text = text.replace('"seed": 5', '"seed": ' + "9" * 5000)
    elif how == "deep nesting":
        text = text.replace('"options": {', '"options": {"x": ' + "[" * 100000 + "]" * 100000 + ", ")
    elif how == "cut short":
        data["actions"] = data["actions"][:-3]
        text = json.dumps(data)
    elif how == "wrong types":
        data["options"]["rosters"] = 7
        text = json.dumps(data)
    elif how == "point without y":
        data["actions"][2]["path"] = [[100.0]]
        text = json.dumps(data)
    path.write_text(text, encoding="utf-8")


EXPECTED = {"huge number": "damaged", "deep nesting": "damaged", "cut short": "incomplete",
            "wrong types": "unplayable", "point without y": "damaged"}


@pytest.mark.parametrize("replay", [False, True], ids=["load", "replay"])
@pytest.mark.parametrize("how", sorted(EXPECTED))
def test_damaged_saves_are_refused_on_screen(make_app, home, how, replay):
    from game.ui import theme
    from game.ui.scenes.menu import LoadScene

    path = _save(home, "abimee.json")
    _damage(path, how)
    app = make_app(lang="fr")
    scene = app.push(LoadScene(app, replay=replay))
    d = Driver(app)
    d.press("load.abimee")
    assert app.top is scene and len(app.scenes) == 1          # nothing opened, nothing lost
    code = EXPECTED[how]
    params = {"file": "abimee.json", "field": "?", "n": "?"}
    if code == "damaged":
        assert scene.error.startswith("«\u00a0abimee.json\u00a0» est abîmée")
    else:
        assert scene.error == t(f"ui.save.{code}", "fr", **params)
    assert "\n" not in scene.error and (scene.error, theme.REFUSAL) in scene.body()
    d.frames(2)                                               # and it draws
    d.press("load.back")
    assert app.top is not scene


def test_a_damaged_save_loaded_during_a_game_leaves_the_game_as_it_was(make_app, home):
    from game.ui.scenes.game import GameScene
    from game.ui.scenes.menu import LoadScene, PauseScene, start_game

    path = _save(home, "abimee.json")
    _damage(path, "cut short")
    app = make_app(lang="en")
    game = start_game(app, "extermination", 3, {1: "human", 2: "human"}, ruleset="evenor")
    digest = game.session.engine.state.digest()
    d = Driver(app)
    d.key(__import__("pygame").K_ESCAPE)
    assert isinstance(app.top, PauseScene)
    d.press("pause.load")
    assert isinstance(app.top, LoadScene)
    d.press("load.abimee")
    assert isinstance(app.top, LoadScene) and "is incomplete" in app.top.error
    d.press("load.back")
    d.press("pause.resume")
    assert app.top is game and isinstance(game, GameScene)
    assert game.session.engine.state.digest() == digest
