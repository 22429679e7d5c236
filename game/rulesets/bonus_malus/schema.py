"""Bonus / Malus data schemas: the catalogue (attributes, psi powers, equipment, terrain
kinds, points and the bands with their profiles), rosters and scenarios. Importing this
module registers them with ``game.data.registry``. Lengths are in pas (1 pas = 25 mm).

A profile's points (B-R64) and a team's limits (B-R65) are in ``teams``; the validated
catalogue and the neutral groups' files in ``datafiles``."""
from __future__ import annotations

from typing import Annotated, Any, ClassVar, Literal

from pydantic import BeforeValidator, Field, PrivateAttr

from game.data.catalogues import GroupedCatalogue
from game.data.errors import Issue, show, unknown
from game.data.fields import DataModel, Identifier, LocalText
from game.data.registry import register
from game.data.scenarios import RoleRef, TablePoint
from game.data.scenarios import Scenario as BaseScenario
from game.data.scenarios import Table as BaseTable
from game.data.scenarios import TerrainPiece as BaseTerrainPiece
from game.rulesets._shared.rosters import roster_issues

from .datafiles import neutral_presets
from .fighter import COMPETENCES
from .teams import NEUTRAL_FIGURES, PLAYER_FIGURES, band_issues, profile_points

RULESET = "bonus_malus"
EQUIPMENT = ("armours", "shields", "melee", "ranged", "upgrades", "items")
POWERS_NEED = "sensible_psi"          # only Psi-sensitive figures may have powers
MAX_CARRIED = 4                        # weapons and special items a figure carries

Level = Annotated[int, Field(ge=-4, le=4)]
Cost = Annotated[int, Field(ge=0, le=60)]
Competence = Literal[COMPETENCES]   # type: ignore[valid-type]
TerrainTag = Literal["blocks_sight", "blocks_movement", "cover", "difficult", "linear", "water"]


def _effect(value: Any) -> Any:
    if not isinstance(value, dict) or not isinstance(value.get("do"), str):
        raise ValueError(f"expected an effect: a mapping with a 'do' naming its handler (got {show(value)})")
    return value


Effect = Annotated[dict[str, Any], BeforeValidator(_effect)]
Param = int | str | None


# --------------------------------------------------------------------------- catalogue


class Attribute(DataModel):
    name: LocalText
    param: Literal["count", "kind"] | None = None
    effects: list[Effect] = []


class Power(DataModel):
    name: LocalText
    range: Annotated[float, Field(ge=0, le=30)]
    counter: list[Identifier] = []
    effects: list[Effect] = []


class Protection(DataModel):
    """An armour or a shield."""

    name: LocalText
    hands: Literal[0, 1] = 0
    effects: list[Effect] = []


class Melee(DataModel):
    name: LocalText
    degats: Level
    hands: Literal[1, 2] = 1
    pierce: Annotated[int, Field(ge=0, le=5)] = 0
    energy: bool = False
    whip: bool = False          # Expert du fouet needs one (B-R60)
    needs_exo: bool = False     # the book's "Exosquelette nécessaire" (B-R61)
    tests: dict[Identifier, Level] = {}
    attributes: list[Identifier] = []


class Ranged(DataModel):
    name: LocalText
    range: Annotated[float, Field(gt=0, le=40)]
    degats: Level
    hands: Literal[1, 2] = 1
    pierce: Annotated[int, Field(ge=0, le=5)] = 0
    rate: Annotated[int, Field(ge=1, le=6)] = 1
    zone: Annotated[float, Field(gt=0, le=6)] | None = None
    thrown: bool = False
    silent: bool = False
    deviation: bool = False
    shield_bypass: bool = False
    ammo: bool = False
    needs_exo: bool = False     # the book's "Exosquelette nécessaire" (B-R61)
    with_shield: bool = False   # a two-handed gun that may be held with a shield (B-R61)
    tests: dict[Identifier, Level] = {}
    attributes: list[Identifier] = []


