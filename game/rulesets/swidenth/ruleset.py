"""Swidenth behind the Ruleset protocol."""
from __future__ import annotations

from game.core.actions import Action
from game.core.context import RuleContext
from game.core.ruleset import RulesetInfo
from game.core.state import GameState, Outcome
from game.rulesets._shared.base import RulesetBase
from game.rulesets.swidenth import actions as A
from game.rulesets.swidenth import flow, legal, narration, setup

_PREPARE = (A.MOVE, A.CONCENTRATE, A.RELOAD, A.NOTHING)
_DEEDS = (A.RUN, A.SHOOT, A.FIGHT, A.CAST, A.PICK_UP, A.CAMOUFLAGE, A.SKIP)


class Swidenth(RulesetBase):
    setup_rules, legal_rules, narration_rules = setup, legal, narration
    info = RulesetInfo(id="swidenth", name="L'Empire de Swidenth", version=setup.VERSION, unit="pas",
                       dice="D20", table=(setup.TABLE_PAS, setup.TABLE_PAS), unit_mm=25.0,
                       activation="phases", bases=("round",))

    def apply(self, state: GameState, action: Action, ctx: RuleContext) -> None:
        before = flow.snapshot(state)
        self._apply(state, action, ctx)
        flow.report_changes(state, ctx, before)

    def _apply(self, state: GameState, action: Action, ctx: RuleContext) -> None:
        kind = action.kind
        if kind != flow.PUSH:
            flow.announce_phase(state, ctx)      # a troops phase opened by the previous one
        if kind == flow.PUSH:
            flow.answer_recoil(state, action, ctx)
        elif kind == legal.INITIATIVE:
            flow.roll_initiative(state, action, ctx)
            return
        elif kind == legal.ACTIVATE:
            flow.activate(state, action, ctx)
        elif kind == legal.END:
            flow.end_phase(state, ctx)
            return
        elif kind in _PREPARE:
            flow.prepare(state, action, ctx)
        elif kind in _DEEDS:
            flow.deed(state, action, ctx)
        else:
            raise ValueError(f"unknown action {kind}")
        flow.maybe_end_phase(state, ctx)

    def outcome(self, state: GameState) -> Outcome | None:
        return state.outcome



RULESET = Swidenth()
