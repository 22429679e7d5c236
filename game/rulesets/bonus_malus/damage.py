"""One damage roll on a figure (B-R3): its save first, then, if the save failed, the damage
test (4+) at the damage level; a successful test takes one vitality point, or 1D3 with
Coup fatal, 1D2 after a won De taille et d'estoc test (1D6 with both) (B-R31)."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game.rulesets._shared.keep import TEST_THRESHOLD, KeepRoll, roll_level

from .effects import flags
from .fighter import Fighter
from .saves import Attack, save_level


@dataclass(frozen=True)
class Damage:
    save: KeepRoll | None
    roll: KeepRoll | None          # None when the save succeeded
    points: int                    # vitality points lost
    out: bool                      # out of action


def lost_points(ctx, who: str, fatal: bool, cut: bool) -> int:
    """Points an unsaved, successful damage roll takes."""
    if cut:
        (face,) = ctx.roll(who, "cut_thrust_points", 1, sides=6 if fatal else 2, judge=lambda fs: fs[0])
        return face
    if fatal:
        (face,) = ctx.roll(who, "fatal_points", 1, sides=6, judge=lambda fs: fs[0])
        return (face + 1) // 2
    return 1


def harms(target: Fighter, attack: Attack) -> bool:
    """A Spectre is untouched by normal weapons and bare hands (B-R58): only energy
    blades, psi powers and attacks that reach spirits (Bannissement, a slayer of its
    kind) harm it."""
    if "ethereal" not in flags(target):
        return True
    return attack.kind == "power" or attack.energy or attack.spirit


def damage_roll(ctx, dealer: Fighter, target: Fighter, level: int, attack: Attack, *,
                mods: Sequence[tuple[str, int]] = (), fatal: bool = False,
                cut: bool = False) -> Damage:
    if not harms(target, attack):
        return Damage(None, None, 0, target.fig.out)
    save = None
    svg = save_level(target, attack)
    if svg is not None:
        save = roll_level(ctx, target.id, "save", svg, threshold=TEST_THRESHOLD, against=dealer.id)
        if save.success:
            return Damage(save, None, 0, False)
    roll = roll_level(ctx, dealer.id, "damage", level, mods=mods, threshold=TEST_THRESHOLD,
                      against=target.id)
    points = lost_points(ctx, dealer.id, fatal, cut) if roll.success else 0
    fig = target.fig
    if points:
        fig.vitality = max(0, fig.vitality - points)
        if fig.vitality == 0:
            fig.out = True
    return Damage(save, roll, points, fig.out)