class Gear(DataModel):
    """An upgrade or a special item."""

    name: LocalText
    param: Literal["count"] | None = None
    effects: list[Effect] = []


class TerrainKind(DataModel):
    name: LocalText
    tags: list[TerrainTag] = []


class Points(DataModel):
    """B-R24 / B-R64: the price of each competence level (``levels`` from ``lowest`` up:
    lower levels cost nothing), of attributes and powers (a default for the unlisted ones; an
    attribute with a count costs its price per count) and of every piece of equipment."""

    lowest: Level
    levels: Annotated[list[Cost], Field(min_length=1)]
    attribute_default: Cost
    power_default: Cost
    attributes: dict[Identifier, Cost] = {}
    powers: dict[Identifier, Cost] = {}
    equipment: dict[Identifier, Cost]

    def level(self, lvl: int) -> int:
        """The price of a level: below ``lowest`` nothing (the catalogue check asks for a
        price for every level from ``lowest`` up to 4+)."""
        i = lvl - self.lowest
        return 0 if i < 0 else self.levels[min(i, len(self.levels) - 1)]


class Profile(DataModel):
    """A figure: its competence levels (unlisted ones roll at 3-), attributes and powers
    (id -> a test level, a count, a kind or nothing), equipment and kind (Tueur de X)."""

    name: LocalText
    kind: Identifier = "humain"
    competences: dict[Competence, Level] = {}
    attributes: dict[Identifier, Param] = {}
    equipment: list[Identifier] = []
    _cost: int = PrivateAttr(default=0)

    @property
    def cost(self) -> int:
        """Its points (B-R64), worked out by the catalogue that holds it."""
        return self._cost

    def as_data(self) -> dict[str, Any]:
        """The plain mapping the table figures are made from (``figures.make``)."""
        return {"name": self.name.model_dump(), "kind": self.kind,
                "competences": dict(self.competences), "attributes": dict(self.attributes),
                "equipment": list(self.equipment)}

    def has(self, attribute: str) -> bool:
        return attribute in self.attributes


class Band(DataModel):
    name: LocalText
    neutral: bool = False
    profiles: Annotated[dict[Identifier, Profile], Field(min_length=1)]


class Catalogue(GroupedCatalogue):
    groups_field: ClassVar[str] = "bands"
    kind: Literal["catalogue"]
    ruleset: Literal["bonus_malus"]
    version: Annotated[int, Field(ge=1)]
    attributes: dict[Identifier, Attribute]
    powers: dict[Identifier, Power] = {}
    armours: dict[Identifier, Protection] = {}
    shields: dict[Identifier, Protection] = {}
    melee: dict[Identifier, Melee] = {}
    ranged: dict[Identifier, Ranged] = {}
    upgrades: dict[Identifier, Gear] = {}
    items: dict[Identifier, Gear] = {}
    terrain_kinds: dict[Identifier, TerrainKind]
    points: Points
    bands: Annotated[dict[Identifier, Band], Field(min_length=1)]

    def model_post_init(self, __context: Any) -> None:
        super().model_post_init(__context)
        for band in self.bands.values():
            for prof in band.profiles.values():
                prof._cost = profile_points(self, prof)

    def band_of(self, pid: str) -> str:
        return self.group_of(pid)

    def equipment(self) -> dict[str, Any]:
        """Every piece of equipment by id (armours, shields, weapons, upgrades, items)."""
        out: dict[str, Any] = {}
        for section in EQUIPMENT:
            out.update(getattr(self, section))
        return out

    def entry(self, eid: str) -> Any:
        """An attribute, power or piece of equipment by id (KeyError if none)."""
        for section in ("attributes", "powers", *EQUIPMENT):
            found = getattr(self, section).get(eid)
            if found is not None:
                return found
        raise KeyError(eid)


