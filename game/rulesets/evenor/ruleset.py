"""Evenor, le Royaume Oublié, behind the Ruleset protocol."""
from __future__ import annotations

from game.core.actions import Action
from game.core.context import RuleContext
from game.core.ruleset import RulesetInfo
from game.core.state import GameState, Outcome
from game.rulesets._shared.base import RulesetBase
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


class Evenor(RulesetBase):
    setup_rules, legal_rules, check_rules, narration_rules = setup, legal, checks, narration
    info = RulesetInfo(id="evenor", name="Evenor, le Royaume Oublié", version=setup.VERSION,
                       unit="pas", dice="D6", table=(24.0, 24.0), unit_mm=25.0,
                       activation="alternate", bases=("round",))

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



RULESET = Evenor()
