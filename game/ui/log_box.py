"""The narrated log of the table scene (a `LogView`): new lines are drawn and appended
alone, the view is made anew only when the reader changes (the mist's secrets), after an
undo or a load (the log was replaced), or when its place changes. Scrolls with the wheel
and its scroll bar; lines without dice ("—" notes) keep their own colour; each roll is a
link to its "Why?" box.

The log follows the game: while the reader is at the bottom, new lines scroll into view;
a reader who scrolled up stays where they are, and a "new lines" marker over the bottom of
the box takes them back down (reading down to the end by hand does too)."""
from __future__ import annotations

import pygame
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton

from game.core.text import t
from game.ui import theme
from game.ui.gui import GuiButton, GuiPart
from game.ui.log_lines import RollLine
from game.ui.log_view import LogItem, LogView

SLACK = 2          # pixels of text below the view still counted as "at the bottom"


def line_item(line: str, href: str | None = None) -> LogItem:
    return LogItem(str(line), theme.YELLOW if line.startswith("—") else None, href)


class LogBox(GuiPart):
    """A part attached to the table scene (App.attach)."""

    def __init__(self, scene):
        self.scene = scene
        self.box: LogView | None = None
        self.marker: GuiButton | None = None   # "new lines" while the reader is scrolled up
        self.count = 0                 # how many lines of the source the box holds
        self.last = None               # the last line absorbed (the very string object)
        self.viewer = None
        self.hidden = False
        self._key = None
        self.rebuilds = 0              # boxes made (tests)
        self.rolls: list[RollLine] = []   # the roll lines linked from the box, by href "roll:<index>"
        self.drawn: dict = {}          # lines drawn by earlier views (LogView's cache)
        scene.app.attach(scene, self)

    def sync(self, lines: list[str], rect: pygame.Rect, viewer) -> None:
        app = self.scene.app
        key = (tuple(rect), viewer, id(app.ui), app.settings.scale)
        replaced = len(lines) < self.count or (self.count and lines[self.count - 1] is not self.last)
        if key != self._key or replaced or self.box is None:
            following, top = self.following(), self._top()
            self._key = key
            self._make(lines, rect)
            if not following and not replaced:      # a new place: the reader keeps theirs
                self._scroll_to(top)
        elif len(lines) > self.count:
            following, top = self.following(), self._top()
            new = lines[self.count:]
            self.box.append(self._items(new))
            if following:
                self.to_end()
            else:
                self._scroll_to(top)
                self._show_marker()
        elif self.marker is not None and self.following():
            self._drop_marker()                     # read down to the end by hand
        self.count = len(lines)
        self.last = lines[-1] if lines else None

    # --- where the reader is
    def following(self) -> bool:
        """The newest lines are in view (no box, or no scroll bar: everything is)."""
        return self.box is None or self.box.below() <= SLACK

    def _top(self) -> float:
        """How many pixels of text lie above the view."""
        return self.box.top if self.box is not None else 0.0

    def _scroll_to(self, top: float) -> None:
        if self.box is not None:
            self.box.scroll_to(top)

    def to_end(self) -> None:
        """Show the newest lines (and forget the marker)."""
        if self.box is not None:
            self.box.to_end()
        self._drop_marker()

    # --- the "new lines" marker
    def _show_marker(self) -> None:
        if self.marker is not None and self.marker.element.alive():
            return
        app, box = self.scene.app, self.box
        f = app.fonts
        label = t("play.log.new_lines", app.lang)
        w = min(box.rect.w - f.px(24), f.get(12).size(label)[0] + f.px(20))
        h = f.px(24)
        rect = pygame.Rect(0, 0, w, h)
        rect.midbottom = (box.rect.centerx - f.px(8), box.rect.bottom - f.px(6))
        tip = t("play.tip.log_new_lines", app.lang)
        el = UIButton(rect, label, manager=app.ui, starting_height=3, tool_tip_text=tip,
                      object_id=ObjectID(object_id="#log_new"),
                      command=lambda: app.call_later(self.to_end))
        self.marker = GuiButton(el, "log.new", self.to_end, tip)
        if self.hidden:
            el.hide()

    def _drop_marker(self) -> None:
        if self.marker is not None:
            self.marker.element.kill()
            self.marker = None

    @property
    def buttons(self) -> list[GuiButton]:
        return [self.marker] if self.marker is not None else []

    def _make(self, lines: list[str], rect: pygame.Rect) -> None:
        if self.box is not None:
            self.box.kill()
        self._drop_marker()
        self.rebuilds += 1
        self.rolls = []
        f = self.scene.app.fonts
        self.box = LogView(pygame.Rect(rect), self.scene.app.ui, f.get(12), (f.px(5), f.px(4)),
                           object_id=ObjectID(object_id="#log"), visible=not self.hidden,
                           cache=self.drawn)
        self.box.set_items(self._items(lines))
        self.box.to_end()                        # open at the newest lines

    def _items(self, lines: list[str]) -> list[LogItem]:
        out = []
        for line in lines:
            href = None
            if isinstance(line, RollLine):
                href = f"roll:{len(self.rolls)}"
                self.rolls.append(line)
            out.append(line_item(line, href))
        return out

    def roll_of(self, href: str) -> RollLine | None:
        """The roll line a link of the box stands for (None for another link)."""
        kind, _, idx = href.partition(":")
        if kind != "roll" or not idx.isdigit() or int(idx) >= len(self.rolls):
            return None
        return self.rolls[int(idx)]

    def text(self) -> str:
        return self.box.text() if self.box is not None else ""

    # --- an attached part of the scene (App.attach)
    def elements(self) -> list:
        return [el for el in (self.box, self.marker.element if self.marker else None) if el is not None]

    def forget(self) -> None:
        self.box, self._key, self.count, self.marker = None, None, 0, None
