"""Saves (B-R1, B-R2, B-R22, B-R33, B-R70): every source a figure has against one damage point,
stacked by value (the stated rule: value = 3 + level, values add), with armour piercing
taken from the armour and shield part only, shields counted only against a source in the
front arc, and no save at all when the total value is below 1."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game.rulesets._shared.facing import in_front
from game.rulesets._shared.keep import level_of, value_of

from .effects import SaveSource, Situation, ask, flags, run_save
from .fighter import Fighter

COVER = {"none": None, "light": -2, "heavy": 0}   # B-R33: light cover Svg 2-, heavy Svg


@dataclass(frozen=True)
class Attack:
    """What the damage comes from: "melee", "shots" or "free"; where its source stands;
    its armour piercing; whether it passes shields; whether saves are allowed at all."""

    kind: str = "melee"
    origin: tuple[float, float] | None = None
    pierce: int = 0
    shield_bypass: bool = False
    no_saves: bool = False
    null_weapon: bool = False     # an alliage-nul weapon
    energy: bool = False          # an energy blade (its piercing 3 meets null-alloy armour)
    cover: str = "none"
    precise: bool = False         # Tir precis: cover ignored
    spirit: bool = False          # reaches a Spectre: Bannissement, a slayer of its kind


def sources(f: Fighter, attack: Attack) -> list[SaveSource]:
    """The save sources that count against this attack."""
    out: list[SaveSource] = []
    for s in ask(f, "save", Situation(attack.kind)):
        if s.source == "shield" and not _shield_counts(f, attack):
            continue
        out.append(s)
    if attack.kind == "shots":
        if f.status.get("ran"):
            out.append(SaveSource(run_save(f), "other", "ran"))
        if f.status.get("crawled") or f.status.get("down"):
            out.append(SaveSource(-1, "other", "down" if f.status.get("down") else "crawled"))
        out.extend(SaveSource(int(v), "other", name) for name, v in f.status.get("move_saves", {}).items())
        if not attack.precise and COVER.get(attack.cover) is not None:
            out.append(SaveSource(COVER[attack.cover], "other", f"cover_{attack.cover}"))
    out.extend(SaveSource(int(v), "other", name) for name, v in f.status.get("turn_saves", {}).items())
    out = _one_sense(f, attack, out)
    lent = f.status.get("aura_saves") or {}
    if lent:                             # several friends' auras give the save once (B-R51)
        out.append(SaveSource(max(int(v) for v in lent.values()), "other", "aura"))
    return out


def _one_sense(f: Fighter, attack: Attack, out: list[SaveSource]) -> list[SaveSource]:
    """B-R70: a shot parry counts against a shot from the front arc only, and it is the Psi
    sense's save with a blade in hand, not a second one: the sense's and the parries' saves
    make one, the best of them (Svg+ for a Psi-sensitive blade bearer, not 3+)."""
    parries = [s for s in out if s.source == "parry"]
    if not parries:
        return out
    rest = [s for s in out if s.source not in ("parry", "sense")]
    if attack.origin is not None and not in_front(f.fig, attack.origin):
        return rest + [s for s in out if s.source == "sense"]
    return rest + [max((s for s in out if s.source in ("parry", "sense")), key=lambda s: s.level)]


def _shield_counts(f: Fighter, attack: Attack) -> bool:
    if attack.kind == "free" or f.status.get("crawled"):
        return False
    if attack.shield_bypass and "keeps_shield" not in flags(f):
        return False
    return attack.origin is None or in_front(f.fig, attack.origin)


def pierce_against(f: Fighter, attack: Attack) -> int:
    """Null-alloy armour cancels the piercing 3 of an energy blade."""
    if attack.energy and "null_armour" in flags(f):
        return 0
    return attack.pierce


def stacked(srcs: Sequence[SaveSource], pierce: int = 0) -> int | None:
    """The one save level the sources make, or None when there is no save roll."""
    if not srcs:
        return None
    worn = sum(value_of(s.level) for s in srcs if s.source in ("armour", "shield"))
    other = sum(value_of(s.level) for s in srcs if s.source not in ("armour", "shield"))
    total = max(0, worn - pierce) + other
    return None if total < 1 else level_of(total)


def save_level(f: Fighter, attack: Attack) -> int | None:
    if attack.no_saves:
        return None
    return stacked(sources(f, attack), pierce_against(f, attack))
