"""The card's abbreviations explained: each stat of the profile line (I R C T S V, Phy Arm
Dod Mov Wil...) drawn as its own piece with a tooltip giving its full name and meaning, and
the terms of a line (DO...) found in the ruleset's glossary (its presentation's
``glossary``, texts from the ruleset's catalogue)."""
from __future__ import annotations

import re

import pygame

from game.core.text import t
from game.ui import theme
from game.ui.widgets import rendered


def tip(term: str, glossary: dict[str, str], lang: str) -> str:
    text = glossary.get(term)
    return t("ui.card.tip.stat", lang, term=term, text=text) if text else ""


def terms_in(text: str, glossary: dict[str, str], lang: str) -> str:
    """The glossary's explanations of the terms a line uses (as whole words), or ''."""
    found = [term for term in glossary if re.search(rf"(?<!\w){re.escape(term)}(?!\w)", text)]
    return "\n".join(tip(term, glossary, lang) for term in found)


def draw_stats(surf, font, stats, pos, width: int, glossary: dict[str, str], lang: str,
               colour=theme.TEXT) -> tuple[int, list[tuple[pygame.Rect, str]]]:
    """The stats line, one piece per stat (wrapped at ``width``); returns its height and
    the (rect, tooltip) of each stat that has an explanation."""
    x0, y = pos
    x = x0
    gap = font.size("   ")[0]
    lh = font.get_linesize() + 2
    tips = []
    for term, value in stats:
        img = rendered(font, f"{term} {value}", colour)
        if x > x0 and x + img.get_width() > x0 + width:
            x, y = x0, y + lh
        surf.blit(img, (x, y))
        text = tip(str(term), glossary, lang)
        if text:
            tips.append((pygame.Rect(x, y, img.get_width(), lh), text))
        x += img.get_width() + gap
    return y + lh - pos[1], tips
