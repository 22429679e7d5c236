"""The "why?" box: clicking a roll in the log opens the whole computation of that roll
(game.core.roll_why) in a small pygame-gui window over the table; the window's close
button or Escape closes it, another roll replaces it."""
from __future__ import annotations

import pygame
from pygame_gui.core import ObjectID
from pygame_gui.elements import UITextBox, UIWindow

from game.core.presentation import Presentation
from game.core.roll_why import explain
from game.core.text import t
from game.ui.gui import GuiPart, markup


class WhyBox(GuiPart):
    """A part attached to the table scene (App.attach)."""

    def __init__(self, scene):
        self.scene = scene
        self.window: UIWindow | None = None
        self.lines: list[str] = []          # what the box shows (tests read it)
        scene.app.attach(scene, self)

    @property
    def open(self) -> bool:
        return self.window is not None and self.window.alive()

    def show_roll(self, event, said: str = "") -> None:
        sc = self.scene
        app = sc.app
        self.close()
        self.lines = explain(event, sc.adapter or Presentation(), app.lang, said)
        f = app.fonts
        table = sc.view.rect
        w = min(f.px(460), table.w - f.px(20))
        line_h = f.get(12).get_linesize() + 1
        h = min(f.px(50) + (len(self.lines) + 2) * line_h, table.h - f.px(20))   # two for wraps
        rect = pygame.Rect(table.x + (table.w - w) // 2, table.y + f.px(40), w, h)
        self.window = UIWindow(rect, manager=app.ui, window_display_title=t("why.title", app.lang),
                               object_id=ObjectID(object_id="#why"))
        inner = self.window.get_container().get_size()
        body = markup([(line, None, i == 0 and bool(said)) for i, line in enumerate(self.lines)])
        UITextBox(body, pygame.Rect(0, 0, *inner), manager=app.ui, container=self.window,
                  object_id=ObjectID(object_id="#log"))
        if self.hidden:
            self.window.hide()

    def close(self) -> bool:
        """Close the box; False when it was not open."""
        was = self.open
        if self.window is not None:
            self.window.kill()
        self.window = None
        return was

    # --- an attached part of the scene (App.attach)
    def elements(self) -> list:
        return [self.window] if self.window is not None else []

    def forget(self) -> None:
        self.window = None
