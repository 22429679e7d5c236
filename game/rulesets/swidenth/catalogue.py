"""The Swidenth catalogue as data: the base human, weapons, armour, spells, ranks and
warbands (``catalogue.yaml``), and what a figure's equipment makes of its profile: effective
Défense and Mouv, primary and second melee weapon (S-R12, S-R13), and points (S-R22)."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml

HERE = Path(__file__).resolve().parent
CHARACTERISTICS = ("mouv", "combat", "tir", "defense", "bravoure", "psychisme", "vitalite")
WEIGHTS = ("none", "light", "medium", "heavy")
RANKS = ("chef", "champion", "troop")
BARE_HANDS = "mains_nues"


class CatalogueError(ValueError):
    """A catalogue entry that does not make sense (the message names it)."""


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


def _check_weapon(wid: str, raw: Mapping[str, Any]) -> Weapon:
    kind = raw.get("kind")
    if kind not in ("melee", "ranged"):
        raise CatalogueError(f"weapon {wid}: kind must be melee or ranged, not {kind!r}")
    w = Weapon(wid, kind, int(raw["damage"]), int(raw["hands"]), int(raw["cost"]),
               str(raw.get("weight", "none")), int(raw.get("combat", 0)), int(raw.get("range", 0)),
               bool(raw.get("reload", False)), bool(raw.get("one_use", False)),
               int(raw.get("charged_combat", 0)))
    if w.weight not in WEIGHTS:
        raise CatalogueError(f"weapon {wid}: weight {w.weight!r} is not one of {WEIGHTS}")
    if kind == "ranged" and (w.range <= 0 or w.range % 3):
        raise CatalogueError(f"weapon {wid}: a range must be a positive multiple of 3 pas")
    if w.weight == "heavy" and w.hands != 2:
        raise CatalogueError(f"weapon {wid}: a heavy weapon takes two hands")
    return w


def parse(doc: Mapping[str, Any]) -> Catalogue:
    """The catalogue from its YAML document, checked."""
    base = {k: int(doc["base_human"][k]) for k in CHARACTERISTICS}
    weapons = {wid: _check_weapon(wid, raw) for wid, raw in doc["weapons"].items()}
    armour = {aid: Armour(aid, int(raw["defense"]), int(raw["cost"]), int(raw.get("mouv", 0)),
                          int(raw.get("hands", 0))) for aid, raw in doc["armour"].items()}
    cat = Catalogue(float(doc["pas_mm"]), base, dict(doc["ranks"]), weapons, armour,
                    dict(doc.get("spells") or {}), dict(doc.get("warbands") or {}))
    for wb, band in cat.warbands.items():
        for pid, entry in band["profiles"].items():
            if entry.get("rank") not in RANKS:
                raise CatalogueError(f"{wb}.{pid}: rank {entry.get('rank')!r} is not one of {RANKS}")
            unknown = sorted(set(entry.get("stats") or {}) - set(CHARACTERISTICS))
            if unknown:
                raise CatalogueError(f"{wb}.{pid}: unknown characteristic(s) {', '.join(unknown)}")
            kit = entry.get("equipment") or ()
            missing = [e for e in kit if e not in weapons and e not in armour]
            if missing:
                raise CatalogueError(f"{wb}.{pid}: unknown equipment {', '.join(missing)}")
            hands_used(cat, kit)
            unknown = [sp for sp in entry.get("spells") or () if sp not in cat.spells]
            if unknown:
                raise CatalogueError(f"{wb}.{pid}: unknown spell(s) {', '.join(unknown)}")
    return cat


@lru_cache(maxsize=1)
def load() -> Catalogue:
    """The bundled catalogue."""
    return parse(yaml.safe_load((HERE / "catalogue.yaml").read_text(encoding="utf-8")))


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
    s = prof.stats
    cost = (10 + 4 * s["combat"] + 4 * s["tir"] + 3 * max(0, s["defense"] - 6) + 2 * s["bravoure"]
            + 3 * s["psychisme"] + 15 * max(0, s["vitalite"] - 1))
    cost += sum(cat.weapons[e].cost if e in cat.weapons else cat.armour[e].cost for e in prof.equipment)
    return cost + int(cat.ranks[prof.rank]["cost"])


WARBAND_POINTS = 150
MIN_FIGURES, MAX_FIGURES, MAX_CHAMPIONS = 6, 12, 2


def warband_problems(cat: Catalogue, warband: str) -> list[str]:
    """What breaks the warband limits: 150 points, one Chef, two Champions at most, 6 to 12
    figures (empty when legal)."""
    band = cat.warbands[warband]
    ranks: dict[str, int] = {}
    points = figures = 0
    for row in band["roster"]:
        prof = cat.profile(warband, row["profile"])
        n = int(row.get("count", 1))
        figures += n
        points += n * profile_cost(cat, prof)
        ranks[prof.rank] = ranks.get(prof.rank, 0) + n
    out = []
    if points > WARBAND_POINTS:
        out.append(f"{points} points > {WARBAND_POINTS}")
    if ranks.get("chef", 0) != 1:
        out.append(f"{ranks.get('chef', 0)} Chef (exactly one)")
    if ranks.get("champion", 0) > MAX_CHAMPIONS:
        out.append(f"{ranks['champion']} Champions (two at most)")
    if not MIN_FIGURES <= figures <= MAX_FIGURES:
        out.append(f"{figures} figures (6 to 12)")
    return out


def warband_points(cat: Catalogue, warband: str) -> int:
    return sum(int(r.get("count", 1)) * profile_cost(cat, cat.profile(warband, r["profile"]))
               for r in cat.warbands[warband]["roster"])
