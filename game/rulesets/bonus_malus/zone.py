"""Deviation of a missed area weapon (B-R16): 2D6 rolled again on a double, the distance is
the lower die divided by three and rounded up, in pas; the direction is one D12 (a clock
face), through ``_shared/areas.scatter``."""
from __future__ import annotations

from collections.abc import Sequence

from game.rulesets._shared.areas import Point2, Scatter, scatter


def deviation_pas(faces: Sequence[int]) -> int | None:
    """Pas of deviation for two dice; None on a double (roll again)."""
    a, b = faces
    return None if a == b else -(-min(a, b) // 3)


def deviate(ctx, who: str, point: Point2, pas_mm: float) -> Scatter:
    def distance(faces: Sequence[int]) -> float | None:
        d = deviation_pas(faces)
        return None if d is None else d * pas_mm
    return scatter(ctx, who, point, distance=distance, dice=2, sides=6, directions=12,
                   rule="deviation", direction_rule="deviation_direction")
