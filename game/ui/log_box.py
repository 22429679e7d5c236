"""The narrated log of the table scene on a pygame-gui text box: new lines are appended
(cheap), the box is made anew only when the reader changes (the mist's secrets), after an
undo or a load (the log was replaced), or when its place changes. Scrolls with the wheel
and its scroll bar; lines without dice ("—" notes) keep their own colour.

The log follows the game: while the reader is at the bottom, new lines scroll into view;
a reader who scrolled up stays where they are, and a "new lines" marker over the bottom of
the box takes them back down (reading down to the end by hand does too)."""
from __future__ import annotations

import pygame
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton, UITextBox

from game.core.text import t
from game.ui import theme
from game.ui.gui import GuiButton, GuiPart, markup
from game.ui.log_lines import RollLine

SLACK = 2          # pixels of text below the view still counted as "at the bottom"


def line_markup(line: str, href: str | None = None) -> str:
    colour = theme.YELLOW if line.startswith("—") else None
    body = markup([(line, colour, False)])
    return f"<a href='{href}'>{body}</a>" if href else body


class LogBox(GuiPart):
    """A part attached to the table scene (App.attach)."""

    def __init__(self, scene):
        self.scene = scene
        self.box: UITextBox | None = None
        self.marker: GuiButton | None = None   # "new lines" while the reader is scrolled up
        self.count = 0                 # how many lines of the source the box holds
        self.last = None               # the last line absorbed (the very string object)
        self.viewer = None
        self.hidden = False
        self._key = None
        self.rebuilds = 0              # boxes made (tests)
        self.rolls: list[RollLine] = []   # the roll lines linked from the box, by href "roll:<index>"
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
            self.box.append_html_text(("<br>" if self.count else "") + self._markup(new))
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
        box = self.box
        sb = box.scroll_bar if box is not None else None
        if sb is None:
            return True
        height = box.text_box_layout.layout_rect.height
        target = sb.target_scroll_position / sb.scrollable_height if sb.scrollable_height else 0.0
        below = (1.0 - min(sb.start_percentage, target) - sb.visible_percentage) * height
        return below <= SLACK

    def _top(self) -> float:
        """How many pixels of text lie above the view."""
        box = self.box
        sb = box.scroll_bar if box is not None else None
        if sb is None:
            return 0.0
        return sb.start_percentage * box.text_box_layout.layout_rect.height

    def _scroll_to(self, top: float) -> None:
        box = self.box
        sb = box.scroll_bar if box is not None else None
        if sb is not None and box.text_box_layout.layout_rect.height:
            sb.set_scroll_from_start_percentage(top / box.text_box_layout.layout_rect.height)

    def to_end(self) -> None:
        """Show the newest lines (and forget the marker)."""
        if self.box is not None and self.box.scroll_bar is not None:
            self.box.scroll_bar.set_scroll_from_start_percentage(1.0)
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
        self.box = UITextBox(self._markup(lines), pygame.Rect(rect),
                             manager=self.scene.app.ui, object_id=ObjectID(object_id="#log"))
        if self.box.scroll_bar is not None:      # open at the newest lines
            self.box.scroll_bar.set_scroll_from_start_percentage(1.0)
        if self.hidden:
            self.box.hide()

    def _markup(self, lines: list[str]) -> str:
        out = []
        for line in lines:
            href = None
            if isinstance(line, RollLine):
                href = f"roll:{len(self.rolls)}"
                self.rolls.append(line)
            out.append(line_markup(line, href))
        return "<br>".join(out)

    def roll_of(self, href: str) -> RollLine | None:
        """The roll line a link of the box stands for (None for another link)."""
        kind, _, idx = href.partition(":")
        if kind != "roll" or not idx.isdigit() or int(idx) >= len(self.rolls):
            return None
        return self.rolls[int(idx)]

    def text(self) -> str:
        return self.box.html_text + self.box.appended_text if self.box is not None else ""

    # --- an attached part of the scene (App.attach)
    def elements(self) -> list:
        return [el for el in (self.box, self.marker.element if self.marker else None) if el is not None]

    def forget(self) -> None:
        self.box, self._key, self.count, self.marker = None, None, 0, None
