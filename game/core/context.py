"""RuleContext: everything a rule may touch while applying an action (dice, table, emit)."""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

from game.core.dice import Dice
from game.core.events import DiceRolled, Event
from game.core.state import GameState


class Marks(NamedTuple):
    """Indexes into the faces of a roll: the dice kept, the critical successes, the critical
    failures (each empty when the rule has none)."""

    kept: tuple[int, ...] = ()
    crit: tuple[int, ...] = ()
    fumble: tuple[int, ...] = ()


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
             mods: Sequence[tuple[str, int]] = (), against: str | None = None,
             marks: Callable[[Sequence[int]], Marks] | None = None) -> list[int]:
        """Roll n dice for a rule and record the roll as an event. ``judge`` turns faces into
        the result stored in the event (default: count of faces >= target); ``marks`` says
        which faces were kept and which were critical successes or failures."""
        faces = self.dice.faces(n, sides) if n > 0 else []
        self.rolled = True
        if judge is not None:
            result = judge(faces)
        elif target is not None:
            result = sum(1 for f in faces if f >= target)
        else:
            result = sum(faces)
        m = marks(faces) if marks is not None else Marks()
        self.emit(DiceRolled(who=who, rule=rule, sides=sides, faces=tuple(faces), target=target,
                             result=result, mods=tuple(mods), against=against,
                             kept=tuple(m.kept), crit=tuple(m.crit), fumble=tuple(m.fumble)))
        return faces
