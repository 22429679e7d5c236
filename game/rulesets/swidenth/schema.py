"""Swidenth data schemas: the catalogue (base human, ranks, terrain kinds, weapons, armour,
spells, warbands and their profiles), rosters and scenarios. Importing this module registers
them with ``game.data.registry``. Lengths are in pas (1 pas = 25 mm).

Points (S-R22) are worked out here, once: a profile's cost is its characteristics, its
equipment and its rank (``points``); a roster's limits (150 points, one Chef, two Champions
at most, one caster at most, 6 to 12 figures of one warband) are ``warband_breaks``."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any, ClassVar, Literal

from pydantic import Field, PrivateAttr, model_validator

from game.data.catalogues import GroupedCatalogue
from game.data.errors import Issue, unknown
from game.data.fields import DataModel, Identifier, LocalText
from game.data.registry import register
from game.data.scenarios import Scenario as BaseScenario
from game.data.scenarios import Table as BaseTable
from game.data.scenarios import TablePoint
from game.data.scenarios import TerrainPiece as BaseTerrainPiece
from game.rulesets._shared.rosters import break_messages, known_cost, roster_issues

RULESET = "swidenth"
CHARACTERISTICS = ("mouv", "combat", "tir", "defense", "bravoure", "psychisme", "vitalite")
RANKS = ("chef", "champion", "troop")
BARE_HANDS = "mains_nues"
WARBAND_POINTS = 150
MIN_FIGURES, MAX_FIGURES = 6, 12
MAX_CHAMPIONS, MAX_CASTERS = 2, 1

TerrainTag = Literal["blocks_sight", "blocks_movement", "cover", "difficult"]
Small = Annotated[int, Field(ge=0, le=10)]
Cost = Annotated[int, Field(ge=0, le=20)]


class TerrainKind(DataModel):
    name: LocalText
    tags: list[TerrainTag] = []


class Rank(DataModel):
    bubble: Annotated[float, Field(ge=0, le=10)]  # command bubble, pas (0: no phase of its own)
    cost: Cost


class Stats(DataModel):
    """A complete profile line: the base human."""

    mouv: Annotated[int, Field(ge=0, le=12)]
    combat: Small
    tir: Small
    defense: Annotated[int, Field(ge=1, le=15)]
    bravoure: Small
    psychisme: Small
    vitalite: Annotated[int, Field(ge=1, le=6)]


class StatChanges(DataModel):
    """A warband profile's characteristics where they differ from the base human."""

    mouv: Annotated[int, Field(ge=0, le=12)] | None = None
    combat: Small | None = None
    tir: Small | None = None
    defense: Annotated[int, Field(ge=1, le=15)] | None = None
    bravoure: Small | None = None
    psychisme: Small | None = None
    vitalite: Annotated[int, Field(ge=1, le=6)] | None = None

    def over(self, base: Stats) -> dict[str, int]:
        mine = self.model_dump(exclude_none=True)
        return {k: int(mine.get(k, getattr(base, k))) for k in CHARACTERISTICS}


class Weapon(DataModel):
    name: LocalText
    kind: Literal["melee", "ranged"]
    damage: Annotated[int, Field(ge=-5, le=10)]
    hands: Literal[0, 1, 2]
    cost: Cost
    weight: Literal["none", "light", "medium", "heavy"] = "none"  # melee: light/medium second weapon
    combat: Annotated[int, Field(ge=-5, le=5)] = 0                # Combat when fighting with it
    range: Annotated[int, Field(ge=0, le=60)] = 0                 # ranged: printed range, pas (3 x p)
    reload: bool = False
    one_use: bool = False
    charged_combat: Annotated[int, Field(ge=0, le=5)] = 0         # extra Combat when charged

    @model_validator(mode="after")
    def _shape(self) -> Weapon:
        if self.kind == "ranged":
            if self.range <= 0 or self.range % 3:
                raise ValueError(f"a ranged weapon needs a 'range' in pas that is a positive "
                                 f"multiple of 3 (got {self.range})")
            if self.weight != "none":
                raise ValueError("a ranged weapon has no 'weight' (only melee weapons do)")
        elif self.range:
            raise ValueError(f"a melee weapon has no 'range' (got {self.range})")
        if self.weight == "heavy" and self.hands != 2:
            raise ValueError(f"a heavy weapon takes two hands (got hands: {self.hands})")
        return self


