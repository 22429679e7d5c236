"""Mortebrume data schemas: the catalogue (terrain kinds, weapons, spells, hordes and their
profiles), rosters and scenarios. Importing this module registers them with
``game.data.registry``. Lengths are in centimetres, base sides in millimetres."""
from __future__ import annotations

from typing import Annotated, ClassVar, Literal

from pydantic import Field, model_validator

from game.data.catalogues import GroupedCatalogue
from game.data.errors import Issue, unknown
from game.data.fields import DataModel, Identifier, LocalText
from game.data.registry import register
from game.data.scenarios import Scenario as BaseScenario
from game.data.scenarios import Table as BaseTable
from game.data.scenarios import TablePoint
from game.data.scenarios import TerrainPiece as BaseTerrainPiece
from game.rulesets._shared.rosters import break_messages, known_cost, roster_issues

RULESET = "mortebrume"
TerrainTag = Literal["blocks_sight", "blocks_movement", "cover", "difficult"]
Small = Annotated[int, Field(ge=0, le=40)]
RANK_COST = {"seigneur": 15, "chevalier": 20}   # fixed by the rules
RANK_ESCORT = {"seigneur": 1, "chevalier": 2}   # recruits/veterans needed alongside
ESCORT_RANKS = ("recrue", "veteran")                # who may escort them


class TerrainKind(DataModel):
    name: LocalText
    tags: list[TerrainTag] = []
    forest: bool = False  # projectiles cross at most 6 cm of it
    slope: bool = False   # climbing counts double, going down half


class Weapon(DataModel):
    name: LocalText
    use: Literal["melee", "shot", "throw"]
    reach: Literal["short", "long", "heavy"] | None = None  # melee weapons
    allonge: Annotated[int, Field(ge=1, le=20)] | None = None  # shot and throw, cm
    damage: Annotated[int, Field(ge=0, le=30)]
    special: Literal["perforant", "tranchant", "etourdissant", "recul"]
    hands: Literal[1, 2] = 1
    bow: bool = False        # archers may move after shooting
    no_move: bool = False    # choose between moving and shooting

    @model_validator(mode="after")
    def _shape(self) -> Weapon:
        if self.use == "melee" and self.reach is None:
            raise ValueError("a melee weapon needs a 'reach' (short, long or heavy)")
        if self.use != "melee" and self.allonge is None:
            raise ValueError("a shot or thrown weapon needs an 'allonge' in cm")
        return self


class Spell(DataModel):
    name: LocalText
    allonge: Annotated[int, Field(ge=0, le=20)]
    power: Annotated[int, Field(ge=1, le=40)]
    resist: Literal["volonte", "physique", "armure"]
    area: Annotated[int, Field(ge=1, le=20)] | None = None  # None: one target only
    effect: Literal["wound", "stun", "drain", "heal", "hinder", "ward"]
    amount: Annotated[int, Field(ge=0, le=20)] = 0
    friendly: bool = False  # cast on companions (consenting: resistance halved)
    help: LocalText


class Skill(DataModel):
    id: Identifier
    skill: Small


class Profile(DataModel):
    name: LocalText
    rank: Literal["recrue", "veteran", "seigneur", "chevalier", "lanceur"]
    cost: Annotated[int, Field(ge=1, le=100)]
    base: Annotated[int, Field(ge=10, le=120)]  # square base side, mm
    size: Annotated[int, Field(ge=0, le=4)] = 1
    physique: Annotated[int, Field(ge=1, le=40)]
    armour: Small
    dodge: Small
    move: Annotated[int, Field(ge=0, le=40)]  # walk in cm
    encumbrance: Small
    will: Annotated[int, Field(ge=1, le=40)]
    weapon: Identifier
    skill: Small  # weapon handling with the main weapon
    second: Skill | None = None  # second weapon and its handling
    shield: Annotated[int, Field(ge=1, le=12)] | None = None
    spell: Skill | None = None  # spell and casting aptitude
    reserved: bool = False  # one reserved action (a free strike) per turn

    @model_validator(mode="after")
    def _rank_cost(self) -> Profile:
        want = RANK_COST.get(self.rank)
        if want is not None and self.cost != want:
            raise ValueError(f"a {self.rank} costs {want} horde points (got {self.cost})")
        return self


class Horde(DataModel):
    name: LocalText
    profiles: Annotated[dict[Identifier, Profile], Field(min_length=1)]


class Catalogue(GroupedCatalogue):
    groups_field: ClassVar[str] = "hordes"
    kind: Literal["catalogue"]
    ruleset: Literal["mortebrume"]
    version: Annotated[int, Field(ge=1)]
    terrain_kinds: dict[Identifier, TerrainKind]
    weapons: dict[Identifier, Weapon]
    spells: dict[Identifier, Spell]
    hordes: Annotated[dict[Identifier, Horde], Field(min_length=1)]

    def horde_of(self, pid: str) -> str:
        return self.group_of(pid)


