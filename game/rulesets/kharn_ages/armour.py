"""Armour and shield durability, wounds and the carcass.

Armour (K-R5, K-R31): whenever damage arrives and a box is free, tick a box (not for an
unarmed or shield hit), then roll 1D10, free of PA and without mastery: 1 is an EC (stops
nothing, one more box ticked, again not for an unarmed or shield hit), 10 an RC (stops all the
base damage), from the threshold it stops ``high``, below it ``low``. Armour only ever stops
base damage: the critical bonus always lands. With every box ticked it stops nothing.
Perce-armure X ticks X boxes (1D5 when no X) before the roll.

Wounds: hit points lost; at 0 the figure is terrassé and lies as a carcass marker (``out``,
its position kept, ``status["carcass"]``).
"""
from __future__ import annotations

from dataclasses import dataclass

from game.core.context import Marks
from game.core.events import OutOfAction, StatusChanged, Wounded
from game.rulesets._shared import nd10

from .fighter import Armour, Fighter


@dataclass(frozen=True)
class Absorbed:
    face: int | None        # the armour die (None: no roll)
    stopped: int
    ticked: int
    taken: int


def boxes_left(f: Fighter) -> int:
    a = f.armour
    return 0 if a is None else max(0, a.boxes - int(f.status.get("armour_ticks", 0)))


def tick_armour(f: Fighter, n: int) -> int:
    """Tick up to n armour boxes; returns how many were ticked."""
    n = min(max(0, n), boxes_left(f))
    f.status["armour_ticks"] = int(f.status.get("armour_ticks", 0)) + n
    return n


def stopped_by(armour: Armour, face: int, base: int) -> int:
    """Base damage the armour die stops."""
    if face == 1:
        return 0
    if face == nd10.SIDES:
        return base
    return min(base, armour.high if face >= armour.threshold else armour.low)


def pierce(ctx, f: Fighter, x: int | None, by: str | None = None) -> int:
    """Perce-armure: tick X boxes (1D5 rolled when X is 0 or None); returns boxes ticked."""
    if boxes_left(f) == 0:
        return 0
    if not x:
        x = nd10.roll_derived(ctx, by or f.id, "pierce", 5, against=f.id)[0]
    return tick_armour(f, x)


def absorb(ctx, f: Fighter, base: int, crit: int = 0, *, spares: bool = False,
           by: str | None = None) -> Absorbed:
    """The armour's answer to a hit of ``base`` damage plus ``crit`` critical damage."""
    base, crit = max(0, base), max(0, crit)
    a = f.armour
    if a is None or base + crit == 0 or boxes_left(f) == 0:
        return Absorbed(None, 0, 0, base + crit)
    ticked = 0 if spares else tick_armour(f, 1)
    face = ctx.roll(f.id, "armour", 1, sides=nd10.SIDES, target=a.threshold, against=by,
                    judge=lambda fs: stopped_by(a, fs[0], base),
                    marks=lambda fs: Marks(kept=(0,), crit=(0,) if fs[0] == 10 else (),
                                           fumble=(0,) if fs[0] == 1 else ()))[0]
    if face == 1 and not spares:
        ticked += tick_armour(f, 1)
    stopped = stopped_by(a, face, base)
    return Absorbed(face, stopped, ticked, base - stopped + crit)


def tick_shield(f: Fighter, n: int) -> None:
    f.status["shield_ticks"] = int(f.status.get("shield_ticks", 0)) + n


def wound(ctx, f: Fighter, amount: int, by: str | None = None) -> bool:
    """Take ``amount`` hit points; returns True when the figure is terrassé by it."""
    amount = max(0, int(amount))
    if amount == 0 or f.fig.out:
        return False
    f.fig.vitality = max(0, f.fig.vitality - amount)
    ctx.emit(Wounded(figure=f.id, amount=amount, vitality=f.fig.vitality))
    if f.fig.vitality > 0:
        return False
    f.fig.out = True
    f.status["carcass"] = True
    ctx.emit(StatusChanged(figure=f.id, status="carcass", value=True))
    ctx.emit(OutOfAction(figure=f.id, by=by))
    return True
