"""An idle table costs almost no CPU: the real frame loop (App.run) draws and shows a frame
only when something changed or moves (an event, the AI deciding, an animation), and while
nothing happens it sleeps in the event queue instead of spinning at 60 frames a second.
The loop is driven here with scripted events and a clock that never sleeps; counts are of
frames, never of time."""
from __future__ import annotations

import pygame
import pytest

from tests.ui.test_activation_flow import make_duel

E = pygame.event.Event


class Loop:
    """Scripted input for App.run: ``script`` maps an iteration to its events; the run
    ends with a QUIT after ``stop`` iterations. Counts drawn and shown frames."""

    def __init__(self, app, monkeypatch, script: dict, stop: int):
        self.app, self.script, self.stop = app, script, stop
        self.i = 0
        self.woken = False
        self.drawn: list[int] = []       # iterations whose frame was drawn
        self.shown: list[int] = []       # iterations whose frame reached the display
        self.waits: list[int] = []       # iterations that slept in the queue (idle)
        real_get, real_draw = pygame.event.get, app.draw
        loop = self

        def get(*args, **kw):
            if args or kw:                    # the frame's own pygame-gui events
                return real_get(*args, **kw)
            if loop.woken:                    # the rest of the queue after a wait: empty
                loop.woken = False
                return []
            return loop._next()

        def wait(timeout=0):
            got = loop._next()
            loop.waits.append(loop.i)
            loop.woken = True
            return got[0] if got else E(pygame.NOEVENT)

        def draw():
            loop.drawn.append(loop.i)
            real_draw()

        monkeypatch.setattr(pygame.event, "get", get)
        monkeypatch.setattr(pygame.event, "wait", wait)
        monkeypatch.setattr(pygame.display, "flip", lambda: loop.shown.append(loop.i))
        monkeypatch.setattr(pygame.display, "get_surface", lambda: app.screen)
        monkeypatch.setattr(app, "draw", draw)
        app.clock = type("Clock", (), {"tick": lambda self, fps=0: 16})()

    def _next(self) -> list:
        self.i += 1
        if self.i >= self.stop:
            return [E(pygame.QUIT)]
        return list(self.script.get(self.i, []))

    def run(self) -> None:
        self.app.run()


def test_an_idle_table_is_not_drawn_again(make_app, monkeypatch):
    app, scene, d = make_duel(make_app)
    assert scene.session.human_to_decide()
    move = E(pygame.MOUSEMOTION, pos=d.figure_pos(scene, "1.ulysse"), rel=(0, 0), buttons=(0, 0, 0))
    loop = Loop(app, monkeypatch, {200: [move]}, stop=400)
    loop.run()
    quiet = [i for i in loop.drawn if 60 <= i < 200]
    assert quiet == [], f"{len(quiet)} frames drawn while nothing happened"
    assert loop.waits and min(loop.waits) < 100                # it slept in the queue
    assert 200 in loop.drawn and 200 in loop.shown             # the pointer came: drawn, shown
    assert set(loop.shown) <= set(loop.drawn)                  # nothing shown that was not drawn


@pytest.fixture
def versus_ai(make_app):
    from tests.ui.test_ai_play import skirmish, table_scene

    app = make_app()
    app.settings.ai_speed = 1.0
    scene = table_scene(app, skirmish(), {1: "human", 2: "ai:normal"})
    return app, scene


def test_the_ai_turn_is_drawn_every_frame(versus_ai, monkeypatch):
    app, scene = versus_ai
    assert scene.playback.deciding()                           # the AI decides
    loop = Loop(app, monkeypatch, {}, stop=120)
    loop.run()
    assert scene.session.engine.record.actions                 # it played meanwhile
    assert len(loop.drawn) >= 110 and not [i for i in loop.waits if i < 100]
