"""The skills an exchange consults and those that grant PA. Skills are keys of
``Profile.skills`` (value: X, a domain, or None).

- Exécuteur: +1D10 damage on a 3-PA attack, once per activation.
- Sadique: after a hit is known (before the armour roll) X more PA add X damage (K-R42: the
  X chosen beforehand, paid only on a hit, capped by the PA left).
- Fulgurance: a V + V attack also gets P's effect (+1 damage, Brutalité too), not in an
  assault (K-R43: in addition to the imposed V effect).
- Berserk (``status["berserk"]``): always adds P to its damage, moves with Endurance, spends
  no PA on defences; being stunned or knocked out ends it.
- Harcèlement: once per activation, V's effect for free on a successful attack, on top of
  the others.
- Instinct de survie: after a successful defence, V's effect on top, whatever the PA.
- Chef de guerre X: once in the game, at the start of a turn its player picks, +1 PA per
  friend in its aura, at most X (added at its next refill).
- Sacrifice X: once a turn, at the start of a friend's activation, X hit points lost for good
  give that friend 1 PA.
(Brutalité, Le sang m'attire, Fine lame, Charge brutale, Endurance, Héroïque, Spécialiste,
Maître, Autorité, Bretteur, Stable, Repoussement, Peau dure, Ralliement, Foi inébranlable,
En éveil, Hermétisme, Réceptif, Immunité, Maître archer and Carnivore live where they act;
Affinité and Archimage in the grimoires and the cast (``spell_books``, ``casting``);
Éclaireur, Embuscade, Hors-norme and Maître Papegai are placed in the rulings' inventory
"Skills and generic actions: where each one is".)
"""
from __future__ import annotations

from .armour import wound
from .attacks import AttackBuild, free_move
from .dice import flat_roll
from .fighter import Fighter
from .moves import spend


def _once(f: Fighter, name: str) -> bool:
    """True the first time this activation (and marks it used)."""
    used = f.status.setdefault("skills_used", [])
    if name in used:
        return False
    used.append(name)
    return True


def fixed_bonus(att: Fighter, build: AttackBuild, assault: bool = False) -> int:
    """The damage Berserk and Fulgurance add to a hit."""
    bonus = att.char("P") if att.status.get("berserk") else 0
    if att.has("fulgurance") and build.chars == ("V", "V") and not assault and build.special is None:
        bonus += 1 + att.skill("brutalite")
    return bonus


def executes(att: Fighter, build: AttackBuild) -> bool:
    """Exécuteur applies to this attack (a 3-PA attack, not yet this activation)."""
    return att.has("executeur") and build.pa == 3 and "executeur" not in att.status.get("skills_used", ())


def hit_bonus(ctx, att: Fighter, build: AttackBuild, *, assault: bool = False, sadique: int = 0,
              against: str | None = None) -> int:
    """Damage the attacker's skills add to a hit (base damage: armour may stop it)."""
    bonus = fixed_bonus(att, build, assault)
    if executes(att, build) and _once(att, "executeur"):
        bonus += flat_roll(ctx, att.id, "executeur", against=against)
    if sadique > 0 and att.has("sadique"):
        paid = min(int(sadique), att.pa)
        spend(att, paid)
        bonus += paid
    return bonus


def harassment(att: Fighter) -> float:
    """Harcèlement's free V effect after a hit (0 when absent or already used)."""
    return free_move(att, 1) if att.has("harcelement") and _once(att, "harcelement") else 0.0


def survival_instinct(dfn: Fighter) -> float:
    """Instinct de survie's V effect after a successful defence."""
    return free_move(dfn, 1) if dfn.has("instinct_de_survie") else 0.0


def warlord(f: Fighter, friends_in_aura: int, *, now: bool = False) -> int:
    """Chef de guerre: returns the PA it gains, at its refill this turn, or at once with
    ``now`` (declared at the start of its activation, K-R110)."""
    if not f.has("chef_de_guerre") or f.status.get("warlord_used"):
        raise ValueError("no Chef de guerre to use")
    gain = min(max(0, friends_in_aura), f.skill("chef_de_guerre"))
    f.status["warlord_used"] = True
    key = "pa" if now else "bonus_pa"
    f.status[key] = int(f.status.get(key, 0)) + gain
    return gain


def sacrifice(ctx, f: Fighter, friend: Fighter) -> None:
    """Sacrifice X for a friend starting its activation (after its refill)."""
    if not f.has("sacrifice") or f.status.get("sacrifice_used") or f.fig.side != friend.fig.side:
        raise ValueError("no Sacrifice to make")
    x = f.skill("sacrifice")
    f.status["sacrifice_used"] = True
    f.status["sacrificed"] = int(f.status.get("sacrificed", 0)) + x
    wound(ctx, f, x, by="sacrifice")
    friend.status["pa"] = friend.pa + 1
