"""Evenor data schemas: the profile/trait/terrain catalogue, rosters and scenarios.

Importing this module registers the three schemas with ``game.data.registry``.
All lengths are in pas (1 pas = 2.5 cm); base diameters are in millimetres.
"""

from __future__ import annotations

from typing import Annotated, ClassVar, Literal

from pydantic import BeforeValidator, Field, field_validator, model_validator

from game.data.catalogues import GroupedCatalogue
from game.data.errors import Issue, show, unknown
from game.data.fields import (
    DataModel,
    Identifier,
    IntRange,
    LocalText,
    Ranges,
    SizeRange,
    param_item,
)
from game.data.registry import register
from game.data.scenarios import (
    RoleRef,
    TablePoint,
    TableRect,
    TerrainKindRef,
    TerrainPiece,
)
from game.data.scenarios import Scenario as BaseScenario
from game.rulesets._shared.rosters import roster_issues

RULESET = "evenor"

# trait id -> parameter kind ("none", "count" or "threshold")
TRAIT_PARAMS: dict[str, str] = {
    "acrobate": "none", "attaques_multiples": "count", "benediction": "threshold",
    "charge_furieuse": "none", "confusion": "threshold", "courageux": "none",
    "effrayant": "none", "esprit_faible": "none", "esprit_fort": "none", "esquive": "none",
    "ethere": "none", "furtif": "none", "grande_cible": "none", "insaisissable": "none",
    "lent": "none", "marcheur_agile": "none", "meneur": "none", "meneur_charismatique": "none",
    "perception": "threshold", "peu_courageux": "none", "rapide": "none", "se_cacher": "none",
    "soin": "threshold", "volant": "none",
}
POWER_TRAITS = frozenset({"benediction", "confusion", "soin"})  # occult powers

RoleName = Literal["meneur", "attaquant", "assassin", "tireur", "archer", "magicien",
                   "defenseur", "harceleur", "berserker", "monstre"]
TerrainTag = Literal["blocks_sight", "blocks_movement", "cover", "difficult"]
Stat = Annotated[int, Field(ge=1, le=6)]  # I and R may be 1+
Threshold = Annotated[int, Field(ge=2, le=6)]  # C, T and S never go below 2+
Text = Annotated[str, Field(min_length=1)]

MAX_MEMBERS = 8
MAX_COST = 50
CATEGORY_LIMITS = {"meneur": 1, "monstre": 1, "magicien": 1, "tireur": 2}


# --------------------------------------------------------------------------- catalogue


class TerrainKind(DataModel):
    name: LocalText
    tags: list[TerrainTag] = []


class TraitDef(DataModel):
    name: LocalText
    param: Literal["none", "count", "threshold"]
    power: bool = False
    help: LocalText


class TraitRef(DataModel):
    id: str
    value: int | None = None


class Weapon(DataModel):
    name: Text
    power: Annotated[int, Field(ge=0, le=100)]
    enchanted: bool = False
    range: Ranges | None = None  # [short, medium, long] in pas
    thrown: bool = False  # usable in melee, and thrown once (then lost)

    @model_validator(mode="after")
    def _thrown_needs_range(self) -> Weapon:
        if self.thrown and self.range is None:
            raise ValueError("a thrown weapon needs a 'range'")
        return self

    @property
    def is_melee(self) -> bool:
        return self.range is None or self.thrown

    @property
    def is_ranged(self) -> bool:
        return self.range is not None


class Profile(DataModel):
    name: Text
    role: RoleName
    cost: Annotated[int, Field(ge=0, le=1000)]  # in Drachmes d'Orichalque (DO)
    base: Annotated[int, Field(gt=0, le=200)]  # round base diameter, mm
    I: Stat
    R: Stat
    C: Threshold
    T: Threshold | None = None  # absent: cannot shoot
    S: Threshold | None = None  # absent: no save
    V: Annotated[int, Field(ge=1, le=20)] = 1
    traits: list[Annotated[TraitRef, BeforeValidator(lambda v: param_item(v, TRAIT_PARAMS))]] = []
    weapons: Annotated[list[Weapon], Field(min_length=1)]

    def trait(self, tid: str) -> int | bool | None:
        """The trait's number (count/threshold), True if present without one, else None."""
        for ref in self.traits:
            if ref.id == tid:
                return True if ref.value is None else ref.value
        return None

    def has(self, tid: str) -> bool:
        return self.trait(tid) is not None

    def melee_weapons(self) -> list[Weapon]:
        return [w for w in self.weapons if w.is_melee]

    def ranged_weapons(self) -> list[Weapon]:
        """Weapons with a range (bows, and thrown weapons); shooting also needs T."""
        return [w for w in self.weapons if w.is_ranged]

    def can_shoot(self) -> bool:
        return self.T is not None and bool(self.ranged_weapons())

    def categories(self) -> set[str]:
        """Warband-limit categories: meneur, monstre, magicien, tireur."""
        cats = set()
        if self.has("meneur") or self.has("meneur_charismatique"):
            cats.add("meneur")
        if self.role == "monstre":
            cats.add("monstre")
        if self.role == "magicien":
            cats.add("magicien")
        if self.role in ("tireur", "archer"):
            cats.add("tireur")
        return cats


