"""Generic actions (the objective mastery domain): the rolled ones against a fixed threshold
(an RC succeeds outright, K-R2), and the care actions.

Rolled: characteristics + ND10 >= threshold, PA paid whatever the outcome; some need the
figure free (engaged with nobody), Lire once per activation. Care: En alerte (1 PA, one
characteristic more on the next defence), Panser (2 PA: bleeding -1; 4 PA: all of it),
Boire un antidote (2 PA: the poison's malus -1; 4 PA: the poisoning ends, K-R40), Ôter son
armure (3 PA; natural armour stays).
"""
from __future__ import annotations

from dataclasses import dataclass

from game.rulesets._shared import nd10
from game.rulesets._shared.nd10 import ND10Roll

from .dice import action_roll
from .fighter import Fighter
from .moves import action_cost, spend


@dataclass(frozen=True)
class Rolled:
    pa: int
    chars: tuple[str, ...]
    threshold: int
    free: bool = False
    once: bool = False


ROLLED = {
    "dig": Rolled(2, ("C", "P"), 12, free=True),
    "convince": Rolled(1, ("I", "I"), 13, free=True),
    "pick_lock": Rolled(1, ("A", "I"), 12, free=True),
    "put_out_fire": Rolled(1, ("A", "I"), 12),
    "smother_flames": Rolled(2, ("A", "I"), 14),
    "read": Rolled(2, ("T", "I"), 13, free=True, once=True),
    "detect": Rolled(2, (), 8),          # a natural 8+ on the kept die (no characteristic)
}


def allowed(f: Fighter, action: str, free: bool) -> str | None:
    spec = ROLLED[action]
    if spec.free and not free:
        return "engaged"
    if spec.once and action in f.status.get("generic_done", ()):
        return "once"
    if action_cost(f, spec.pa) > f.pa:
        return "pa"
    return None


def attempt(ctx, f: Fighter, action: str, *, free: bool = True, mastery: bool = True,
            target: Fighter | None = None) -> ND10Roll:
    """Pay and roll a generic action; with ``mastery`` the figure re-rolls with an objective
    die when short. Success is ``roll.reaches(threshold, rc_wins=True)`` (see ``succeeded``);
    putting out a fire puts out ``target``'s (by default the figure's own)."""
    why = allowed(f, action, free)
    if why:
        raise ValueError(f"{action} not allowed ({why})")
    spec = ROLLED[action]
    spend(f, action_cost(f, spec.pa))
    f.status.setdefault("generic_done", []).append(action)
    mods = [(c, f.char(c)) for c in spec.chars]
    need = spec.threshold - sum(v for _, v in mods)
    best = nd10.best_reroll_below(need, rc_wins=True) if mastery else None
    roll = action_roll(ctx, f, action, "objective", mods, need=max(1, need), reroll_below=best)
    if action in ("put_out_fire", "smother_flames") and succeeded(action, roll):
        (target or f).status["fire"] = False
    return roll


def succeeded(action: str, roll: ND10Roll) -> bool:
    return roll.reaches(ROLLED[action].threshold, rc_wins=True)


def alert(f: Fighter) -> None:
    spend(f, action_cost(f, 1))
    f.status["alert"] = True


def bandage(f: Fighter, target: Fighter, pa: int) -> None:
    """2 PA: the bleeding drops by 1 (from the last effect); 4 PA: every bleeding stops."""
    if pa not in (2, 4):
        raise ValueError("bandaging costs 2 or 4 PA")
    spend(f, action_cost(f, pa))
    bleed = list(target.status.get("bleeding", []))
    if pa == 4 or not bleed:
        target.status["bleeding"] = []
        return
    bleed[-1] -= 1
    target.status["bleeding"] = [x for x in bleed if x > 0]


def antidote(f: Fighter, target: Fighter, pa: int) -> None:
    """2 PA: the poison's malus drops by 1; 4 PA: the poisoning ends."""
    if pa not in (2, 4):
        raise ValueError("an antidote costs 2 or 4 PA")
    spend(f, action_cost(f, pa))
    if pa == 4:
        target.status["poisoned"] = False
        target.status["poison"] = 0
    else:
        target.status["poison"] = max(0, int(target.status.get("poison", 0)) - 1)


TAKE_OFF_PA = 3


def take_off_armour(f: Fighter) -> None:
    """3 PA: the armour no longer protects nor slows; natural armour cannot come off."""
    if f.armour is None or f.armour.natural:
        raise ValueError("no armour to take off")
    spend(f, action_cost(f, TAKE_OFF_PA))
    f.status["armour_off"] = True
