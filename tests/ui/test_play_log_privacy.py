"""The narrated log keeps the mist's secrets: what a fighter hidden from the person at the
screen did reads as one line saying a hidden fighter acted; its own side reads it all."""
from __future__ import annotations

from game.core.text import t
from tests.ui.driver import Driver
from tests.ui.test_ai_play import frames_until, mist_duel, table_scene


def test_log_hides_what_a_fighter_in_the_mist_did(make_app):
    app = make_app()
    scene = table_scene(app, mist_duel(), {1: "human", 2: "random"})
    s = scene.session
    frames_until(Driver(app), lambda: s.human_to_decide() and s.engine.record.actions, limit=200)
    hidden = t("play.recap.hidden", "fr")
    assert s.log_private and set(s.log_private.values()) == {1}
    secret = [s.log[i] for i in s.log_private]
    shown = s.shown_log()
    assert hidden in shown
    assert not any(line in shown for line in secret)
    assert len(shown) < len(s.log)                  # the hidden action reads as one line
    # its own side reads everything
    s.players = {1: "random", 2: "human"}
    assert s.viewer() == 2 and s.shown_log() == s.log


def test_log_is_whole_without_mist(make_app):
    from tests.ui.test_ai_play import skirmish

    app = make_app()
    scene = table_scene(app, skirmish(seed=5), {1: "human", 2: "random"})
    s = scene.session
    frames_until(Driver(app), lambda: s.human_to_decide() and s.engine.record.actions, limit=300)
    assert not s.log_private and s.shown_log() is s.log
