"""Text drawn by hand with pygame where pygame-gui has no place (the profile card, the
message line, overlays on the table): greedy word wrap, wrapped text and a tooltip box.
Rendered lines and wraps are kept (per font object, so a new scale never reuses them):
the same texts come back every frame."""
from __future__ import annotations

import pygame

from game.ui import theme

_KEPT = 1024                      # entries at most in each cache before it starts afresh
_WRAPS: dict = {}
_LINES: dict = {}


def rendered(font, text: str, colour) -> pygame.Surface:
    """The line rendered once and reused (anti-aliased)."""
    key = (font, text, tuple(colour))
    img = _LINES.get(key)
    if img is None:
        if len(_LINES) >= _KEPT:
            _LINES.clear()
        img = _LINES[key] = font.render(text, True, colour)
    return img


def wrap(font, text: str, width: int) -> list[str]:
    """Greedy word wrap; keeps no-break spaces inside words (French typography)."""
    key = (font, text, width)
    lines = _WRAPS.get(key)
    if lines is None:
        if len(_WRAPS) >= _KEPT:
            _WRAPS.clear()
        lines = _WRAPS[key] = _wrap(font, text, width)
    return list(lines)


def _wrap(font, text: str, width: int) -> list[str]:
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
        surf.blit(rendered(font, line, colour), (x, y + i * (h + line_gap)))
    return len(lines) * (h + line_gap)


def text_height(font, text: str, width: int, line_gap: int = 2) -> int:
    """The height draw_text would use."""
    return len(wrap(font, text, width)) * (font.get_linesize() + line_gap)


def draw_tooltip(surf, fonts, text: str, pos, width: int = 320, bounds: pygame.Rect | None = None,
                 right: int | None = None, avoid: list | None = None) -> None:
    """A box of text under the cursor, wrapped at ``width`` (unscaled px), kept inside
    ``bounds`` (the screen by default) as far as it fits; with ``right``, the box ends at that
    x instead (left of a panel whose buttons pygame-gui draws over the scene). It never
    covers the rects of ``avoid`` (highlighted widgets) where it can go elsewhere."""
    font = fonts.get(12)
    area = bounds or surf.get_rect()
    lines = wrap(font, text, max(fonts.px(120), min(fonts.px(width), area.w - 20)))
    lh = font.get_linesize()
    w = max(font.size(line)[0] for line in lines) + 12
    h = lh * len(lines) + 10
    x = max(area.x + 4, min(pos[0] + 14, area.right - w - 4) if right is None else right - w - 4)
    y = max(area.y + 4, min(pos[1] + 18, area.bottom - h - 4))
    if x <= pos[0] <= x + w and y <= pos[1] <= y + h:   # pushed over the cursor: set it above
        y = max(area.y + 4, pos[1] - h - 12)
    box = pygame.Rect(x, y, w, h)
    if avoid:
        from game.ui.tip_place import clear_box

        box = clear_box(box, pygame.Rect(pos[0] - 2, pos[1] - 2, 4, 4), avoid, area)
        x, y = box.topleft
    pygame.draw.rect(surf, (20, 20, 24), box, border_radius=4)
    pygame.draw.rect(surf, theme.TEXT_DIM, box, 1, border_radius=4)
    for i, line in enumerate(lines):
        surf.blit(font.render(line, True, theme.TEXT), (x + 6, y + 5 + i * lh))
