"""Exact odds on the shared keep law: level rolls, opposed rolls, saves (stacked, with
piercing and shields in arc, through ``saves``), shots, fights, and the deviation
distance. Everything here is checked against enumeration and seeded play in the tests."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from game.rulesets._shared.keep import TEST_THRESHOLD, level_law, net_level, opposed_odds, success_odds

from .damage import harms
from .effects import Situation, attribute_level, damage_budget, flags
from .fighter import Fighter
from .levels import modifiers, net
from .melee import combat_mods, melee_attack
from .saves import Attack, save_level
from .shooting import Weapon, shot_mods

__all__ = ["level_law", "opposed_odds", "success_odds", "save_odds", "wound_odds", "shot_odds",
           "fight_odds", "deviation_law", "points_law", "feat_odds"]


def feat_odds(f: Fighter, attribute: str) -> float:
    """P(the figure passes its test of this attribute, B-R19): 0 when it cannot try."""
    lvl = attribute_level(f, attribute)
    return 0.0 if lvl is None else success_odds(lvl, TEST_THRESHOLD)


def save_odds(f: Fighter, attack: Attack) -> float:
    """P(the target's saves cancel the point)."""
    lvl = save_level(f, attack)
    return 0.0 if lvl is None else success_odds(lvl)


def points_law(fatal: bool, cut: bool = False) -> dict[int, float]:
    """Vitality points an unsaved, successful damage roll takes (B-R31)."""
    if cut:
        n = 6 if fatal else 2
        return {k: 1 / n for k in range(1, n + 1)}
    if fatal:
        return {1: 1 / 3, 2: 1 / 3, 3: 1 / 3}
    return {1: 1.0}


@dataclass(frozen=True)
class Wound:
    """One damage roll: P(saved), P(at least one point), P(out of action)."""

    saved: float
    wound: float
    out: float


def wound_odds(target: Fighter, damage_level: int, attack: Attack, fatal: bool = False,
               p_cut: float = 0.0) -> Wound:
    """``p_cut``: P(a De taille et d'estoc test succeeded before the damage roll)."""
    if not harms(target, attack):            # a Spectre and a plain weapon (B-R58)
        return Wound(0.0, 0.0, 0.0)
    saved = save_odds(target, attack)
    hurt = (1 - saved) * success_odds(damage_level, TEST_THRESHOLD)

    def p_out(cut: bool) -> float:
        return sum(p for k, p in points_law(fatal, cut).items() if k >= target.fig.vitality)
    out = hurt * ((1 - p_cut) * p_out(False) + p_cut * p_out(True))
    return Wound(saved, hurt, out)


@dataclass(frozen=True)
class ShotOdds:
    hit: float
    saved: float     # P(saved | hit)
    wound: float     # P(at least one point) for one shot
    out: float       # P(out of action) for one shot


def shot_odds(shooter: Fighter, target: Fighter, w: Weapon, distance: float, *,
              cover: str = "none", precise: bool = False,
              extra: Sequence[tuple[str, int]] = ()) -> ShotOdds:
    comp = "lancer" if w.thrown else "tir"
    p_hit = success_odds(net(shooter, comp, Situation("shots", foe=target),
                             shot_mods(shooter, w, distance, extra)))
    sit = Situation("shots", foe=target)
    attack = Attack("shots", shooter.fig.pos, w.pierce, w.shield_bypass,
                    no_saves="no_saves" in flags(shooter, sit), cover=cover, precise=precise,
                    spirit="slayer" in flags(shooter, sit))
    dmg = net_level(w.degats, *(v for _, v in modifiers(shooter, "degats", sit)))
    wo = wound_odds(target, dmg, attack, "fatal" in flags(shooter, sit))
    return ShotOdds(p_hit, wo.saved, p_hit * wo.wound, p_hit * wo.out)


@dataclass(frozen=True)
class FightOdds:
    win: float
    tie: float
    lose: float
    wound_defender: float    # the attacker wins, may roll damage, and wounds
    wound_attacker: float
    out_defender: float
    out_attacker: float


def fight_odds(attacker: Fighter, defender: Fighter, *, attacker_engaged: int = 1,
               defender_engaged: int = 1, supported: bool = False) -> FightOdds:
    """One combat phase as ``melee.fight`` plays it (not a free attack); ``supported``: the
    attacker fights by Soutien, so the defender deals nothing when it wins (B-R58)."""
    a = net(attacker, "combat", Situation("melee", foe=defender),
            combat_mods(attacker, defender, attacker_engaged))
    d = net(defender, "combat", Situation("melee", foe=attacker),
            combat_mods(defender, attacker, defender_engaged))
    win, tie, lose = opposed_odds(a, d)

    def hurt(w: Fighter, v: Fighter) -> Wound:
        if int(w.status.get("damage_rolls", 0)) >= damage_budget(w):
            return Wound(0.0, 0.0, 0.0)
        sit = Situation("melee", foe=v)
        cut = attribute_level(w, "taille_estoc")
        p_cut = 0.0 if cut is None else success_odds(cut)
        return wound_odds(v, net(w, "degats", sit), melee_attack(w, v), "fatal" in flags(w, sit), p_cut)

    hd = hurt(attacker, defender)
    ha = Wound(0.0, 0.0, 0.0) if supported else hurt(defender, attacker)
    return FightOdds(win, tie, lose, win * hd.wound, lose * ha.wound, win * hd.out, lose * ha.out)


def deviation_law() -> dict[int, Fraction]:
    """Deviation distance in pas (B-R16): 2D6 without doubles, the lower die / 3 rounded up."""
    pairs = [(a, b) for a in range(1, 7) for b in range(1, 7) if a != b]
    out: dict[int, Fraction] = {}
    for a, b in pairs:
        d = -(-min(a, b) // 3)
        out[d] = out.get(d, Fraction(0)) + Fraction(1, len(pairs))
    return out


def kept_face_law(level: int) -> tuple[float, ...]:
    return level_law(level)
