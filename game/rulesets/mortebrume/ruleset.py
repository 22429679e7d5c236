"""Mortebrume behind the Ruleset protocol."""
from __future__ import annotations

from typing import Any

from game.core.actions import Action
from game.core.context import RuleContext
from game.core.dice import Dice, Stream
from game.core.events import Note, StatusChanged
from game.core.ruleset import RulesetInfo
from game.core.state import GameState, Outcome
from game.rulesets._shared.base import RulesetBase
from game.rulesets._shared.tables import table_for
from game.rulesets.mortebrume import (
    combat,
    damage,
    deployment,
    destiny,
    flow,
    legal,
    narration,
    reserved,
    setup,
    sight,
    spells,
    stats,
    victory,
)


def _move(state: GameState, action: Action, ctx: RuleContext) -> None:
    fig = state.figures[action.actor]
    act = state.activation
    allowance = legal.move_allowance(state, fig)
    ctx.emit(Note(key="mb.note.declared_move", args={"figure": fig.id}))
    combat.walk_path(state, ctx, fig, action.path, allowance, "walk")
    if act["acted"]:
        act["moved_after"] = True
        act["spent"] = act["allowance"]  # what was left after acting is used up
    else:
        act["moved_before"] = True


def _run(state: GameState, action: Action, ctx: RuleContext) -> None:
    fig = state.figures[action.actor]
    act = state.activation
    act["allowance"] = 2 * stats.walk(fig)
    combat.walk_path(state, ctx, fig, action.path, act["allowance"], "run")
    act.update({"ran": True, "acted": True})


def _turn(state: GameState, action: Action, ctx: RuleContext) -> None:
    fig = state.figures[action.actor]
    fig.facing = float(action.value)
    state.activation["turned"] = True
    ctx.emit(StatusChanged(figure=fig.id, status="facing", value=fig.facing))


def _shoot(state: GameState, action: Action, ctx: RuleContext) -> None:
    state.activation["shot"] = str(action.value)
    combat.shoot(state, action, ctx)


_APPLY = {"activate": flow.start, "impose": flow.impose, "move": _move, "run": _run,
          "turn": _turn, "strike": combat.strike, "shoot": _shoot, "cast": spells.cast,
          "inspire": destiny.inspire, "heal": destiny.heal, "react": combat.react,
          "free_move": combat.free_move, "priority": flow.choose_priority,
          "designate": deployment.designate, "deploy_order": deployment.order,
          "deploy": deployment.deploy, "push": damage.choose_push, "reserved": reserved.strike}


class Mortebrume(RulesetBase):
    setup_rules, legal_rules, narration_rules = setup, legal, narration
    info = RulesetInfo(id="mortebrume", name="Mortebrume", version=setup.VERSION, unit="cm",
                       dice="D6/D8/D10", table=(75.0, 75.0), unit_mm=10.0, hidden=True,
                       activation="hand", bases=("square",), facing=True)

    def setup(self, scenario: str, seed: int, options: dict[str, Any]) -> GameState:
        state = setup.setup(scenario, seed, options)
        ctx = RuleContext(state, Dice(Stream(seed, stream=17).rng), table_for)
        if "deploy" in state.extras:  # interactive deployment: its first decision
            deployment.next_phase(state, ctx)
        else:
            flow.begin_turn(state, ctx)  # the first hand, rolled with the setup stream
        if not state.pending:
            state.extras["setup_notes"].append({"key": "mb.setup.hand",
                                                "side": state.extras["main"]})
        return state

    def apply(self, state: GameState, action: Action, ctx: RuleContext) -> None:
        if action.kind == "end":
            flow.end_activation(state, ctx)
            return
        _APPLY[action.kind](state, action, ctx)
        state.pending.sort(key=lambda d: d.kind == "push")  # a recul is answered first
        flow.release_owed(state)
        self._maybe_end(state, ctx)

    def _maybe_end(self, state: GameState, ctx: RuleContext) -> None:
        """The activation ends by itself once nothing is left to do (or the fighter fell)."""
        act = state.activation
        if act is None or state.pending:
            return
        fig = state.figures[act["fig"]]
        if act.get("closing") or fig.out or fig.status.get("stunned") or act["ran"] or (
                act["acted"] and legal.move_allowance(state, fig) <= 0.5):
            flow.end_activation(state, ctx)

    def outcome(self, state: GameState) -> Outcome | None:
        return victory.outcome(state)

    def visible_to(self, state: GameState, side: int) -> set[str]:
        """The side's own figures and the enemies its fighters see through the mist."""
        return sight.visible_to(state, table_for(state), side)

    def conceal(self, view: GameState, side: int) -> None:
        """Designations are secret until both sides have made theirs."""
        deploy = view.extras.get("deploy")
        for chosen in (view.extras.get("designated"), deploy and deploy.get("designated")):
            if chosen and any(d.kind == "designate" for d in view.pending):
                for other in [k for k in chosen if k != str(side)]:
                    del chosen[other]

    # --- small queries for the interface and the AI
    def mist_radius(self, state: GameState) -> float:
        return stats.mist_radius(state)

    def reach_bands(self) -> dict[str, tuple[float, float]]:
        return dict(stats.BANDS)


RULESET = Mortebrume()
