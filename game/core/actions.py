"""Actions are frozen data (ids, points, numbers); templates say what is allowed now."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

Point = tuple[float, float]


def stored_point(p) -> Point:
    """A path point as an action stores and judges it: rounded to a micrometre."""
    return (round(float(p[0]), 3), round(float(p[1]), 3))


@dataclass(frozen=True)
class Action:
    """One concrete decision. Serialises to JSON through to_dict/from_dict."""

    kind: str
    actor: str | None = None
    targets: tuple[str, ...] = ()
    path: tuple[Point, ...] = ()
    value: int | str | None = None
    values: tuple[int, ...] = ()
    partners: tuple[str, ...] = ()

    @property
    def target(self) -> str | None:
        return self.targets[0] if self.targets else None

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind}
        if self.actor is not None:
            out["actor"] = self.actor
        if self.targets:
            out["targets"] = list(self.targets)
        if self.path:
            out["path"] = [list(stored_point(p)) for p in self.path]
        if self.value is not None:
            out["value"] = self.value
        if self.values:
            out["values"] = list(self.values)
        if self.partners:
            out["partners"] = list(self.partners)
        return out

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Action:
        return cls(
            kind=str(d["kind"]),
            actor=d.get("actor"),
            targets=tuple(d.get("targets", ())),
            path=tuple((float(p[0]), float(p[1])) for p in d.get("path", ())),
            value=d.get("value"),
            values=tuple(int(v) for v in d.get("values", ())),
            partners=tuple(d.get("partners", ())),
        )

    def rounded(self) -> Action:
        """The action as a save stores it (paths rounded to a micrometre)."""
        return Action.from_dict(self.to_dict())


@dataclass(frozen=True)
class MoveSpec:
    """A movement an action may include: allowance in mm and how terrain counts."""

    allowance: float
    ignore_terrain: bool = False
    ignore_difficult: bool = False
    required: bool = False          # the action must carry a path (a dynamic move)
    goal: str | None = None         # where the path must end: "contact" (touching the
                                    # action's target) or "cover" (touching cover terrain)


# How the window gathers what a template leaves open (ActionChoice.input):
INPUTS = (
    "none",         # nothing: a button plays it (with the button's value, the fixed targets)
    "path",         # a path drawn on the table (optional when the move is not required)
    "target",       # one target clicked (or up to max_targets), after an optional free step
    "path_target",  # a path, then a target
    "contact",      # a target, then a path into contact found by the window
    "goal",         # a path the window finds to the move's goal (cover...), or none
    "facing",       # a direction pointed on the table, the nearest of the values; with a
                    # required move, a path first and the facing at its end (drag from it)
    "placement",    # a spot clicked for the actor (its facing toward the pointer or the centre)
    "form",         # a value built from several linked fields, then a target if it needs one
    "reroll",       # which die to roll again (the values), or none
    "secret",       # one of the targets picked in secret (a button each, never on the table)
)


@dataclass(frozen=True)
class ActionChoice:
    """A template of legal actions: kind and actor fixed, targets / values among those listed.
    ``input`` says how a person gives what it leaves open (see INPUTS); left empty, it follows
    from the template's shape (``gather``)."""

    kind: str
    actor: str | None = None
    targets: tuple[str, ...] = ()
    values: tuple[Any, ...] = ()
    move: MoveSpec | None = None
    min_targets: int = 0
    max_targets: int = 1
    partners: tuple[str, ...] = ()
    hints: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)
    input: str = field(default="", compare=False)

    @property
    def gather(self) -> str:
        """The declared input, else the one the template's shape calls for."""
        if self.input:
            return self.input
        move = self.move
        if move is not None and move.goal == "contact" and self.targets:
            return "contact"
        if move is not None and move.goal is not None:
            return "goal"
        if self.min_targets >= 1:
            return "path_target" if move is not None and move.required else "target"
        if move is not None and move.required:
            return "path"
        return "none"

    @property
    def free_step(self) -> bool:
        """A move the player may make first, before the action itself (a static action's step)."""
        m = self.move
        return (m is not None and not m.required and m.goal is None
                and self.gather in ("none", "target", "form") and self.hints.get("free_step", True))

    @property
    def refused(self) -> dict:
        """Targets the rules refuse as things stand, with the reason (id -> Refusal): shown
        greyed. One may still be in ``targets`` when the template's free step could change
        the answer."""
        return self.hints.get("refused") or {}

    @property
    def offered(self) -> tuple[str, ...]:
        """The targets the rules accept as things stand."""
        bad = self.refused
        return tuple(t for t in self.targets if t not in bad) if bad else self.targets

    def admits(self, action: Action):
        """Membership check; the ruleset checks geometry afterwards. Returns a Refusal or None."""
        from game.core.errors import Refusal

        if action.kind != self.kind or action.actor != self.actor:
            return Refusal("refused.not_now")
        n = len(action.targets)
        if n < self.min_targets or n > self.max_targets:
            return Refusal("refused.target_count", {"min": self.min_targets, "max": self.max_targets})
        for t in action.targets:
            if t not in self.targets:
                return Refusal("refused.bad_target", {"target": t})
        if len(set(action.targets)) != n:
            return Refusal("refused.bad_target", {"target": ",".join(action.targets)})
        if self.values and action.value not in self.values:
            return Refusal("refused.bad_value", {"value": action.value})
        if not self.values and action.value is not None:
            return Refusal("refused.bad_value", {"value": action.value})
        for p in action.partners:
            if p not in self.partners:
                return Refusal("refused.bad_partner", {"partner": p})
        if action.path:
            if self.move is None:
                return Refusal("refused.no_move")
        elif self.move is not None and self.move.required:
            return Refusal("refused.path_required")
        return None