class Faction(DataModel):
    name: LocalText
    profiles: Annotated[dict[Identifier, Profile], Field(min_length=1)]


class Catalogue(GroupedCatalogue):
    groups_field: ClassVar[str] = "factions"
    kind: Literal["catalogue"]
    ruleset: Literal["evenor"]
    version: Annotated[int, Field(ge=1)]
    terrain_kinds: dict[Identifier, TerrainKind]
    traits: dict[Identifier, TraitDef]
    factions: Annotated[dict[Identifier, Faction], Field(min_length=1)]

    def faction_of(self, pid: str) -> str:
        return self.group_of(pid)


def check_catalogue(cat: Catalogue) -> list[Issue]:
    issues = []
    for tid, tdef in cat.traits.items():
        if tid not in TRAIT_PARAMS:
            issues.append(Issue(("traits", tid), unknown("trait", tid, TRAIT_PARAMS), at_key=True))
            continue
        if tdef.param != TRAIT_PARAMS[tid]:
            issues.append(Issue(("traits", tid, "param"),
                                f"expected '{TRAIT_PARAMS[tid]}' for trait '{tid}' (got '{tdef.param}')"))
        if tdef.power != (tid in POWER_TRAITS):
            issues.append(Issue(("traits", tid, "power"),
                                f"expected {str(tid in POWER_TRAITS).lower()} for trait '{tid}'"))
    for tid in TRAIT_PARAMS:
        if tid not in cat.traits:
            issues.append(Issue(("traits",), f"trait '{tid}' is not defined"))
    owner: dict[str, str] = {}
    for fid, faction in cat.factions.items():
        for pid, profile in faction.profiles.items():
            path = ("factions", fid, "profiles", pid)
            if pid in owner:
                issues.append(Issue(path, f"profile id '{pid}' is already used in faction "
                                          f"'{owner[pid]}'", at_key=True))
            owner.setdefault(pid, fid)
            seen = set()
            for k, ref in enumerate(profile.traits):
                if ref.id in seen:
                    issues.append(Issue(path + ("traits", k), f"trait '{ref.id}' is listed twice"))
                seen.add(ref.id)
    return issues


# --------------------------------------------------------------------------- rosters


class Roster(DataModel):
    kind: Literal["roster"]
    ruleset: Literal["evenor"]
    id: Identifier
    name: LocalText
    members: Annotated[list[str], Field(min_length=1)]


def warband_breaks(catalogue: Catalogue, member_ids: list) -> list[tuple[int | None, str, dict]]:
    """Every warband rule the member list breaks, as (member index or None, text key, args):
    the warband builder shows them through the string catalogue (keys "warband.*")."""
    profiles = catalogue.all_profiles()
    out: list[tuple[int | None, str, dict]] = []
    if not member_ids:
        out.append((None, "warband.empty", {}))
    first: dict[str, int] = {}
    size = cost = 0
    size_at = cost_at = None
    members: dict[str, list[tuple[int, str]]] = {c: [] for c in CATEGORY_LIMITS}
    for i, pid in enumerate(member_ids):
        profile = profiles.get(pid) if isinstance(pid, str) else None
        if profile is None:
            out.append((i, "warband.unknown_profile", {"profile": pid}))
            continue
        if pid in first:
            out.append((i, "warband.duplicate", {"profile": pid, "first": first[pid]}))
            continue
        first[pid] = i
        size += 2 if profile.role == "monstre" else 1
        cost += profile.cost
        if size > MAX_MEMBERS and size_at is None:
            size_at = i
        if cost > MAX_COST and cost_at is None:
            cost_at = i
        for cat in profile.categories():
            members[cat].append((i, pid))
    if size_at is not None:
        out.append((size_at, "warband.too_many_members", {"size": size, "max": MAX_MEMBERS}))
    for cat, limit in CATEGORY_LIMITS.items():
        if len(members[cat]) > limit:
            out.append((members[cat][limit][0], f"warband.too_many.{cat}",
                        {"count": len(members[cat]), "max": limit,
                         "names": ", ".join(pid for _, pid in members[cat])}))
    if cost_at is not None:
        out.append((cost_at, "warband.over_cost", {"cost": cost, "max": MAX_COST}))
    return out


def _english(code: str, args: dict, profiles) -> str:
    """The data checker's message for a broken warband rule (file:line:col reports)."""
    if code == "warband.empty":
        return "a warband needs at least 1 member"
    if code == "warband.unknown_profile":
        return unknown("profile", args["profile"], profiles)
    if code == "warband.duplicate":
        return (f"profile '{args['profile']}' is already in the warband "
                f"(members[{args['first']}]); a named profile may appear only once")
    if code == "warband.too_many_members":
        return f"too many members: {args['size']} (max {args['max']}, a monstre counts 2)"
    if code == "warband.over_cost":
        return f"total cost {args['cost']} DO is over the {args['max']} DO limit"
    cat = code.rsplit(".", 1)[1]
    return f"too many {cat} profiles: {args['count']} (max {args['max']}: {args['names']})"


