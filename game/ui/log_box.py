"""The narrated log of the table scene on a pygame-gui text box: new lines are appended
(cheap), the box is made anew only when the reader changes (the mist's secrets), after an
undo or a load (the log was replaced), or when its place changes. Scrolls with the wheel
and its scroll bar; lines without dice ("—" notes) keep their own colour."""
from __future__ import annotations

import pygame
from pygame_gui.core import ObjectID
from pygame_gui.elements import UITextBox

from game.ui import theme
from game.ui.gui import GuiPart, markup


def line_markup(line: str) -> str:
    colour = theme.YELLOW if line.startswith("—") else None
    return markup([(line, colour, False)])


class LogBox(GuiPart):
    """A part attached to the table scene (App.attach)."""

    def __init__(self, scene):
        self.scene = scene
        self.box: UITextBox | None = None
        self.count = 0                 # how many lines of the source the box holds
        self.last = None               # the last line absorbed (the very string object)
        self.viewer = None
        self.hidden = False
        self._key = None
        self.rebuilds = 0              # boxes made (tests)
        scene.app.attach(scene, self)

    def sync(self, lines: list[str], rect: pygame.Rect, viewer) -> None:
        app = self.scene.app
        key = (tuple(rect), viewer, id(app.ui), app.settings.scale)
        replaced = len(lines) < self.count or (self.count and lines[self.count - 1] is not self.last)
        if key != self._key or replaced or self.box is None:
            self._key = key
            self._make(lines, rect)
        elif len(lines) > self.count:
            self.box.append_html_text("<br>" + "<br>".join(line_markup(x) for x in lines[self.count:])
                                      if self.count else "<br>".join(line_markup(x) for x in lines))
        self.count = len(lines)
        self.last = lines[-1] if lines else None

    def _make(self, lines: list[str], rect: pygame.Rect) -> None:
        if self.box is not None:
            self.box.kill()
        self.rebuilds += 1
        self.box = UITextBox("<br>".join(line_markup(x) for x in lines), pygame.Rect(rect),
                             manager=self.scene.app.ui, object_id=ObjectID(object_id="#log"))
        if self.box.scroll_bar is not None:      # open at the newest lines
            self.box.scroll_bar.set_scroll_from_start_percentage(1.0)
        if self.hidden:
            self.box.hide()

    def text(self) -> str:
        return self.box.html_text + self.box.appended_text if self.box is not None else ""

    # --- an attached part of the scene (App.attach)
    def elements(self) -> list:
        return [self.box] if self.box is not None else []

    def forget(self) -> None:
        self.box, self._key, self.count = None, None, 0
