"""What the enemies can still do to a figure before its next activation, for the Khârn-Ages
AI: who can reach it and with how many PA left for its blows once there (``strikers``: the
PA its activation gives, less what its walks within reach cost, up to the free walk, a walk
and an assault), how hard each would hit through a defence of so many PA (with the mastery
dice and Maître its activation gives back), and so what the PA kept back are worth
(``exposure``).

A figure's PA come back only at its own activation, so what it spends attacking is lost to
its defences against every enemy that acts before then: the enemies still to act this turn
(weight 1) and, when ``later`` > 0, those already done, which may act before it next turn.
Estimates, not exact odds: each enemy's few strongest builds against the defender's best
defence within the PA allowed (``attack_value``), remembered for figures in the same state."""
from __future__ import annotations

import math
from itertools import combinations_with_replacement

from game.core.state import GameState
from game.rulesets.kharn_ages import codes, odds
from game.rulesets.kharn_ages.armour import boxes_left
from game.rulesets.kharn_ages.attacks import (
    WEAPON,
    AttackBuild,
    attack_mods,
    base_damage,
    check_attack,
    critical_bonus,
    doubled,
)
from game.rulesets.kharn_ages.cards import card, fighter
from game.rulesets.kharn_ages.defence import Incoming, defence_mods
from game.rulesets.kharn_ages.defence import options as defence_options
from game.rulesets.kharn_ages.dice import can_reroll, crit_for, dice_for
from game.rulesets.kharn_ages.fighter import CHARS, TOISE, Fighter
from game.rulesets.kharn_ages.flow import data
from game.rulesets.kharn_ages.skills import fixed_bonus
from game.rulesets.kharn_ages.states import may_act, refill

EFFECT_ORDER = ("A", "P", "V", "C")   # effects worth taking, best first (A: a free attack)
RIPOSTE = 0.7       # a riposte dealt back, against the hit points the defence saves


# --------------------------------------------------------------------- builds
def best_build(f: Fighter, chars: tuple[str, ...]) -> AttackBuild | None:
    """The build of these characteristics that no other of them dominates: the highest damage
    (a doubled characteristic imposes itself, K-R27) and the best effects (a free attack, +1
    damage, a free move; a push last); None when not allowed."""
    n = len(chars)
    twice = doubled(chars)
    if twice is not None:
        b = AttackBuild(chars, twice, (twice,) * (n - 1))
        return b if check_attack(f, b) is None else None
    dmg = max(dict.fromkeys(chars), key=f.char)   # ties: the first listed (a set's order follows the hash seed)
    w = f.profile.weapon
    if w.damage is not None and w.damage > f.char(dmg):
        dmg = WEAPON
    picked = [e for e in EFFECT_ORDER if e in chars][:n - 1] if n > 1 else []
    eff = tuple(e for e in CHARS if e in picked)       # in the order the codes list them
    b = AttackBuild(chars, dmg, eff)
    return b if check_attack(f, b) is None else None


_BUILDS: dict[tuple, list[AttackBuild]] = {}


def all_builds(f: Fighter) -> list[AttackBuild]:
    """One undominated build per characteristics multiset (1 to 3 PA)."""
    key = (f.fig.profile, f.profile.weapon, tuple(sorted(f.profile.skills)), tuple(f.char(c) for c in CHARS))
    found = _BUILDS.get(key)
    if found is None:
        found = []
        for n in (1, 2, 3):
            for chars in combinations_with_replacement(CHARS, n):
                b = best_build(f, chars)
                if b is not None:
                    found.append(b)
        if len(_BUILDS) > 512:
            _BUILDS.clear()
        _BUILDS[key] = found
    return found


_STRONG: dict[tuple, list[AttackBuild]] = {}


def strong_builds(f: Fighter, most_pa: int, k: int = 2) -> list[AttackBuild]:
    """The ``k`` builds with the highest characteristics sum at the highest PA affordable
    (remembered for figures of the same card and characteristics)."""
    pa = max(1, min(3, most_pa))
    key = (f.fig.profile, f.profile.weapon, tuple(sorted(f.profile.skills)), tuple(f.char(c) for c in CHARS),
           pa, k)
    found = _STRONG.get(key)
    if found is None:
        pool = [b for b in all_builds(f) if b.pa == pa]
        found = sorted(pool, key=lambda b: -(sum(f.char(c) for c in b.chars) + base_damage(f, b)))[:k]
        if len(_STRONG) > 2048:
            _STRONG.clear()
        _STRONG[key] = found
    return list(found)


# --------------------------------------------------------------------- one attack's value
_SEEN: dict[tuple, tuple[float, float, float, float]] = {}


