"""Melee (the document's close-combat rules with B-R4, B-R11, B-R28, B-R29): an opposed
Combat roll, the winner's damage roll if its per-turn budget allows, ties pushing the two
apart, free attacks against a figure down or stunned, and disengaging under free attacks.

The Combat- malus of a lone figure facing several assailants counts the enemies in contact
with it (``engaged``); an attacker in the defender's rear arc gets Combat+ and the
defender's shield does not save against it."""
from __future__ import annotations

from dataclasses import dataclass

from game.rulesets._shared.facing import in_rear
from game.rulesets._shared.keep import KeepRoll, roll_opposed

from . import hits
from .damage import Damage, damage_roll
from .effects import Situation, assailants_free, damage_budget, flags
from .fighter import Fighter
from .hits import Aftermath
from .levels import level
from .saves import Attack

TIE_PUSH = 1.0      # pas between the two after a tie (B-R11)


@dataclass(frozen=True)
class Fight:
    attacker: KeepRoll | None          # None for a free attack
    defender: KeepRoll | None
    winner: str | None                 # None on a tie
    damage: Damage | None              # None: tie, or the winner's budget was spent
    budget_spent: bool = False
    push_apart: float = 0.0
    aftermath: Aftermath | None = None     # states and push the winner's attributes caused


def crowd_malus(f: Fighter, engaged: int) -> int:
    """Combat- for each assailant beyond the first (beyond the second with Combats
    multiples): a negative level or 0."""
    return -max(0, engaged - assailants_free(f))


def combat_mods(f: Fighter, foe: Fighter, engaged: int) -> tuple[tuple[str, int], ...]:
    out = []
    crowd = crowd_malus(f, engaged)
    if crowd:
        out.append(("assailants", crowd))
    if in_rear(foe.fig, f.fig.pos):
        out.append(("from_behind", 1))
    return tuple(out)


def melee_attack(winner: Fighter, loser: Fighter, kind: str = "melee") -> Attack:
    weapons = winner.melee_weapons()
    pierce = max((int(w.get("pierce", 0)) for w in weapons), default=0)
    fl = flags(winner, Situation(kind, foe=loser))
    return Attack(kind=kind, origin=winner.fig.pos, pierce=pierce,
                  no_saves="no_saves" in fl, energy=any(w.get("energy") for w in weapons),
                  null_weapon="null_weapon" in fl, spirit="slayer" in fl)


def deal(ctx, winner: Fighter, loser: Fighter, kind: str = "melee", cut: bool = False) -> Damage:
    """The winner's damage roll on the loser (saves first)."""
    sit = Situation(kind, foe=loser)
    base, mods = level(winner, "degats", sit)
    fatal = "fatal" in flags(winner, sit)
    return damage_roll(ctx, winner, loser, base, melee_attack(winner, loser, kind),
                       mods=mods, fatal=fatal, cut=cut)


def is_free(attacker: Fighter, defender: Fighter) -> bool:
    """A fight against a stunned figure, or by a standing figure against one down, is a
    free attack."""
    st = defender.status
    return bool(st.get("stunned")) or (bool(st.get("down")) and not attacker.status.get("down"))


def free_attack(ctx, attacker: Fighter, defender: Fighter) -> Fight:
    """A damage roll without a fight; shields do not save; the budget is not used (B-R28)."""
    return Fight(None, None, attacker.id, deal(ctx, attacker, defender, "free"))


def fight(ctx, attacker: Fighter, defender: Fighter, *, attacker_engaged: int = 1,
          defender_engaged: int = 1, group: bool = False, supported: bool = False) -> Fight:
    """One combat phase. ``*_engaged``: how many enemies are in contact with each;
    ``group``: a phase of an Attaque de groupe (the attacker's damage roll, if it wins, is
    outside its budget); ``supported``: the attacker fights by Soutien, so a defender that
    wins makes no damage roll (B-R58)."""
    if is_free(attacker, defender):
        return free_attack(ctx, attacker, defender)
    a_base, a_mods = level(attacker, "combat", Situation("melee", foe=defender),
                           combat_mods(attacker, defender, attacker_engaged))
    d_base, d_mods = level(defender, "combat", Situation("melee", foe=attacker),
                           combat_mods(defender, attacker, defender_engaged))
    opp = roll_opposed(ctx, "combat", attacker.id, a_base, defender.id, d_base,
                       a_mods=a_mods, b_mods=d_mods)
    if opp.winner is None:
        return Fight(opp.a, opp.b, None, None, push_apart=TIE_PUSH)
    winner, loser = (attacker, defender) if opp.winner == attacker.id else (defender, attacker)
    if supported and winner is defender:
        return Fight(opp.a, opp.b, winner.id, None)
    aft = hits.before_damage(ctx, winner, loser)
    if group and winner is attacker:
        dmg = deal(ctx, winner, loser, cut=aft.cut)
        return Fight(opp.a, opp.b, winner.id, dmg, aftermath=hits.after(ctx, winner, loser, into=aft))
    used = int(winner.status.get("damage_rolls", 0))
    if used >= damage_budget(winner):
        return Fight(opp.a, opp.b, winner.id, None, budget_spent=True,
                     aftermath=hits.after(ctx, winner, loser, into=aft))
    winner.status["damage_rolls"] = used + 1
    dmg = deal(ctx, winner, loser, cut=aft.cut)
    return Fight(opp.a, opp.b, winner.id, dmg, aftermath=hits.after(ctx, winner, loser, into=aft))


def disengage(ctx, leaver: Fighter, enemies: list[Fighter]) -> list[Fight]:
    """Leaving a melee: a free attack from each enemy in contact, none with Desengagement
    habile."""
    if "free_disengage" in flags(leaver):
        return []
    out = []
    for e in enemies:
        if leaver.fig.out:
            break
        out.append(free_attack(ctx, e, leaver))
    return out


def group_fight(ctx, attacker: Fighter, enemies: list[Fighter]) -> list[Fight]:
    """Attaque de groupe: one combat phase against every enemy in contact, in one action,
    each won phase with its own damage roll; what happens to the attacker is applied only
    once every phase is fought (it fights them all in its starting state)."""
    if "group_attack" not in flags(attacker):
        raise ValueError(f"{attacker.id} has no group attack")
    fig = attacker.fig
    start_v, start_status = fig.vitality, dict(attacker.status)
    lost, changed, out = 0, {}, []
    for e in enemies:
        if e.fig.out:
            continue
        out.append(fight(ctx, attacker, e, attacker_engaged=len(enemies), group=True))
        lost += start_v - fig.vitality
        changed.update({k: v for k, v in attacker.status.items() if start_status.get(k) != v})
        fig.vitality, fig.out = start_v, False
        attacker.status.clear()
        attacker.status.update(start_status)
    attacker.status.update(changed)
    fig.vitality = max(0, start_v - lost)
    fig.out = fig.vitality == 0
    return out
