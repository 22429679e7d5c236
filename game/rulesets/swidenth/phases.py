"""The turn: initiative (S-R8), leader phases with their command bubbles (S-R7), their
alternation and the troops phases that follow (S-R23). A figure acts once per turn: its
``status["activated"]`` holds the turn it acted in."""
from __future__ import annotations

from collections.abc import Collection, Sequence

from game.core.state import Figure, GameState
from game.geometry.table import Table
from game.rulesets._shared.areas import gaps
from game.rulesets.swidenth import catalogue as cat_mod
from game.rulesets.swidenth import figures as F

INITIATIVE_FROM = 11          # two sides: 11+ gives the first side the initiative
LEADER, TROOPS = "leader", "troops"


def initiative(ctx, sides: Sequence[int]) -> list[int]:
    """The turn order. Two sides: one D20, 11+ for the first, else the second. More: each
    rolls, higher first, ties re-rolled among the tied sides only."""
    sides = list(sides)
    if len(sides) == 2:
        face = ctx.roll(str(sides[0]), "initiative", 1, sides=20, target=INITIATIVE_FROM)[0]
        return sides if face >= INITIATIVE_FROM else [sides[1], sides[0]]
    return _by_rolls(ctx, sides)


def _by_rolls(ctx, sides: list[int]) -> list[int]:
    if len(sides) <= 1:
        return sides
    rolls = {s: ctx.roll(str(s), "initiative", 1, sides=20)[0] for s in sides}
    out: list[int] = []
    for face in sorted(set(rolls.values()), reverse=True):
        tied = [s for s in sides if rolls[s] == face]
        out.extend(_by_rolls(ctx, tied) if len(tied) > 1 else tied)
    return out


def activated(state: GameState, fig: Figure) -> bool:
    return fig.status.get("activated") == state.turn


def mark_activated(state: GameState, fig: Figure) -> None:
    fig.status["activated"] = state.turn


def bubble_pas(fig: Figure, catalogue: cat_mod.Catalogue | None = None) -> float:
    """The command bubble of a leader in pas (Chef 3, Champion 2, troops 0)."""
    cat = catalogue or cat_mod.load()
    return float(cat.ranks[F.rank(fig)]["bubble"])


def is_leader(fig: Figure) -> bool:
    return F.rank(fig) in ("chef", "champion")


def ready(state: GameState, side: int) -> list[Figure]:
    """The side's figures still to act this turn, in state order."""
    return [f for f in state.figures.values() if f.side == side and not f.out and not activated(state, f)]


def leaders_ready(state: GameState, side: int) -> list[Figure]:
    """Leaders that may still open a phase: in play, not yet activated (stunned or not)."""
    return [f for f in ready(state, side) if is_leader(f)]


def eligible(state: GameState, table: Table, leader: Figure) -> list[str]:
    """The friends that may act in the leader's phase, fixed when it opens: not yet
    activated and strictly closer than the bubble, edge to edge (the leader included)."""
    reach = bubble_pas(leader) * F.PAS
    others = [f for f in ready(state, leader.side) if f.id != leader.id]
    near = [f.id for f, g in zip(others, gaps(table, leader, others)) if g < reach - 1e-6]
    return [leader.id, *near]


def next_phase(state: GameState, order: Sequence[int], last: int | None,
               troops_done: Collection[int] = ()) -> tuple[str, int] | None:
    """The phase after one of side ``last`` (None: the turn's first). Leader phases rotate
    through ``order`` from the side after ``last``, skipping sides without a leader ready;
    then each side's troops phase in order; None when the turn is over."""
    if not troops_done and any(leaders_ready(state, s) for s in order):
        start = 0 if last is None else (list(order).index(last) + 1) % len(order)
        for k in range(len(order)):
            side = order[(start + k) % len(order)]
            if leaders_ready(state, side):
                return (LEADER, side)
    for side in order:
        if side not in troops_done:
            return (TROOPS, side)
    return None
