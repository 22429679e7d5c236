"""Morale (B-R8): a group with more than half its figures out of action is demoralised;
each of its figures then tests Moral once (4+), failing means fleeing for good."""
from __future__ import annotations

from collections.abc import Sequence

from game.rulesets._shared.keep import TEST_THRESHOLD, KeepRoll, roll_level

from .fighter import Fighter
from .levels import level


def demoralised(group: Sequence[Fighter]) -> bool:
    """More than 50 % of the group out of action."""
    return bool(group) and 2 * sum(1 for f in group if f.fig.out) > len(group)


def morale_test(ctx, f: Fighter, extra: Sequence[tuple[str, int]] = ()) -> KeepRoll:
    base, mods = level(f, "moral", extra=extra)
    return roll_level(ctx, f.id, "morale", base, mods=mods, threshold=TEST_THRESHOLD)


def demoralisation_test(ctx, f: Fighter, extra: Sequence[tuple[str, int]] = ()) -> bool:
    """Once per figure (B-R8): True when it holds; a failure marks it fleeing for good."""
    if f.status.get("morale_tested"):
        return not f.status.get("fleeing")
    f.status["morale_tested"] = True
    held = morale_test(ctx, f, extra).success
    if not held:
        f.status["fleeing"] = "for_good"
    return held
