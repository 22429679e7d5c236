"""Unseen figures (Indécelable, and what Camouflage and Furtif give), B-R56.

A figure is unseen when it has the Indécelable attribute or a ``hidden`` status from a
successful Camouflage or Furtif test:
- ``still`` (Camouflage): kept while the figure does not move; any move of its own ends it.
- ``stealth`` (Furtif): kept when it moves; fighting, or shooting a weapon that is not
  silent, suspends it until a move of its own ends touching another piece of scenery at
  least 1 pas across (then it is back, with no new test).
Whatever gives it, it does not protect a figure in base contact with an enemy, nor one
that shot a weapon that is not silent this turn (``loud``).

An unseen figure cannot be shot from more than 2 pas (edge to edge), and an enemy that
started its activation more than 1 pas from it cannot come into contact with it: its move
stops one pas short."""
from __future__ import annotations

import math

from game.core.state import Figure, GameState
from game.geometry.table import Table
from game.rulesets._shared.engagement import enemies

from . import figures as F
from .effects import flags

SHOT_PAS = 2.0
APPROACH_PAS = 1.0
Point2 = tuple[float, float]


def scenery(table: Table, fig: Figure, min_pas: float = 1.0) -> list[str]:
    from .terrain import scenery_touched
    return scenery_touched(table, fig, min_pas)


def tall(table: Table, pid: str) -> bool:
    """At least 1 pas high (a piece with no height given counts as tall enough)."""
    h = table.terrain_by_id[pid].height
    return h <= 0 or h >= F.PAS - 1e-6


def hide(table: Table, fig: Figure, lasts: str, min_pas: float = 1.0) -> None:
    pieces = scenery(table, fig, min_pas)
    fig.status["hidden"] = {"lasts": lasts, "piece": pieces[0] if pieces else None, "lost": False}


def engaged(state: GameState, table: Table, fig: Figure) -> bool:
    return any(table.distance(fig.id, e.id) <= F.CONTACT_MM for e in enemies(state, fig))


def unseen(state: GameState, table: Table, fig: Figure) -> bool:
    h = fig.status.get("hidden")
    innate = "unseen" in flags(F.fighter(fig))
    if not innate and not (h and not h.get("lost")):
        return False
    return not fig.status.get("loud") and not engaged(state, table, fig)


def shot_refused(state: GameState, table: Table, shooter: Figure, target: Figure) -> bool:
    return unseen(state, table, target) and table.distance(shooter.id, target.id) > SHOT_PAS * F.PAS + 1e-6


def exposed(fig: Figure) -> None:
    """A fight or a loud shot: Furtif's cover is lost until it reaches other scenery."""
    h = fig.status.get("hidden")
    if h and h["lasts"] == "stealth":
        h["lost"] = True


def expose_engaged(state: GameState, table: Table) -> None:
    """Every figure in base contact with an enemy loses Furtif's cover (B-R56)."""
    for f in state.figures.values():
        if not f.out and f.status.get("hidden") and engaged(state, table, f):
            exposed(f)


def moved(table: Table, fig: Figure) -> None:
    """After a move of the figure's own: Camouflage ends; Furtif's comes back on new scenery."""
    h = fig.status.get("hidden")
    if not h:
        return
    if h["lasts"] == "still":
        fig.status.pop("hidden")
        return
    if h.get("lost"):
        others = [p for p in scenery(table, fig) if p != h.get("piece") and tall(table, p)]
        if others:
            h.update(lost=False, piece=others[0])


def shot_fired(fig: Figure, silent: bool) -> None:
    if not silent:
        fig.status["loud"] = True
        exposed(fig)


def unseen_stops(state: GameState, table: Table, fig: Figure, origin: Point2, end: Point2) -> list[Figure]:
    """Unseen enemies the move would touch at ``end`` though the figure started its
    activation (at ``origin``) more than 1 pas from them."""
    out = []
    for e in enemies(state, fig):
        if not unseen(state, table, e):
            continue
        then = math.dist(end, e.pos) - fig.radius - e.radius
        start = math.dist(origin, e.pos) - fig.radius - e.radius
        if then <= F.CONTACT_MM and start > APPROACH_PAS * F.PAS + 1e-6:
            out.append(e)
    return out
