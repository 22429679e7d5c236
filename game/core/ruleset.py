"""The Ruleset protocol and the registry of rulesets by id. Engine, AI, UI, loader and
replays know rulesets only through this."""
from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from game.core.errors import UserError

if TYPE_CHECKING:
    from game.core.actions import Action, ActionChoice
    from game.core.context import RuleContext
    from game.core.errors import Refusal
    from game.core.events import Event
    from game.core.state import GameState, Outcome


@dataclass(frozen=True)
class RulesetInfo:
    id: str
    name: str
    version: int
    unit: str
    dice: str
    table: tuple[float, float]  # in the ruleset's unit


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


KNOWN = ("evenor", "swidenth", "bonus_malus", "kharn_ages", "mortebrume")
_MODULES = {"evenor": "game.rulesets.evenor", "mortebrume": "game.rulesets.mortebrume"}
_CACHE: dict[str, Ruleset] = {}


def available() -> list[str]:
    return sorted(_MODULES)


def get_ruleset(rid: str) -> Ruleset:
    if rid in _CACHE:
        return _CACHE[rid]
    if rid not in _MODULES:
        if rid in KNOWN:
            raise UserError(f"ruleset '{rid}' is not playable yet (playable: {', '.join(available())})")
        raise UserError(f"unknown ruleset '{rid}' (known: {', '.join(available())})")
    mod = importlib.import_module(_MODULES[rid])
    _CACHE[rid] = mod.RULESET
    return mod.RULESET
