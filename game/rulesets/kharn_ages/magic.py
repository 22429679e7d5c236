"""Casting a spell: only I, the esoteric mastery domain, the faction's bonus.

- Quick incantation (1 PA, I + ND10; the target -2 to its defence), standard (2 PA, I + I),
  complex (3 PA, I + I + I; the target +2). The spell works when the total reaches the
  difficulty chosen for its effect (an RC always does, K-R2) and the target does not defend
  it: its defence, I only, at 0 / 1 / 2 / 3 PA for ND10 (K-R15) + 0 / 1 / 2 / 3 x I, must equal
  or beat the caster's total. En éveil adds I once; Hermétisme X adds X (and makes friendly
  spells X harder). A friend may accept a spell without defending; Réceptif (that path)
  always takes it; Immunité (that path) neither suffers nor gains from it.
- Faction bonuses to the casting total: Fangs +1 per terrassé fighter, Goûns +1 per living
  level-1 Goûn, Khârns +1 per wounded enemy in the aura, Khérops +1 per wounded friend in
  the aura, Tembos and Khémistes +1 per living fighter of their side.
"""
from __future__ import annotations

from dataclasses import dataclass

from game.rulesets._shared.nd10 import ND10Roll

from .dice import action_roll
from .fighter import Fighter
from .moves import action_cost, spend, stun_tax

TARGET_MOD = {1: -2, 2: 0, 3: 2}


def faction_bonus(faction: str, *, terrasses: int = 0, level1_gouns: int = 0, wounded_foes_in_aura: int = 0,
                  wounded_friends_in_aura: int = 0, living_own: int = 0) -> int:
    return {"fang": terrasses, "goun": level1_gouns, "kharn": wounded_foes_in_aura,
            "kherops": wounded_friends_in_aura, "tembo": living_own, "khemiste": living_own}.get(faction, 0)


@dataclass(frozen=True)
class SpellResult:
    roll: ND10Roll
    reached: bool
    defence: ND10Roll | None = None
    works: bool = False


def defence_pa_ok(target: Fighter, pa: int) -> bool:
    return 0 <= pa <= 3 and pa + stun_tax(target) <= target.pa and not (target.status.get("stunned") and target.pa < 1)


def cast(ctx, caster: Fighter, target: Fighter, pa: int, difficulty: int, *, path: str = "", bonus: int = 0,
         friendly: bool = False, defence_pa: int | None = 0, reroll_below: int | None = None) -> SpellResult:
    """Cast at ``difficulty`` (the effect's) on ``target``; ``defence_pa``: the PA the target
    commits to its defence (None: it does not defend, a friend accepting the spell)."""
    if pa not in TARGET_MOD:
        raise ValueError("an incantation costs 1, 2 or 3 PA")
    if path and target.profile.skills.get("immunite") == path:
        raise ValueError("the target is immune to this path")
    spend(caster, action_cost(caster, pa))
    if friendly and target.has("hermetisme"):
        difficulty += target.skill("hermetisme")
    mods = [("I", caster.char("I"))] * pa + ([("faction", bonus)] if bonus else [])
    roll = action_roll(ctx, caster, "spell", "esoteric", mods, need=max(1, difficulty - sum(v for _, v in mods)),
                       reroll_below=reroll_below, against=target.id)
    reached = roll.reaches(difficulty, rc_wins=True)
    if not reached:
        return SpellResult(roll, False)
    if (path and target.profile.skills.get("receptif") == path) or defence_pa is None:
        return SpellResult(roll, True, works=True)
    if not defence_pa_ok(target, defence_pa):
        raise ValueError("defence not allowed")
    spend(target, defence_pa + stun_tax(target), voluntary=False)
    dmods = [("I", target.char("I"))] * defence_pa + [("incantation", TARGET_MOD[pa])]
    if target.has("en_eveil"):
        dmods.append(("en_eveil", target.char("I")))
    if target.has("hermetisme"):
        dmods.append(("hermetisme", target.skill("hermetisme")))
    need = roll.total - sum(v for _, v in dmods)
    droll = action_roll(ctx, target, "spell_defence", "esoteric", dmods, need=max(1, need),
                        reroll_below=need, against=caster.id)
    held = not droll.ec and droll.total >= roll.total
    return SpellResult(roll, True, droll, not held)
