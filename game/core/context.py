"""RuleContext: everything a rule may touch while applying an action (dice, table, emit)."""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from game.core.dice import Dice
from game.core.events import DiceRolled, Event
from game.core.state import GameState


class RuleContext:
    def __init__(self, state: GameState, dice: Dice, table_factory: Callable[[GameState], Any]):
        self.state = state
        self.dice = dice
        self._table_factory = table_factory
        self.events: list[Event] = []
        self.rolled = False

    @property
    def table(self):
        """The geometry Table, with every figure still in play placed as a base."""
        return self._table_factory(self.state)

    def emit(self, event: Event) -> None:
        self.events.append(event)

    def roll(self, who: str, rule: str, n: int, *, sides: int = 6, target: int | None = None,
             judge: Callable[[Sequence[int]], int | bool] | None = None,
             mods: Sequence[tuple[str, int]] = (), against: str | None = None) -> list[int]:
        """Roll n dice for a rule and record the roll as an event. ``judge`` turns faces into
        the result stored in the event (default: count of faces >= target)."""
        faces = self.dice.faces(n, sides) if n > 0 else []
        self.rolled = True
        if judge is not None:
            result = judge(faces)
        elif target is not None:
            result = sum(1 for f in faces if f >= target)
        else:
            result = sum(faces)
        self.emit(DiceRolled(who=who, rule=rule, sides=sides, faces=tuple(faces), target=target,
                             result=result, mods=tuple(mods), against=against))
        return faces
