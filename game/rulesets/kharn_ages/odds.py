"""Exact odds for Khârn-Ages on the shared ND10 law: action laws with the RC chain (and
whether it held several RCs), fixed-threshold actions, the attack against each defence the
target can afford (both sides re-rolling with a mastery die under their best policy), and
the damage after armour. Everything is checked against enumeration and seeded play.

Policies: the defender knows the attack's total when it re-rolls (K-R4), so it re-rolls
whatever falls short of it (``nd10.best_reroll_below``). The attacker re-rolls before the
defence, so its best threshold depends on the defence it expects: ``best_attack_policy``
tries every threshold (P(win) rises with the kept face, so a threshold policy is optimal).
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from game.rulesets._shared import nd10
from game.rulesets._shared.nd10 import DEFAULT, EC, RC, Crit

from . import attacks as atk
from . import skills
from .armour import boxes_left, stopped_by
from .defence import DefenceBuild, Incoming, defence_mods, options
from .fighter import Armour, Fighter

POLICIES = (None,) + tuple(range(1, nd10.SIDES + 2))   # None: keep; r: re-roll below r (EC too)


@lru_cache(maxsize=2048)
def outcome_law(n: int, crit: Crit = DEFAULT, reroll_below: int | None = None,
                rerolls: int = 0) -> dict[tuple[int, str, bool], float]:
    """{(natural value, kind, several RCs): probability}: ``nd10.law`` with the RC chain's
    first re-roll opened, which tells a single RC from several."""
    out: dict[tuple[int, str, bool], float] = {}
    chain = nd10.chain_law(crit)

    def add(key, p):
        out[key] = out.get(key, 0.0) + p

    for face, p in nd10.kept_face_law(n, crit, reroll_below, rerolls).items():
        kind = crit.kind(face)
        if kind != RC:
            add((face, kind, False), p)
            continue
        for r in range(1, nd10.SIDES + 1):
            q = p / nd10.SIDES
            rk = crit.kind(r)
            if rk == EC:
                add((face, RC, False), q)
            elif rk == RC:
                for extra, c in enumerate(chain):
                    if c:
                        add((face + r + extra, RC, True), q * c)
            else:
                add((face + r, RC, False), q)
    return out


def action_law(n: int, bonus: int, crit: Crit = DEFAULT, reroll_below: int | None = None,
               rerolls: int = 0) -> dict[tuple[int, str], float]:
    """{(total, kind): probability} of an action: ND10 plus ``bonus``."""
    return {(v + bonus, k): p for (v, k), p in nd10.law(n, crit, reroll_below, rerolls).items()}


def fixed_odds(n: int, bonus: int, threshold: int, crit: Crit = DEFAULT, mastery: bool = False) -> float:
    """P(characteristics + ND10 >= threshold) for an action against a fixed threshold (an RC
    succeeds outright, K-R2), with one mastery re-roll under the best policy when allowed."""
    need = threshold - bonus
    if not mastery:
        return nd10.success_odds(n, need, crit, rc_wins=True)
    return nd10.success_odds(n, need, crit, nd10.best_reroll_below(need, crit, True), 1, rc_wins=True)


@dataclass(frozen=True)
class Roller:
    """One side of an opposed roll: dice, the sum of what it adds, its critical ranges, and
    whether it has a mastery die for this roll (and, defending, a shield in use)."""

    n: int
    bonus: int
    crit: Crit = DEFAULT
    mastery: bool = False
    shield: bool = False


@lru_cache(maxsize=8192)
def parry_law(d: Roller, att_total: int) -> tuple[float, float, float]:
    """P(the defence holds against ``att_total``), split (no RC, one RC, several RCs). A tie
    holds; an EC fails; with a shield in use an RC holds outright."""
    need = att_total - d.bonus
    r = nd10.best_reroll_below(need, d.crit, d.shield) if d.mastery else None
    split = [0.0, 0.0, 0.0]
    for (v, kind, multi), p in outcome_law(d.n, d.crit, r, 1 if d.mastery else 0).items():
        if kind != EC and (v >= need or (d.shield and kind == RC)):
            split[0 if kind != RC else (2 if multi else 1)] += p
    return split[0], split[1], split[2]


@dataclass(frozen=True)
class HitOdds:
    policy: int | None
    plain: float         # P(hit without RC)
    rc: float            # P(hit with one RC)
    multi: float         # P(hit with several RCs)
    parried: tuple[float, float, float]   # P(defence holds) split (no RC, one RC, several RCs)

    @property
    def hit(self) -> float:
        return self.plain + self.rc + self.multi


@lru_cache(maxsize=512)
def _parries(d: Roller) -> dict[int, tuple[float, float, float]]:
    """``parry_law(d, total)`` by attack total, filled as asked: the defender is hashed once
    per attack, not once per outcome of the attack's law."""
    return {}


