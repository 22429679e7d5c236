"""Replaying a saved game step by step: forward, back, play and pause, on the same table
scene (nothing can be changed)."""
from __future__ import annotations

from game.core.engine import Engine
from game.core.record import read_record
from game.core.text import t


class ReplayTape:
    def __init__(self, session, record):
        self.session = session
        self.record = record
        self.pos = len(session.engine.record.actions)
        self.playing = False
        self.wait = 0.0

    def caption(self) -> str:
        return t("ui.replay.caption", self.session.lang, n=self.pos, total=len(self.record.actions))

    def forward(self) -> None:
        if self.pos >= len(self.record.actions):
            self.playing = False
            return
        action = self.record.actions[self.pos]
        self.session._absorb(self.session.engine.step(action))
        self.pos += 1

    def back(self) -> None:
        if self.pos == 0:
            return
        self.pos -= 1
        eng = Engine.replay(self.record, verify=False, upto=self.pos)
        self.session.engine = eng
        self.session.log.append(t("ui.replay.back", self.session.lang, n=self.pos))
        self.session.last_events = []
        self.session.version += 1

    def toggle(self) -> None:
        self.playing = not self.playing

    def update(self, dt: float) -> None:
        if self.playing:
            self.wait += dt
            if self.wait >= 0.6:
                self.wait = 0.0
                self.forward()


def open_replay(app, path):
    """Put a saved game on the table as a replay, at its start (SaveError on a bad file)."""
    from game.core.record import load_game
    from game.ui.scenes.game import GameScene
    from game.ui.session import Session

    load_game(path)                       # verifies the whole save first
    record = read_record(path)
    engine = Engine.new(record.ruleset, record.scenario, record.seed, record.options)
    session = Session(engine, {1: "human", 2: "human"}, lang=app.lang)
    scene = GameScene(app, session)
    scene.replay = ReplayTape(session, record)
    scene.bar.invalidate()
    return app.reset(scene)
