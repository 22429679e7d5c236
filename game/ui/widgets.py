"""Small immediate widgets drawn with pygame: buttons with tooltips, wrapped text, the
scrollable log (appended to, never rebuilt) and a transient message line."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

import pygame

from game.ui import theme


def wrap(font, text: str, width: int) -> list[str]:
    """Greedy word wrap; keeps no-break spaces inside words (French typography)."""
    lines: list[str] = []
    for para in text.split("\n"):
        words = para.split(" ")
        cur = ""
        for w in words:
            trial = w if not cur else cur + " " + w
            if font.size(trial)[0] <= width or not cur:
                cur = trial
            else:
                lines.append(cur)
                cur = w
        lines.append(cur)
    return lines


def draw_text(surf, font, text: str, pos, colour=theme.TEXT, width: int | None = None,
              line_gap: int = 2) -> int:
    """Draw (wrapped) text; returns the height used."""
    x, y = pos
    lines = wrap(font, text, width) if width else [text]
    h = font.get_linesize()
    for i, line in enumerate(lines):
        surf.blit(font.render(line, True, colour), (x, y + i * (h + line_gap)))
    return len(lines) * (h + line_gap)


@dataclass
class Button:
    rect: pygame.Rect
    label: str
    action: Callable[[], None] | None = None
    enabled: bool = True
    toggled: bool = False
    tooltip: str = ""
    key: str = ""                     # a stable name tests and code can find it by
    colour: tuple | None = None
    _surf: object = field(default=None, repr=False)

    def draw(self, surf, fonts, mouse) -> None:
        hover = self.enabled and self.rect.collidepoint(mouse)
        bg = (self.colour or (theme.BUTTON_ON if self.toggled else
                              theme.BUTTON_HOVER if hover else
                              theme.BUTTON if self.enabled else theme.BUTTON_OFF))
        pygame.draw.rect(surf, bg, self.rect, border_radius=4)
        if hover:
            pygame.draw.rect(surf, theme.TEXT_DIM, self.rect, 1, border_radius=4)
        if self._surf is None:
            font = fonts.get(13)
            col = theme.TEXT if self.enabled else theme.TEXT_DIM
            text = self.label
            while font.size(text)[0] > self.rect.w - 8 and len(text) > 3:
                text = text[:-2] + "…"
            self._surf = font.render(text, True, col)
        r = self._surf.get_rect(center=self.rect.center)
        surf.blit(self._surf, r)

    def click(self, pos) -> bool:
        if self.enabled and self.rect.collidepoint(pos):
            if self.action:
                self.action()
            return True
        return False


def draw_tooltip(surf, fonts, text: str, pos) -> None:
    font = fonts.get(12)
    width = fonts.px(320)
    lines = wrap(font, text, width)
    lh = font.get_linesize()
    w = max(font.size(line)[0] for line in lines) + 12
    h = lh * len(lines) + 10
    x = min(pos[0] + 14, surf.get_width() - w - 4)
    y = min(pos[1] + 18, surf.get_height() - h - 4)
    box = pygame.Rect(x, y, w, h)
    pygame.draw.rect(surf, (20, 20, 24), box, border_radius=4)
    pygame.draw.rect(surf, theme.TEXT_DIM, box, 1, border_radius=4)
    for i, line in enumerate(lines):
        surf.blit(font.render(line, True, theme.TEXT), (x + 6, y + 5 + i * lh))


class LogPanel:
    """The narrated log: each entry rendered once when appended; scroll with the wheel."""

    def __init__(self, fonts):
        self.fonts = fonts
        self.entries: list[list[object]] = []   # per entry: rendered line surfaces
        self.count = 0                          # how many source lines were absorbed
        self.scroll = 0                         # lines scrolled up from the bottom
        self.width = 0

    def sync(self, lines: list[str], width: int) -> None:
        if width != self.width:
            self.width, self.entries, self.count = width, [], 0
        if len(lines) < self.count:              # the log was replaced (undo, load)
            self.entries, self.count = [], 0
        font = self.fonts.get(12)
        for line in lines[self.count:]:
            colour = theme.TEXT if not line.startswith("—") else theme.YELLOW
            self.entries.append([font.render(p, True, colour) for p in wrap(font, line, width - 10)])
        self.count = len(lines)

    def draw(self, surf, rect: pygame.Rect) -> None:
        pygame.draw.rect(surf, (26, 28, 32), rect)
        lh = self.fonts.get(12).get_linesize()
        flat = [s for e in self.entries for s in e]
        rows = max(1, (rect.h - 8) // lh)
        self.scroll = max(0, min(self.scroll, len(flat) - rows))
        end = len(flat) - self.scroll
        shown = flat[max(0, end - rows):end]
        clip = surf.get_clip()
        surf.set_clip(rect)
        for i, s in enumerate(shown):
            surf.blit(s, (rect.x + 5, rect.y + 4 + i * lh))
        surf.set_clip(clip)
        if self.scroll:
            pygame.draw.rect(surf, theme.SKY, (rect.right - 4, rect.y, 3, rect.h))

    def wheel(self, dy: int) -> None:
        self.scroll = max(0, self.scroll + dy * 3)
