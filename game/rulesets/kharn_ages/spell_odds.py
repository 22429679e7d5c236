"""Exact odds of a spell (on ``odds`` and the shared ND10 law): the cast reaching its
difficulty, the target's I-only defence holding against a known total, and the spell
working against a defence of so many PA (the caster re-rolls what falls short of the
difficulty with a mastery die, K-R60; the defender whatever falls short of the total).
Checked against enumeration in the tests (``test_ka_spell_odds.py``)."""
from __future__ import annotations

from game.rulesets._shared import nd10
from game.rulesets._shared.nd10 import EC, RC

from .dice import can_reroll, crit_for, dice_for
from .fighter import Fighter
from .odds import Roller, fixed_odds, parry_law

CAST_MOD = {1: -2, 2: 0, 3: 2}           # the incantation's modifier to the defence (magic.TARGET_MOD)


def cast_bonus(f: Fighter, pa: int, faction: int = 0) -> int:
    return f.char("I") * pa + faction


def cast_chance(f: Fighter, pa: int, difficulty: int, faction: int = 0) -> float:
    """P(the cast reaches the difficulty)."""
    return fixed_odds(dice_for(f, "esoteric"), cast_bonus(f, pa, faction), difficulty, crit_for(f, "esoteric"),
                      mastery=can_reroll(f, "esoteric"))


def defence_bonus(t: Fighter, pa: int, cast_pa: int) -> int:
    bonus = t.char("I") * pa + CAST_MOD[cast_pa]
    if t.has("en_eveil"):
        bonus += t.char("I")
    if t.has("hermetisme"):
        bonus += t.skill("hermetisme")
    return bonus


def defender(t: Fighter, pa: int, cast_pa: int) -> Roller:
    return Roller(dice_for(t, "esoteric"), defence_bonus(t, pa, cast_pa), crit_for(t, "esoteric"),
                  mastery=can_reroll(t, "esoteric"))


def spell_defence_chance(t: Fighter, pa: int, total: int, cast_pa: int) -> float:
    """P(a defence of ``pa`` PA equals or beats the caster's ``total``)."""
    return sum(parry_law(defender(t, pa, cast_pa), int(total)))


def works_chance(f: Fighter, t: Fighter | None, pa: int, difficulty: int, faction: int = 0,
                 defence_pa: int | None = 0) -> float:
    """P(the spell works): reached, and not held by the target's defence of ``defence_pa``
    PA (None or no target: accepted, nothing to beat)."""
    bonus = cast_bonus(f, pa, faction)
    crit = crit_for(f, "esoteric")
    need = difficulty - bonus
    mastery = can_reroll(f, "esoteric")
    policy = nd10.best_reroll_below(need, crit, True) if mastery else None
    d = defender(t, defence_pa, pa) if t is not None and defence_pa is not None else None
    out = 0.0
    for (v, kind), p in nd10.law(dice_for(f, "esoteric"), crit, policy, 1 if mastery else 0).items():
        if kind == EC or (v < need and kind != RC):
            continue
        out += p * (1.0 - (sum(parry_law(d, v + bonus)) if d is not None else 0.0))
    return out
