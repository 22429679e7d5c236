"""A scene made of a title, a few lines of text and a column of buttons (menus, hand-off,
end of game, settings, confirmations)."""
from __future__ import annotations

import pygame

from game.ui import theme
from game.ui.app import Scene
from game.ui.widgets import Button, draw_text, draw_tooltip, wrap


class ListScene(Scene):
    """Subclasses fill title(), body() and items() -> [(key, label, fn, tooltip)]."""

    dim = False          # draw over the scene below, darkened
    width = 420

    def __init__(self, app):
        super().__init__(app)
        self.opaque = not self.dim
        self.buttons: list[Button] = []
        self._key = None
        self.mouse = (0, 0)

    def title(self) -> str:
        return ""

    def body(self) -> list[tuple[str, tuple]]:
        return []

    def items(self) -> list[tuple[str, str, object, str]]:
        return []

    def relabel(self) -> None:
        self._key = None

    def refresh(self) -> None:
        self._key = None

    def handle(self, event) -> None:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for b in list(self.buttons):
                if b.click(event.pos):
                    self._key = None
                    break
        elif event.type == pygame.KEYDOWN:
            self.key(event)

    def key(self, event) -> None:
        if event.key == pygame.K_ESCAPE and len(self.app.scenes) > 1:
            self.app.pop()

    def _layout(self, surf) -> int:
        f = self.app.fonts
        key = (surf.get_size(), self.app.lang, self.app.settings.scale, self._state_key())
        if key == self._key:
            return self._top
        self._key = key
        w = min(f.px(self.width), surf.get_width() - 20)
        x = (surf.get_width() - w) // 2
        items = self.items()
        bh, gap = f.px(32), f.px(8)
        tw = min(f.px(self.width + 200), surf.get_width() - 40)
        body_h = sum(len(wrap(f.get(14), text, tw)) for text, _ in self.body()) * (f.get(14).get_linesize() + 2)
        total = f.px(60) + body_h + len(items) * (bh + gap)
        y = max(f.px(20), (surf.get_height() - total) // 2)
        self._top = y
        y += f.px(60) + body_h + f.px(10)
        room = surf.get_height() - y - f.px(8)
        if items and len(items) * (bh + gap) > room:     # a small window at a large scale
            gap = max(2, gap // 2)
            bh = max(f.get(13).get_linesize() + 4, room // len(items) - gap)
        self.buttons = []
        for key_name, label, fn, tip in items:
            self.buttons.append(Button(pygame.Rect(x, y, w, bh), label, fn, enabled=fn is not None,
                                       tooltip=tip, key=key_name))
            y += bh + gap
        return y

    def _state_key(self):
        return None

    def draw(self, surf) -> None:
        top = self._layout(surf)
        f = self.app.fonts
        if self.dim:
            shade = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
            shade.fill((10, 10, 12, 200))
            surf.blit(shade, (0, 0))
        else:
            surf.fill(theme.BG)
        title = f.get(26, True).render(self.title(), True, theme.TEXT)
        surf.blit(title, title.get_rect(midtop=(surf.get_width() // 2, top)))
        y = top + f.px(50)
        w = min(f.px(self.width + 200), surf.get_width() - 40)
        for text, colour in self.body():
            y += draw_text(surf, f.get(14), text, ((surf.get_width() - w) // 2, y), colour, w)
        for b in self.buttons:
            b.draw(surf, f, self.mouse)
        for b in self.buttons:
            if b.tooltip and b.rect.collidepoint(self.mouse):
                draw_tooltip(surf, f, b.tooltip, self.mouse)

    def find(self, key: str):
        for b in self.buttons:
            if b.key == key:
                return b
        return None
