"""Replaying a saved game step by step: forward, back, play and pause, on the same table
scene (nothing can be changed), and its pygame-gui controls: a small window over the table
with the same buttons and a slider to jump to any decision."""
from __future__ import annotations

import pygame
from pygame_gui.elements import UIButton, UIHorizontalSlider, UIWindow

from game.core.engine import Engine
from game.core.text import t
from game.ui.gui import GuiButton, GuiPart


class ReplayTape:
    def __init__(self, session, record):
        self.session = session
        self.record = record
        self.pos = len(session.engine.record.actions)
        self.playing = False
        self.wait = 0.0
        self.controls: ReplayControls | None = None

    def caption(self) -> str:
        return t("ui.replay.caption", self.session.lang, n=self.pos, total=len(self.record.actions))

    def forward(self) -> None:
        if self.pos >= len(self.record.actions):
            self.playing = False
            return
        action = self.record.actions[self.pos]
        note = self.session.answer_note(action)
        self.session._absorb(self.session.engine.step(action), note=note)
        self.pos += 1

    def back(self) -> None:
        if self.pos == 0:
            return
        self.seek(self.pos - 1)

    def seek(self, n: int) -> None:
        """Put the game as it stood after its first n decisions."""
        n = max(0, min(int(n), len(self.record.actions)))
        if n == self.pos:
            return
        if n == self.pos + 1:
            self.forward()
            return
        self.pos = n
        eng = Engine.replay(self.record, verify=False, upto=self.pos)
        self.session.engine = eng
        self.session.log.append(t("ui.replay.back", self.session.lang, n=self.pos))
        self.session.last_events = []
        self.session.version += 1

    def toggle(self) -> None:
        self.playing = not self.playing

    def update(self, dt: float) -> None:
        if self.controls is not None:
            self.controls.update()
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

    record = load_game(path).record       # verifies the whole save first
    engine = Engine.new(record.ruleset, record.scenario, record.seed, record.options)
    session = Session(engine, {1: "human", 2: "human"}, lang=app.lang)
    scene = GameScene(app, session)
    scene.replay = ReplayTape(session, record)
    scene.bar.invalidate()
    app.reset(scene)
    scene.replay.controls = ReplayControls(app, scene, scene.replay)
    app.attach(scene, scene.replay.controls)
    return scene


class ReplayControls(GuiPart):
    """A draggable pygame-gui window over the table: back, play or pause, forward, and a
    slider over the whole game (buttons found as replay.gui.*)."""

    def __init__(self, app, scene, tape: ReplayTape):
        self.app, self.scene, self.tape = app, scene, tape
        self.window = None
        self.buttons: list[GuiButton] = []
        self._shown = (-1, None)
        self.rebuild()

    def rebuild(self) -> None:
        if self.window is not None and self.window.ui_manager is self.app.ui:
            self.window.kill()
        px, lang, tape = self.app.fonts.px, self.app.lang, self.tape
        table = self.scene.view.rect
        rh, gap = px(30), px(6)
        w, h = min(px(420), table.w - px(20)), px(30) + 2 * rh + 3 * gap + px(6)   # title bar + two rows
        rect = pygame.Rect(table.x + (table.w - w) // 2, table.bottom - h - px(10), w, h)
        self.window = UIWindow(rect, manager=self.app.ui, window_display_title=tape.caption())
        inner_w = self.window.get_container().get_size()[0]
        total = max(1, len(tape.record.actions))
        self.slider = UIHorizontalSlider(pygame.Rect(gap, gap, inner_w - 2 * gap, rh), tape.pos, (0, total),
                                         manager=self.app.ui, container=self.window)
        bw = (inner_w - 4 * gap) // 3
        specs = [("replay.gui.back", "◀", tape.back, t("ui.tip.replay_back", lang)),
                 ("replay.gui.play", t("ui.replay.play", lang), tape.toggle, ""),
                 ("replay.gui.forward", "▶", tape.forward, t("ui.tip.replay_forward", lang))]
        self.buttons = []
        for i, (key, label, fn, tip) in enumerate(specs):
            el = UIButton(pygame.Rect(gap + i * (bw + gap), rh + 2 * gap, bw, rh), label, manager=self.app.ui,
                          container=self.window, tool_tip_text=tip or None,
                          command=self._later(fn))
            self.buttons.append(GuiButton(el, key, fn, tip))
        self._shown = (tape.pos, None)

    def _later(self, fn):
        return lambda: self.app.call_later(fn)

    def update(self) -> None:
        """Follow the tape (and jump where the slider was dragged)."""
        if self.window is None or not self.window.alive():
            return
        tape = self.tape
        value = int(round(self.slider.get_current_value()))
        if value != tape.pos and value != self._shown[0]:
            tape.seek(value)
        if self._shown[0] != tape.pos:
            self.slider.set_current_value(tape.pos, warn=False)
            self.window.set_display_title(tape.caption())
            self._shown = (tape.pos, None)

    def elements(self) -> list:
        return [self.window] if self.window is not None and self.window.alive() else []

    def forget(self) -> None:
        self.window, self.buttons = None, []