_VOLATILE = frozenset(("label", "walks", "effroi_faced"))   # statuses no blow's odds depend on


def state_key(f: Fighter) -> tuple:
    """What an attack's odds depend on in a figure: its card, weapon, hit points and every
    status (spells, poison, frost, armour laid down, berserk...) but its name and walks.
    A key that left one out gave a figure under Barkskin the odds remembered for it bare,
    and made a game's decisions depend on the games played before it in the process."""
    s = f.status
    return (f.fig.profile, f.profile.weapon, f.fig.vitality,
            repr(sorted((k, v) for k, v in s.items() if k not in _VOLATILE)))


def attack_value(att: Fighter, dfn: Fighter, build: AttackBuild, assault: bool = False,
                 bonus: int = 0) -> tuple[float, float, float, float]:
    """(expected hit points taken, P(terrassé), expected riposte taken, P(hit)) of the attack
    against the target's strongest affordable defence (its PA as they are now); ``bonus``:
    the attack's support bonus. Remembered for figures in the same state."""
    key = (state_key(att), state_key(dfn), build, assault, bonus)
    found = _SEEN.get(key)
    if found is None:
        if len(_SEEN) > 40000:
            _SEEN.clear()
        found = _SEEN[key] = _estimate(att, dfn, build, assault, bonus)
    return found


def _estimate(att: Fighter, dfn: Fighter, build: AttackBuild, assault: bool,
              bonus: int) -> tuple[float, float, float, float]:
    mods = attack_mods(att, build, assault=assault)
    a = odds.Roller(dice_for(att, "melee"), sum(v for _, v in mods) + bonus, crit_for(att, "melee"),
                    can_reroll(att, "melee") or bool(att.has("maitre") and not att.status.get("maitre_used")))
    inc = Incoming(build.chars, tuple(att.char(c) for c in build.chars), build.pa)
    d = None
    best = None
    paid = 0
    discard = False
    for opt in defence_options(dfn, inc):
        if opt.discard:
            discard = True
            continue
        value = sum(v for _, v in defence_mods(dfn, opt, inc))
        if best is None or value > best:
            best, paid = value, opt.paid(bool(dfn.status.get("alert")))
            d = odds.Roller(dice_for(dfn, "defence"), value, crit_for(dfn, "defence"), can_reroll(dfn, "defence"),
                            opt.shield)
    h = odds.best_attack_policy(a, d)
    weapon = att.profile.weapon
    if build.special in ("cornes", "morsure"):
        base = 3 + weapon.bonus + fixed_bonus(att, build, assault)
    else:
        base = base_damage(att, build) + fixed_bonus(att, build, assault)
    dmg = kill = 0.0
    for p, rcs in ((h.plain, 0), (h.rc, 1), (h.multi, 2)):
        law = odds.armour_law(base, critical_bonus(att, build.pa, rcs, build.special), dfn.armour,
                              boxes_left(dfn), weapon.spares_armour, weapon.pierce)
        dmg += p * sum(k * q for k, q in law.items())
        kill += p * sum(q for k, q in law.items() if k >= dfn.fig.vitality)
    if discard and dmg > 3.0:              # a shield thrown away against a big blow
        dmg, kill = dmg * 0.5, kill * 0.5
    riposte = 0.0
    if d is not None and paid >= 2:
        held = sum(h.parried)
        rb = max(dfn.char(c) for c in CHARS) + dfn.profile.weapon.bonus
        stop = 0.0
        if att.armour is not None and boxes_left(att) > 0:
            stop = (att.armour.low + att.armour.high) / 2.0
        riposte = held * max(0.0, rb - stop)
    return dmg, kill, riposte, h.hit


# --------------------------------------------------------------------- who threatens whom
def gap_mm(a, b) -> float:
    return math.dist(a.pos, b.pos) - a.radius - b.radius


def strike_range_mm(e: Fighter) -> float:
    """How far (edge to edge) an enemy can strike from where it stands: the free walk, an
    assault's move and its reach."""
    return (2 * e.speed + e.reach) * TOISE + 1.0


def move_pa(e: Fighter, gap: float) -> int | None:
    """PA ``e`` pays to come within reach of a figure ``gap`` mm away (edge to edge) at its
    next activation, open ground assumed: none within its reach or an assault over the free
    walk (Charge brutale added), one for the free walk then an assault, two or three (with
    or without Endurance) for the free walk, a walk and the assault; None past that."""
    reach = e.reach * TOISE + 1.0
    v = e.speed * TOISE
    charge = (e.speed + e.skill("charge_brutale")) * TOISE
    if gap <= reach + charge:
        return 0
    if gap <= reach + charge + v:
        return 1
    if gap <= reach + charge + 2 * v:
        return 2 if e.has("endurance") else 3
    return None


