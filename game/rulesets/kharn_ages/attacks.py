"""Melee attacks built from one to three characteristics (the 1-2-3 rule), their threshold,
the damage they deal when not defended, and their effects.

- Simple (1 PA, one characteristic): deals it halved, rounded up; no characteristic effect,
  no critical bonus; the weapon's own effects still apply.
- Standard (2 PA, two, the same one allowed twice): deals one of them; one effect.
- Complex (3 PA, three, at most two alike): deals one of them; two effects, the same one
  twice only when its characteristic is used twice (the doubled effect: VV, PP, AA, CC).
- A characteristic used twice imposes itself as the damage and its effect (doubled at 3 PA)
  and the defender must commit it (K-R27, K-R28).
- "N dégâts" on a weapon is one more damage choice; "+N dégâts" adds to whatever is dealt
  (K-R7). An RC on a successful 2- or 3-PA attack adds the stature once (Masse à ailettes:
  twice on several RCs).
- Special attacks (2 PA, once per activation, no characteristic effect): Coup de cornes and
  Morsure deal 1D5 (cornes: bleeding 1; morsure: a témérité test at 10, and bleeding 2 on an
  RC instead of the critical damage); Piétinement is C + C, deals C and stuns.
- Effects: V moves V/2 toises (VV: V), P adds 1 damage (PP: 2; Brutalité X each time), A gives
  a free simple attack (AA: two) defended with at most two characteristics, C pushes C/2
  toises (CC: C) when the winner's stature, plus its supporters', reaches the loser's; an
  unsupported smaller winner still pushes C/2 with CC. Stable: pushed only by a strictly
  taller figure; Repoussement: C instead of C/2 (not on Stable figures).
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from math import ceil

from game.rulesets._shared.nd10 import RC, ND10Roll

from .fighter import CHARS, Fighter
from .moves import burdened

SPECIALS = {"cornes": "coup_de_cornes", "morsure": "morsure", "pietinement": "pietinement"}
WEAPON = "weapon"


@dataclass(frozen=True)
class AttackBuild:
    chars: tuple[str, ...]
    damage: str = ""                 # a characteristic used, or "weapon" ("": the first char)
    effects: tuple[str, ...] = ()
    special: str | None = None       # "cornes", "morsure", "pietinement"

    @property
    def pa(self) -> int:
        return len(self.chars)

    @property
    def dealt(self) -> str:
        return self.damage or doubled(self.chars) or self.chars[0]


def doubled(chars: tuple[str, ...]) -> str | None:
    """The characteristic used twice, if any."""
    twice = [c for c, n in Counter(chars).items() if n >= 2]
    return twice[0] if twice else None


def check_attack(f: Fighter, build: AttackBuild) -> str | None:
    """Why the build is not allowed for this figure (None: it is)."""
    chars, pa = build.chars, build.pa
    if burdened(f):
        return "burdened"
    if not 1 <= pa <= 3 or any(c not in CHARS for c in chars):
        return "chars"
    if max(Counter(chars).values()) > 2:
        return "thrice"
    if build.special is not None:
        if build.special not in SPECIALS or not f.has(SPECIALS[build.special]):
            return "special"
        if pa != 2 or build.effects or (build.special == "pietinement" and chars != ("C", "C")):
            return "special"
        return None
    weapon = f.profile.weapon
    if build.damage and build.damage not in chars and not (build.damage == WEAPON and weapon.damage is not None):
        return "damage"
    if pa == 1:
        if build.effects:
            return "effects"
        return "forbidden" if chars[0] in weapon.forbid_simple else None
    if len(build.effects) > pa - 1 or any(e not in chars for e in build.effects):
        return "effects"
    if any(Counter(build.effects)[c] > Counter(chars)[c] for c in build.effects):
        return "effects"
    twice = doubled(chars)
    if twice is not None:
        if build.dealt != twice:
            return "forced_damage"
        if tuple(build.effects) != (twice,) * (pa - 1):
            return "forced_effect"
    return None


def builds(f: Fighter, pa: int) -> list[AttackBuild]:
    """Every allowed build of ``pa`` characteristics (damage and effects enumerated)."""
    from itertools import combinations, combinations_with_replacement

    out = []
    for chars in combinations_with_replacement(CHARS, pa):
        damages = sorted(set(chars)) + ([WEAPON] if f.profile.weapon.damage is not None else [])
        effect_sets = [()] if pa == 1 else [()] + [tuple(e) for k in range(1, pa)
                                                  for e in combinations(chars, k)]
        for dmg in damages:
            for eff in dict.fromkeys(effect_sets):
                b = AttackBuild(chars, dmg, eff)
                if check_attack(f, b) is None:
                    out.append(b)
    return out


def outnumber_bonus(supporters: int, foe_supporters: int) -> int:
    """+1 per supporter when the side outnumbers the other in the melee (K-R10)."""
    return supporters if supporters > foe_supporters else 0


def attack_mods(f: Fighter, build: AttackBuild, *, assault: bool = False, supporters: int = 0,
                foe_supporters: int = 0, target_bleeding: bool = False) -> list[tuple[str, int]]:
    """The characteristics and modifiers added to the attack's ND10."""
    mods = [(c, f.char(c)) for c in build.chars]
    if assault:
        mods.append(("assault", f.stature))
    bonus = outnumber_bonus(supporters, foe_supporters)
    if bonus:
        mods.append(("support", bonus))
    if target_bleeding and f.skill("le_sang_m_attire"):
        mods.append(("blood", f.skill("le_sang_m_attire")))
    return mods


