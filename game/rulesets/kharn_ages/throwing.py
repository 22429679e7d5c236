"""Throwing an object (2 PA, C + A + ND10 >= 12, shooting mastery): within the thrower's
stature in toises, +2 to the threshold per started toise beyond (K-R20) plus the object's own
difficulty. A hit strikes the figure aimed at (no defence: a fixed threshold, an RC always
hits, K-R2); a miss, or a throw at empty ground, deviates: a D10 of 5 or more leaves the
object where it was aimed, otherwise it rolls 5 - that face in toises, towards the heading a
second D10 gives (K-R21, K-R50). This round throws only small objects and stones at figures
(K-R25); the stone's bleeding lasts one activation.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from game.rulesets._shared import nd10
from game.rulesets._shared.nd10 import ND10Roll

from .armour import absorb, wound
from .dice import action_roll, flat_roll
from .fighter import Fighter
from .moves import action_cost, spend

THROW_PA = 2
BASE_THRESHOLD = 12
STAYS_ON = 5


@dataclass(frozen=True)
class Thrown:
    id: str
    difficulty: int
    damage: int
    bleeding_once: int = 0


OBJECTS = {"small_object": Thrown("small_object", -2, 2), "stone": Thrown("stone", 0, 3, bleeding_once=1)}


def threshold(f: Fighter, obj: Thrown, toises: float) -> int:
    extra = max(0, math.ceil(toises - f.stature - 1e-9))
    return BASE_THRESHOLD + obj.difficulty + 2 * extra


def heading(face: int) -> float:
    """K-R21: one of ten headings 36 degrees apart."""
    return (face - 1) * 36.0


@dataclass(frozen=True)
class ThrowResult:
    roll: ND10Roll
    hit: bool
    taken: int = 0
    drift: float = 0.0              # toises the object rolled on (0: it stayed)
    heading: float | None = None    # degrees, when it rolled


def throw_mods(f: Fighter) -> list[tuple[str, int]]:
    return [("C", f.char("C")), ("A", f.char("A"))]


def natural_needed(f: Fighter, obj: Thrown, toises: float) -> int:
    """The face the dice must show (before the RC chain) to hit at this distance."""
    return threshold(f, obj, toises) - sum(v for _, v in throw_mods(f))


def throw(ctx, f: Fighter, obj: Thrown, toises: float, target: Fighter | None = None,
          reroll_below: int | None = None) -> ThrowResult:
    spend(f, action_cost(f, THROW_PA))
    need = threshold(f, obj, toises)
    mods = throw_mods(f)
    roll = action_roll(ctx, f, "throw", "shooting", mods, need=max(1, need - sum(v for _, v in mods)),
                       reroll_below=reroll_below, against=target.id if target else None)
    return land(ctx, f, obj, need, roll, target)


def land(ctx, f: Fighter, obj: Thrown, need: int, roll: ND10Roll, target: Fighter | None) -> ThrowResult:
    """The thrown object's end once its roll is closed: the figure aimed at is struck (no
    defence; an RC always hits), or the object deviates."""
    if target is not None and roll.reaches(need, rc_wins=True):
        dealt = absorb(ctx, target, obj.damage, 0, by=f.id)
        wound(ctx, target, dealt.taken, by=f.id)
        if obj.bleeding_once and not target.fig.out:
            target.status.setdefault("bleeding_once", []).append(obj.bleeding_once)
        return ThrowResult(roll, True, dealt.taken)
    face = flat_roll(ctx, f.id, "throw.deviation", need=STAYS_ON)
    if face >= STAYS_ON:
        return ThrowResult(roll, False)
    way = heading(ctx.roll(f.id, "throw.heading", 1, sides=nd10.SIDES)[0])
    return ThrowResult(roll, False, drift=float(STAYS_ON - face), heading=way)
