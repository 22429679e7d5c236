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


def test_dice_of_a_fighter_in_the_mist_are_not_shown(make_app):
    from game.core.events import DiceRolled

    app = make_app()
    scene = table_scene(app, mist_duel(), {1: "human", 2: "human"})
    s = scene.session
    d = Driver(app)
    d.frames(2)
    if app.top is not scene:
        d.press("handoff.ready")                     # side 1 takes the screen
    drawn = []
    real = scene.dice.draw
    scene.dice.draw = lambda *a, **k: drawn.append(1) or real(*a, **k)
    assert s.viewer() == 2                               # side 2 at the screen
    foe = next(f for f in s.engine.state.figures.values() if f.side == 1)
    roll = DiceRolled(who=foe.id, rule="strike", sides=6, faces=(5, 2), target=None, result=7)
    for private, seen in ((2, False), (None, True)):   # hidden from side 2, then seen by all
        drawn.clear()
        s.last_events, s.last_private = [roll], private
        s.version += 1
        d.frames(2)
        assert app.top is scene and scene.dice.active() and bool(drawn) is seen
