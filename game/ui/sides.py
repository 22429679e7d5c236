"""How the window shows the sides of a game, whatever their number: each side's colour
(Okabe-Ito, from the theme), the white marker shape on its bases (ring, diamond,
triangle, square, so that sides differ without colour), and its name as players read it
(side number, warband, "neutral" for a side its scenario plays)."""
from __future__ import annotations

import pygame

from game.core.text import t
from game.ui import theme
from game.ui.roster_names import picked_title, roster_title

MARKS = ("ring", "diamond", "triangle", "square")   # side 1, 2, 3, 4 (then round again)


def _nth(table: dict, side: int):
    return table.get(side) or table[(side - 1) % len(table) + 1]


def side_colour(side: int) -> tuple:
    """A side's colour on the table."""
    return _nth(theme.SIDE_COLOURS, side)


def side_light(side: int | None) -> tuple:
    """A side's colour for text on dark panels (plain text for nobody)."""
    return theme.TEXT if side is None else _nth(theme.SIDE_LIGHT, side)


def side_mark(side: int) -> str:
    return MARKS[(side - 1) % len(MARKS)]


def draw_mark(surf, side: int, centre, m: int, colour=theme.WHITE, width: int = 2) -> None:
    """A side's marker, ``m`` pixels from its centre to its tips, around ``centre``."""
    x, y = centre
    mark = side_mark(side)
    if mark == "ring":
        pygame.draw.circle(surf, colour, (x, y), m, width)
    elif mark == "diamond":
        pygame.draw.polygon(surf, colour, [(x, y - m), (x + m, y), (x, y + m), (x - m, y)], width)
    elif mark == "triangle":
        pygame.draw.polygon(surf, colour, [(x, y - m), (x + m * 0.87, y + m * 0.5),
                                           (x - m * 0.87, y + m * 0.5)], width)
    else:
        k = round(m * 0.75)
        pygame.draw.rect(surf, colour, (x - k, y - k, 2 * k + 1, 2 * k + 1), width)


def warband(state, side: int, lang: str) -> str:
    """A side's warband as players read it (the label its ruleset gave it, {fr, en}, else its
    roster file's name), marked when the side is neutral."""
    label = (state.sides[side].extras.get("label") or {}) if side in state.sides else {}
    roster = label.get(lang) if isinstance(label, dict) else None
    if not roster and side in state.sides and state.sides[side].roster == "custom":
        roster = picked_title(state.ruleset, sorted({f.profile for f in state.figures.values()
                                                     if f.side == side}), lang)
    if not roster:
        roster = roster_title(state.ruleset, state.sides[side].roster, lang) if side in state.sides else ""
    if side in state.sides and state.sides[side].neutral:
        return t("ui.side.neutral", lang, roster=roster)
    return roster