class Armour(DataModel):
    name: LocalText
    defense: Annotated[int, Field(ge=0, le=5)]
    cost: Cost
    mouv: Annotated[int, Field(ge=-3, le=0)] = 0
    hands: Literal[0, 1] = 0  # a shield takes the off hand


class Spell(DataModel):
    name: LocalText
    range: Annotated[int, Field(ge=0, le=30)]  # pas, edge to edge (0: contact)
    effect: Literal["damage", "stun", "bravoure", "heal"]
    damage: Annotated[int, Field(ge=0, le=10)] = 0
    difficulty: Annotated[int, Field(ge=1, le=30)] | None = None  # heal: cast at; bravoure: test at
    cost: Cost  # points added to every profile that knows it (S-R22)

    @model_validator(mode="after")
    def _shape(self) -> Spell:
        if self.effect in ("heal", "bravoure") and self.difficulty is None:
            raise ValueError(f"a '{self.effect}' spell needs a 'difficulty'")
        return self


class Profile(DataModel):
    name: LocalText
    rank: Literal["chef", "champion", "troop"]
    stats: StatChanges = StatChanges()
    equipment: list[Identifier] = []
    spells: list[Identifier] = []
    _cost: int = PrivateAttr(default=0)

    @property
    def cost(self) -> int:
        """Its points (S-R22), worked out by the catalogue that holds it."""
        return self._cost


class Warband(DataModel):
    name: LocalText
    profiles: Annotated[dict[Identifier, Profile], Field(min_length=1)]


class Catalogue(GroupedCatalogue):
    groups_field: ClassVar[str] = "warbands"
    kind: Literal["catalogue"]
    ruleset: Literal["swidenth"]
    version: Annotated[int, Field(ge=1)]
    pas_mm: Annotated[float, Field(gt=0, le=100)]
    base_human: Stats
    ranks: dict[Literal["chef", "champion", "troop"], Rank]
    terrain_kinds: dict[Identifier, TerrainKind]
    weapons: dict[Identifier, Weapon]
    armour: dict[Identifier, Armour]
    spells: dict[Identifier, Spell] = {}
    warbands: Annotated[dict[Identifier, Warband], Field(min_length=1)]

    def model_post_init(self, __context: Any) -> None:
        super().model_post_init(__context)
        for band in self.warbands.values():
            for prof in band.profiles.values():
                prof._cost = profile_points(self, prof)

    def warband_of(self, pid: str) -> str:
        return self.group_of(pid)

    def item_cost(self, item: str) -> int:
        """Points of a weapon or armour (0 for an id the catalogue does not know)."""
        found = self.weapons.get(item) or self.armour.get(item)
        return found.cost if found is not None else 0


def points(stats: Mapping[str, int], kit_cost: int, rank_cost: int) -> int:
    """S-R22: 10 + 4 per Combat + 4 per Tir + 3 per Défense above 6 + 2 per Bravoure + 3 per
    Psychisme + 15 per Vitalité above 1, plus the equipment and spells (``kit_cost``) and the
    rank."""
    s = stats
    return (10 + 4 * s["combat"] + 4 * s["tir"] + 3 * max(0, s["defense"] - 6) + 2 * s["bravoure"]
            + 3 * s["psychisme"] + 15 * max(0, s["vitalite"] - 1) + kit_cost + rank_cost)


def profile_points(cat: Catalogue, prof: Profile) -> int:
    rank = cat.ranks.get(prof.rank)
    kit = sum(cat.item_cost(e) for e in prof.equipment) + sum(
        cat.spells[sp].cost for sp in prof.spells if sp in cat.spells)
    return points(prof.stats.over(cat.base_human), kit, rank.cost if rank is not None else 0)


