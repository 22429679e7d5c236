"""Dice shown as dice: the faces of the last rolls tumble briefly then settle, the hits
marked; any click or key skips the animation."""
from __future__ import annotations

import pygame

from game.core.events import DiceRolled
from game.core.text import t
from game.ui import theme

PIPS = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
        4: [(-1, -1), (1, -1), (-1, 1), (1, 1)], 5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
        6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}
TUMBLE = 0.45   # seconds at speed 1
SHOW = 2.2


def draw_die(surf, face: int, rect: pygame.Rect, hit: bool | None) -> None:
    fill = (250, 248, 240) if hit is not False else (175, 172, 168)
    pygame.draw.rect(surf, fill, rect, border_radius=max(2, rect.w // 6))
    edge = theme.GREEN if hit else (60, 60, 60)
    pygame.draw.rect(surf, edge, rect, 3 if hit else 1, border_radius=max(2, rect.w // 6))
    q = rect.w // 4
    r = max(2, rect.w // 10)
    for dx, dy in PIPS.get(face, []):
        pygame.draw.circle(surf, (20, 20, 20), (rect.centerx + dx * q, rect.centery + dy * q), r)


class DiceView:
    def __init__(self, fonts):
        self.fonts = fonts
        self.rolls: list[DiceRolled] = []
        self.age = 0.0
        self.speed = 1.0

    def show(self, events, speed: float) -> None:
        rolls = [e for e in events if isinstance(e, DiceRolled)]
        if rolls:
            self.rolls, self.age, self.speed = rolls[-4:], 0.0, speed
            if speed <= 0:
                self.age = TUMBLE

    def active(self) -> bool:
        return bool(self.rolls) and self.age < TUMBLE + SHOW

    def tumbling(self) -> bool:
        return bool(self.rolls) and self.age < TUMBLE

    def skip(self) -> bool:
        """Skip the animation; True if there was one to skip."""
        if self.tumbling():
            self.age = TUMBLE
            return True
        return False

    def dismiss(self) -> None:
        self.rolls = []

    def update(self, dt: float) -> None:
        if self.rolls:
            self.age += dt * (self.speed if self.age < TUMBLE else 1.0)

    def draw(self, surf, rect: pygame.Rect, names, lang: str = "fr") -> bool:
        """The dice being shown, over the top of the table; True when some are."""
        if not self.active():
            return False
        size = self.fonts.px(30)
        gap = self.fonts.px(6)
        font = self.fonts.get(12)
        rows = []
        for e in self.rolls:
            rule = t(f"ui.rule.{e.rule}", lang)
            label = (t("ui.dice.label", lang, who=names(e.who), rule=rule, x=e.target)
                     if e.target is not None else t("ui.dice.label_plain", lang, who=names(e.who), rule=rule))
            rows.append((e, font.render(label, True, theme.TEXT)))
        h = sum(size + font.get_linesize() + gap * 2 for _ in rows) + gap
        w = max(max(len(e.faces) for e, _ in rows) * (size + gap) + gap,
                max(s.get_width() for _, s in rows) + 2 * gap)
        box = pygame.Rect(0, 0, min(w, rect.w - 20), h)
        box.midtop = (rect.centerx, rect.y + 10)
        panel = pygame.Surface(box.size, pygame.SRCALPHA)
        panel.fill((20, 22, 26, 215))
        surf.blit(panel, box)
        y = box.y + gap
        frame = int(self.age * 30)
        for e, label in rows:
            surf.blit(label, (box.x + gap, y))
            y += font.get_linesize() + gap // 2
            for i, face in enumerate(e.faces):
                r = pygame.Rect(box.x + gap + i * (size + gap), y, size, size)
                if r.right > box.right:
                    break
                if self.tumbling():
                    draw_die(surf, (frame + 3 * i) % e.sides % 6 + 1, r, None)
                else:
                    hit = None if e.target is None else face >= e.target
                    draw_die(surf, face, r, hit)
            y += size + gap
        return True
