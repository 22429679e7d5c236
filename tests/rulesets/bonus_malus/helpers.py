"""Fighters for the Bonus / Malus rules tests: two figures face to face (each in the
other's front arc) unless placed otherwise."""
from __future__ import annotations

from game.rulesets.bonus_malus.fighter import Fighter, make


def pair(a: dict | None = None, b: dict | None = None) -> tuple[Fighter, Fighter]:
    """``a`` at (0, 0) facing +x, ``b`` at (1, 0) facing -x."""
    fa = make("a", 1, x=0.0, y=0.0, facing=0.0, **(a or {}))
    fb = make("b", 2, x=1.0, y=0.0, facing=180.0, **(b or {}))
    return fa, fb
