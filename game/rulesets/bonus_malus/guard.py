"""Gardien (B-R17): a figure may spend its last action going on alert. When an enemy ends an
activation in its front arc, in sight and within its reach (its base move, or its ranged
weapon's range when longer) without having been so at the start of that activation, the
guardian's side is asked (a pending ``gardien`` decision) for one action of one action's
worth, out of the guardian's activation (``reacting``), or to ``wait`` and stay on alert.
The posture ends once used, or when the guardian's own next activation starts."""
from __future__ import annotations

from game.core.state import Decision, Figure, GameState
from game.geometry.table import Table
from game.rulesets._shared.engagement import enemies
from game.rulesets._shared.facing import in_front

from . import actions as A
from . import figures as F
from . import shooting
from .effects import base_move

DECISION = A.GUARD


def reach_mm(fig: Figure) -> float:
    f = F.fighter(fig)
    ranges = [shooting.weapon(f, w).range for w in f.ranged_weapons()]
    return max([base_move(f), *ranges]) * F.PAS


def watches(table: Table, guardian: Figure, fig: Figure) -> bool:
    """The figure is in the guardian's front arc, in sight and within its reach."""
    return (in_front(guardian, fig.pos) and table.distance(guardian.id, fig.id) <= reach_mm(guardian) + 1e-6
            and table.can_see(guardian.id, fig.id))


def guardians(state: GameState, fig: Figure) -> list[Figure]:
    """The enemies of the figure on alert and able to act."""
    return [g for g in enemies(state, fig) if g.status.get("alert") and not g.status.get("stunned")]


def watching(state: GameState, table: Table, fig: Figure) -> list[str]:
    """The guardians that already watch the figure as its activation starts."""
    return [g.id for g in guardians(state, fig) if watches(table, g, fig)]


def ask(state: GameState, table: Table, fid: str, watched: list[str]) -> None:
    """After the figure's activation: a decision for each guardian it came into view of."""
    fig = state.figures[fid]
    if fig.out:
        return
    for g in reversed(guardians(state, fig)):
        if g.id not in watched and watches(table, g, fig):
            g.status["reacting"] = True
            state.pending.append(Decision(kind=DECISION, side=g.side, figure=g.id, context={"intruder": fid}))