def _entry_issues(cat: Catalogue) -> list[Issue]:
    from game.rulesets.bonus_malus import effects

    found: list[Issue] = []
    seen: dict[str, str] = {}
    handlers = set(effects.HANDLERS) | set(effects.PENDING)
    sections = ("attributes", "powers", *EQUIPMENT)
    for section in sections:
        for eid, entry in getattr(cat, section).items():
            if eid in seen:
                found.append(Issue((section, eid), f"id '{eid}' is already used in {seen[eid]}", at_key=True))
            seen.setdefault(eid, section)
            for i, eff in enumerate(getattr(entry, "effects", ())):
                if eff["do"] not in handlers:
                    found.append(Issue((section, eid, "effects", i, "do"), unknown("effect", eff["do"], handlers)))
                if "when" in eff and eff["when"] not in effects.WHEN:
                    found.append(Issue((section, eid, "effects", i, "when"),
                                       unknown("condition", eff["when"], effects.WHEN)))
                if "attribute" in eff and eff["attribute"] not in cat.attributes:
                    found.append(Issue((section, eid, "effects", i, "attribute"),
                                       unknown("attribute", eff["attribute"], cat.attributes)))
            for i, aid in enumerate(getattr(entry, "attributes", ())):
                if aid not in cat.attributes:
                    found.append(Issue((section, eid, "attributes", i), unknown("attribute", aid, cat.attributes)))
            for aid in getattr(entry, "tests", {}):
                if aid not in cat.attributes:
                    found.append(Issue((section, eid, "tests", aid), unknown("attribute", aid, cat.attributes),
                                       at_key=True))
            for i, cid in enumerate(getattr(entry, "counter", ())):
                if cid not in cat.attributes:
                    found.append(Issue((section, eid, "counter", i), unknown("attribute", cid, cat.attributes)))
    return found


def _points_issues(cat: Catalogue) -> list[Issue]:
    found: list[Issue] = []
    pts = cat.points
    wanted = 5 - pts.lowest
    if len(pts.levels) != wanted:
        found.append(Issue(("points", "levels"), f"expected {wanted} prices, one per level from "
                                                 f"{pts.lowest} to 4 (got {len(pts.levels)})"))
    elif sorted(pts.levels) != pts.levels:
        found.append(Issue(("points", "levels"), "expected prices that never fall as the level rises "
                                                 f"(got {show(list(pts.levels))})"))
    for key, known, what in (("attributes", cat.attributes, "attribute"), ("powers", cat.powers, "power"),
                             ("equipment", cat.equipment(), "equipment")):
        for eid in getattr(pts, key):
            if eid not in known:
                found.append(Issue(("points", key, eid), unknown(what, eid, known), at_key=True))
    for eid in cat.equipment():
        if eid not in pts.equipment:
            found.append(Issue(("points", "equipment"), f"no price for the equipment '{eid}' "
                                                        f"(expected '{eid}: <points>')"))
    return found