_NO_PARRY = (0.0, 0.0, 0.0)


def hit_odds(a: Roller, d: Roller | None, policy: int | None = None) -> HitOdds:
    """The attack against one defence (None: the target cannot defend), for one attacker
    re-roll policy."""
    law = outcome_law(a.n, a.crit, policy, 1 if a.mastery and policy is not None else 0)
    hit = [0.0, 0.0, 0.0]
    h0 = h1 = h2 = 0.0
    memo = None if d is None else _parries(d)
    bonus = a.bonus
    for (v, kind, multi), p in law.items():
        if kind == EC:
            continue
        if memo is None:
            parry = _NO_PARRY
        else:
            parry = memo.get(v + bonus)
            if parry is None:
                parry = memo[v + bonus] = parry_law(d, v + bonus)
        hit[0 if kind != RC else (2 if multi else 1)] += p * (1.0 - (parry[0] + parry[1] + parry[2]))
        h0 += p * parry[0]
        h1 += p * parry[1]
        h2 += p * parry[2]
    return HitOdds(policy, hit[0], hit[1], hit[2], (h0, h1, h2))


@lru_cache(maxsize=4096)
def best_attack_policy(a: Roller, d: Roller | None) -> HitOdds:
    """The attacker's re-roll threshold that maximises P(hit) against this defence (cached:
    the AI asks it of the same rollers many times)."""
    if not a.mastery:
        return hit_odds(a, d, None)
    return max((hit_odds(a, d, r) for r in POLICIES), key=lambda h: (h.hit, h.policy is None))


def armour_law(base: int, crit: int, armour: Armour | None, boxes: int, spares: bool = False,
               pierce: int | None = None) -> dict[int, float]:
    """{hit points lost: probability} for a hit of ``base`` + ``crit`` damage on armour with
    ``boxes`` free (Perce-armure X ticks X first; 0: 1D5)."""
    base, crit = max(0, base), max(0, crit)
    out: dict[int, float] = {}
    ticks = {0: 1.0} if pierce is None else ({pierce: 1.0} if pierce else nd10.derived_law(5, 1))
    for t, q in ticks.items():
        if armour is None or base + crit == 0 or boxes - t <= 0:
            out[base + crit] = out.get(base + crit, 0.0) + q
            continue
        for face in range(1, nd10.SIDES + 1):
            taken = base - stopped_by(armour, face, base) + crit
            out[taken] = out.get(taken, 0.0) + q / nd10.SIDES
    return out


@dataclass(frozen=True)
class AttackOdds:
    defence: DefenceBuild | None   # None: the target cannot defend
    hit: float
    damage: float          # expected hit points the target loses
    terrasse: float        # P(the target falls to 0)
    riposte: float         # expected hit points the attacker loses to the riposte
    policy: int | None = None   # the attacker's best mastery re-roll threshold against it


def _mean(law: dict[int, float]) -> float:
    return sum(k * p for k, p in law.items())


