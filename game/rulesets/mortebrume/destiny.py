"""Destiny points: one per side each turn, kept from turn to turn; spent on healing (one die
per point, sized by the physique left) or inspiration (the roll's dice again per point),
once per fighter per turn."""
from __future__ import annotations

from game.core.actions import Action
from game.core.context import RuleContext
from game.core.events import StatusChanged
from game.core.state import Figure, GameState
from game.rulesets._shared.aptitude import die_for


def reserve(state: GameState, side: int) -> int:
    return int(state.extras["destiny"][str(side)])


def spend(state: GameState, side: int, n: int) -> None:
    state.extras["destiny"][str(side)] = reserve(state, side) - n


def heal_targets(state: GameState, side: int) -> tuple[str, ...]:
    if reserve(state, side) <= 0:
        return ()
    return tuple(f.id for f in state.figures_of(side)
                 if f.vitality < f.max_vitality and not f.status.get("destiny_used"))


def heal_values(state: GameState, fig: Figure) -> tuple[int, ...]:
    return tuple(range(1, min(reserve(state, fig.side), fig.vitality) + 1))


def heal(state: GameState, action: Action, ctx: RuleContext) -> None:
    fig = state.figures[action.target]
    n = int(action.value)
    spend(state, fig.side, n)
    fig.status["destiny_used"] = True
    sides = die_for(fig.vitality)
    faces = ctx.roll(fig.id, "destiny_heal", n, sides=sides)
    before = fig.vitality
    fig.vitality = min(fig.max_vitality, fig.vitality + sum(faces))
    ctx.emit(StatusChanged(figure=fig.id, status="healed", value=fig.vitality - before))


def inspire(state: GameState, action: Action, ctx: RuleContext) -> None:
    fig = state.figures[action.actor]
    n = int(action.value)
    spend(state, fig.side, n)
    fig.status["destiny_used"] = True
    fig.status["inspired"] = n
    ctx.emit(StatusChanged(figure=fig.id, status="inspired", value=n))


def can_inspire(state: GameState, fig: Figure) -> tuple[int, ...]:
    """How many destiny points the fighter may spend on its next roll: any number the
    side holds, once per turn."""
    if fig.status.get("destiny_used") or fig.out:
        return ()
    return tuple(range(1, reserve(state, fig.side) + 1))
