"""A guided game: follows a lesson's steps (``game.data.lessons``) as the game goes.

Ruleset-agnostic and pure (no pygame): it compares actions with the step's pattern, refuses
an action that is not the awaited one (with the step's friendly reason) only while the
awaited action is legal now, so the player can never be stuck, advances when a matching
action is played, and keeps what the last step's action caused (its ``after`` text and its
rolls) for the window to explain. A free-play step refuses nothing and passes when the game
is over, giving a hint for the decision at hand. The scripted opponent lives in ``game.ai.scripted``."""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from game.core.actions import Action, ActionChoice
from game.core.errors import Refusal
from game.core.events import DiceRolled, Event

DEFAULT_REFUSAL = "guide.refused.default"
CONTINUE_REFUSAL = "guide.refused.continue"


def matches(pattern: Any, action: Action, unit_mm: float) -> bool:
    """Does the action fit the pattern? Only the fields the pattern gives are compared;
    ``into`` ([x, y, r] in the ruleset's unit) asks for a path ending in that circle."""
    if action.kind != pattern.kind:
        return False
    if pattern.actor is not None and action.actor != pattern.actor:
        return False
    if pattern.targets is not None and set(action.targets) != set(pattern.targets):
        return False
    if pattern.value is not None and action.value != pattern.value:
        return False
    if pattern.partners is not None and set(action.partners) != set(pattern.partners):
        return False
    if pattern.into is not None:
        if not action.path:
            return False
        x, y, r = pattern.into
        end = action.path[-1]
        return math.dist(end, (x * unit_mm, y * unit_mm)) <= r * unit_mm + 1e-6
    return True


def admits(choice: ActionChoice, pattern: Any) -> bool:
    """Could this template give an action fitting the pattern (its geometry aside)?"""
    if choice.kind != pattern.kind or (pattern.actor is not None and choice.actor != pattern.actor):
        return False
    if pattern.targets is not None and not set(pattern.targets) <= set(choice.targets):
        return False
    if pattern.value is not None and pattern.value not in choice.values:
        return False
    if pattern.partners is not None and not set(pattern.partners) <= set(choice.partners):
        return False
    return not (pattern.into is not None and choice.move is None)


def awaited_legal(choices: list[ActionChoice], pattern: Any) -> bool:
    return any(admits(c, pattern) for c in choices)


@dataclass
class After:
    """What the last step's action caused: its text key (may be None) and its rolls."""

    step: int
    key: str | None
    rolls: list[DiceRolled] = field(default_factory=list)


class Guide:
    def __init__(self, lesson: Any, unit_mm: float, start: int = 0):
        self.lesson = lesson
        self.unit_mm = unit_mm
        self.index = start
        self.after: After | None = None
        self.done_steps: set[int] = set(range(start))

    # --- where the lesson stands
    @property
    def step(self):
        return self.lesson.steps[self.index] if self.index < len(self.lesson.steps) else None

    @property
    def finished(self) -> bool:
        return self.index >= len(self.lesson.steps)

    def waiting(self) -> str | None:
        """'continue', 'player' (an expected action), 'opponent' (a scripted one) or 'free'
        (play on until the game is over); None once the lesson is over."""
        step = self.step
        if step is None:
            return None
        if step.until is not None:
            return "free"
        if step.expect is not None:
            return "player"
        if step.play is not None:
            return "opponent"
        return "continue"

    def chapter(self) -> tuple[int, str] | None:
        """(number from 1, title key) of the chapter the current step belongs to."""
        found = None
        n = 0
        for i, s in enumerate(self.lesson.steps[: self.index + 1]):
            if s.chapter:
                n += 1
                found = (n, s.chapter)
            if i >= self.index:
                break
        return found

    def chapters_done(self) -> list[int]:
        """Indices (from 0) of the chapters whose every step has been passed."""
        starts = [i for i, s in enumerate(self.lesson.steps) if s.chapter]
        ends = starts[1:] + [len(self.lesson.steps)]
        return [n for n, (a, b) in enumerate(zip(starts, ends)) if self.index >= b]

    # --- the player's actions
    def screen(self, choices: list[ActionChoice], action: Action) -> Refusal | None:
        """The lesson's refusal of a player's action, or None to let the engine decide.
        ``choices``: the legal templates now (an awaited action that is not legal now
        refuses nothing: the player is never stuck)."""
        step = self.step
        if step is None or step.play is not None or step.until is not None:
            return None
        if step.expect is None:
            return Refusal(CONTINUE_REFUSAL)
        if matches(step.expect, action, self.unit_mm) or not awaited_legal(choices, step.expect):
            return None
        return Refusal(step.refuse or DEFAULT_REFUSAL)

    def proceed(self) -> bool:
        """The player pressed "continue" on a step that waits for nothing."""
        if self.waiting() != "continue":
            return False
        self.done_steps.add(self.index)
        self.index += 1
        self.after = None
        return True

    def hint(self, kinds: list[str]) -> str | None:
        """The free-play step's text key for a decision where the player may play these
        action kinds: the first of its hints (in the lesson's order) that is among them."""
        step = self.step
        if step is None or step.until is None:
            return None
        return next((key for kind, key in step.hints.items() if kind in kinds), None)

    def game_over(self) -> bool:
        """The game ended: a free-play step passes (its ``after`` text then shown); True then."""
        if self.waiting() != "free":
            return False
        self.after = After(self.index, self.step.after)
        self.done_steps.add(self.index)
        self.index += 1
        return True

    def observe(self, action: Action, events: list[Event]) -> bool:
        """An action was played: the step advances when it is the awaited (or scripted)
        one; True then. Rolls of other actions join the last step's explanation."""
        rolls = [e for e in events if isinstance(e, DiceRolled)]
        step = self.step
        pattern = None if step is None else (step.expect or step.play)
        if pattern is not None and matches(pattern, action, self.unit_mm):
            self.after = After(self.index, step.after, rolls)
            self.done_steps.add(self.index)
            self.index += 1
            return True
        if self.after is not None:
            self.after.rolls.extend(rolls)
        return False
