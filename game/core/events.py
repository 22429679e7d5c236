"""Events: frozen records of what happened. The UI animates them, the log narrates them
(each ruleset's describe), tests assert on them. They never hold text for players."""
from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any, ClassVar


@dataclass(frozen=True)
class Event:
    kind: ClassVar[str] = "event"

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        d["kind"] = self.kind
        return d


@dataclass(frozen=True)
class DiceRolled(Event):
    """A roll: who rolled, for which rule, how many dice of which size, the faces, the target
    number (X+ threshold, or None), and what came out (hits, success...). Optional marks say
    which dice a keep-one roll kept and which showed a critical success or failure."""

    kind: ClassVar[str] = "dice"
    who: str
    rule: str
    sides: int
    faces: tuple[int, ...]
    target: int | None
    result: int | bool
    mods: tuple[tuple[str, int], ...] = ()
    against: str | None = None
    kept: tuple[int, ...] = ()     # indexes into faces of the dice kept (empty: every die counts)
    crit: tuple[int, ...] = ()     # indexes of faces that are critical successes
    fumble: tuple[int, ...] = ()   # indexes of faces that are critical failures

    MARKS: ClassVar[tuple[str, ...]] = ("kept", "crit", "fumble")

    def to_dict(self) -> dict[str, Any]:
        """As before the marks existed when a roll has none (old logs and tests unchanged)."""
        d = super().to_dict()
        for name in self.MARKS:
            if not d[name]:
                del d[name]
        return d


@dataclass(frozen=True)
class TurnStarted(Event):
    kind: ClassVar[str] = "turn"
    turn: int
    first_side: int


@dataclass(frozen=True)
class Activated(Event):
    kind: ClassVar[str] = "activated"
    side: int
    figures: tuple[str, ...]
    actions: int
    mode: str = "single"


@dataclass(frozen=True)
class ActivationEnded(Event):
    kind: ClassVar[str] = "activation_ended"
    side: int
    figures: tuple[str, ...]
    success: bool = True


@dataclass(frozen=True)
class ActionDeclared(Event):
    kind: ClassVar[str] = "action"
    figure: str
    action: str
    targets: tuple[str, ...] = ()
    partners: tuple[str, ...] = ()


@dataclass(frozen=True)
class Moved(Event):
    kind: ClassVar[str] = "moved"
    figure: str
    path: tuple[tuple[float, float], ...]
    cost: float
    mode: str


@dataclass(frozen=True)
class StatusChanged(Event):
    kind: ClassVar[str] = "status"
    figure: str
    status: str
    value: Any


@dataclass(frozen=True)
class Wounded(Event):
    kind: ClassVar[str] = "wounded"
    figure: str
    amount: int
    vitality: int


@dataclass(frozen=True)
class OutOfAction(Event):
    kind: ClassVar[str] = "out"
    figure: str
    by: str | None = None


@dataclass(frozen=True)
class CombatResolved(Event):
    kind: ClassVar[str] = "combat"
    attackers: tuple[str, ...]
    defender: str
    hits_attack: int
    hits_defence: int
    winner: str | None  # "attack", "defence" or None (tie)


@dataclass(frozen=True)
class ReactionChosen(Event):
    kind: ClassVar[str] = "reaction"
    figure: str
    reaction: str
    against: str | None = None


@dataclass(frozen=True)
class Note(Event):
    """A rule outcome with no better record: key of the text catalogue plus arguments."""

    kind: ClassVar[str] = "note"
    key: str
    args: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class TokenChanged(Event):
    kind: ClassVar[str] = "token"
    token: str
    change: str  # picked, dropped, delivered
    figure: str | None = None


@dataclass(frozen=True)
class GameEnded(Event):
    kind: ClassVar[str] = "game_ended"
    winner: int | None
    reason: str
    scores: tuple[float, ...] = ()
