"""A brief line over the top of the table ("Sauvegarde rapide faite"): shown for a couple of
seconds of frame time, then gone; nothing to click."""
from __future__ import annotations

import pygame

from game.ui import theme
from game.ui.widgets import rendered

SECONDS = 2.5


class Toast:
    def __init__(self) -> None:
        self.text = ""
        self.left = 0.0
        self.refused = False

    def show(self, text: str, refused: bool = False, seconds: float = SECONDS) -> None:
        self.text, self.refused, self.left = text, refused, seconds

    def update(self, dt: float) -> None:
        if self.left > 0:
            self.left = max(0.0, self.left - dt)

    def active(self) -> bool:
        return self.left > 0 and bool(self.text)

    def draw(self, surf, fonts, rect: pygame.Rect) -> bool:
        """Draw it centred near the top of ``rect``; True when something was drawn."""
        if not self.active():
            return False
        font = fonts.get(14, True)
        img = rendered(font, self.text, theme.REFUSAL if self.refused else theme.TEXT)
        pad = fonts.px(10)
        box = pygame.Rect(0, 0, min(img.get_width() + 2 * pad, rect.w - pad),
                          img.get_height() + pad)
        box.midtop = (rect.centerx, rect.y + fonts.px(12))
        pygame.draw.rect(surf, theme.PANEL, box, border_radius=fonts.px(6))
        pygame.draw.rect(surf, theme.REFUSAL if self.refused else theme.GREEN, box, width=2,
                         border_radius=fonts.px(6))
        surf.blit(img, (box.x + pad, box.y + pad // 2), pygame.Rect(0, 0, box.w - 2 * pad, img.get_height()))
        return True
