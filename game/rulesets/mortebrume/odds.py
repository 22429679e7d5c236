"""Exact odds of a strike or a shot against a given reaction, for the interface (before
declaring, when measuring is allowed) and the AI. Same rules as combat.py, enumerated."""
from __future__ import annotations

from dataclasses import dataclass

from game.core.state import Figure
from game.rulesets._shared.aptitude import distribution, pool, sum_distribution
from game.rulesets.mortebrume import stats
from game.rulesets.mortebrume.stats import BACK_BONUS, OUT_OF_BAND


@dataclass(frozen=True)
class Odds:
    p_hit: float            # the target is wounded (or would be, before armour)
    expected_wounds: float  # to the target
    p_out: float            # the target is out of combat
    expected_back: float    # wounds to the attacker (riposte)


def _wounds(wid: str, half: bool, special: bool, armour: int) -> dict[int, float]:
    """Law of the wounds dealt by one blow (push-back collisions left out)."""
    w = stats.weapon(wid)
    dmg = w.damage // 2 if half else w.damage
    extra = {0: 1.0}
    if special and w.special in ("perforant", "tranchant"):
        extra = sum_distribution(*pool(dmg))
    out: dict[int, float] = {}
    for e, q in extra.items():
        n = max(0, dmg + e - armour)
        if special:
            n += 1 if armour == 0 else 0
            if w.special == "etourdissant":
                n *= 2
        out[n] = out.get(n, 0.0) + q
    return out


def _add(acc: dict, law: dict[int, float], p: float) -> None:
    for n, q in law.items():
        acc[n] = acc.get(n, 0.0) + p * q


def strike(attacker: Figure, target: Figure, wid: str, dist: float, reaction: str,
           inspired: int = 0) -> Odds:
    """Odds of a melee strike at ``dist`` mm against the reaction riposte / dodge / take."""
    bonus = 0 if stats.in_band(wid, dist) else OUT_OF_BAND
    if stats.from_behind(attacker, target):
        bonus += BACK_BONUS
    half = not stats.in_band(wid, dist)
    att = distribution(stats.weapon_skill(attacker, wid), inspired, bonus)
    arm = stats.armour(target)
    to_target: dict[int, float] = {}
    back = 0.0
    if reaction == "take":
        for (tot, fum, part), p in att.items():
            if not fum:
                _add(to_target, _wounds(wid, half, part, arm // 2), p)
    elif reaction == "dodge":
        dod = distribution(stats.profile(target).dodge)
        for (tot, fum, part), p in att.items():
            if fum:
                continue
            for (dt, dfum, dpart), q in dod.items():
                if (part and dpart) or (not dfum and dt > tot):
                    continue
                _add(to_target, _wounds(wid, half, part, arm), p * q)
    else:  # riposte
        dwid, dskill = (stats.melee_choice(target) or stats.melee_weapons(target))[0]
        dhalf = not stats.in_band(dwid, dist)
        dfd = distribution(dskill, 0, 0 if not dhalf else OUT_OF_BAND)
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
    return _odds(to_target, target, back)


def _mean(law: dict[int, float]) -> float:
    return sum(n * q for n, q in law.items())


def _odds(law: dict[int, float], target: Figure, back: float) -> Odds:
    p_hit = sum(q for n, q in law.items())
    return Odds(p_hit=p_hit, expected_wounds=_mean(law),
                p_out=sum(q for n, q in law.items() if n >= target.vitality), expected_back=back)


def shot(shooter: Figure, target: Figure, wid: str, dist: float, reaction: str,
         mist: float, inspired: int = 0) -> Odds:
    """Odds of a shot at ``dist`` mm (edge to edge) against dodge / take."""
    band = stats.shot_band(wid, dist, mist)
    if band in ("out", "close"):
        return Odds(0.0, 0.0, 0.0, 0.0)
    bonus = stats.weapon(wid).allonge + (OUT_OF_BAND if band == "far" else 0)
    if stats.from_behind(shooter, target):
        bonus += BACK_BONUS
    att = distribution(stats.weapon_skill(shooter, wid), inspired, bonus)
    diff = stats.half_distance(dist)
    arm = stats.armour(target)
    law: dict[int, float] = {}
    dod = distribution(stats.profile(target).dodge, 0,
                       stats.tens(dist) if stats.in_front(target, shooter.pos) else 0)
    for (tot, fum, part), p in att.items():
        if fum or tot < diff:
            continue
        if reaction == "take":
            _add(law, _wounds(wid, band == "far", part, arm // 2), p)
            continue
        for (dt, dfum, dpart), q in dod.items():
            if (part and dpart) or (not dfum and dt > tot):
                continue
            _add(law, _wounds(wid, band == "far", part, arm), p * q)
    return _odds(law, target, 0.0)
