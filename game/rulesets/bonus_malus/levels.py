"""Competence levels as a roll sees them: the profile's level (3- when not listed, B-R27),
bare hands in melee, levels a power set for the turn (B-R26), then every modifier (the
wound track, the catalogue's effects, the turn's modifiers and the situation's), which
cancel one for one on the roll."""
from __future__ import annotations

from collections.abc import Sequence

from game.rulesets._shared.keep import DEFAULT_LEVEL, net_level

from .effects import ANY, UNARMED, Situation, armed, ask, wound_levels
from .fighter import Fighter

Mods = tuple[tuple[str, int], ...]


def unarmed_levels(f: Fighter) -> dict[str, int]:
    """Combat and Degats of bare hands: 3- each, or the best an attribute gives."""
    out = {"combat": UNARMED, "degats": UNARMED}
    for got in ask(f, "unarmed"):
        for k, v in got.items():
            out[k] = max(out[k], v)
    return out


def melee_damage_base(f: Fighter) -> int:
    """The Degats level of the weapon used in melee (the best in hand), or of bare hands."""
    weapons = f.melee_weapons()
    if weapons:
        return max(int(w.get("degats", 0)) for w in weapons)
    if armed(f):                                  # a two-handed gun swung (B-R5)
        return int(f.cat["arme_de_tir_2m"].get("degats"))
    return unarmed_levels(f)["degats"]


def base_level(f: Fighter, competence: str) -> int:
    """The competence's level before modifiers."""
    set_levels = f.status.get("set_levels", {})
    if competence in set_levels:
        return int(set_levels[competence])
    if competence == "combat" and not armed(f):
        return unarmed_levels(f)["combat"]
    if competence == "degats":
        return melee_damage_base(f)
    return int(f.competences.get(competence, DEFAULT_LEVEL))


def modifiers(f: Fighter, competence: str, sit: Situation = ANY,
              extra: Sequence[tuple[str, int]] = ()) -> Mods:
    """Every level modifier on this competence roll, named for the log."""
    sit = Situation(sit.attack, competence, sit.foe)
    mods: list[tuple[str, int]] = []
    w = wound_levels(f, competence)
    if w:
        mods.append(("wounds", w))
    mods.extend(ask(f, "level", sit))
    for name, v in f.status.get("turn_levels", {}).items():
        if name in (competence, "all"):
            mods.append((f"turn_{name}", int(v)))
    mods.extend(extra)
    return tuple(mods)


def level(f: Fighter, competence: str, sit: Situation = ANY,
          extra: Sequence[tuple[str, int]] = ()) -> tuple[int, Mods]:
    """(base level, modifiers) of a competence roll; the net level is their sum."""
    return base_level(f, competence), modifiers(f, competence, sit, extra)


def net(f: Fighter, competence: str, sit: Situation = ANY,
        extra: Sequence[tuple[str, int]] = ()) -> int:
    base, mods = level(f, competence, sit, extra)
    return net_level(base, *(v for _, v in mods))
