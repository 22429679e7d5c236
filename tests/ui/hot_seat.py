"""Open a hot-seat game scene on an engine already set up by a test, with one figure selected:
the opening the Khârn-Ages window tests share."""
from __future__ import annotations

from tests.ui.driver import Driver


def open_table(make_app, eng, select: str, side: int = 1):
    """The app's game scene on ``eng`` for two humans, shown to ``side``, ``select`` selected.

    Returns the driver and the scene."""
    from game.ui.scenes.game import GameScene
    from game.ui.session import Session

    app = make_app()
    session = Session(eng, {1: "human", 2: "human"})
    scene = app.push(GameScene(app, session))
    session.shown_side = side
    d = Driver(app)
    d.frames(3)
    scene.controller.select(select)
    d.frames(2)
    return d, scene
