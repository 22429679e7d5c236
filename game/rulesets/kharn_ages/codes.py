"""Attack and defence builds as the value strings of actions (actions are plain data).

An attack: ``"<chars>/<damage>/<effects>/<special>"``, e.g. ``"VP/P/V/"`` (2 PA, V and P,
deals P, the V effect), ``"CC/C/C/pietinement"``, ``"A/A//"`` (a simple attack), ``"PP/weapon/P/"``.
A defence: ``"<chars>/<s|d|->/<damage>/<effect>"``: ``"//-//"`` is no defence at all (only
when none can be made), ``"/-//"`` the reflex defence, ``"AV/s/A/"`` a standard defence with
the shield riposting A, ``"/d//"`` the shield discarded.
"""
from __future__ import annotations

from itertools import combinations_with_replacement

from .attacks import AttackBuild, builds, check_attack
from .defence import DefenceBuild, Incoming, check_defence
from .fighter import CHARS, Fighter
from .moves import action_cost, burdened

NO_DEFENCE = "none"


def attack_code(b: AttackBuild) -> str:
    return f"{''.join(b.chars)}/{b.damage or b.dealt}/{''.join(b.effects)}/{b.special or ''}"


def attack_build(code: str) -> AttackBuild:
    chars, damage, effects, special = str(code).split("/")
    return AttackBuild(tuple(chars), damage, tuple(effects), special or None)


def attack_codes(f: Fighter, most_pa: int | None = None, simple_only: bool = False) -> list[str]:
    """Every allowed build the figure can pay now (``most_pa``: the PA it may spend on the
    attack itself), specials included."""
    budget = f.pa if most_pa is None else most_pa
    key = (f.profile.weapon, tuple(sorted(f.profile.skills)), burdened(f))
    out: list[str] = []
    for pa in ((1,) if simple_only else (1, 2, 3)):
        if action_cost(f, pa) <= budget:
            out += _builds(key, f, pa)
    if not simple_only and action_cost(f, 2) <= budget:
        used = f.status.get("specials_used", ())
        out += [c for c in _builds(key, f, 0) if c.rsplit("/", 1)[1] not in used]
    return out


_BUILDS: dict[tuple, list[str]] = {}


def _builds(key: tuple, f: Fighter, pa: int) -> list[str]:
    """The codes of ``builds(f, pa)`` (pa 0: the special attacks), cached by what they
    depend on (weapon, skills, a load)."""
    found = _BUILDS.get((key, pa))
    if found is None:
        if pa:
            found = [attack_code(b) for b in builds(f, pa)]
        else:
            found = []
            for special in ("cornes", "morsure", "pietinement"):
                pairs = [("C", "C")] if special == "pietinement" else list(combinations_with_replacement(CHARS, 2))
                found += [attack_code(AttackBuild(c, "", (), special)) for c in pairs
                          if check_attack(f, AttackBuild(c, "", (), special)) is None]
        if len(_BUILDS) > 256:
            _BUILDS.clear()
        _BUILDS[(key, pa)] = found
    return found


def defence_code(b: DefenceBuild | None) -> str:
    if b is None:
        return NO_DEFENCE
    flag = "d" if b.discard else ("s" if b.shield else "-")
    return f"{''.join(b.chars)}/{flag}/{b.damage}/{b.effect}"


def defence_build(code: str) -> DefenceBuild | None:
    if code == NO_DEFENCE:
        return None
    chars, flag, damage, effect = str(code).split("/")
    return DefenceBuild(tuple(chars), shield=flag == "s", discard=flag == "d", damage=damage, effect=effect)


def defence_codes(f: Fighter, inc: Incoming) -> list[str]:
    """Every defence the figure may make against ``inc`` (riposte choices included); the
    first is the cheapest. Empty: it can make none."""
    out: list[DefenceBuild] = [DefenceBuild(), DefenceBuild(discard=True)]
    for n in (1, 2, 3, 4):
        for chars in combinations_with_replacement(CHARS, n):
            rip = sorted(set(chars)) if n >= 2 else []
            for shield in (False, True):
                for dmg in ["", *rip]:
                    for eff in ["", *rip]:
                        out.append(DefenceBuild(chars, shield=shield, damage=dmg, effect=eff))
    out.insert(1, DefenceBuild(shield=True))
    return [defence_code(b) for b in out if check_defence(f, b, inc) is None]