def profile_issues(cat: Catalogue, prof: Profile, path: tuple) -> list[Issue]:
    """Every reference of a profile resolved, its parameters of the right shape, and what it
    carries within the book's limits (4 weapons or items, one armour, one shield, two hands
    for its melee weapons and shield)."""
    found: list[Issue] = []
    known = {**cat.attributes, **cat.powers}
    for aid, param in prof.attributes.items():
        where = path + ("attributes", aid)
        if aid not in known:
            found.append(Issue(where, unknown("attribute or power", aid, known), at_key=True))
            continue
        shape = cat.attributes[aid].param if aid in cat.attributes else None
        if shape == "count" and not (isinstance(param, int) and param >= 1):
            found.append(Issue(where, f"attribute '{aid}' needs a count of 1 or more (got {show(param)})"))
        elif shape == "kind" and not isinstance(param, str):
            found.append(Issue(where, f"attribute '{aid}' needs the kind of figure it slays, "
                                      f"e.g. bete (got {show(param)})"))
        elif shape is None and not (param is None or (isinstance(param, int) and -4 <= param <= 4)):
            found.append(Issue(where, f"expected a test level from -4 to 4 or nothing for '{aid}' "
                                      f"(got {show(param)})"))
        if aid in cat.powers and not prof.has(POWERS_NEED):
            found.append(Issue(where, f"the psi power '{aid}' needs the attribute '{POWERS_NEED}'", at_key=True))
    kit = cat.equipment()
    for i, eid in enumerate(prof.equipment):
        if eid not in kit:
            found.append(Issue(path + ("equipment", i), unknown("equipment", eid, kit)))
    carried = [e for e in prof.equipment if e in cat.melee or e in cat.ranged or e in cat.items]
    if len(carried) > MAX_CARRIED:
        found.append(Issue(path + ("equipment",), f"a figure carries {MAX_CARRIED} weapons or special "
                                                  f"items at most (got {len(carried)})"))
    hands = sum(cat.melee[e].hands for e in prof.equipment if e in cat.melee) + \
        sum(max(1, cat.shields[e].hands) for e in prof.equipment if e in cat.shields)
    if hands > 2:
        found.append(Issue(path + ("equipment",), f"the melee weapons and shield need {hands} hands "
                                                  "(2 at most: all of them are in hand when it fights)"))
    for section, what in (("armours", "armour"), ("shields", "shield")):
        worn = [e for e in prof.equipment if e in getattr(cat, section)]
        if len(worn) > 1:
            found.append(Issue(path + ("equipment",), f"one {what} at most (got {', '.join(worn)})"))
    for i, eid in enumerate(prof.equipment):
        gear = cat.upgrades.get(eid)
        if gear is None:
            continue
        if gear.param is not None:
            found.append(Issue(path + ("equipment", i), f"the upgrade '{eid}' takes a number, which "
                                                        "profiles cannot give yet"))
        needs_ammo = any(eff.get("only") == "ammo" for eff in gear.effects)
        if needs_ammo and not any(cat.ranged[e].ammo for e in prof.equipment if e in cat.ranged):
            found.append(Issue(path + ("equipment", i), f"'{eid}' is for a pistol or a rifle, and this "
                                                        "figure carries neither"))
    return found


def check_catalogue(cat: Catalogue) -> list[Issue]:
    found = _entry_issues(cat) + _points_issues(cat)
    seen: dict[str, str] = {}
    for bid, band in cat.bands.items():
        for pid, prof in band.profiles.items():
            path = ("bands", bid, "profiles", pid)
            if pid in seen:
                found.append(Issue(path, f"profile id '{pid}' is already used in band '{seen[pid]}' "
                                         "(a roster names profiles by id)", at_key=True))
            seen.setdefault(pid, bid)
            found += profile_issues(cat, prof, path)
    return found


# --------------------------------------------------------------------------- rosters


class Roster(DataModel):
    kind: Literal["roster"]
    ruleset: Literal["bonus_malus"]
    id: Identifier
    name: LocalText
    members: Annotated[list[str], Field(min_length=1)]


def check_roster(roster: Roster) -> list[Issue]:
    from game.data.documents import load_catalogue

    return roster_issues(band_issues(load_catalogue(RULESET), roster.members))


# --------------------------------------------------------------------------- scenarios


class Table(BaseTable):
    width: Annotated[float, Field(gt=0, le=60)]
    height: Annotated[float, Field(gt=0, le=60)]


class TerrainPiece(BaseTerrainPiece):
    height: Annotated[float, Field(ge=0, le=10)] | None = None


class Elimination(DataModel):
    """Démoralisation and losses decide; at the turn limit, the team that took more enemy
    points out of play wins (B-R66)."""

    type: Literal["elimination"]


class Extraction(DataModel):
    """A data token starts at ``at``; the team that carries it off the opponent's edge wins
    (B-R66); otherwise points at the limit."""

    type: Literal["extraction"]
    at: TablePoint


