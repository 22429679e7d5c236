"""Shooting (the document's rules with B-R32, B-R33, B-R22): range bands, the Tir (or
Lancer) test on 4+, then the damage roll with the weapon's level, piercing and shield
bypass; Cadence X gives X shots, each resolved on its own and never limited by the melee
damage budget."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game.rulesets._shared.keep import TEST_THRESHOLD, KeepRoll, roll_level

from . import hits
from .catalogue import Entry
from .damage import Damage, damage_roll
from .effects import Situation, ask, flags
from .fighter import Fighter
from .hits import Aftermath
from .levels import level, modifiers
from .saves import Attack


@dataclass(frozen=True)
class Weapon:
    """A ranged weapon with the figure's upgrades applied."""

    entry: Entry
    range: float
    degats: int
    pierce: int
    shield_bypass: bool
    rate: int
    thrown: bool


def weapon(f: Fighter, entry: Entry) -> Weapon:
    rng = float(entry.get("range", 0))
    deg, pierce = int(entry.get("degats", 0)), int(entry.get("pierce", 0))
    for up in ask(f, "weapon"):
        if up.get("only") == "ammo" and not entry.get("ammo"):
            continue
        rng += float(up.get("range", 0))
        deg += int(up.get("degats", 0))
        pierce += int(up.get("pierce", 0))
    return Weapon(entry, rng, deg, pierce, bool(entry.get("shield_bypass")),
                  int(entry.get("rate", 1)), bool(entry.get("thrown")))


def band(w: Weapon, distance: float) -> str | None:
    """"normal" up to the range, "long" up to twice it, None beyond (B-R32)."""
    if distance <= w.range + 1e-9:
        return "normal"
    if distance <= 2 * w.range + 1e-9:
        return "long"
    return None


def shot_mods(shooter: Fighter, w: Weapon, distance: float,
              extra: Sequence[tuple[str, int]] = ()) -> tuple[tuple[str, int], ...]:
    b = band(w, distance)
    if b is None:
        raise ValueError(f"out of range: {distance} > 2 x {w.range}")
    out = [("long_range", -1)] if b == "long" else []
    if shooter.status.get("aimed"):
        out.append(("aimed", 1))
    return tuple(out) + tuple(extra)


@dataclass(frozen=True)
class Shot:
    hit: KeepRoll
    damage: Damage | None
    aftermath: Aftermath | None = None


def shoot(ctx, shooter: Fighter, target: Fighter, w: Weapon, distance: float, *,
          cover: str = "none", precise: bool = False,
          extra: Sequence[tuple[str, int]] = ()) -> Shot:
    """One shot (call it ``w.rate`` times for Cadence)."""
    comp = "lancer" if w.thrown else "tir"
    base, mods = level(shooter, comp, Situation("shots", foe=target),
                       shot_mods(shooter, w, distance, extra))
    hit = roll_level(ctx, shooter.id, "shot", base, mods=mods, threshold=TEST_THRESHOLD,
                     against=target.id)
    if not hit.success:
        return Shot(hit, None)
    sit = Situation("shots", "degats", target)
    dmg_mods = modifiers(shooter, "degats", sit)
    attack = Attack("shots", shooter.fig.pos, w.pierce, w.shield_bypass,
                    no_saves="no_saves" in flags(shooter, sit), cover=cover, precise=precise,
                    spirit="slayer" in flags(shooter, sit))
    fatal = "fatal" in flags(shooter, sit)
    dmg = damage_roll(ctx, shooter, target, w.degats, attack, mods=dmg_mods, fatal=fatal)
    return Shot(hit, dmg, hits.after(ctx, shooter, target, "on_hit"))
