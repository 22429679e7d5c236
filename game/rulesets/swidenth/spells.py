"""Spells (S-R17). Casting is a deed; concentrating first gives +2 Psychisme. A hostile spell
is D20 + the caster's Psychisme against D20 + the target's (stun tokens count on both); only
a strictly higher caster's total works. *Trait de feu*: damage = margin + 1 (+3 on the
caster's natural 20), against Défense as a shot (a horrible wound makes the target's friends
with line of sight test Bravoure at 7). *Emprise*: the target is stunned. *Effroi*:
the target tests Bravoure at 10 (failure: stunned). *Soins*: D20 + Psychisme >= 12 on a
friend within 0.5 pas (or the caster), giving back a Vitalité or, at full Vitalité, taking
off a stun token. Ranges edge to edge, line of sight needed."""
from __future__ import annotations

from dataclasses import dataclass

from game.core.state import Figure, GameState
from game.geometry.table import Table
from game.rulesets._shared import d20
from game.rulesets.swidenth import catalogue as cat_mod
from game.rulesets.swidenth import damage as D
from game.rulesets.swidenth import figures as F

CONCENTRATION_PSY = 2
CRIT_DAMAGE = 3
HOSTILE = ("damage", "stun", "bravoure")
NOT_KNOWN, OUT_OF_RANGE, UNSEEN, NOT_A_FRIEND, NOT_A_FOE = (
    "not_known", "out_of_range", "unseen", "not_a_friend", "not_a_foe")


def refusal(state: GameState, table: Table, caster: Figure, target: Figure, spell: str, *,
            catalogue: cat_mod.Catalogue | None = None) -> str | None:
    """Why the spell cannot be cast at the target (None: it can)."""
    cat = catalogue or cat_mod.load()
    if spell not in caster.status.get("spells", ()):
        return NOT_KNOWN
    data = cat.spells[spell]
    hostile = data["effect"] in HOSTILE
    if hostile and target.side == caster.side:
        return NOT_A_FOE
    if not hostile and target.side != caster.side:
        return NOT_A_FRIEND
    if target.id == caster.id:
        return None
    reach = max(float(data["range"]) * F.PAS, F.ENGAGE)
    if table.distance(caster.id, target.id) > reach + 1e-6:
        return OUT_OF_RANGE
    if not table.can_see(caster.id, target.id):
        return UNSEEN
    return None


@dataclass(frozen=True)
class Cast:
    spell: str
    success: bool
    damage: int = 0
    harm: D.Harm | None = None
    healed: str | None = None          # "vitality" or "stun" for Soins


def _psy(fig: Figure) -> list[tuple[str, int]]:
    return [("psychisme", F.base_stat(fig, "psychisme")), *F.stun_mods(fig)]


def cast(ctx, state: GameState, table: Table, caster: Figure, target: Figure, spell: str, *,
         concentrated: bool = False, catalogue: cat_mod.Catalogue | None = None) -> Cast:
    """Resolve an allowed spell (raises on a refused one)."""
    cat = catalogue or cat_mod.load()
    why = refusal(state, table, caster, target, spell, catalogue=cat)
    if why is not None:
        raise ValueError(f"spell refused: {why}")
    data = cat.spells[spell]
    mods = _psy(caster) + ([("concentration", CONCENTRATION_PSY)] if concentrated else [])
    if data["effect"] == "heal":
        ok = d20.roll_test(ctx, caster.id, spell, int(data["difficulty"]), mods).success
        if not ok:
            return Cast(spell, False)
        if target.vitality < target.max_vitality:
            target.vitality += 1
            return Cast(spell, True, healed="vitality")
        if target.status.get("stun"):
            target.status["stun"].pop(0)
            return Cast(spell, True, healed="stun")
        return Cast(spell, True)
    roll = d20.roll_opposed(ctx, spell, caster.id, target.id, mods, _psy(target))
    if roll.winner != "att":
        return Cast(spell, False)
    if data["effect"] == "stun":
        F.add_stun(target, state.turn)
        return Cast(spell, True)
    if data["effect"] == "bravoure":
        D.bravoure_test(ctx, target, int(data["difficulty"]), state.turn, spell)
        return Cast(spell, True)
    dmg = roll.gap + int(data["damage"]) + (CRIT_DAMAGE if roll.crit else 0)
    h = D.harm(dmg, F.base_stat(target, "defense"), target.vitality)
    D.inflict(target, h, state.turn)
    if h.horrible:                     # as after a shot: friends with line of sight test at 7
        friends = [f for f in state.figures.values()
                   if f.side == target.side and f.id != target.id and not f.out
                   and table.can_see(f.id, target.id)]
        D.horrible_tests(ctx, friends, D.HORRIBLE_SHOT_DIFFICULTY, state.turn)
    return Cast(spell, True, dmg, h)