def hands_needed(cat: Catalogue, kit: list[str]) -> int:
    """Hands the held items need: melee weapons and shields (ranged weapons are slung while
    fighting, so they never count against melee hands)."""
    held = [cat.weapons[e].hands for e in kit if e in cat.weapons and cat.weapons[e].kind == "melee"]
    return sum(held) + sum(cat.armour[e].hands for e in kit if e in cat.armour)


def check_catalogue(cat: Catalogue) -> list[Issue]:
    issues = []
    missing = [r for r in RANKS if r not in cat.ranks]
    if missing:
        issues.append(Issue(("ranks",), f"expected the ranks {', '.join(RANKS)} "
                                        f"(missing: {', '.join(missing)})"))
    if BARE_HANDS not in cat.weapons:
        issues.append(Issue(("weapons",), f"the bare-hands weapon '{BARE_HANDS}' is missing (a "
                                          "figure without a melee weapon fights with it)"))
    for item in sorted(set(cat.weapons) & set(cat.armour)):
        issues.append(Issue(("armour", item), f"id '{item}' is both a weapon and an armour",
                            at_key=True))
    items = {**cat.armour, **cat.weapons}
    seen: dict[str, str] = {}
    for wid, band in cat.warbands.items():
        for pid, prof in band.profiles.items():
            path = ("warbands", wid, "profiles", pid)
            if pid in seen:
                issues.append(Issue(path, f"profile id '{pid}' is already used in warband "
                                          f"'{seen[pid]}' (a roster names profiles by id)", at_key=True))
            seen.setdefault(pid, wid)
            for i, item in enumerate(prof.equipment):
                if item not in items:
                    issues.append(Issue(path + ("equipment", i), unknown("weapon or armour", item, items)))
            hands = hands_needed(cat, prof.equipment)
            if hands > 2:
                issues.append(Issue(path + ("equipment",), f"the melee weapons and shield need "
                                                           f"{hands} hands (2 at most)"))
            ranged = [e for e in prof.equipment if e in cat.weapons and cat.weapons[e].kind == "ranged"]
            if len(ranged) > 1:
                issues.append(Issue(path + ("equipment",), f"one ranged weapon at most "
                                                           f"(got {', '.join(ranged)})"))
            for i, spell in enumerate(prof.spells):
                if spell not in cat.spells:
                    issues.append(Issue(path + ("spells", i), unknown("spell", spell, cat.spells)))
    return issues


# --------------------------------------------------------------------------- rosters


class Roster(DataModel):
    kind: Literal["roster"]
    ruleset: Literal["swidenth"]
    id: Identifier
    name: LocalText
    members: Annotated[list[str], Field(min_length=1)]


def warband_breaks(cat: Catalogue, members: list) -> list[tuple[int | None, str, dict]]:
    """Every warband rule (S-R22, S-R17) a member list breaks, as (member index or None,
    text key, args): known profiles of a single warband, exactly one Chef, two Champions at
    most, one caster at most, 6 to 12 figures and 150 points. The builder shows them
    through the string catalogue ("sw.roster.*"); setup and data files through
    ``warband_issues``."""
    profiles = cat.all_profiles()
    out: list[tuple[int | None, str, dict]] = []
    if not members:
        out.append((None, "sw.roster.empty", {}))
    by_rank: dict[str, list[int]] = {r: [] for r in RANKS}
    casters: list[int] = []
    first_band = None
    cost = 0
    cost_at = None
    for i, pid in enumerate(members):
        prof = profiles.get(pid) if isinstance(pid, str) else None
        if prof is None:
            out.append((i, "sw.roster.unknown_profile", {"profile": str(pid)}))
            continue
        band = cat.warband_of(pid)
        if first_band is None:
            first_band = band
        elif band != first_band:
            out.append((i, "sw.roster.mixed", {"profile": pid, "warband": band, "first": first_band}))
        by_rank[prof.rank].append(i)
        if prof.spells:
            casters.append(i)
        cost += prof.cost
        if cost > WARBAND_POINTS and cost_at is None:
            cost_at = i
    chefs, champions = by_rank["chef"], by_rank["champion"]
    if members and len(chefs) != 1:
        out.append((chefs[1] if chefs else None, "sw.roster.chef", {"count": len(chefs)}))
    if len(champions) > MAX_CHAMPIONS:
        out.append((champions[MAX_CHAMPIONS], "sw.roster.champions",
                    {"count": len(champions), "max": MAX_CHAMPIONS}))
    if len(casters) > MAX_CASTERS:
        out.append((casters[MAX_CASTERS], "sw.roster.casters",
                    {"count": len(casters), "max": MAX_CASTERS}))
    n = len(members)
    if members and not MIN_FIGURES <= n <= MAX_FIGURES:
        out.append((MAX_FIGURES if n > MAX_FIGURES else None, "sw.roster.size",
                    {"n": n, "min": MIN_FIGURES, "max": MAX_FIGURES}))
    if cost_at is not None:
        out.append((cost_at, "sw.roster.points", {"cost": cost, "max": WARBAND_POINTS}))
    return out