def warband_issues(catalogue: Catalogue, member_ids: list) -> list[tuple[int | None, str]]:
    """Warband-building problems as (member index or None, message)."""
    profiles = catalogue.all_profiles()
    return [(i, _english(code, args, profiles))
            for i, code, args in warband_breaks(catalogue, member_ids)]


def warband_problems(catalogue: Catalogue, member_ids: list) -> list[str]:
    """Plain messages for every warband rule the member list breaks ([] if legal)."""
    return [message for _, message in warband_issues(catalogue, member_ids)]


def warband_cost(catalogue: Catalogue, member_ids: list) -> int:
    return sum(catalogue.profile(pid).cost for pid in member_ids)


def warband_size(catalogue: Catalogue, member_ids: list) -> int:
    return sum(2 if catalogue.profile(pid).role == "monstre" else 1 for pid in member_ids)


def check_roster(roster: Roster) -> list[Issue]:
    from game.data.documents import load_catalogue

    return roster_issues(warband_issues(load_catalogue(RULESET), roster.members))


# --------------------------------------------------------------------------- scenarios


class RandomTerrain(DataModel):
    count: IntRange  # [min, max] small pieces
    kinds: Annotated[list[TerrainKindRef], Field(min_length=1)]
    size: SizeRange  # [min, max] side length
    difficult: IntRange = (0, 0)  # [min, max] difficult-ground zones
    keep_clear: list[TableRect] = []


class Terrain(DataModel):
    fixed: list[TerrainPiece] = []
    random: RandomTerrain | None = None


class Token(DataModel):
    kind: Literal["orichalque"]
    at: TablePoint


class ExterminationVictory(DataModel):
    type: Literal["extermination"]


class EscapeVictory(DataModel):
    type: Literal["escape"]
    role: RoleRef  # the fleeing role
    exit_edges: Annotated[list[Literal["left", "right", "top", "bottom"]], Field(min_length=1)]
    loss_limit: Annotated[float, Field(gt=0, le=1)]  # fleeing side loses beyond this share


class OrichalqueVictory(DataModel):
    type: Literal["orichalque"]


Victory = Annotated[ExterminationVictory | EscapeVictory | OrichalqueVictory,
                    Field(discriminator="type")]


class Scenario(BaseScenario):
    ruleset: Literal["evenor"]
    role_assignment: Literal["fixed", "roll"]
    first_player: str  # "roll" or "role:<role id>"
    victory: Victory
    terrain: Terrain = Terrain()
    tokens: list[Token] = []
    # the warbands the scenario is played with unless the players choose theirs (side -> profiles)
    rosters: dict[Annotated[str, Field(pattern=r"^[12]$")], Annotated[list[Identifier], Field(min_length=1)]] = {}

    @field_validator("first_player")
    @classmethod
    def _first_player(cls, value: str) -> str:
        if value != "roll" and not value.startswith("role:"):
            raise ValueError(f"expected 'roll' or 'role:<role id>' (got {show(value)})")
        return value

    def role_index(self, role_id: str) -> int:
        return [r.id for r in self.roles].index(role_id)

    @property
    def first_role(self) -> str | None:
        """The role id that plays first, or None when a die decides."""
        return self.first_player[5:] if self.first_player.startswith("role:") else None


def check_scenario(sc: Scenario) -> list[Issue]:
    """What the base checks (game.data.scenarios) leave: the first player, the tokens an
    orichalque victory needs, the scenario's own warbands, random pieces that fit the table."""
    found: list[Issue] = []
    role_ids = [r.id for r in sc.roles]
    if sc.first_role is not None and sc.first_role not in role_ids:
        found.append(Issue(("first_player",), unknown("role", sc.first_role, role_ids)))
    if isinstance(sc.victory, OrichalqueVictory) and not sc.tokens:
        found.append(Issue(("victory", "type"), "an orichalque victory needs orichalque tokens "
                                                "(none in 'tokens')"))
    if sc.rosters:
        from game.data.documents import load_catalogue

        catalogue = load_catalogue(RULESET)
        for side, members in sc.rosters.items():
            found += [Issue(("rosters", side) if i is None else ("rosters", side, i), message)
                      for i, message in warband_issues(catalogue, members)]
    rnd = sc.terrain.random
    if rnd is not None and rnd.size[1] > min(sc.table.width, sc.table.height):
        found.append(Issue(("terrain", "random", "size"), "pieces would be larger than the table"))
    return found


register(RULESET, "catalogue", Catalogue, check_catalogue)
register(RULESET, "roster", Roster, check_roster)
register(RULESET, "scenario", Scenario, check_scenario)
