"""One melee exchange in the order of K-R4: the attacker pays and rolls (and may spend a
mastery die), the defender then chooses its defence knowing the attack's total, pays and
rolls (a mastery die when short), the totals are compared, damage goes through armour, and
the winner's effects are reported for the caller to play on the table (moves, pushes, free
attacks need the geometry: ``_shared/push``, ``_shared/engagement``).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from game.core.events import CombatResolved
from game.rulesets._shared import nd10
from game.rulesets._shared.nd10 import ND10Roll

from . import attacks as atk
from . import morale, skills
from .armour import Absorbed, absorb, pierce, wound
from .defence import Decide, DefenceBuild, Defended, Incoming, defend
from .dice import action_roll
from .fighter import Fighter
from .moves import action_cost, spend
from .states import add_bleeding, may_act, set_state


@dataclass
class Effects:
    """What the winner of the exchange may still play on the table."""

    by: str = ""
    move: float = 0.0               # toises of free move for ``by``
    push: float = 0.0               # toises the loser is pushed away from ``by``
    extra_attacks: int = 0          # free simple attacks, defended with at most 2 chars


@dataclass
class Exchange:
    attack: ND10Roll
    defence: ND10Roll | None = None
    chosen: DefenceBuild | None = None
    hit: bool = False
    damage: Absorbed | None = None           # to the defender
    riposte: Absorbed | None = None          # to the attacker
    effects: Effects = field(default_factory=Effects)


@dataclass(frozen=True)
class Situation:
    assault: bool = False
    supporters: int = 0                      # the attacker's
    foe_supporters: int = 0                  # the defender's
    supporters_stature: int = 0              # the attacker's supporters, summed
    defender_supporters_stature: int = 0
    max_def_chars: int = 3
    in_reach: bool = True                    # the attacker within the defender's reach
    reroll_below: int | None = None          # the attacker's mastery policy
    defender_rerolls: bool = True
    free: bool = False                       # an A effect's attack: no PA, not the first attack
    sadique: int = 0                         # PA the attacker adds on a hit (Sadique)
    tests: list | None = None                # the game flow takes Morsure's test itself (K-R117)

    @classmethod
    def free_attack(cls, **kw) -> Situation:
        """The A effect's free simple attack: no PA, defended with at most two
        characteristics."""
        return cls(free=True, max_def_chars=2, **kw)


def _effects(winner: Fighter, loser: Fighter, chars: tuple[str, ...], sup_stature: int) -> Effects:
    push = 0.0 if loser.fig.out else atk.push_distance(winner, loser, chars.count("C"), sup_stature)
    return Effects(by=winner.id, move=atk.free_move(winner, chars.count("V")), push=push,
                   extra_attacks=atk.extra_attacks(chars.count("A")))


def exchange(ctx, att: Fighter, dfn: Fighter, build: atk.AttackBuild, decide: Decide,
             sit: Situation = Situation()) -> Exchange:
    """``decide`` answers for the defender once the attack's total is known: a DefenceBuild
    (checked: a refused one raises ValueError) or None when the target makes no defence."""
    why = atk.check_attack(att, build)
    if not may_act(att) or att.status.get("down"):
        why = "cannot act"
    if why:
        raise ValueError(f"attack not allowed ({why})")
    if build.special:
        used = att.status.setdefault("specials_used", [])
        if build.special in used:
            raise ValueError("special attack already used this activation")
        used.append(build.special)
    first = int(att.status.get("attacks", 0)) == 0 and not sit.free
    if not sit.free:
        spend(att, action_cost(att, build.pa))
        att.status["attacks"] = int(att.status.get("attacks", 0)) + 1
    mods = atk.attack_mods(att, build, assault=sit.assault and first, supporters=sit.supporters,
                           foe_supporters=sit.foe_supporters, target_bleeding=bool(dfn.status.get("bleeding")))
    aroll = action_roll(ctx, att, "attack", "melee", mods, reroll_below=sit.reroll_below, against=dfn.id)
    out = Exchange(aroll)
    if aroll.ec:
        ctx.emit(CombatResolved(attackers=(att.id,), defender=dfn.id, hits_attack=0, hits_defence=0, winner="defence"))
        return out
    inc = Incoming(build.chars, tuple(att.char(c) for c in build.chars), build.pa,
                   max_chars=sit.max_def_chars, fine_lame=att.has("fine_lame"), in_reach=sit.in_reach)
    d = defend(ctx, dfn, att.id, aroll, inc, decide, supporters=sit.foe_supporters,
               foe_supporters=sit.supporters, rerolls=sit.defender_rerolls)
    return conclude(ctx, att, dfn, build, aroll, d, sit)


def conclude(ctx, att: Fighter, dfn: Fighter, build: atk.AttackBuild, aroll: ND10Roll, d: Defended,
             sit: Situation = Situation()) -> Exchange:
    """Steps 7-9 of K-R4 once the defence is known (``d``): the comparison's event, damage
    through armour or the riposte, and the winner's effects (the game flow, which asks the
    defender and the re-rolls as decisions, joins ``exchange`` here)."""
    out = Exchange(aroll)
    out.chosen, out.defence, out.hit = d.chosen, d.roll, d.hit
    crit = atk.critical_bonus(att, build.pa, atk.rc_count(aroll), build.special)
    if d.discarded and crit:
        out.damage = Absorbed(None, 0, 0, crit)
        wound(ctx, dfn, crit, by=att.id)
    ctx.emit(CombatResolved(attackers=(att.id,), defender=dfn.id, hits_attack=int(out.hit), hits_defence=0,
                            winner="attack" if out.hit else "defence"))
    if out.hit:
        _hit(ctx, att, dfn, build, aroll, crit, sit, out)
    elif d.held:
        _riposte(ctx, att, dfn, d.chosen, d.paid, d.roll, sit, out)
    return out


def _hit(ctx, att: Fighter, dfn: Fighter, build: atk.AttackBuild, aroll: ND10Roll, crit: int,
         sit: Situation, out: Exchange) -> None:
    weapon = att.profile.weapon
    if build.special in ("cornes", "morsure"):
        base = nd10.roll_derived(ctx, att.id, f"damage.{build.special}", 5, against=dfn.id)[0] + weapon.bonus
    else:
        base = atk.base_damage(att, build)
    base += skills.hit_bonus(ctx, att, build, assault=sit.assault, sadique=sit.sadique, against=dfn.id)
    if weapon.pierce is not None and not weapon.spares_armour:
        pierce(ctx, dfn, weapon.pierce, by=att.id)
    out.damage = absorb(ctx, dfn, base, crit, spares=weapon.spares_armour, by=att.id)
    wound(ctx, dfn, out.damage.taken, by=att.id)
    if weapon.bleeding:
        add_bleeding(ctx, dfn, weapon.bleeding)
    if build.special == "cornes":
        add_bleeding(ctx, dfn, 1)
    if build.special == "morsure":
        if aroll.rc:
            add_bleeding(ctx, dfn, 2)
        if not dfn.fig.out and sit.tests is not None:
            sit.tests.append((dfn.id, f"morsure:{att.id}"))
        elif not dfn.fig.out:
            morale.temerity(ctx, dfn, f"morsure:{att.id}", 10, terror=False)
    if build.special == "pietinement" and not dfn.fig.out:
        set_state(ctx, dfn, "stunned")
    if build.special is None and build.pa > 1:
        out.effects = _effects(att, dfn, tuple(e for e in build.effects if e != "P"), sit.supporters_stature)
    extra = skills.harassment(att)
    if extra:
        out.effects.by = att.id
        out.effects.move += extra


def _riposte(ctx, att: Fighter, dfn: Fighter, chosen: DefenceBuild, paid: int, droll: ND10Roll,
             sit: Situation, out: Exchange) -> None:
    extra = skills.survival_instinct(dfn)
    if extra:
        out.effects = Effects(by=dfn.id, move=extra)
    if paid < 2:
        return
    if chosen.damage:
        weapon = dfn.profile.weapon
        p = 1 + dfn.skill("brutalite") if chosen.effect == "P" and paid >= 3 else 0
        base = dfn.char(chosen.damage) + weapon.bonus + p
        crit = atk.critical_bonus(dfn, paid, atk.rc_count(droll))
        out.riposte = absorb(ctx, att, base, crit, spares=weapon.spares_armour, by=dfn.id)
        wound(ctx, att, out.riposte.taken, by=dfn.id)
    if chosen.effect and chosen.effect != "P":
        out.effects = _effects(dfn, att, (chosen.effect,), sit.defender_supporters_stature)
        out.effects.move += extra
