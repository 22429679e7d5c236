"""The Swidenth catalogue as the rules read it: the base human, weapons, armour, spells, ranks
and warbands, validated by ``schema`` (``catalogue.yaml``, errors with file:line:col), and
what a figure's equipment makes of its profile: effective Défense and Mouv, primary and
second melee weapon (S-R12, S-R13), and points (S-R22)."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
CHARACTERISTICS = ("mouv", "combat", "tir", "defense", "bravoure", "psychisme", "vitalite")
WEIGHTS = ("none", "light", "medium", "heavy")
RANKS = ("chef", "champion", "troop")
BARE_HANDS = "mains_nues"


class CatalogueError(ValueError):
    """A catalogue that does not make sense (the message names every problem)."""


@dataclass(frozen=True)
class Weapon:
    id: str
    kind: str                 # "melee" or "ranged"
    damage: int
    hands: int
    cost: int
    weight: str = "none"      # melee only: light, medium, heavy (none: bare hands)
    combat: int = 0           # Combat modifier of fighting with it (bare hands: -2)
    range: int = 0            # ranged: printed range in pas (3 x p)
    reload: bool = False
    one_use: bool = False
    charged_combat: int = 0   # extra Combat when its bearer is charged (spear)


@dataclass(frozen=True)
class Armour:
    id: str
    defense: int
    cost: int
    mouv: int = 0
    hands: int = 0            # a shield takes the off hand


@dataclass(frozen=True)
class Profile:
    """A warband entry: characteristics before equipment, rank and equipment ids."""

    id: str
    rank: str
    stats: Mapping[str, int]
    equipment: tuple[str, ...] = ()
    spells: tuple[str, ...] = ()


@dataclass(frozen=True)
class Catalogue:
    pas_mm: float
    base: Mapping[str, int]
    ranks: Mapping[str, Mapping[str, int]]
    weapons: Mapping[str, Weapon]
    armour: Mapping[str, Armour]
    spells: Mapping[str, Mapping[str, Any]]
    warbands: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)

    def profile(self, warband: str, pid: str) -> Profile:
        entry = self.warbands[warband]["profiles"][pid]
        stats = {**self.base, **(entry.get("stats") or {})}
        return Profile(pid, entry["rank"], stats, tuple(entry.get("equipment") or ()),
                       tuple(entry.get("spells") or ()))


def from_model(m) -> Catalogue:
    """The rules' view of a validated catalogue model (``schema.Catalogue``)."""
    dump = lambda x: x.model_dump(exclude_none=True)  # noqa: E731
    weapons = {wid: Weapon(wid, w.kind, w.damage, w.hands, w.cost, w.weight, w.combat, w.range,
                           w.reload, w.one_use, w.charged_combat) for wid, w in m.weapons.items()}
    armour = {aid: Armour(aid, a.defense, a.cost, a.mouv, a.hands) for aid, a in m.armour.items()}
    return Catalogue(m.pas_mm, dump(m.base_human), {r: dump(v) for r, v in m.ranks.items()}, weapons,
                     armour, {sid: dump(sp) for sid, sp in m.spells.items()},
                     {wid: dump(band) for wid, band in m.warbands.items()})


def validate(doc: Mapping[str, Any]):
    """The validated catalogue model (``schema.Catalogue``) of a YAML document already read;
    CatalogueError lists every problem as "path: message" (files get file:line:col from
    ``game.data``)."""
    from pydantic import ValidationError

    from game.data.errors import format_path
    from game.data.validation import translate
    from game.rulesets.swidenth import schema

    context: dict = {}
    try:
        m = schema.Catalogue.model_validate(doc, context=context)
    except ValidationError as exc:
        issues = translate(exc, doc, context)
    else:
        issues = schema.check_catalogue(m)
    if issues:
        raise CatalogueError("; ".join(f"{format_path(i.path)}: {i.message}" for i in issues))
    return m


def parse(doc: Mapping[str, Any]) -> Catalogue:
    """The rules' view of a YAML document already read, checked (see ``validate``)."""
    return from_model(validate(doc))


def model():
    """The bundled catalogue as its validated schema model (names, terrain kinds, points)."""
    from game.data import load_catalogue

    return load_catalogue("swidenth")


@lru_cache(maxsize=1)
def load() -> Catalogue:
    """The bundled catalogue, as the rules read it."""
    return from_model(model())


# ---------------------------------------------------------------- equipment

def hands_used(cat: Catalogue, kit: Sequence[str], *, strict: bool = True) -> int:
    """Hands the held items need (melee weapons and shields; ranged weapons are slung while
    fighting, so they never count against melee hands)."""
    held = [cat.weapons[e].hands for e in kit if e in cat.weapons and cat.weapons[e].kind == "melee"]
    held += [cat.armour[e].hands for e in kit if e in cat.armour]
    n = sum(held)
    if strict and n > 2:
        raise CatalogueError(f"equipment {list(kit)} needs {n} hands")
    return n


def melee_weapons(cat: Catalogue, kit: Sequence[str]) -> list[Weapon]:
    """Melee weapons held, highest damage first (the primary; ties keep the listed order,
    which is the player's pick)."""
    ws = [cat.weapons[e] for e in kit if e in cat.weapons and cat.weapons[e].kind == "melee"]
    return sorted(ws, key=lambda w: -w.damage)


def ranged_weapon(cat: Catalogue, kit: Sequence[str]) -> Weapon | None:
    ws = [cat.weapons[e] for e in kit if e in cat.weapons and cat.weapons[e].kind == "ranged"]
    return ws[0] if ws else None


@dataclass(frozen=True)
class MeleeKit:
    """What a figure fights with: the primary weapon's damage and Combat modifier, plus the
    second weapon's bonus (light: +1 Combat; medium: +1 Combat and +1 damage)."""

    primary: str
    damage: int
    combat: int
    charged_combat: int = 0


def melee_kit(cat: Catalogue, kit: Sequence[str]) -> MeleeKit:
    ws = melee_weapons(cat, kit)
    if not ws:
        bare = cat.weapons[BARE_HANDS]
        return MeleeKit(bare.id, bare.damage, bare.combat)
    first = ws[0]
    damage, combat = first.damage, first.combat
    if len(ws) > 1:
        second = ws[1]
        combat += 1 if second.weight in ("light", "medium") else 0
        damage += 1 if second.weight == "medium" else 0
    return MeleeKit(first.id, damage, combat, first.charged_combat)


def defense(cat: Catalogue, base_defense: int, kit: Sequence[str]) -> int:
    return base_defense + sum(cat.armour[e].defense for e in kit if e in cat.armour)


def mouv(cat: Catalogue, base_mouv: int, kit: Sequence[str]) -> int:
    return base_mouv + sum(cat.armour[e].mouv for e in kit if e in cat.armour)


# ---------------------------------------------------------------- points (S-R22)

def profile_cost(cat: Catalogue, prof: Profile) -> int:
    """The profile's points (the formula is ``schema.points``)."""
    from game.rulesets.swidenth.schema import points

    kit = sum(cat.weapons[e].cost if e in cat.weapons else cat.armour[e].cost for e in prof.equipment)
    kit += sum(int(cat.spells[sp]["cost"]) for sp in prof.spells)
    return points(prof.stats, kit, int(cat.ranks[prof.rank]["cost"]))
