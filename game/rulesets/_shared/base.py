"""What every ruleset answers the same way behind the Ruleset protocol, from its own
modules: scenarios and setup (``setup_rules``: ``scenario_ids``, ``setup``), legal actions
(``legal_rules``), checks (``check_rules``, the legal module unless given), narration
(``narration_rules``: ``describe``), the table of a state, the shared activation's decider,
and, for a ruleset without hidden information, every figure seen and nothing concealed. A
ruleset sets the modules as class attributes and writes only what is its own."""
from __future__ import annotations

from types import ModuleType
from typing import Any, ClassVar

from game.core import activation
from game.core.actions import Action, ActionChoice
from game.core.context import RuleContext
from game.core.errors import Refusal
from game.core.events import Event
from game.core.state import GameState
from game.rulesets._shared.tables import table_for


class RulesetBase:
    setup_rules: ClassVar[ModuleType]
    legal_rules: ClassVar[ModuleType]
    narration_rules: ClassVar[ModuleType]
    check_rules: ClassVar[ModuleType | None] = None

    def scenarios(self) -> list[str]:
        return self.setup_rules.scenario_ids()

    def setup(self, scenario: str, seed: int, options: dict[str, Any]) -> GameState:
        return self.setup_rules.setup(scenario, seed, options)

    def table_for(self, state: GameState):
        return table_for(state)

    def decider(self, state: GameState) -> int | None:
        return activation.decider(state)

    def legal_actions(self, state: GameState, ctx: RuleContext) -> list[ActionChoice]:
        return self.legal_rules.legal_actions(state, ctx)

    def check(self, state: GameState, action: Action, choice: ActionChoice,
              ctx: RuleContext) -> Refusal | None:
        return (self.check_rules or self.legal_rules).check(state, action, choice, ctx)

    def visible_to(self, state: GameState, side: int) -> set[str]:
        """Every figure (a ruleset with hidden information says otherwise)."""
        return set(state.figures)

    def conceal(self, view: GameState, side: int) -> None:
        """Nothing secret beyond unseen figures (by default)."""

    def describe(self, event: Event, state: GameState, lang: str = "fr") -> str:
        return self.narration_rules.describe(event, state, lang)