def check_catalogue(cat: Catalogue) -> list[Issue]:
    issues = []
    seen: dict[str, str] = {}
    for hid, horde in cat.hordes.items():
        for pid, prof in horde.profiles.items():
            path = ("hordes", hid, "profiles", pid)
            if pid in seen:
                issues.append(Issue(path, f"profile id '{pid}' is already used in horde "
                                          f"'{seen[pid]}'", at_key=True))
            seen.setdefault(pid, hid)
            if prof.weapon not in cat.weapons:
                issues.append(Issue(path + ("weapon",), unknown("weapon", prof.weapon, cat.weapons)))
            if prof.second is not None and prof.second.id not in cat.weapons:
                issues.append(Issue(path + ("second", "id"),
                                    unknown("weapon", prof.second.id, cat.weapons)))
            if prof.spell is not None and prof.spell.id not in cat.spells:
                issues.append(Issue(path + ("spell", "id"), unknown("spell", prof.spell.id, cat.spells)))
    return issues


# --------------------------------------------------------------------------- rosters


class Roster(DataModel):
    kind: Literal["roster"]
    ruleset: Literal["mortebrume"]
    id: Identifier
    name: LocalText
    members: Annotated[list[str], Field(min_length=1)]


def horde_breaks(cat: Catalogue, members: list) -> list[tuple[int | None, str, dict]]:
    """Every recruitment rule a member list breaks, as (member index or None, text key,
    args): known profiles, and the escorts a lord (one) and a knight (two) need among the
    recruits and veterans, their needs adding up. The builder shows them through the
    string catalogue ("horde.*"); setup and ``check`` through ``horde_issues``."""
    profiles = cat.all_profiles()
    out: list[tuple[int | None, str, dict]] = []
    if not members:
        out.append((None, "horde.empty", {}))
    escorts = 0
    needs: list[tuple[int, str]] = []
    for i, pid in enumerate(members):
        prof = profiles.get(pid) if isinstance(pid, str) else None
        if prof is None:
            out.append((i, "horde.unknown_profile", {"profile": str(pid)}))
            continue
        if prof.rank in ESCORT_RANKS:
            escorts += 1
        if prof.rank in RANK_ESCORT:
            needs.append((i, prof.rank))
    need = sum(RANK_ESCORT[rank] for _, rank in needs)
    if needs and escorts < need:
        out.append((needs[0][0], "horde.escort", {"need": need, "has": escorts,
                                                   "names": ", ".join(members[i] for i, _ in needs)}))
    return out


def horde_issues(cat: Catalogue, members: list) -> list[tuple[int | None, str]]:
    """The same rules as plain English messages (data files, setup)."""
    return break_messages(cat, members, horde_breaks(cat, members), "horde.unknown_profile")


horde_cost = known_cost     # the horde points of the members the catalogue knows


def check_roster(roster: Roster) -> list[Issue]:
    from game.data.documents import load_catalogue

    return roster_issues(horde_issues(load_catalogue(RULESET), roster.members))


# --------------------------------------------------------------------------- scenarios


class Table(BaseTable):
    width: Annotated[float, Field(gt=0, le=300)]
    height: Annotated[float, Field(gt=0, le=300)]


class TerrainPiece(BaseTerrainPiece):
    uphill: Annotated[float, Field(ge=0, lt=360)] | None = None  # slopes: climbing heading


class LastStanding(DataModel):
    type: Literal["last_standing"]


class HoldVictory(DataModel):
    type: Literal["hold"]
    at: TablePoint          # the objective, cm
    radius: Annotated[float, Field(gt=0, le=30)]  # holding distance, cm
    target: Annotated[int, Field(ge=1, le=20)]    # points that win at once


Victory = Annotated[LastStanding | HoldVictory, Field(discriminator="type")]


class Scenario(BaseScenario):
    ruleset: Literal["mortebrume"]
    table: Table
    victory: Victory
    terrain: list[TerrainPiece] = []


def check_scenario(sc: Scenario) -> list[Issue]:
    """What the base checks (game.data.scenarios) leave: only slopes go uphill."""
    from game.data.documents import load_catalogue

    kinds = load_catalogue(RULESET).terrain_kinds
    return [Issue(("terrain", i, "uphill"), f"only slopes have an uphill direction "
                                            f"('{piece.kind}' is not a slope)")
            for i, piece in enumerate(sc.terrain)
            if piece.uphill is not None and piece.kind in kinds and not kinds[piece.kind].slope]


register(RULESET, "catalogue", Catalogue, check_catalogue)
register(RULESET, "roster", Roster, check_roster)
register(RULESET, "scenario", Scenario, check_scenario)
