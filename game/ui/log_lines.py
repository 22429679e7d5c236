"""Lines of the narrated log that carry more than their text."""
from __future__ import annotations

from typing import Any


class RollLine(str):
    """A log line telling a roll: it carries the roll's event, and the log box shows it as
    a link opening the "why?" box (game.ui.why_box)."""

    roll: Any = None

    def __new__(cls, text: str, roll: Any) -> RollLine:
        line = super().__new__(cls, text)
        line.roll = roll
        return line
