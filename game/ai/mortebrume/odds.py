"""Exact odds the Mortebrume planner needs on top of the ruleset's ``odds`` module: cached
strikes and shots, the defender's best reaction, a dodge helped by destiny points, the
shield against a shot, spells (casting roll, dodge, power against resistance) and healing.
Everything is enumerated from the aptitude laws, never sampled."""
from __future__ import annotations

from functools import lru_cache

from game.core.state import Figure
from game.rulesets._shared.aptitude import die_for, distribution
from game.rulesets.mortebrume import odds as rules
from game.rulesets.mortebrume import spells, stats
from game.rulesets.mortebrume.odds import Odds, _wounds

NONE = Odds(0.0, 0.0, 0.0, 0.0)
_CACHE: dict = {}
_MAX = 20000


@lru_cache(maxsize=4096)
def law(value: int, extra: int = 0, bonus: int = 0) -> dict:
    """The aptitude law {(total, fumble, particular): p}, cached."""
    return distribution(value, extra, bonus)


def _fig_key(f: Figure) -> tuple:
    return (f.profile, stats.armour(f), f.vitality, stats.will(f))


def _remember(key, make):
    hit = _CACHE.get(key)
    if hit is None:
        if len(_CACHE) > _MAX:
            _CACHE.clear()
        hit = _CACHE[key] = make()
    return hit


def strike(att: Figure, tgt: Figure, wid: str, dist: float, reaction: str,
           inspired: int = 0) -> Odds:
    """The ruleset's strike odds, cached on what they depend on (bands, back, profiles)."""
    behind = stats.from_behind(att, tgt)
    dwid = stats.melee_weapons(tgt)[0][0]
    key = ("s", _fig_key(att), _fig_key(tgt), wid, stats.in_band(wid, dist),
           stats.in_band(dwid, dist), behind, reaction, inspired)
    return _remember(key, lambda: rules.strike(att, tgt, wid, dist, reaction, inspired))


def shot(att: Figure, tgt: Figure, wid: str, dist: float, reaction: str, mist: float,
         inspired: int = 0) -> Odds:
    d = round(dist / 5.0) * 5.0
    key = ("t", _fig_key(att), _fig_key(tgt), wid, d, stats.from_behind(att, tgt),
           stats.in_front(tgt, att.pos), reaction, mist, inspired)
    if reaction == "shield":
        return _remember(key, lambda: shield_shot(att, tgt, wid, d, mist, inspired))
    return _remember(key, lambda: rules.shot(att, tgt, wid, d, reaction, mist, inspired))


def melee_reactions(att: Figure, tgt: Figure) -> list[str]:
    """What the target may answer a strike with (as combat.py offers it)."""
    if tgt.status.get("stunned"):
        return ["take"]
    if stats.from_behind(att, tgt):
        return ["dodge"]
    return ["dodge", "take"] if tgt.status.get("struck") else ["riposte", "dodge", "take"]


def shot_reactions(att: Figure, tgt: Figure) -> list[str]:
    if tgt.status.get("stunned"):
        return ["take"]
    if stats.from_behind(att, tgt):
        return ["dodge"]
    out = ["dodge", "take"]
    if stats.profile(tgt).shield and stats.in_front(tgt, att.pos) and not tgt.status.get("activated"):
        out.append("shield")
    return out


def loss(o: Odds, tgt: Figure, v_tgt: float, att: Figure, v_att: float) -> float:
    """The target side's net loss in horde points for odds ``o`` (blows taken minus given)."""
    return damage_value(o, tgt, v_tgt) - v_att * min(1.0, o.expected_back / max(1, att.vitality))


def damage_value(o: Odds, tgt: Figure, value: float) -> float:
    """Expected points taken from ``tgt``: its value when out, a share per wound otherwise."""
    wounds = max(0.0, o.expected_wounds - o.p_out * tgt.vitality)
    return value * (o.p_out + 0.6 * wounds / max(1, tgt.max_vitality))


def best_reaction(options: dict[str, Odds], tgt: Figure, v_tgt: float, att: Figure,
                  v_att: float, tempo: float = 0.0) -> tuple[str, Odds]:
    """The reaction the target should pick (least net loss; ``tempo`` is the worth of the
    target's own activation, lost by a riposte or a failed dodge)."""
    best = None
    for r, o in options.items():
        cost = loss(o, tgt, v_tgt, att, v_att)
        if r == "riposte" or r == "shield":
            cost += tempo
        elif r == "dodge":
            cost += tempo * o.p_hit
        if best is None or cost < best[0]:
            best = (cost, r, o)
    return (best[1], best[2]) if best else ("take", NONE)


