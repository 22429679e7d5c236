"""Bonus / Malus behind the Ruleset protocol.
Three sides: two player teams and the neutral group, played by its scenario's agent."""
from __future__ import annotations

from typing import Any

from game.core.actions import Action
from game.core.context import RuleContext
from game.core.events import Event
from game.core.ruleset import RulesetInfo
from game.core.state import GameState, Outcome
from game.rulesets._shared.base import RulesetBase
from game.rulesets._shared.tables import table_for

from . import actions as A
from . import flow, legal, narration, setup, victory


class BonusMalus(RulesetBase):
    setup_rules, legal_rules, narration_rules = setup, legal, narration
    info = RulesetInfo(id="bonus_malus", name="Bonus / Malus", version=setup.VERSION, unit="pas",
                       dice="D6", table=(setup.TABLE_PAS, setup.TABLE_PAS), unit_mm=25.0,
                       sides=(2, 2), neutral=True, activation="alternate", bases=("round",),
                       facing=True)

    def setup(self, scenario: str, seed: int, options: dict[str, Any]) -> GameState:
        st = setup.setup(scenario, seed, options)
        begin(st)
        return st

    def apply(self, state: GameState, action: Action, ctx: RuleContext) -> None:
        before = flow.snapshot(state)
        kind = action.kind
        if state.pending and state.pending[-1].kind == flow.GUARD:
            flow.react(state, action, ctx)
        elif kind == flow.PICK:
            flow.pick(state, action, ctx)
        elif kind == flow.FACE:
            flow.face(state, action, ctx)
        elif kind == flow.ORDER:
            flow.roll_order(state, action, ctx)
        elif kind == flow.ACTIVATE:
            flow.activate(state, action, ctx)
        elif kind == A.END:
            flow.end_early(state, action, ctx)
        else:
            flow.act(state, action, ctx)
        flow.report(state, ctx, before)
        victory.track(state, ctx)

    def outcome(self, state: GameState) -> Outcome | None:
        return state.outcome or victory.decided(state)

    def conceal(self, view: GameState, side: int) -> None:
        """The picks of the other sides stay secret until every side has picked."""
        picks = flow.data(view)["picks"]
        for other in [k for k in picks if k != str(side)]:
            del picks[other]



def begin(state: GameState) -> None:
    """Open the first turn of a new game: in the alternated system, the first picks (no
    dice, nothing to tell); the classic system waits for its order roll."""
    if not flow.classic(state):
        flow.start(state, _Quiet(state))


class _Quiet:
    """A context for setup: no dice may be rolled, events are dropped."""

    def __init__(self, state: GameState):
        self.state = state
        self.events: list[Event] = []

    def emit(self, event: Event) -> None:
        self.events.append(event)

    @property
    def table(self):
        return table_for(self.state)


RULESET = BonusMalus()
