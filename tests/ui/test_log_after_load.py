"""The log stays after loading a save: the narration of the replayed decisions is told
again, with the privacy the log keeps for the side at the screen (a fighter hidden in the
mist still reads as "a hidden fighter acted"), and undo works as before the save."""
from __future__ import annotations

import pytest

from game.ai.agents import make_agent
from game.core.engine import Engine
from game.core.text import t
from tests.ui.driver import Driver
from tests.ui.test_ai_play import table_scene


def play_some(session, decisions: int, seed: int = 3) -> None:
    """The person's side chooses at random (through its view), the agents play theirs."""
    me = make_agent("random", seed)
    for _ in range(decisions):
        if session.over():
            return
        if session.human_to_decide():
            side = session.decider()
            assert session.submit(me.choose(session.engine.view_for(side))) is None
        else:
            while not session.agent_step():
                pass


@pytest.mark.parametrize("ruleset, scenario, seed, decisions", [
    ("evenor", "extermination", 3, 40),
    ("mortebrume", "pierre_de_brume", 7, 60),
    ("swidenth", "escarmouche", 4, 40),
])
def test_a_loaded_game_keeps_its_log(make_app, tmp_path, ruleset, scenario, seed, decisions):
    app = make_app()
    scene = table_scene(app, Engine.new(ruleset, scenario, seed), {1: "human", 2: "random"})
    old = scene.session
    play_some(old, decisions)
    d = Driver(app)
    d.frames(2)
    assert len(old.log) > 20
    path = tmp_path / "partie.json"
    scene.bar.save(path)
    scene.bar.load(path)                          # the in-game load
    d.frames(2)
    new = app.top.session
    assert new is not old and new.engine.state.digest() == old.engine.state.digest()
    assert new.log == old.log and new.log_private == old.log_private
    assert new.shown_log() == old.shown_log()
    if ruleset == "mortebrume":                   # the mist's secrets are kept
        assert 1 in set(new.log_private.values())
        assert t("play.recap.hidden", "fr") in new.shown_log()
    box = app.top.log
    assert box.count == len(new.shown_log()) and new.shown_log()[-1] in box.text()
    assert new.deciders == old.deciders and new.can_undo() == old.can_undo()
