"""Push-back: a base driven straight along a direction until it has gone the distance or met
something (another base, movement-blocking terrain, the table edge), legality as
``Table.check_path`` judges it.

The ruleset chooses the distance, the direction, whether the push goes in whole steps
(Mortebrume: centimetre by centimetre) or in one go, and what a collision does: the result
reports how far the base went, what stopped it and what distance was left.
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from game.core.state import Figure
from game.geometry.shapes import Base
from game.geometry.table import BaseRef, Table
from game.rulesets._shared.tables import base_of

Point2 = tuple[float, float]
BISECTIONS = 32

_KINDS = {"off_table": "edge", "terrain": "terrain", "zone": "zone"}


@dataclass(frozen=True)
class PushResult:
    """``blocker``: None, "figure", "terrain", "edge" (or "zone": an extra blocker);
    ``blocker_id``: the figure met. ``travelled`` and ``distance`` in mm; ``steps``: the
    whole steps made (stepwise pushes)."""

    start: Point2
    end: Point2
    distance: float
    travelled: float
    blocker: str | None = None
    blocker_id: str | None = None
    steps: int = 0

    @property
    def blocked(self) -> bool:
        return self.blocker is not None

    @property
    def shortfall(self) -> float:
        """The distance the obstacle took off the push."""
        return max(0.0, self.distance - self.travelled)


def away(source: Point2, target: Point2) -> tuple[float, float]:
    """Unit vector from ``source`` towards ``target`` (straight away from the source); the
    zero vector when the two coincide."""
    dx, dy = target[0] - source[0], target[1] - source[1]
    d = math.hypot(dx, dy) or 1.0
    return dx / d, dy / d


def toward(heading: float) -> tuple[float, float]:
    """Unit vector of a heading in degrees (0 = +x, towards +y)."""
    a = math.radians(heading)
    return math.cos(a), math.sin(a)


def _blocker(reason: str | None) -> tuple[str | None, str | None]:
    if reason is None or reason == "too_far":
        return None, None
    if reason.startswith("figure:"):
        return "figure", reason.split(":", 1)[1]
    return _KINDS.get(reason, reason), None


def push_path(table: Table, base: Base, direction: tuple[float, float], distance: float, *,
              step: float | None = None, others: Sequence[BaseRef] | None = None) -> PushResult:
    """Where ``base`` ends when pushed ``distance`` mm along the unit vector ``direction``.

    ``step``: push in whole steps of that length (``round(distance / step)`` of them), each
    one made only if the base can travel it entirely; otherwise one move, stopped just short
    of the first obstacle (to a micrometre or so). ``others``: the bases that obstruct (all
    the other set bases by default). Nothing is moved: see ``push``."""
    ux, uy = direction
    x, y = base.x, base.y
    if step is not None:
        n = int(round(distance / step))
        for k in range(1, n + 1):
            p = (x + ux * step, y + uy * step)
            res = table.check_path(base.moved(x, y), [p], None, others=others)
            if not res.ok:
                kind, who = _blocker(res.reason)
                return PushResult((base.x, base.y), (x, y), distance, (k - 1) * step, kind, who,
                                  k - 1)
            x, y = p
        return PushResult((base.x, base.y), (x, y), distance, n * step, steps=n)
    goal = (x + ux * distance, y + uy * distance)
    res = table.check_path(base, [goal], None, others=others)
    if res.ok or distance <= 0.0:
        return PushResult((x, y), goal, distance, max(0.0, distance))
    lo, hi, reason = 0.0, 1.0, res.reason
    for _ in range(BISECTIONS):
        mid = (lo + hi) / 2.0
        probe = table.check_path(base, [(x + ux * distance * mid, y + uy * distance * mid)],
                                 None, others=others)
        if probe.ok:
            lo = mid
        else:
            hi, reason = mid, probe.reason
    kind, who = _blocker(reason)
    end = (x + ux * distance * lo, y + uy * distance * lo)
    return PushResult((x, y), end, distance, distance * lo, kind, who)


def push(table: Table, fig: Figure, direction: tuple[float, float], distance: float, *,
         step: float | None = None, others: Sequence[BaseRef] | None = None) -> PushResult:
    """``push_path`` for a figure, which is then moved to where it ended."""
    res = push_path(table, base_of(fig), direction, distance, step=step, others=others)
    fig.x, fig.y = res.end
    return res


def push_group(table: Table, bases: Sequence[Base], direction: tuple[float, float],
               distance: float, *, step: float | None = None) -> list[PushResult]:
    """Several bases pushed together by the same vector (a line of figures stepping back),
    each obstructed by the set bases outside the group: they all go as far as the most
    hindered one, and those that met something report it. Nothing is moved; the ruleset
    decides what a blocked member means (Swidenth: nobody moves)."""
    group = {b.id for b in bases}
    others = [b for b in table.bset.bases if b.id not in group]
    alone = [push_path(table, b, direction, distance, step=step, others=others) for b in bases]
    if not alone:
        return []
    least = min(r.travelled for r in alone)
    return [r if r.travelled <= least else
            push_path(table, b, direction, least, step=step, others=others)
            for b, r in zip(bases, alone)]
