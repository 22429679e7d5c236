"""What a figure is, at a glance: a small badge at the upper left of its base with a glyph
drawn by us (no image files): a crown for a leader, a star for a caster, a bow for a
shooter, a sword for a fighter, a paw for a beast. The ruleset's presentation says which
(``Presentation.figure_role``); white on a dark disc, shapes that differ without colour."""
from __future__ import annotations

import math

import pygame

from game.ui import theme

ROLES = ("leader", "caster", "ranged", "melee", "beast")
MIN_RADIUS = 9          # pixels: under this the base is too small to carry a badge


def badge_centre(sx: int, sy: int, r: int) -> tuple[int, int]:
    """Where the badge sits: on the base's rim, upper left (the markers take the right)."""
    ang = -3 * math.pi / 4
    return int(sx + r * math.cos(ang)), int(sy + r * math.sin(ang))


def draw_badge(surf, role: str | None, sx: int, sy: int, r: int) -> bool:
    """The role's badge on a base of radius ``r`` at (sx, sy); False when none is drawn."""
    if role not in ROLES or r < MIN_RADIUS:
        return False
    cx, cy = badge_centre(sx, sy, r)
    k = max(5, min(9, r // 2))
    pygame.draw.circle(surf, (24, 24, 28), (cx, cy), k + 1)
    pygame.draw.circle(surf, theme.WHITE, (cx, cy), k + 1, 1)
    GLYPHS[role](surf, cx, cy, k - 2)
    return True


def _crown(surf, x: int, y: int, k: int) -> None:
    pts = [(x - k, y + k // 2), (x - k, y - k // 2), (x - k // 2, y), (x, y - k),
           (x + k // 2, y), (x + k, y - k // 2), (x + k, y + k // 2)]
    pygame.draw.polygon(surf, theme.WHITE, pts)


def _star(surf, x: int, y: int, k: int) -> None:
    pts = []
    for i in range(10):
        rad = k if i % 2 == 0 else k * 0.45
        a = -math.pi / 2 + i * math.pi / 5
        pts.append((x + rad * math.cos(a), y + rad * math.sin(a)))
    pygame.draw.polygon(surf, theme.WHITE, pts)


def _bow(surf, x: int, y: int, k: int) -> None:
    rect = pygame.Rect(x - k, y - k, 2 * k, 2 * k)
    pygame.draw.arc(surf, theme.WHITE, rect, -math.pi / 2, math.pi / 2, 2)
    pygame.draw.line(surf, theme.WHITE, (x, y - k), (x, y + k), 1)
    pygame.draw.line(surf, theme.WHITE, (x - k, y), (x + k // 2, y), 1)


def _sword(surf, x: int, y: int, k: int) -> None:
    pygame.draw.line(surf, theme.WHITE, (x - k, y + k), (x + k, y - k), 2)
    g = max(2, k // 2)
    hx, hy = x - k // 2, y + k // 2
    pygame.draw.line(surf, theme.WHITE, (hx - g, hy - g), (hx + g, hy + g), 2)


def _paw(surf, x: int, y: int, k: int) -> None:
    pygame.draw.circle(surf, theme.WHITE, (x, y + k // 3), max(2, k // 2))
    for dx, dy in ((-k * 0.7, -k * 0.3), (-k * 0.25, -k * 0.8), (k * 0.25, -k * 0.8), (k * 0.7, -k * 0.3)):
        pygame.draw.circle(surf, theme.WHITE, (int(x + dx), int(y + dy)), max(1, k // 4))


GLYPHS = {"leader": _crown, "caster": _star, "ranged": _bow, "melee": _sword, "beast": _paw}
