"""Errors the engine raises. A Refusal is a reason a player can read, not a crash."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Refusal:
    """Why an action was refused: a text-catalogue key plus its arguments."""

    code: str
    args: dict[str, Any] = field(default_factory=dict)

    def __str__(self) -> str:  # plain fallback, the UI and CLI localise via game.core.text
        if not self.args:
            return self.code
        inner = ", ".join(f"{k}={v}" for k, v in sorted(self.args.items()))
        return f"{self.code} ({inner})"


class IllegalAction(Exception):
    """Raised by Engine.step when the action is not legal now."""

    def __init__(self, refusal: Refusal):
        super().__init__(str(refusal))
        self.refusal = refusal


class UserError(Exception):
    """A problem caused by user input (bad option, unknown id): printed as one line, exit 2."""


class SaveError(UserError):
    """A save file that cannot be loaded: corrupted, foreign or from another version."""


class ScriptExhausted(Exception):
    """ScriptedDice ran out of faces: the test scripted fewer dice than the rules rolled."""
