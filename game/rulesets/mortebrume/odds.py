"""Exact odds of Mortebrume's rolls, for the interface (before declaring, when measuring is
allowed) and the AI: a strike or a shot against each reaction (riposte, dodge, shield, the
blow taken, or none for a stunned target), with destiny dice on either side; a spell's
casting roll against the distance, the raises, the dodge and the resistance; healing by
destiny points. Same rules as combat.py, spells.py and destiny.py, enumerated (never
sampled); the tests check them against brute force and against the rules themselves."""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from game.core.state import Figure
from game.rulesets._shared.aptitude import die_for, distribution, pool, sum_distribution
from game.rulesets.mortebrume import spells, stats
from game.rulesets.mortebrume.damage import special_wounds
from game.rulesets.mortebrume.stats import BACK_BONUS, OUT_OF_BAND


@lru_cache(maxsize=4096)
def law(value: int, extra: int = 0, bonus: int = 0) -> dict:
    """The aptitude law {(total, fumble, particular): p}, cached (never mutate it)."""
    return distribution(value, extra, bonus)


@dataclass(frozen=True)
class Odds:
    p_hit: float            # the target is wounded (or would be, before armour)
    expected_wounds: float  # to the target
    p_out: float            # the target is out of combat
    expected_back: float    # wounds to the attacker (riposte)


NONE = Odds(0.0, 0.0, 0.0, 0.0)


def _wounds(wid: str, half: bool, special: bool, armour: int,
            bare: bool | None = None) -> dict[int, float]:
    """Law of the wounds dealt by one blow against ``armour`` (push-back collisions left
    out). ``bare``: the target has no armour left (a special's extra wound), by default
    when ``armour`` is 0; a blow taken voluntarily halves the armour but not what is left."""
    w = stats.weapon(wid)
    dmg = w.damage // 2 if half else w.damage
    extra = {0: 1.0}
    if special and w.special in ("perforant", "tranchant"):
        extra = sum_distribution(*pool(dmg))
    bare = armour <= 0 if bare is None else bare
    out: dict[int, float] = {}
    for e, q in extra.items():
        n = special_wounds(max(0, dmg + e - armour), w.special, special, bare=bare)
        out[n] = out.get(n, 0.0) + q
    return out


def _add(acc: dict, law: dict[int, float], p: float) -> None:
    for n, q in law.items():
        acc[n] = acc.get(n, 0.0) + p * q


def strike(attacker: Figure, target: Figure, wid: str, dist: float, reaction: str,
           inspired: int = 0, defence: int = 0) -> Odds:
    """Odds of a melee strike at ``dist`` mm against the reaction riposte / dodge / take /
    none (a stunned target: no roll, full armour). ``inspired``: the attacker's destiny
    dice (sets of dice added to its roll); ``defence``: the target's, on its riposte or dodge."""
    bonus = 0 if stats.in_band(wid, dist) else OUT_OF_BAND
    if stats.from_behind(attacker, target):
        bonus += BACK_BONUS
    half = not stats.in_band(wid, dist)
    att = law(stats.weapon_skill(attacker, wid), inspired, bonus)
    arm = stats.armour(target)
    to_target: dict[int, float] = {}
    back = 0.0
    if reaction in ("take", "none"):
        taken = arm // 2 if reaction == "take" else arm
        for (_tot, fum, part), p in att.items():
            if not fum:
                _add(to_target, _wounds(wid, half, part, taken, arm <= 0), p)
    elif reaction == "dodge":
        dod = law(stats.profile(target).dodge, defence, 0)
        for (tot, fum, part), p in att.items():
            if fum:
                continue
            for (dt, dfum, dpart), q in dod.items():
                if (part and dpart) or (not dfum and dt > tot):
                    continue
                _add(to_target, _wounds(wid, half, part, arm), p * q)
    elif reaction == "riposte":
        dwid, dskill = (stats.melee_choice(target) or stats.melee_weapons(target))[0]
        dhalf = not stats.in_band(dwid, dist)
        dfd = law(dskill, defence, 0 if not dhalf else OUT_OF_BAND)
        shield_t = stats.profile(target).shield or 0
        shield_a = stats.profile(attacker).shield or 0
        a_arm = stats.armour(attacker)
        for (tot, fum, part), p in att.items():
            for (dt, dfum, dpart), q in dfd.items():
                pq = p * q
                if part and dpart and not fum and not dfum:
                    _add(to_target, _wounds(wid, half, False, arm), pq)
                    back += pq * _mean(_wounds(dwid, dhalf, False, a_arm))
                    continue
                if fum and dfum:
                    continue
                if not fum and (dfum or tot > dt):
                    if not (shield_t and not dfum and dt + shield_t >= tot):
                        _add(to_target, _wounds(wid, half, part, arm), pq)
                elif not (shield_a and not fum and tot + shield_a >= dt):
                    back += pq * _mean(_wounds(dwid, dhalf, dpart, a_arm))
    else:
        raise ValueError(f"unknown reaction to a strike: {reaction!r}")
    return _odds(to_target, target, back)