def attack_table(att: Fighter, dfn: Fighter, build: atk.AttackBuild, mods: list[tuple[str, int]], *,
                 in_reach: bool = True, max_def_chars: int = 3, assault: bool = False,
                 defender_bonus: int = 0) -> list[AttackOdds]:
    """For every defence the target can afford (its best characteristics per PA): P(hit),
    expected damage after armour, P(terrassé) and the riposte the attacker should expect
    (a 2- or 3-PA defence dealing its best committed characteristic). ``mods``: the attack's
    (``attacks.attack_mods``, with the same ``assault``); ``defender_bonus``: the defence's
    support bonus."""
    from .dice import can_reroll, crit_for, dice_for

    a = Roller(dice_for(att, "melee"), sum(v for _, v in mods), crit_for(att, "melee"),
               can_reroll(att, "melee"))
    inc = Incoming(build.chars, tuple(att.char(c) for c in build.chars), build.pa,
                   max_chars=max_def_chars, fine_lame=att.has("fine_lame"), in_reach=in_reach)
    weapon = att.profile.weapon
    base = atk.base_damage(att, build) + skills.fixed_bonus(att, build, assault)
    if build.special in ("cornes", "morsure"):
        bases = {v + weapon.bonus + skills.fixed_bonus(att, build, assault): p
                 for v, p in nd10.derived_law(5, 1).items()}
    else:
        bases = {base: 1.0}
    if skills.executes(att, build):                # + 1D10
        rolled: dict[int, float] = {}
        for b, p in bases.items():
            for d in range(1, nd10.SIDES + 1):
                rolled[b + d] = rolled.get(b + d, 0.0) + p / nd10.SIDES
        bases = rolled
    rows = []
    d_master = can_reroll(dfn, "defence")
    for opt in options(dfn, inc) or [None]:
        if opt is not None and opt.discard:        # no roll: only the critical damage lands
            h = best_attack_policy(a, None)
            crits = [(h.rc, atk.critical_bonus(att, build.pa, 1, build.special)),
                     (h.multi, atk.critical_bonus(att, build.pa, 2, build.special))]
            rows.append(AttackOdds(opt, 0.0, sum(p * c for p, c in crits),
                                   sum(p for p, c in crits if c >= dfn.fig.vitality), 0.0, h.policy))
            continue
        paid = 0 if opt is None else opt.paid(bool(dfn.status.get("alert")))
        d = None if opt is None else Roller(dice_for(dfn, "defence"),
                                            sum(v for _, v in defence_mods(dfn, opt, inc)) + defender_bonus,
                                            crit_for(dfn, "defence"), d_master, opt.shield)
        h = best_attack_policy(a, d)
        dmg: dict[int, float] = {}
        for kind_p, rcs in ((h.plain, 0), (h.rc, 1), (h.multi, 2)):
            crit = atk.critical_bonus(att, build.pa, rcs, build.special)
            for b, q in bases.items():
                for taken, r in armour_law(b, crit, dfn.armour, boxes_left(dfn),
                                           weapon.spares_armour, weapon.pierce).items():
                    dmg[taken] = dmg.get(taken, 0.0) + kind_p * q * r
        riposte = 0.0
        if opt is not None and paid >= 2 and in_reach and opt.chars:
            best = max(opt.chars, key=dfn.char)
            rb = dfn.char(best) + dfn.profile.weapon.bonus
            for p_held, rcs in zip(h.parried, (0, 1, 2)):
                law = armour_law(rb, atk.critical_bonus(dfn, paid, rcs), att.armour,
                                 boxes_left(att), dfn.profile.weapon.spares_armour)
                riposte += p_held * _mean(law)
        rows.append(AttackOdds(opt, h.hit, _mean(dmg),
                               sum(p for k, p in dmg.items() if k >= dfn.fig.vitality), riposte, h.policy))
    return rows


def flat_odds(bonus: int, threshold: int) -> float:
    """P(1D10 + bonus >= threshold) for a flat roll (morale tests, K-R6)."""
    return sum(1 for face in range(1, nd10.SIDES + 1) if face + bonus >= threshold) / nd10.SIDES


def temerity_odds(t: int, threshold: int, allies: int = 0, leader: bool = False, terror: bool = True,
                  rally: bool = False) -> float:
    """P(a témérité test passes); ``rally``: Ralliement with a mastery die to spend."""
    if rally:
        return 1.0
    return flat_odds(t + (2 * allies if terror else 0) + (1 if leader else 0), threshold)


def effroi_odds(t: int, i: int, threshold: int, leader: bool = False) -> float:
    """P(an effroi test passes on the roll), before any mastery die spent for good."""
    return flat_odds(t + i + (1 if leader else 0), threshold)


