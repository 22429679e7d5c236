"""Evenor, le Royaume Oublié, behind the Ruleset protocol."""
from __future__ import annotations

from typing import Any

from game.core import activation
from game.core.actions import Action, ActionChoice
from game.core.context import RuleContext
from game.core.errors import Refusal
from game.core.events import Event
from game.core.ruleset import RulesetInfo
from game.core.state import GameState, Outcome
from game.rulesets._shared.tables import table_for
from game.rulesets.evenor import charges, checks, flow, legal, melee, narration, setup, statics, victory
from game.rulesets.evenor.charges import react_event

_APPLY = {
    "activate": flow.start, "coordinate": flow.start, "wait": flow.wait,
    "move": charges.move, "charge": charges.charge, "move_shoot": statics.move_shoot,
    "aim": statics.aim, "shoot": statics.shoot, "fight": statics.fight,
    "prone": statics.go_prone, "stand_up": statics.stand_up, "take_cover": statics.take_cover,
    "hide": statics.hide, "power": statics.power, "pick_up": statics.pick_up,
    "pass": statics.pass_action, "step": statics.step,
}

_FINISH = {"shot": statics.finish_shot, "charge": charges.finish_charge,
           "engage": charges.finish_engage, "power": statics.finish_power}


class Evenor:
    info = RulesetInfo(id="evenor", name="Evenor, le Royaume Oublié", version=setup.VERSION,
                       unit="pas", dice="D6", table=(24.0, 24.0), unit_mm=25.0,
                       activation="alternate", bases=("round",))

    def scenarios(self) -> list[str]:
        return setup.scenario_ids()

    def setup(self, scenario: str, seed: int, options: dict[str, Any]) -> GameState:
        return setup.setup(scenario, seed, options)

    def table_for(self, state: GameState):
        return table_for(state)

    def decider(self, state: GameState) -> int | None:
        return activation.decider(state)

    def legal_actions(self, state: GameState, ctx: RuleContext) -> list[ActionChoice]:
        return legal.legal_actions(state, ctx)

    def check(self, state: GameState, action: Action, choice: ActionChoice,
              ctx: RuleContext) -> Refusal | None:
        return checks.check(state, action, choice, ctx)

    def apply(self, state: GameState, action: Action, ctx: RuleContext) -> None:
        if action.kind == "react":
            decision = state.pending.pop()
            fig = state.figures[decision.figure]
            react_event(ctx, fig, str(action.value), action.target)
            _FINISH[decision.context["type"]](ctx, state, decision.context, str(action.value), action)
        elif action.kind == "assign":
            decision = state.pending.pop()
            melee.apply_split(ctx, state, decision, int(action.value))
        elif action.kind == "end":
            flow.end_activation(state, ctx)
            return
        else:
            _APPLY[action.kind](state, action, ctx)
        flow.maybe_end(state, ctx)

    def outcome(self, state: GameState) -> Outcome | None:
        return victory.outcome(state)

    def visible_to(self, state: GameState, side: int) -> set[str]:
        """Evenor has no hidden information: hidden figures are on the table, marked."""
        return set(state.figures)

    def conceal(self, view: GameState, side: int) -> None:
        """Nothing else is secret in Evenor."""

    def describe(self, event: Event, state: GameState, lang: str = "fr") -> str:
        return narration.describe(event, state, lang)


RULESET = Evenor()