def _mean(law: dict[int, float]) -> float:
    return sum(n * q for n, q in law.items())


def _odds(law: dict[int, float], target: Figure, back: float) -> Odds:
    p_hit = sum(q for n, q in law.items())
    return Odds(p_hit=p_hit, expected_wounds=_mean(law),
                p_out=sum(q for n, q in law.items() if n >= target.vitality), expected_back=back)


def shot(shooter: Figure, target: Figure, wid: str, dist: float, reaction: str,
         mist: float, inspired: int = 0, defence: int = 0) -> Odds:
    """Odds of a shot at ``dist`` mm (edge to edge) against dodge / shield / take / none.
    A target that sees the shooter adds a point per 10 cm to its dodge or shield roll; the
    shield roll is the first melee weapon's handling plus the shield's protection, and
    stops the shot when at least its total. ``defence``: the target's destiny dice."""
    band = stats.shot_band(wid, dist, mist)
    if band in ("out", "close"):
        return NONE
    bonus = stats.weapon(wid).allonge + (OUT_OF_BAND if band == "far" else 0)
    if stats.from_behind(shooter, target):
        bonus += BACK_BONUS
    att = law(stats.weapon_skill(shooter, wid), inspired, bonus)
    diff = stats.half_distance(dist)
    arm = stats.armour(target)
    far = band == "far"
    seen = stats.tens(dist) if stats.in_field(target, shooter) else 0
    out: dict[int, float] = {}
    if reaction in ("take", "none"):
        taken = arm // 2 if reaction == "take" else arm
        for (tot, fum, part), p in att.items():
            if not fum and tot >= diff:
                _add(out, _wounds(wid, far, part, taken, arm <= 0), p)
    elif reaction == "dodge":
        dod = law(stats.profile(target).dodge, defence, seen)
        for (tot, fum, part), p in att.items():
            if fum or tot < diff:
                continue
            for (dt, dfum, dpart), q in dod.items():
                if (part and dpart) or (not dfum and dt > tot):
                    continue
                _add(out, _wounds(wid, far, part, arm), p * q)
    elif reaction == "shield":
        _, skill = stats.melee_weapons(target)[0]
        sh = law(skill, defence, (stats.profile(target).shield or 0) + seen)
        for (tot, fum, part), p in att.items():
            if fum or tot < diff:
                continue
            stop = sum(q for (st, sfum, _), q in sh.items() if not sfum and st >= tot)
            _add(out, _wounds(wid, far, part, arm), p * (1.0 - stop))
    else:
        raise ValueError(f"unknown reaction to a shot: {reaction!r}")
    return _odds(out, target, 0.0)


# --------------------------------------------------------------------------- spells


@dataclass(frozen=True)
class SpellOdds:
    p_success: float        # the casting roll beats the difficulty and the dodge (if any)
    p_special: float        # ... with a particular result (power doubled)
    p_effect: float         # ... and the power beats the target's resistance
    expected_amount: float  # physique lost or healed, Volonté drained, ward (0: stun, hinder)


