"""The game clock in the AI, for every ruleset: whether the enemy stays home (its figures
still about their deployment zones), the sign that a stand-off will last to the turn limit
unless we go and take what the scenario scores."""
from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence

from game.core.state import Figure, GameState

Rect = tuple[float, float, float, float]     # x0, y0, x1, y1 (mm)


def zones_mm(raw: Mapping | None, unit: float) -> dict[int, list[Rect]]:
    """A scenario's deployment zones as the state keeps them (``extras["zones"]``: side ->
    [x, y, w, h] in the ruleset's unit) as mm rectangles."""
    return {int(side): [(x * unit, y * unit, (x + w) * unit, (y + h) * unit) for x, y, w, h in rects]
            for side, rects in (raw or {}).items()}


def away_from(pos: tuple[float, float], rects: Sequence[Rect]) -> float:
    """How far (mm) ``pos`` stands outside the nearest of ``rects`` (0 inside one)."""
    return min(math.hypot(max(x0 - pos[0], 0.0, pos[0] - x1), max(y0 - pos[1], 0.0, pos[1] - y1))
               for x0, y0, x1, y1 in rects)


def stays_home(zones: Mapping[int, Sequence[Rect]], enemies: Iterable[Figure], within: float) -> bool:
    """Whether the ``enemies`` in play stand, on average, within ``within`` mm of their
    side's deployment zones (False when a side has no zone, or nobody is left)."""
    away = []
    for e in enemies:
        rects = zones.get(e.side)
        if not rects:
            return False
        away.append(away_from(e.pos, rects))
    return bool(away) and sum(away) / len(away) <= within


def foe_stays_home(state: GameState, foes: Iterable[Figure], unit: float, within: float) -> bool:
    """From the second turn, whether ``foes`` stand on average within ``within`` (in the
    ruleset's ``unit``, mm per unit) of their deployment zones as the state keeps them."""
    if state.turn < 2:
        return False
    return stays_home(zones_mm(state.extras.get("zones"), unit), foes, within * unit)