def threats(st: GameState, f: Fighter, later: float = 0.5, at=None) -> list[tuple[Fighter, float]]:
    """Enemies that may attack ``f`` (standing at ``at``, default where it is) before its next
    activation, with a weight: 1 for those still to act this turn, ``later`` for the others."""
    return [(e, w) for e, w, _ in strikers(st, f, later, at)]


def strikers(st: GameState, f: Fighter, later: float = 0.5, at=None) -> list[tuple[Fighter, float, int]]:
    """``threats`` with the PA each enemy has left for its blows once it has walked within
    reach (``move_pa``) out of those its activation gives it (``refill``: halved by terror)."""
    done = set(data(st).get("done", ()))
    pos = at if at is not None else f.fig.pos
    out = []
    for e in st.figures.values():
        if e.side == f.fig.side or e.out or e.status.get("carcass"):
            continue
        ef = fighter(st, e)
        if not may_act(ef) or not ef.fit:
            continue
        gap = math.dist(pos, e.pos) - e.radius - f.fig.radius
        cost = move_pa(ef, gap)
        if cost is None:
            continue
        pa = refill(ef) - cost
        w = later if e.id in done else 1.0
        if w > 0 and pa > 0:
            out.append((ef, w, pa))
    out.sort(key=lambda t: -t[1])
    return out


def blows(e: Fighter, pa: int | None = None) -> list[int]:
    """The PA of the attacks ``e`` can make with ``pa`` PA (default its full PA): threes,
    then what is left."""
    pa = e.profile.pa if pa is None else max(0, int(pa))
    out = [3] * (pa // 3)
    if pa % 3:
        out.append(pa % 3)
    return out


FRESH = {"mastery_used": [], "maitre_used": False, "stunned": False}   # reset by its activation


def loss(e: Fighter, f: Fighter, pa: int, blow: int = 3) -> float:
    """Hit points ``f`` should expect to lose to one attack of ``e`` (its best strong builds
    of ``blow`` PA, with the mastery dice and Maître its activation gives back), ``f``
    defending with at most ``pa`` PA, less ``RIPOSTE`` times what its riposte should deal
    back; a fall counts half its hit points left on top."""
    saved = f.status.get("pa")
    missing = object()
    saved_e = {k: e.status.get(k, missing) for k in ("pa", *FRESH)}
    f.status["pa"] = max(0, int(pa))
    e.status["pa"] = e.profile.pa
    e.status.update({k: (list(v) if isinstance(v, list) else v) for k, v in FRESH.items()})
    try:
        worst = 0.0
        for b in strong_builds(e, min(blow, e.profile.pa)):
            dmg, kill, riposte, _ = attack_value(e, f, b)
            worst = max(worst, dmg + kill * f.fig.vitality * 0.5 - RIPOSTE * riposte)
        return worst
    finally:
        f.status["pa"] = saved
        for k, v in saved_e.items():
            if v is missing:
                e.status.pop(k, None)
            else:
                e.status[k] = v


def exposure(st: GameState, f: Fighter, pa: int, later: float = 0.5, at=None) -> float:
    """Hit points ``f`` should expect to lose before its next activation keeping ``pa`` PA
    for its defences: the threats in order, each of their blows with the PA they have left
    once within reach (``strikers``, ``blows``) met with up to 3 PA of what is left."""
    left = max(0, int(pa))
    total = 0.0
    for e, w, epa in strikers(st, f, later, at):
        for blow in blows(e, epa):
            d = min(3, left)
            total += w * loss(e, f, d, blow)
            left -= d
    return total


def value_of(st: GameState, fig) -> float:
    """A figure's worth in Kouronnes (victory's count), at least 1."""
    return max(1.0, float(card(st, fig).get("cost", 0) or 0))


def defence_pa_price(st: GameState, f: Fighter, later: float = 0.5) -> float:
    """Hit points one PA of ``f``'s is worth in its later defences (for the defence policy):
    0.15 when its PA come back before anyone else can strike, else what the last PA saves."""
    done = set(data(st).get("done", ()))
    if f.id not in done or not threats(st, f, later):
        return 0.15
    pa = f.pa
    if pa <= 0:
        return 0.15
    cut = exposure(st, f, pa - 1, later) - exposure(st, f, pa, later)
    return max(0.15, cut)


def codes_of(builds: list[AttackBuild]) -> dict[str, AttackBuild]:
    return {codes.attack_code(b): b for b in builds}
