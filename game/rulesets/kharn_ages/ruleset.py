"""Khârn-Ages behind the Ruleset protocol."""
from __future__ import annotations

from typing import Any

from game.core.actions import Action, ActionChoice
from game.core.errors import Refusal
from game.core.ruleset import RulesetInfo
from game.core.state import GameState, Outcome
from game.rulesets._shared.base import RulesetBase

from . import casting as CA
from . import fight as FT
from . import flow as FL
from . import legal, narration, setup, victory
from . import morale_flow as MF
from . import ranged_fight as RF
from .fighter import TOISE


class KharnAges(RulesetBase):
    setup_rules, legal_rules, narration_rules = setup, legal, narration
    info = RulesetInfo(id="kharn_ages", name="Khârn-Ages", version=setup.VERSION, unit="toise", dice="D10",
                       table=(setup.TABLE_TOISES, setup.TABLE_TOISES), unit_mm=TOISE, sides=(2, 2),
                       activation="alternate", bases=("round",), facing=False)

    def setup(self, scenario: str, seed: int, options: dict[str, Any]) -> GameState:
        st = setup.setup(scenario, seed, options)
        FL.start_turn(st, setup.Quiet(st))
        return st

    def check(self, state: GameState, action: Action, choice: ActionChoice, ctx) -> Refusal | None:
        if action.kind == FT.MASTER and not set(action.values) <= set(choice.values):
            return Refusal("refused.bad_value", {"value": action.values})
        return legal.check(state, action, choice, ctx)

    def apply(self, state: GameState, action: Action, ctx) -> None:
        kind = action.kind
        top = state.pending[-1].kind if state.pending else None
        if top == FT.ROLL_DECISION:
            FT.answer_reroll(state, ctx, kind, action.value if action.value is None else int(action.value),
                             tuple(action.values))
        elif top == MF.DECISION:
            MF.answer(state, ctx, kind, action.value)
        elif top == CA.RESIST:
            state.pending.pop()
            CA.resist(state, ctx, str(action.value))
        elif top == FT.DEFEND:
            state.pending.pop()
            FT.defend(state, ctx, str(action.value))
        elif kind == FT.FREE_MOVE:
            FL.free_move(state, ctx, action)
        elif kind == FT.FREE_ATTACK:
            FL.free_attack(state, ctx, action)
        elif kind == RF.FREE_SHOT:
            FL.free_shot(state, ctx, action)
        elif kind == FT.SKIP:
            FL.skip(state, ctx, action)
        elif kind == FL.ACTIVATE:
            FL.activate(state, action, ctx)
        elif kind == FL.END:
            FL.close(state, ctx)
        else:
            FL.perform(state, action, ctx)
        FL.after(state, ctx, legal.has_moves)

    def outcome(self, state: GameState) -> Outcome | None:
        return state.outcome or victory.decided(state)



RULESET = KharnAges()
