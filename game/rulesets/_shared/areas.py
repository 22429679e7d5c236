"""Areas on the table: the figures within a distance of a base or a point (edge to edge,
optionally in line of sight), and the scatter of a point by a rolled direction and distance.

Distances are edge to edge: from a base, to the other base's edge; from a point, to the base's
edge (0 when the point lies on the base). Everything is in millimetres."""
from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from game.core.context import RuleContext
from game.core.state import Figure
from game.geometry.shapes import Base
from game.geometry.table import Table
from game.rulesets._shared.tables import base_of

Point2 = tuple[float, float]
Origin = Figure | Base | Point2
WITHIN_EPS = 1e-6   # a distance this much over the limit still counts as within
POINT_SIZE = 0.02   # the diameter of the stand-in base that looks from a point


def base_on(table: Table, fig: Figure) -> Base:
    """The figure's base: the one already set on the table when it is up to date, else a
    fresh one (a figure moved since, or a hypothetical position)."""
    b = table.bases.get(fig.id)
    if b is not None and b.x == fig.x and b.y == fig.y and b.facing == fig.facing \
            and b.size == fig.size and b.shape == fig.shape:
        return b
    return base_of(fig)


def _origin(table: Table, origin: Origin) -> Base | Point2:
    if isinstance(origin, Figure):
        return base_on(table, origin)
    if isinstance(origin, Base):
        return origin
    return (float(origin[0]), float(origin[1]))


def gaps(table: Table, origin: Origin, figures: Sequence[Figure]) -> list[float]:
    """Edge distances from the origin (a figure, a base or a point) to each figure."""
    if not figures:
        return []
    return table.distances(_origin(table, origin), [base_on(table, f) for f in figures]).tolist()


def within(table: Table, origin: Origin, distance: float, figures: Iterable[Figure], *,
           sight: bool = False, figures_block: bool = True) -> list[Figure]:
    """The figures (in the order given, the origin figure itself left out) whose base lies
    within ``distance`` of the origin, edge to edge. ``sight``: only those the origin can see
    (``Table.can_see``; from a point, a tiny base stands in); ``figures_block``: whether
    other figures' bases block that sight (terrain always does)."""
    me = origin.id if isinstance(origin, (Figure, Base)) else None
    cands = [f for f in figures if f.id != me]
    if not cands:
        return []
    here = _origin(table, origin)
    bases = [base_on(table, f) for f in cands]
    near = (table.distances(here, bases) <= distance + WITHIN_EPS).tolist()
    if not sight:
        return [f for f, ok in zip(cands, near) if ok]
    viewer = here if isinstance(here, Base) else Base("__area_point__", here[0], here[1], POINT_SIZE)
    ignore = () if figures_block else tuple(table.bases)
    return [f for f, b, ok in zip(cands, bases, near) if ok and table.can_see(viewer, b, ignore)]


# --------------------------------------------------------------------------- scatter
@dataclass(frozen=True)
class Scatter:
    """Where a scattered point lands. ``heading``: degrees (the facing convention: 0 = +x,
    towards +y), None when it did not move; ``rolled``: the distance rolled (mm); ``point``:
    the landing point, kept on the table."""

    start: Point2
    point: Point2
    heading: float | None
    rolled: float


def clamp(point: Point2, width: float, height: float, margin: float = 0.0) -> Point2:
    """The point kept ``margin`` inside a width x height table."""
    x = min(max(point[0], margin), width - margin)
    y = min(max(point[1], margin), height - margin)
    return (x, y)


def scatter(ctx: RuleContext, who: str, point: Point2, *,
            distance: Callable[[Sequence[int]], float | None], dice: int = 1, sides: int = 6,
            directions: int = 12, rule: str = "scatter",
            direction_rule: str = "scatter_direction", margin: float = 0.0,
            max_rerolls: int = 20) -> Scatter:
    """Scatter ``point``: roll ``dice`` D``sides`` (``rule``) and turn the faces into a
    distance in mm with ``distance`` (None: roll again, e.g. on a double; after
    ``max_rerolls`` the point stays). A positive distance then rolls one D``directions``
    (``direction_rule``): face k points at k x 360 / directions degrees. The landing point
    is kept ``margin`` inside the table. Every roll goes through ``ctx.roll`` (DiceRolled)."""
    start = (float(point[0]), float(point[1]))
    rolled = None
    for _ in range(max_rerolls + 1):
        faces = ctx.roll(who, rule, dice, sides=sides)
        rolled = distance(faces)
        if rolled is not None:
            break
    if not rolled or rolled <= 0.0:
        return Scatter(start, start, None, 0.0)
    (face,) = ctx.roll(who, direction_rule, 1, sides=directions, judge=lambda fs: fs[0])
    heading = (face % directions) * 360.0 / directions
    a = math.radians(heading)
    landed = clamp((start[0] + rolled * math.cos(a), start[1] + rolled * math.sin(a)),
                   ctx.state.width, ctx.state.height, margin)
    return Scatter(start, landed, heading, float(rolled))
