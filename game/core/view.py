"""What one side may know: the game state as that side sees it, and the engine over it
that agents decide from.

``side_view`` copies the state with the dice stream scrambled (no peeking at future rolls),
without the figures the ruleset says the side cannot see (mist, for instance) and without
whatever else the ruleset keeps secret from that side (``conceal``).

``SideEngine`` (``Engine.view_for(side)``) answers the engine's queries (``decider``,
``legal_actions``, ``check``, ``dice``, ``state``) on such a view, with the same rules code
(``game.core.engine.judge``). It holds the view and the ruleset, nothing else: no record of
the true game, no true state, no way to step it. Whether the true game accepts what an
agent chose from its view is decided outside the agent (``game.ai.agents.settle``)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.context import RuleContext
from game.core.dice import Dice
from game.core.errors import Refusal
from game.core.state import GameState

if TYPE_CHECKING:
    from game.core.actions import Action, ActionChoice
    from game.core.ruleset import Ruleset


def side_view(ruleset, state: GameState, side: int) -> GameState:
    view = state.clone()
    view.rng = [0x853C49E6748FEA9B, 0xDA3E39CB94B95BDB]  # a fixed stream, not the game's
    seen = ruleset.visible_to(state, side)
    for fid in list(view.figures):
        if view.figures[fid].side != side and fid not in seen:
            del view.figures[fid]
    ruleset.conceal(view, side)
    return view


class SideEngine:
    """The engine's query API over one side's view (see the module docstring). The view
    is the engine's own: read it, never change it (planners work on ``state.clone()``)."""

    def __init__(self, ruleset: Ruleset, view: GameState, side: int):
        self.ruleset = ruleset
        self.state = view
        self.side = side
        self._legal: list[ActionChoice] | None = None

    def decider(self) -> int | None:
        if self.state.outcome is not None:
            return None
        return self.ruleset.decider(self.state)

    @property
    def dice(self) -> Dice:
        """Dice on the view's scrambled stream: never the game's future rolls."""
        return Dice(self.state.rng)

    def rule_context(self) -> RuleContext:
        """The rules' context on the view: its state, dice on a copy of its scrambled stream,
        the table."""
        return RuleContext(self.state, Dice(list(self.state.rng)), self.ruleset.table_for)

    def legal_actions(self) -> list[ActionChoice]:
        """What the deciding side may do, as far as its view tells."""
        if self.state.outcome is not None:
            return []
        if self._legal is None:
            self._legal = self.ruleset.legal_actions(self.state, self.rule_context())
        return self._legal

    def check(self, action: Action) -> Refusal | None:
        """None when the action is legal in the view (the true game may still refuse it:
        a figure this side cannot see may stand in the way)."""
        from game.core.engine import judge

        if self.state.outcome is not None:
            return Refusal("refused.game_over")
        return judge(self.ruleset, self.state, self.legal_actions(), action, self.rule_context())

    def clone(self) -> SideEngine:
        return SideEngine(self.ruleset, self.state.clone(), self.side)


def decider_view(engine) -> SideEngine:
    """The engine an agent decides from: ``engine`` itself when it is a side's view, else
    the view of the side deciding now (an agent handed the true engine keeps only that)."""
    if isinstance(engine, SideEngine):
        return engine
    return engine.view_for(engine.decider())