def shot_table(f: Fighter, target: Fighter, w, build, toises: float, cover: int = 0,
               max_def_chars: int = 3) -> list[AttackOdds]:
    """``attack_table`` for a shot (``shooting.RangedWeapon`` / ``ShotBuild``): each defence
    the target can afford, with the cover bonus; ripostes are 0 against shots
    (``max_def_chars`` 2 against the A effect's free flash shots)."""
    from . import shooting as sh
    from .dice import can_reroll, crit_for, dice_for

    where = sh.band(w, toises)
    a = Roller(dice_for(f, "shooting"), sum(f.char(c) for c in build.chars),
               crit_for(f, "shooting", sh.shot_crit_kind(build)), can_reroll(f, "shooting"))
    inc = Incoming(build.chars, tuple(f.char(c) for c in build.chars), build.pa, max_chars=max_def_chars,
                   shot=True, in_reach=False, lowest_av=build.kind == "standard")
    d_master = can_reroll(target, "defence")
    rows = []
    for opt in options(target, inc) or [None]:
        if opt is not None and opt.discard:
            rows.append(AttackOdds(opt, 0.0, 0.0, 0.0, 0.0))
            continue
        d = None if opt is None else Roller(dice_for(target, "defence"),
                                            sum(v for _, v in defence_mods(target, opt, inc, cover=cover)),
                                            crit_for(target, "defence"), d_master, opt.shield)
        h = best_attack_policy(a, d)
        dmg: dict[int, float] = {}
        for p_hit, rc in ((h.plain, False), (h.rc + h.multi, True)):
            base, crit = sh.shot_damage(f, w, build, where, rc)
            for taken, r in armour_law(base, crit, target.armour, boxes_left(target)).items():
                dmg[taken] = dmg.get(taken, 0.0) + p_hit * r
        rows.append(AttackOdds(opt, h.hit, _mean(dmg),
                               sum(p for k, p in dmg.items() if k >= target.fig.vitality), 0.0, h.policy))
    return rows


@dataclass(frozen=True)
class Advice:
    defence: DefenceBuild | None
    hold: float            # P(the defence holds against the known total)
    loss: float            # expected hit points lost to this attack
    gain: float            # expected riposte damage dealt
    score: float           # loss - gain + pa_value x PA spent: lower is better


def advise_defence(att: Fighter, dfn: Fighter, build: atk.AttackBuild | None, aroll, inc: Incoming, *,
                   pa_value: float = 1.0, defender_bonus: int = 0, assault: bool = False,
                   damage: tuple[int, int] | None = None) -> list[Advice]:
    """Every defence the target can afford against an attack whose roll is known (K-R4: the
    defender chooses after it), best first: P(hold) with its best mastery re-roll, the hit
    points it should expect to lose, the riposte it should expect to deal, and a score that
    prices each PA spent at ``pa_value`` hit points (the AI's and the hot-seat advisor's,
    K-R23); ``damage``: a shot's (base, critical) damage in place of the melee build's."""
    from .dice import can_reroll, crit_for, dice_for

    if damage is None:
        weapon = att.profile.weapon
        crit = atk.critical_bonus(att, build.pa, atk.rc_count(aroll), build.special)
        base = atk.base_damage(att, build) + skills.fixed_bonus(att, build, assault)
        hit_loss = _mean(armour_law(base, crit, dfn.armour, boxes_left(dfn), weapon.spares_armour, weapon.pierce))
    else:                                    # a shot's (base, critical) damage, K-R48
        base, crit = damage
        hit_loss = _mean(armour_law(base, crit, dfn.armour, boxes_left(dfn)))
    d_master = can_reroll(dfn, "defence")
    out = []
    for opt in options(dfn, inc) or [None]:
        if opt is None:
            out.append(Advice(None, 0.0, hit_loss, 0.0, hit_loss))
            continue
        if opt.discard:
            out.append(Advice(opt, 1.0, float(crit), 0.0, float(crit) + pa_value))
            continue
        paid = opt.paid(bool(dfn.status.get("alert")))
        d = Roller(dice_for(dfn, "defence"), sum(v for _, v in defence_mods(dfn, opt, inc)) + defender_bonus,
                   crit_for(dfn, "defence"), d_master, opt.shield)
        split = parry_law(d, aroll.total)
        hold = sum(split)
        gain = 0.0
        if paid >= 2 and inc.in_reach and not inc.shot:
            rb = max(dfn.char(c) for c in opt.chars) + dfn.profile.weapon.bonus
            for p_held, rcs in zip(split, (0, 1, 2)):
                gain += p_held * _mean(armour_law(rb, atk.critical_bonus(dfn, paid, rcs), att.armour,
                                                  boxes_left(att), dfn.profile.weapon.spares_armour))
        loss = (1.0 - hold) * hit_loss
        out.append(Advice(opt, hold, loss, gain, loss - gain + pa_value * paid))
    return sorted(out, key=lambda a: a.score)