def warband_issues(cat: Catalogue, members: list) -> list[tuple[int | None, str]]:
    """The same rules as plain English messages (data files, setup)."""
    return break_messages(cat, members, warband_breaks(cat, members), "sw.roster.unknown_profile")


warband_cost = known_cost   # the points of the members the catalogue knows


def check_roster(roster: Roster) -> list[Issue]:
    from game.data.documents import load_catalogue

    return roster_issues(warband_issues(load_catalogue(RULESET), roster.members))


# --------------------------------------------------------------------------- scenarios


class Table(BaseTable):
    width: Annotated[float, Field(gt=0, le=100)]
    height: Annotated[float, Field(gt=0, le=100)]


class TerrainPiece(BaseTerrainPiece):
    height: Annotated[float, Field(ge=0, le=10)] | None = None  # pas (low walls: 0.8)


class PointsVictory(DataModel):
    """At the turn limit, the side that took out more enemy points wins (S-R20)."""

    type: Literal["points"]


class FordVictory(DataModel):
    """From ``from_turn`` on, the side with more figures within ``radius`` of ``at`` at the
    end of a turn scores; most points win at the limit (S-R20)."""

    type: Literal["ford"]
    at: TablePoint
    radius: Annotated[float, Field(gt=0, le=12)]
    from_turn: Annotated[int, Field(ge=1, le=100)]


Victory = Annotated[PointsVictory | FordVictory, Field(discriminator="type")]


class Scenario(BaseScenario):
    ruleset: Literal["swidenth"]
    table: Table
    victory: Victory
    terrain: list[TerrainPiece] = []


def check_scenario(sc: Scenario) -> list[Issue]:
    """What the base checks (game.data.scenarios) leave: one deployment strip per role that
    holds a full warband, and a ford that scores within the game."""
    from game.rulesets.swidenth.setup import slots

    found: list[Issue] = []
    for i, role in enumerate(sc.roles):
        if len(role.zones) != 1:
            found.append(Issue(("roles", i, "zones"), f"expected one deployment zone "
                                                      f"(got {len(role.zones)})"))
            continue
        try:
            slots(role.zones[0], MAX_FIGURES, sc.table.height)
        except ValueError as exc:
            found.append(Issue(("roles", i, "zones", 0), str(exc)))
    if isinstance(sc.victory, FordVictory) and sc.victory.from_turn > sc.max_turns:
        found.append(Issue(("victory", "from_turn"), f"the ford would never score: expected a "
                                                     f"turn up to max_turns {sc.max_turns} "
                                                     f"(got {sc.victory.from_turn})"))
    return found


register(RULESET, "catalogue", Catalogue, check_catalogue)
register(RULESET, "roster", Roster, check_roster)
register(RULESET, "scenario", Scenario, check_scenario)
