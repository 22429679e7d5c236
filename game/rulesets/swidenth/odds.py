"""Exact odds of Swidenth's rolls, as sums over the joint law of the opposed D20
(``_shared.d20.opposed_law``): who wins, by how much, with or without a natural 20.

- ``opposed(att_mod, dfn_mod)``: {(winner, margin, critical): p}.
- ``melee(setup)``: both fighters' risks, since either may win and wound (damage bands).
- ``shot(plan, defense, vitality)``: a one-way roll, the shooter hitting only when higher.
- ``test(mod, difficulty)``: a Bravoure (or any) test.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from game.rulesets._shared import d20
from game.rulesets.swidenth import damage as D
from game.rulesets.swidenth.melee import CRIT_DAMAGE, CRITS, Fighter, Setup
from game.rulesets.swidenth.shooting import ShotPlan

Law = dict[tuple[str | None, int, bool], float]


@lru_cache(maxsize=4096)
def _opposed(diff: int) -> tuple[tuple[tuple[str | None, int, bool], float], ...]:
    out: dict[tuple[str | None, int, bool], float] = {}
    for (winner, gap, ka, kd), p in d20.opposed_law(diff, CRITS).items():
        crit = (winner == "att" and ka == d20.CRIT) or (winner == "dfn" and kd == d20.CRIT)
        key = (winner, abs(gap), crit)
        out[key] = out.get(key, 0.0) + p
    return tuple(sorted(out.items(), key=lambda kv: (str(kv[0][0]), kv[0][1], kv[0][2])))


def opposed(att_mod: int, dfn_mod: int = 0) -> Law:
    """The law of (winner "att"/"dfn"/None, margin >= 0, winner's natural 20)."""
    return dict(_opposed(int(att_mod) - int(dfn_mod)))


@dataclass(frozen=True)
class Harmed:
    """One figure's risks: recoil option (hit for at most Défense), stunned or worse,
    wounded or worse (Vitalité lost), horrible wound, out of action."""

    recoil: float = 0.0
    stunned: float = 0.0
    wounded: float = 0.0
    horrible: float = 0.0
    out: float = 0.0

    def plus(self, p: float, h: D.Harm) -> Harmed:
        return Harmed(self.recoil + p * (h.band == D.RECOIL), self.stunned + p * (h.band >= D.STUNNED),
                      self.wounded + p * (h.band >= D.WOUNDED), self.horrible + p * h.horrible,
                      self.out + p * h.out)


@dataclass(frozen=True)
class MeleeOdds:
    win: float
    tie: float
    lose: float
    att_fumble: float      # the attacker drops something (natural 1), whatever the result
    dfn_fumble: float
    dfn: Harmed            # what the defender risks (the attacker wins)
    att: Harmed            # what the attacker risks (the defender wins)


def melee(su: Setup) -> MeleeOdds:
    """Both sides of a combat phase from its setup (charge and modifiers included)."""
    win = tie = lose = 0.0
    hurt = {"att": Harmed(), "dfn": Harmed()}
    sides: dict[str, tuple[Fighter, Fighter, str]] = {"att": (su.att, su.dfn, "dfn"),
                                                      "dfn": (su.dfn, su.att, "att")}
    for (winner, margin, crit), p in _opposed(su.att.mod - su.dfn.mod):
        if winner is None:
            tie += p
            continue
        w, loser, lkey = sides[winner]
        dmg = margin + w.damage + (CRIT_DAMAGE if crit else 0)
        hurt[lkey] = hurt[lkey].plus(p, D.harm(dmg, loser.defense, loser.vitality))
        win += p if winner == "att" else 0.0
        lose += p if winner == "dfn" else 0.0
    o = d20.opposed_odds(su.att.mod, su.dfn.mod, CRITS)
    return MeleeOdds(win, tie, lose, o.att_fumble, o.dfn_fumble, hurt["dfn"], hurt["att"])


@dataclass(frozen=True)
class ShotOdds:
    hit: float
    target: Harmed


def shot(sp: ShotPlan, defense: int, vitality: int) -> ShotOdds:
    """A shot's law: a hit when the shooter's total is strictly higher."""
    if sp.refused is not None:
        return ShotOdds(0.0, Harmed())
    att = sum(v for _, v in sp.att_mods)
    dfn = sum(v for _, v in sp.dfn_mods)
    hit, hurt = 0.0, Harmed()
    for (winner, margin, crit), p in _opposed(att - dfn):
        if winner == "att":
            hit += p
            hurt = hurt.plus(p, D.harm(margin + sp.damage + (CRIT_DAMAGE if crit else 0), defense, vitality))
    return ShotOdds(hit, hurt)


def test(mod: int, difficulty: int) -> float:
    """P(D20 + mod >= difficulty)."""
    return d20.target_odds(int(mod), int(difficulty)).success


@dataclass(frozen=True)
class SpellOdds:
    success: float
    target: Harmed         # Trait de feu only (the others stun or test, see ``stun``)
    stun: float            # P(the target gains a stun token)


def spell(effect: str, caster_mod: int, target_mod: int = 0, *, damage: int = 0, defense: int = 6,
          vitality: int = 1, bravoure: int = 0, difficulty: int = 0) -> SpellOdds:
    """A spell's law (S-R17): ``effect`` as in the catalogue; modifiers are Psychisme totals
    (stun and concentration included); ``bravoure`` the target's total for Effroi."""
    if effect == "heal":
        return SpellOdds(test(caster_mod, difficulty), Harmed(), 0.0)
    win, hurt = 0.0, Harmed()
    for (winner, margin, crit), p in _opposed(int(caster_mod) - int(target_mod)):
        if winner != "att":
            continue
        win += p
        if effect == "damage":
            hurt = hurt.plus(p, D.harm(margin + damage + (CRIT_DAMAGE if crit else 0), defense, vitality))
    if effect == "stun":
        return SpellOdds(win, Harmed(), win)
    if effect == "bravoure":
        return SpellOdds(win, Harmed(), win * (1.0 - test(bravoure, difficulty)))
    return SpellOdds(win, hurt, hurt.stunned)
