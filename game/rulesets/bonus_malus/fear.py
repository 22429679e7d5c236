"""Fear and terror on the table (B-R47, B-R48). A figure that would end a move in base
contact with an enemy causing fear (Effrayant, and what makes it so: Terrifiant,
Démoniaque, Lycan) tests Moral first; failing, it stops one pas short of that enemy. A
figure starting its activation within 10 pas of an enemy causing terror (Terrifiant) tests
Moral; failing, it flees: the run distance straight away from the nearest such enemy,
which takes its whole activation (off the table if it reaches an edge). A figure that
causes terror itself fears no terror, and one that causes fear no fear."""
from __future__ import annotations

import math
from collections.abc import Sequence

from game.core.state import Figure, GameState
from game.geometry.table import Table
from game.rulesets._shared.engagement import enemies
from game.rulesets._shared.flee import Flight, flee_from
from game.rulesets._shared.tables import base_of

from . import figures as F
from .effects import flags

TERROR_PAS = 10.0
STOP_PAS = 1.0
BISECTIONS = 40

Point2 = tuple[float, float]


def causes(fig: Figure, what: str) -> bool:
    return what in flags(F.fighter(fig))


def terrors_near(state: GameState, table: Table, fig: Figure) -> list[Figure]:
    """Enemies causing terror within 10 pas (edge to edge), nearest first; none for a
    figure that causes terror itself."""
    if causes(fig, "terror"):
        return []
    near = [(table.distance(fig.id, e.id), e.id, e) for e in enemies(state, fig) if causes(e, "terror")]
    return [e for d, _, e in sorted(near) if d <= TERROR_PAS * F.PAS + 1e-6]


def flee_terror(table: Table, fig: Figure, source: Figure, run_mm: float) -> Flight:
    """The flight from a terrifying enemy; the figure is moved (or leaves the table)."""
    flight = flee_from(table, base_of(fig), source.pos, run_mm)
    fig.x, fig.y = flight.end
    return flight


def feared_contacts(state: GameState, fig: Figure, end: Point2) -> list[Figure]:
    """Enemies causing fear the figure would touch at ``end`` and does not touch now."""
    if causes(fig, "fear"):
        return []
    out = []
    for e in enemies(state, fig):
        if not causes(e, "fear"):
            continue
        now = math.dist(fig.pos, e.pos) - fig.radius - e.radius
        then = math.dist(end, e.pos) - fig.radius - e.radius
        if then <= F.CONTACT_MM and now > F.CONTACT_MM:
            out.append(e)
    return out


def stop_short(start: Point2, path: Sequence[Point2], radius: float, feared: Sequence[Figure]) -> list[Point2]:
    """The path cut where the figure first comes within one pas of a feared enemy (edge to
    edge): the points before, then that spot."""
    def too_close(p: Point2) -> bool:
        return any(math.dist(p, e.pos) - radius - e.radius < STOP_PAS * F.PAS - 1e-6 for e in feared)

    out: list[Point2] = []
    here = start
    for p in path:
        if not too_close(p):
            out.append(p)
            here = p
            continue
        lo, hi = 0.0, 1.0
        for _ in range(BISECTIONS):
            mid = (lo + hi) / 2
            q = (here[0] + (p[0] - here[0]) * mid, here[1] + (p[1] - here[1]) * mid)
            lo, hi = (mid, hi) if not too_close(q) else (lo, mid)
        out.append((here[0] + (p[0] - here[0]) * lo, here[1] + (p[1] - here[1]) * lo))
        break
    return out