def spell(caster: Figure, target: Figure, sid: str, raise_power: int = 0, raise_area: int = 0,
          dist: float = 0.0, dodge: bool = False, inspired: int = 0,
          defence: int = 0) -> SpellOdds:
    """Odds of casting ``sid`` on ``target`` at ``dist`` mm with the given raises: casting
    aptitude + allonge against half the distance (nothing on oneself) plus the raises; a
    dodging target (a point per 10 cm when it sees the caster) escapes strictly above the
    cast, or on a particular dodge against a special cast; the power (plus its raise,
    doubled by a special cast) must beat the resistance. Only the named target is counted."""
    sp = stats.spell(sid)
    mine = target.id == caster.id
    diff = (0.0 if mine else stats.half_distance(dist)) + raise_power + raise_area
    cast = law(stats.profile(caster).spell.skill, inspired, sp.allonge)
    seen = stats.in_field(target, caster)
    dod = law(stats.profile(target).dodge, defence, stats.tens(dist) if seen else 0) \
        if dodge else None
    power = sp.power + raise_power
    res = spells.resistance(caster, target, sp.resist)
    ok = special = effect = 0.0
    for (tot, fum, part), p in cast.items():
        if fum or tot < diff:
            continue
        if dod is not None:
            p *= sum(q for (dt, dfum, dpart), q in dod.items()
                     if not (part and dpart) and (dfum or dt <= tot))
        ok += p
        special += p if part else 0.0
        effect += p if (2 * power if part else power) > res else 0.0
    return SpellOdds(ok, special, effect, effect * effect_amount(sid, target))


def effect_amount(sid: str, target: Figure) -> float:
    """What the spell's effect is worth in its own unit on ``target`` when it lands."""
    sp = stats.spell(sid)
    if sp.effect == "wound":
        return float(min(sp.amount, target.vitality))
    if sp.effect == "heal":
        return float(min(sp.amount, target.max_vitality - target.vitality))
    if sp.effect in ("drain", "ward"):
        return float(sp.amount)
    return 0.0


def raise_needed(caster: Figure, target: Figure, sid: str) -> int | None:
    """The least power raise that beats the target's resistance, None when no roll of the
    caster could meet the difficulty it adds."""
    sp = stats.spell(sid)
    res = spells.resistance(caster, target, sp.resist)
    need = max(0, res - sp.power + 1)
    return need if need <= spells.best_roll(caster) else None


# --------------------------------------------------------------------------- destiny


def heal(fig: Figure, n: int) -> dict[int, float]:
    """Law of the physique regained with ``n`` destiny points: n dice sized by the physique
    left, the total capped at the physique lost."""
    room = fig.max_vitality - fig.vitality
    out: dict[int, float] = {}
    for s, q in sum_distribution(n, die_for(fig.vitality)).items():
        k = min(room, s)
        out[k] = out.get(k, 0.0) + q
    return out


def heal_expected(fig: Figure, n: int) -> float:
    return _mean(heal(fig, n))


# --------------------------------------------------------------------------- the hand


@dataclass(frozen=True)
class HandOdds:
    p_first: float          # side 1 takes the hand
    p_double_first: float   # side 1 takes it with two choices in a row (a special success)
    p_double_second: float  # side 2 takes it with two choices in a row


def hand(will_1: int, will_2: int) -> HandOdds:
    """The opposed Volonté test for the hand between two fighters of these Wills: ties and
    two automatic failures are rolled again (so the odds are those of a decided roll), a
    single automatic failure loses; the winner's particular result gives two choices."""
    from game.rulesets.mortebrume.flow import volonte_winner

    won = {1: 0.0, 2: 0.0}
    double = {1: 0.0, 2: 0.0}
    for (t1, f1, p1), q1 in law(will_1).items():
        for (t2, f2, p2), q2 in law(will_2).items():
            w = volonte_winner((t1, f1), (t2, f2))
            if w is None:
                continue
            won[w] += q1 * q2
            part, fumble = (p1, f1) if w == 1 else (p2, f2)
            if part and not fumble:
                double[w] += q1 * q2
    decided = won[1] + won[2]
    return HandOdds(won[1] / decided, double[1] / decided, double[2] / decided)
