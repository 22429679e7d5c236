"""The Ruleset protocol and the registry of rulesets by id. Engine, AI, UI, loader and
replays know rulesets only through this."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from game.core.actions import Action, ActionChoice
    from game.core.context import RuleContext
    from game.core.errors import Refusal
    from game.core.events import Event
    from game.core.state import GameState, Outcome


@dataclass(frozen=True)
class RulesetInfo:
    """What a ruleset is, as data: the engine, the window and the AI read it, never its id."""

    id: str
    name: str
    version: int
    unit: str                             # the unit players measure in (pas, cm, toise)
    dice: str                             # the dice it uses, as players name them (D6, D20...)
    table: tuple[float, float]            # in the ruleset's unit
    unit_mm: float = 25.0                 # millimetres in one unit
    sides: tuple[int, int] = (2, 2)       # fewest and most playing sides (seats)
    neutral: bool = False                 # a neutral side, played by its scenario's agent, may join
    hidden: bool = False                  # sides may not see every figure (mist, hiding)
    activation: str = "alternate"         # how figures take turns: alternate, hand, phases, classic
    bases: tuple[str, ...] = ("round",)   # base shapes its figures stand on
    facing: bool = False                  # figures have a front (arcs, attacks from behind)


class Ruleset(Protocol):
    info: RulesetInfo

    def scenarios(self) -> list[str]: ...
    def setup(self, scenario: str, seed: int, options: dict[str, Any]) -> GameState: ...
    def decider(self, state: GameState) -> int | None: ...
    def legal_actions(self, state: GameState, ctx: RuleContext) -> list[ActionChoice]: ...
    def check(self, state: GameState, action: Action, choice: ActionChoice,
              ctx: RuleContext) -> Refusal | None: ...
    def apply(self, state: GameState, action: Action, ctx: RuleContext) -> None: ...
    def outcome(self, state: GameState) -> Outcome | None: ...
    def describe(self, event: Event, state: GameState, lang: str) -> str: ...
    def visible_to(self, state: GameState, side: int) -> set[str]: ...
    def conceal(self, view: GameState, side: int) -> None:
        """Take off a side's view (a clone) what it may not know besides unseen figures."""
    def table_for(self, state: GameState): ...


_CACHE: dict[str, Ruleset] = {}


def available() -> list[str]:
    """The registered rulesets' ids (see game.core.plugins)."""
    from game.core.plugins import available as registered

    return registered()


def get_ruleset(rid: str) -> Ruleset:
    if rid not in _CACHE:
        from game.core.plugins import plugin

        _CACHE[rid] = plugin(rid).load("rules")
    return _CACHE[rid]