def rc_count(roll: ND10Roll) -> int:
    """RCs in the roll: the kept die and the chain's re-rolls that were RCs."""
    if not roll.rc:
        return 0
    return 1 + sum(1 for r in roll.chain if roll.crit.kind(r) == RC)


def critical_bonus(f: Fighter, pa: int, rcs: int, special: str | None = None) -> int:
    """Damage an RC adds to a successful 2- or 3-PA combat action: the stature once (twice on
    several RCs with a weapon saying so); none on a simple action or a Morsure."""
    if rcs == 0 or pa < 2 or special == "morsure":
        return 0
    return f.stature * (2 if rcs >= 2 and f.profile.weapon.stature_twice else 1)


def base_damage(f: Fighter, build: AttackBuild) -> int:
    """Damage of a hit before armour and critical bonus (specials with 1D5 excepted)."""
    weapon = f.profile.weapon
    if build.special == "pietinement":
        return f.char("C")
    value = weapon.damage if build.dealt == WEAPON else f.char(build.dealt)
    if build.pa == 1:
        value = ceil(value / 2)
    p_effects = build.effects.count("P")
    return max(0, value + weapon.bonus + p_effects * (1 + f.skill("brutalite")))


def free_move(f: Fighter, n: int) -> float:
    """Toises of the V effect (n = 1) or VV (n = 2); not rounded."""
    return 0.0 if n <= 0 else f.char("V") / 2 * min(n, 2)


def push_distance(winner: Fighter, loser: Fighter, n: int, supporters_stature: int = 0) -> float:
    """Toises the C effect (n = 1) or CC (n = 2) pushes the loser (0: not allowed)."""
    if n <= 0:
        return 0.0
    stable = loser.has("stable")
    if stable and winner.stature <= loser.stature:
        return 0.0
    c = winner.char("C")
    tall_enough = winner.stature + supporters_stature >= loser.stature
    if n >= 2:
        return float(c) if tall_enough else c / 2
    if not tall_enough:
        return 0.0
    return float(c) if winner.has("repoussement") and not stable else c / 2


def extra_attacks(n: int) -> int:
    """Free simple attacks (or flash shots) the A effect gives; each defended with at most
    two characteristics."""
    return max(0, min(n, 2))
