"""Damage against Défense (S-R2): at most Défense, the winner may make the loser recoil;
above it the loser is stunned; above twice it is also wounded (one Vitalité, or out with its
last); above three times the wound is horrible (still one Vitalité, plus the flag and the
Bravoure tests of its friends, S-R3)."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game.core.state import Figure
from game.rulesets._shared import d20
from game.rulesets.swidenth import figures as F

RECOIL, STUNNED, WOUNDED, HORRIBLE = 0, 1, 2, 3
BAND_NAMES = ("recoil", "stunned", "wounded", "horrible")
HORRIBLE_MELEE_DIFFICULTY = 8      # friends within 3 pas
HORRIBLE_SHOT_DIFFICULTY = 7       # friends with line of sight
HORRIBLE_MELEE_RADIUS = 3 * F.PAS


def band(damage: int, defense: int) -> int:
    """The band reached by ``damage`` against ``defense`` (bands add up)."""
    if damage > 3 * defense:
        return HORRIBLE
    if damage > 2 * defense:
        return WOUNDED
    if damage > defense:
        return STUNNED
    return RECOIL


@dataclass(frozen=True)
class Harm:
    band: int
    stunned: bool
    vitality_lost: int
    out: bool
    horrible: bool


def harm(damage: int, defense: int, vitality: int) -> Harm:
    """What the damage does to a figure with this Défense and Vitalité left."""
    b = band(damage, defense)
    lost = 1 if b >= WOUNDED else 0
    return Harm(b, b >= STUNNED, lost, lost > 0 and vitality <= 1, b == HORRIBLE)


def inflict(fig: Figure, h: Harm, turn: int) -> None:
    """Apply the harm: a stun token, a Vitalité, out of action, the horrible flag."""
    if h.stunned and not h.out:
        F.add_stun(fig, turn)
    if h.vitality_lost:
        fig.vitality = max(0, fig.vitality - h.vitality_lost)
        if fig.vitality == 0:
            fig.out = True
    if h.horrible:
        fig.status["horrible"] = int(fig.status.get("horrible", 0)) + 1


def bravoure_test(ctx, fig: Figure, difficulty: int, turn: int, rule: str = "bravoure") -> bool:
    """D20 + Bravoure (stun included) >= difficulty; a failure gives a stun token (S-R3)."""
    mods = [("bravoure", F.base_stat(fig, "bravoure")), *F.stun_mods(fig)]
    res = d20.roll_test(ctx, fig.id, rule, difficulty, mods)
    if not res.success:
        F.add_stun(fig, turn)
    return res.success


def horrible_tests(ctx, friends: Sequence[Figure], difficulty: int, turn: int) -> dict[str, bool]:
    """Every friend of a horribly wounded figure tests, in the order given."""
    return {f.id: bravoure_test(ctx, f, difficulty, turn, "horrible") for f in friends}
