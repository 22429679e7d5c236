"""Bonus / Malus in the window: a secret pick's button (which carries the figure as its value
for the odds) plays the pick instead of being refused as an unknown option."""
from __future__ import annotations

from game.core.engine import Engine
from tests.ui.driver import Driver


def test_a_secret_pick_button_plays_the_pick(make_app):
    from game.ui.scenes.game import GameScene
    from game.ui.session import Session

    app = make_app(lang="en")
    engine = Engine.new("bonus_malus", "accrochage", 1)
    app.push(GameScene(app, Session(engine, {1: "human", 2: "human", 3: "neutral"}, lang=app.lang)))
    d = Driver(app)
    d.frames(2)
    picks = [b for b in d.buttons() if str(b.key).startswith("pick.")]
    assert picks and all(b.enabled for b in picks)
    before = len(engine.record.actions)
    d.press(picks[0].key)
    assert len(engine.record.actions) > before
    assert engine.record.actions[before].kind == "pick" and engine.record.actions[before].value is None