def dodge_strike(att: Figure, tgt: Figure, wid: str, dist: float, d_inspired: int) -> Odds:
    """A strike against a dodge helped by ``d_inspired`` sets of destiny dice."""
    key = ("d", _fig_key(att), _fig_key(tgt), wid, stats.in_band(wid, dist),
           stats.from_behind(att, tgt), d_inspired)

    def make():
        bonus = (0 if stats.in_band(wid, dist) else stats.OUT_OF_BAND) + (
            stats.BACK_BONUS if stats.from_behind(att, tgt) else 0)
        half = not stats.in_band(wid, dist)
        att_law = law(stats.weapon_skill(att, wid), 0, bonus)
        dod = law(stats.profile(tgt).dodge, d_inspired, 0)
        acc: dict[int, float] = {}
        arm = stats.armour(tgt)
        for (tot, fum, part), p in att_law.items():
            if fum:
                continue
            for (dt, dfum, dpart), q in dod.items():
                if (part and dpart) or (not dfum and dt > tot):
                    continue
                for n, r in _wounds(wid, half, part, arm).items():
                    acc[n] = acc.get(n, 0.0) + p * q * r
        return rules._odds(acc, tgt, 0.0)
    return _remember(key, make)


def shield_shot(att: Figure, tgt: Figure, wid: str, dist: float, mist: float,
                inspired: int = 0) -> Odds:
    """A shot met by the shield: handling + protection (+ a point per 10 cm when seen)
    at least the shot's total stops it."""
    band = stats.shot_band(wid, dist, mist)
    if band in ("out", "close"):
        return NONE
    bonus = stats.weapon(wid).allonge + (stats.OUT_OF_BAND if band == "far" else 0)
    att_law = law(stats.weapon_skill(att, wid), inspired, bonus)
    _, skill = stats.melee_weapons(tgt)[0]
    seen = stats.tens(dist) if stats.in_front(tgt, att.pos) else 0
    sh = law(skill, 0, (stats.profile(tgt).shield or 0) + seen)
    diff = stats.half_distance(dist)
    arm = stats.armour(tgt)
    acc: dict[int, float] = {}
    for (tot, fum, part), p in att_law.items():
        if fum or tot < diff:
            continue
        stop = sum(q for (st, sfum, _), q in sh.items() if not sfum and st >= tot)
        for n, r in _wounds(wid, band == "far", part, arm).items():
            acc[n] = acc.get(n, 0.0) + p * (1.0 - stop) * r
    return rules._odds(acc, tgt, 0.0)


def spell(caster: Figure, tgt: Figure, sid: str, rp: int, ra: int, dist: float,
          dodge: bool, inspired: int = 0) -> tuple[float, float]:
    """(chance the spell takes effect, chance it does so with doubled power): casting
    aptitude + allonge against half the distance plus the raises, the target's dodge."""
    sp = stats.spell(sid)
    diff = (0.0 if tgt.id == caster.id else stats.half_distance(dist)) + rp + ra
    seen = stats.in_front(tgt, caster.pos)
    key = ("c", caster.profile, tgt.profile, sid, rp, ra, round(diff, 1), dodge, seen, inspired)

    def make():
        cast = law(stats.profile(caster).spell.skill, inspired, sp.allonge)
        dod = law(stats.profile(tgt).dodge, 0, stats.tens(dist) if seen else 0) if dodge else None
        ok = special = 0.0
        for (tot, fum, part), p in cast.items():
            if fum or tot < diff:
                continue
            if dod is not None:
                p *= sum(q for (dt, dfum, dpart), q in dod.items()
                         if not (part and dpart) and (dfum or dt <= tot))
            ok += p
            special += p if part else 0.0
        return ok, special
    return _remember(key, make)


def raise_needed(caster: Figure, tgt: Figure, sid: str) -> int | None:
    """The least power raise that beats the target's resistance, None beyond the maximum."""
    sp = stats.spell(sid)
    res = spells.resistance(caster, tgt, sp.resist)
    need = max(0, res - sp.power + 1)
    return need if need <= spells.MAX_RAISE else None


def heal_expected(fig: Figure, n: int) -> float:
    """Physique expected back from ``n`` destiny points (dice sized by the physique left)."""
    sides = die_for(fig.vitality)
    return min(float(fig.max_vitality - fig.vitality), n * (sides + 1) / 2.0)