class Nest(DataModel):
    """The neutral group guards the objective at ``at``; a team holding it (a figure within
    ``radius``, none of the other team's) at ``hold`` consecutive turn ends wins (B-R66)."""

    type: Literal["nest"]
    at: TablePoint
    radius: Annotated[float, Field(gt=0, le=6)]
    hold: Annotated[int, Field(ge=1, le=6)] = 2


Victory = Annotated[Elimination | Extraction | Nest, Field(discriminator="type")]


class NeutralGroup(DataModel):
    """Which preset roster the neutral role fields."""

    role: RoleRef
    roster: Identifier


class Scenario(BaseScenario):
    ruleset: Literal["bonus_malus"]
    table: Table
    victory: Victory
    terrain: list[TerrainPiece] = []
    neutral_group: NeutralGroup | None = None
    activation: Literal["alternate", "classic"] = "alternate"


def check_scenario(sc: Scenario) -> list[Issue]:
    """What the base checks leave: a neutral role fields a neutral preset roster and the
    deployment zones hold a full team; objectives lie clear of blocking terrain."""

    from .setup import slots

    found: list[Issue] = []
    neutral_ids = [r.id for r in sc.neutral_roles()]
    group = sc.neutral_group
    if neutral_ids and group is None:
        i = next(k for k, r in enumerate(sc.roles) if r.neutral)
        found.append(Issue(("roles", i), f"the neutral role '{neutral_ids[0]}' needs a 'neutral_group' "
                                         "naming the roster it fields"))
    if group is not None:
        if group.role not in neutral_ids:
            found.append(Issue(("neutral_group", "role"), f"expected a neutral role "
                                                          f"({', '.join(neutral_ids) or 'none here'}) "
                                                          f"(got {show(group.role)})"))
        found += _group_issues(group.roster)
    found += _objective_issues(sc)
    for i, role in enumerate(sc.roles):
        most = NEUTRAL_FIGURES[1] if role.neutral else PLAYER_FIGURES[1]
        if len(role.zones) != 1:
            found.append(Issue(("roles", i, "zones"), f"expected one deployment zone (got {len(role.zones)})"))
            continue
        try:
            slots(role.zones[0], most, sc.table.height)
        except ValueError as exc:
            found.append(Issue(("roles", i, "zones", 0), str(exc)))
    return found


def _objective_issues(sc: Scenario) -> list[Issue]:
    """The objective's point lies clear of terrain figures cannot enter."""
    from shapely.geometry import Point

    from game.data.documents import load_catalogue

    from .setup import shape

    at = getattr(sc.victory, "at", None)
    if at is None:
        return []
    kinds = load_catalogue(RULESET).terrain_kinds
    for i, piece in enumerate(sc.terrain):
        kind = kinds.get(piece.kind)
        if kind is not None and "blocks_movement" in kind.tags and shape(piece, 1.0).covers(Point(*at)):
            return [Issue(("victory", "at"), f"the objective lies in terrain figures cannot enter "
                                             f"(terrain[{i}], {piece.kind})")]
    return []


def _group_issues(rid: str) -> list[Issue]:
    """A neutral group's roster: a neutral preset whose members are of a neutral band."""
    from game.data import load_document, roster_paths
    from game.data.documents import load_catalogue

    where = ("neutral_group", "roster")
    presets = neutral_presets()
    if rid in {p.stem for p in roster_paths(RULESET)}:
        return [Issue(where, f"roster '{rid}' is a player team, not a neutral group "
                             f"(expected one of: {', '.join(sorted(presets))})")]
    if rid not in presets:
        return [Issue(where, unknown("roster", rid, presets))]
    members = load_document(presets[rid], expected_kind="roster", expected_ruleset=RULESET).model.members
    cat = load_catalogue(RULESET)
    return [Issue(where, f"roster '{rid}': {msg}") for _, msg in band_issues(cat, list(members), neutral=True)]


register(RULESET, "catalogue", Catalogue, check_catalogue)
register(RULESET, "roster", Roster, check_roster)
register(RULESET, "scenario", Scenario, check_scenario)
