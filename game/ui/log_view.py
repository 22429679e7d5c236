"""A scrolling list of log lines as one pygame-gui element, drawn line by line.

pygame-gui's text box lays out and draws its whole text again on every appended line and
every rebuild: a few hundred lines made each new line cost a tenth of a second and a change
of reader seconds. Here each line is drawn once, wrapped to the width, and kept; a frame
shows only the lines in view. A line may carry a link (`href`): hovering underlines it and a
click posts pygame-gui's UI_TEXT_BOX_LINK_CLICKED with the link, as a text box would. The
theme's scroll bar scrolls it (wheel, drag, arrows)."""
from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass

import pygame
from pygame_gui import UI_TEXT_BOX_LINK_CLICKED
from pygame_gui.core import ObjectID, UIElement
from pygame_gui.elements import UIVerticalScrollBar

Colour = tuple[int, int, int]
CACHE_LINES = 4000          # drawn lines kept for new views (then the cache starts again)


@dataclass
class LogItem:
    """One line: its text, its colour (None: the theme's) and its link (None: none)."""

    text: str
    colour: Colour | None = None
    href: str | None = None


class LogView(UIElement):
    """The lines are given with `set_items` (all anew) or `append` (only the new ones are
    drawn). `top` is how many pixels of text lie above the view."""

    def __init__(self, rect: pygame.Rect, manager, font: pygame.font.Font, padding: tuple[int, int],
                 object_id: ObjectID | str | None = None, visible: bool = True,
                 cache: dict | None = None):
        super().__init__(pygame.Rect(rect), manager, None, starting_height=1, layer_thickness=1,
                         object_id=object_id, element_id=["text_box"], visible=int(visible))
        self.font = font
        self.padding = padding
        # drawn lines kept across views (a new reader's log is mostly the same lines)
        self.cache = cache if cache is not None else {}
        ids = self.combined_element_ids
        theme = self.ui_theme
        self.bg = pygame.Color(theme.get_colour("dark_bg", ids))
        self.fg = pygame.Color(theme.get_colour("normal_text", ids))
        self.link_fg = pygame.Color(theme.get_colour("link_text", ids))
        self.link_hover = pygame.Color(theme.get_colour("link_hover", ids))
        self.items: list[LogItem] = []
        self._surfs: list[pygame.Surface] = []
        self._tops: list[int] = []          # each line's top in the text, pixels
        self.content_height = 0
        self.scroll_bar: UIVerticalScrollBar | None = None
        self._hover: int | None = None      # the linked line under the pointer
        self._pressed: int | None = None
        self._dirty = True
        # the image is opaque (no alpha): a plain copy, not pygame-gui's premultiplied blend,
        # which costs four times as much for the same pixels on every frame
        self.blendmode = 0
        self._redraw()

    # --- geometry
    @property
    def text_rect(self) -> pygame.Rect:
        """Where the text is drawn, on the screen: the scroll bar's room is always kept, so
        the lines need not be wrapped again when it appears."""
        bar = self._bar_width()
        px, py = self.padding
        return pygame.Rect(self.rect.x + px, self.rect.y + py,
                           max(1, self.rect.w - 2 * px - bar), max(1, self.rect.h - 2 * py))

    def _bar_width(self) -> int:
        return max(12, self.font.get_height())

    @property
    def view_height(self) -> int:
        return self.text_rect.h

    def _room(self) -> float:
        """How far the scroll bar's handle travels, in its own pixels."""
        sb = self.scroll_bar
        handle = sb.sliding_button.rect.h if sb.sliding_button is not None else 0
        return max(0.0, sb.scrollable_height - handle)

    def _fraction(self, position: float) -> float:
        room = self._room()
        return min(1.0, max(0.0, position / room)) if room > 0 else 0.0

    @property
    def top(self) -> float:
        """Pixels of text above the view. Read from where the handle is along its travel
        (not from the bar's start percentage: a handle kept at its minimum size on a long
        log would never let the last lines into view)."""
        sb = self.scroll_bar
        if sb is None:
            return 0.0
        return self._fraction(sb.scroll_position) * max(0, self.content_height - self.view_height)

    def below(self) -> float:
        """Pixels of text under the view (0: the newest line is in view), counting where
        the handle is heading when it glides."""
        sb = self.scroll_bar
        if sb is None:
            return 0.0
        f = min(self._fraction(sb.scroll_position), self._fraction(sb.target_scroll_position))
        return (1.0 - f) * max(0, self.content_height - self.view_height)

    def scroll_to(self, top: float) -> None:
        sb = self.scroll_bar
        span = self.content_height - self.view_height
        if sb is None or span <= 0 or not sb.scrollable_height:
            return
        f = min(1.0, max(0.0, top / span))
        sb.set_scroll_from_start_percentage(f * self._room() / sb.scrollable_height)
        self._dirty = True

    def to_end(self) -> None:
        if self.scroll_bar is not None:
            self.scroll_bar.set_scroll_from_start_percentage(1.0)
            self._dirty = True

    # --- content
    def set_items(self, items: list[LogItem]) -> None:
        self.items, self._surfs, self._tops, self.content_height = [], [], [], 0
        self._hover = self._pressed = None
        self.append(items)

    def append(self, items: list[LogItem]) -> None:
        top = self.top
        self._add(items)
        self._fit_scroll_bar(top)
        self._dirty = True

    def _add(self, items: list[LogItem]) -> None:
        width = self.text_rect.w
        for item in items:
            surf = self._line(item, width)
            self.items.append(item)
            self._surfs.append(surf)
            self._tops.append(self.content_height)
            self.content_height += surf.get_height()

    def text(self) -> str:
        return "\n".join(item.text for item in self.items)

    def links(self) -> list[str]:
        return [item.href for item in self.items if item.href is not None]

    def _line(self, item: LogItem, width: int) -> pygame.Surface:
        """The line drawn at rest, from the cache when it was drawn before."""
        key = (item.text, item.colour, item.href is not None, width, id(self.font))
        surf = self.cache.get(key)
        if surf is None:
            if len(self.cache) >= CACHE_LINES:
                self.cache.clear()
            surf = self.cache[key] = self._render(item, hovered=False, width=width)
        return surf

    def _render(self, item: LogItem, hovered: bool, width: int) -> pygame.Surface:
        if item.href is not None:
            colour = self.link_hover if hovered else (item.colour or self.link_fg)
        else:
            colour = item.colour or self.fg
        self.font.underline = hovered
        try:
            surf = self.font.render(item.text or " ", True, colour, self.bg, wraplength=width)
        finally:
            self.font.underline = False
        return surf

    def _fit_scroll_bar(self, top: float) -> None:
        """A scroll bar once the text overflows; the view keeps its place (the caller
        scrolls to the end when the reader follows)."""
        view = self.rect.h - 2 * self.padding[1]
        if self.content_height <= view:
            return
        if self.scroll_bar is None:
            width = self._bar_width()
            bar = pygame.Rect(self.relative_rect.right - width, self.relative_rect.top, width,
                              self.relative_rect.h)
            self.scroll_bar = UIVerticalScrollBar(bar, view / self.content_height, self.ui_manager,
                                                  self.ui_container, parent_element=self,
                                                  visible=self.visible)
            self.join_focus_sets(self.scroll_bar)
        self.scroll_bar.set_visible_percentage(min(1.0, self.view_height / self.content_height))
        self.scroll_to(top)

    def _rewrap(self) -> None:
        items = self.items
        self.items, self._surfs, self._tops, self.content_height = [], [], [], 0
        self._add(items)

    # --- drawing
    def _line_at(self, pos) -> int | None:
        tr = self.text_rect
        if not tr.collidepoint(pos) or not self._tops:
            return None
        y = pos[1] - tr.y + self.top
        i = bisect_right(self._tops, y) - 1
        if 0 <= i < len(self._tops) and y < self._tops[i] + self._surfs[i].get_height():
            return i
        return None

    def _redraw(self) -> None:
        self._dirty = False
        image = pygame.Surface(self.rect.size)
        image.fill(self.bg)
        tr = self.text_rect
        clip = pygame.Rect(tr.x - self.rect.x, tr.y - self.rect.y, tr.w, tr.h)
        image.set_clip(clip)
        top = int(round(self.top))
        first = max(0, bisect_right(self._tops, top) - 1)
        for i in range(first, len(self._surfs)):
            y = self._tops[i] - top
            if y >= tr.h:
                break
            surf = self._surfs[i]
            if i == self._hover:
                surf = self._render(self.items[i], hovered=True, width=tr.w)
            image.blit(surf, (clip.x, clip.y + y))
        image.set_clip(None)
        self._set_image(image)

    # --- pygame-gui element
    def update(self, time_delta: float) -> None:
        super().update(time_delta)
        if not self.alive():
            return
        if self.scroll_bar is not None and self.scroll_bar.check_has_moved_recently():
            self._dirty = True
        hover = None
        if self.hovered:
            line = self._line_at(self.ui_manager.get_mouse_position())
            if line is not None and self.items[line].href is not None:
                hover = line
        if hover != self._hover:
            self._hover, self._dirty = hover, True
        if self._dirty:
            self._redraw()

    def process_event(self, event: pygame.event.Event) -> bool:
        if event.type not in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) or event.button != 1:
            return False
        pos = self.ui_manager.calculate_scaled_mouse_position(event.pos)
        if not self.rect.collidepoint(pos):
            if event.type == pygame.MOUSEBUTTONUP:
                self._pressed = None
            return False
        line = self._line_at(pos)
        if event.type == pygame.MOUSEBUTTONDOWN:
            self._pressed = line
            return True
        pressed, self._pressed = self._pressed, None
        if line is not None and line == pressed and self.items[line].href is not None:
            pygame.event.post(pygame.event.Event(UI_TEXT_BOX_LINK_CLICKED, {
                "link_target": self.items[line].href, "ui_element": self,
                "ui_object_id": self.most_specific_combined_id}))
        return True

    def set_dimensions(self, dimensions, clamp_to_container: bool = False) -> None:
        super().set_dimensions(dimensions, clamp_to_container)
        self._rewrap()
        self._dirty = True

    def kill(self) -> None:
        if self.scroll_bar is not None:
            self.scroll_bar.kill()
            self.scroll_bar = None
        super().kill()

    def show(self) -> None:
        super().show()
        if self.scroll_bar is not None:
            self.scroll_bar.show()

    def hide(self) -> None:
        super().hide()
        if self.scroll_bar is not None:
            self.scroll_bar.hide()
