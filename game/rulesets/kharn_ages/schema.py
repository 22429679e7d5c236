"""Khârn-Ages data schemas: the catalogue (weapons, armours, shields, terrain kinds and the
factions with their profiles), rosters and scenarios; lengths in toises (1 toise = 4 cm).

Registered with the data registry at the bottom: ``game.data.load_document`` (and
``python main.py check``) validate the files with ``file:line:col: path: what was
expected`` messages; the scenario gets the base checks (roles, on-table geometry, terrain
kinds) of ``game.data.scenarios.Scenario`` first."""
from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from game.data.catalogues import GroupedCatalogue
from game.data.errors import Issue, unknown
from game.data.fields import DataModel, Identifier, LocalText
from game.data.registry import register
from game.data.scenarios import Role, TerrainPiece
from game.data.scenarios import Scenario as BaseScenario
from game.data.scenarios import Table as BaseTable

RULESET = "kharn_ages"
Char = Literal["V", "P", "A", "C", "T", "I"]
Domain = Literal["melee", "defence", "objective", "shooting", "esoteric"]
Small = Annotated[int, Field(ge=0, le=12)]
TerrainTag = Literal["blocks_sight", "blocks_movement", "cover", "difficult", "loose", "slippery", "water"]


class WeaponModel(DataModel):
    name: LocalText
    cost: Annotated[int, Field(ge=0, le=100)] = 0
    bonus: Annotated[int, Field(ge=0, le=6)] = 0
    damage: Annotated[int, Field(ge=1, le=12)] | None = None
    allonge: Annotated[float, Field(ge=0, le=4)] = 0.0
    bleeding: Annotated[int, Field(ge=0, le=4)] = 0
    stature_twice: bool = False
    pierce: Annotated[int, Field(ge=0, le=6)] | None = None
    forbid_simple: list[Literal["V", "P", "A", "C"]] = []
    disarm_on_rc: bool = False
    unarmed: bool = False


class ArmourModel(DataModel):
    name: LocalText
    cost: Annotated[int, Field(ge=0, le=100)] = 0
    threshold: Annotated[int, Field(ge=2, le=10)]
    low: Annotated[int, Field(ge=0, le=10)]
    high: Annotated[int, Field(ge=0, le=10)]
    boxes: Annotated[int, Field(ge=1, le=20)]
    v_malus: Annotated[int, Field(ge=0, le=3)] = 0
    natural: bool = False
    heavy: bool = False


class ShieldModel(DataModel):
    name: LocalText
    cost: Annotated[int, Field(ge=0, le=100)] = 0
    boxes: Annotated[int, Field(ge=1, le=20)]
    lowest_attacker: bool = True


class RangedWeaponModel(DataModel):
    """A ranged weapon (K-R65): ``short`` / ``long`` in toises, ``limit`` when no shot goes
    past ``long`` (the crossbow's "3 / 7 / -"), ``short_bonus`` the damage added at short
    range, and either ``ammo`` (a stock spent hit or miss) or ``cadence`` boxes with the
    ``reload`` PA that clears them."""

    name: LocalText
    cost: Annotated[int, Field(ge=0, le=100)] = 0
    damage: Annotated[int, Field(ge=1, le=12)]
    short: Annotated[float, Field(gt=0, le=30)]
    long: Annotated[float, Field(gt=0, le=30)]
    limit: bool = False
    short_bonus: Annotated[int, Field(ge=0, le=4)] = 1
    ammo: Annotated[int, Field(ge=1, le=40)] | None = None
    cadence: Annotated[int, Field(ge=1, le=6)] | None = None
    reload: Annotated[int, Field(ge=0, le=4)] = 0
    bow: bool = False


class TerrainKind(DataModel):
    name: LocalText
    tags: list[TerrainTag] = []
    height: Annotated[float, Field(ge=0, le=10)] = 0.0      # toises


class SpellStep(DataModel):
    """One thing an effect does (``spells.HANDLERS``)."""

    kind: Literal["damage", "heal", "state", "char", "rally", "dread"]
    amount: Annotated[int, Field(ge=1, le=12)] | None = None
    state: Literal["stunned", "knocked_out", "down", "frost", "bleeding"] | None = None
    value: Annotated[int, Field(ge=1, le=20)] | None = None
    char: Char | None = None
    delta: Annotated[int, Field(ge=-4, le=4)] | None = None


class SpellEffect(DataModel):
    difficulty: Annotated[int, Field(ge=4, le=30)]
    do: Annotated[list[SpellStep], Field(min_length=1)]


class SpellModel(DataModel):
    """A spell card (K-R90): ``path`` (none: a generic spell), ``pages`` in a grimoire,
    ``cadence`` tries a turn, ``target``, ``range`` (toises, or "aura": the caster's I),
    ``area`` (radius in toises) and ``affects`` for an area, ``duration`` in turns (0: at
    once), and its effects, each with its difficulty, chosen before casting."""

    name: LocalText
    source: Literal["book", "completed", "authored"] = "authored"
    path: Identifier | None = None
    pages: Annotated[int, Field(ge=1, le=5)] | None = None
    cadence: Annotated[int, Field(ge=1, le=4)] = 1
    target: Literal["self", "ally", "friend", "enemy", "area"]
    range: Annotated[float, Field(ge=0, le=20)] | Literal["aura"] = "aura"
    area: Annotated[float, Field(gt=0, le=6)] | None = None
    affects: Literal["foes", "friends", "all"] = "foes"
    duration: Annotated[int, Field(ge=0, le=3)] = 0
    effects: Annotated[list[SpellEffect], Field(min_length=1, max_length=3)]


SMALL_GRIMOIRE = 5          # pages


class GrimoireModel(DataModel):
    """A grimoire on sale (the book's two): its price in Kouronnes and its pages (None: as
    many as wanted)."""

    name: LocalText
    cost: Annotated[int, Field(ge=0, le=200)]
    pages: Annotated[int, Field(ge=1, le=50)] | None = None


class ProfileModel(DataModel):
    name: LocalText
    level: Annotated[int, Field(ge=1, le=3)]
    cost: Annotated[int, Field(ge=1, le=400)]
    chars: dict[Char, Small]
    stature: Annotated[int, Field(ge=0, le=6)]
    pa: Annotated[int, Field(ge=1, le=9)]
    pv: Annotated[int, Field(ge=1, le=40)]
    base: Literal[40, 50, 60, 80] = 40
    mastery: list[Annotated[list[Domain], Field(min_length=1)]]
    skills: dict[Identifier, int | str | None] = {}
    weapon: Identifier
    ranged: Identifier | None = None
    armour: Identifier | None = None
    shield: Identifier | None = None
    allonge: Annotated[float, Field(ge=0, le=4)] = 0.0
    source: Literal["book", "completed", "authored"] = "authored"
    # Recruitment (K-R74): ``lim`` how many copies a band may hold (a number), "U" (unique)
    # or "P" (a character: unique, and it takes one of the ``character_of`` profile's
    # places); ``leader`` a card naming the figure a leader; ``serves`` the other factions
    # that may hire it (the Guilde Noire's sellswords).
    lim: Annotated[int, Field(ge=1, le=12)] | Literal["U", "P"] | None = None
    character_of: Identifier | None = None
    leader: bool = False
    serves: list[Identifier] = []
    # Magic (K-R90): the generic spells a magician knows (at most its level) and its small
    # grimoire of its faction's path (at most 5 pages).
    spells: list[Identifier] = []
    grimoire: list[Identifier] = []

    @property
    def most(self) -> int | None:
        """Copies allowed in one band (None: no limit but the band's size)."""
        return 1 if self.lim in ("U", "P") else self.lim


class Faction(DataModel):
    name: LocalText
    path: Identifier | None = None            # its path of magic (K-R90)
    profiles: dict[Identifier, ProfileModel]


class Catalogue(GroupedCatalogue):
    kind: Literal["catalogue"]
    ruleset: Literal["kharn_ages"]
    weapons: dict[Identifier, WeaponModel]
    armours: dict[Identifier, ArmourModel]
    shields: dict[Identifier, ShieldModel]
    ranged_weapons: dict[Identifier, RangedWeaponModel] = {}
    terrain_kinds: dict[Identifier, TerrainKind]
    factions: dict[Identifier, Faction]
    spells: dict[Identifier, SpellModel] = {}
    grimoires: dict[Identifier, GrimoireModel] = {}


def check_ranged(cat: Catalogue) -> list[Issue]:
    """Each ranged weapon's ranges rise, and it has a stock or a cadence with its reload
    cost, not both."""
    out = []
    for wid, w in cat.ranged_weapons.items():
        where = ("ranged_weapons", wid)
        if w.long <= w.short:
            out.append(Issue((*where, "long"), f"expected a long range above the short one ({w.short:g}), "
                                               f"got {w.long:g}"))
        if w.cadence is not None and w.ammo is not None:
            out.append(Issue((*where, "ammo"), "expected either ammo (a stock) or cadence (with reload), not both"))
        if (w.cadence is None) != (w.reload == 0):
            out.append(Issue((*where, "reload" if w.cadence is not None else "cadence"),
                             "expected a reload cost in PA together with a cadence"))
    return out


def check_spells(cat: Catalogue) -> list[Issue]:
    """Each spell: a path names a faction's, with pages; a generic one has none; an area
    spell its radius; effects by rising difficulty, each step with what it needs."""
    out = []
    paths = {f.path for f in cat.factions.values() if f.path}
    needs = {"damage": "amount", "heal": "amount", "state": "state", "char": "char", "dread": "value"}
    for sid, sp in cat.spells.items():
        where = ("spells", sid)
        if sp.path is not None and sp.path not in paths:
            out.append(Issue((*where, "path"), unknown("path of magic", sp.path, {p: p for p in sorted(paths)})))
        if (sp.path is None) != (sp.pages is None):
            out.append(Issue((*where, "pages"), "expected pages for a path's spell, none for a generic one"))
        if (sp.target == "area") != (sp.area is not None):
            out.append(Issue((*where, "area"), "expected an area radius exactly when the target is an area"))
        diffs = [e.difficulty for e in sp.effects]
        if diffs != sorted(set(diffs)):
            out.append(Issue((*where, "effects"), f"expected rising difficulties, got {diffs}"))
        for i, e in enumerate(sp.effects):
            for j, step in enumerate(e.do):
                key = needs.get(step.kind)
                if key and getattr(step, key) is None:
                    out.append(Issue((*where, "effects", i, "do", j), f"expected '{key}' for a {step.kind} step"))
                if step.kind == "char" and step.delta is None:
                    out.append(Issue((*where, "effects", i, "do", j), "expected 'delta' for a char step"))
    return out


def _magic_issues(cat: Catalogue, fid: str, p: ProfileModel, where: tuple) -> list[Issue]:
    """K-R90: only a magician knows spells; generic ones up to its level, its grimoire from
    its faction's path within a small grimoire's pages."""
    out = []
    if (p.spells or p.grimoire) and "magicien" not in p.skills:
        out.append(Issue((*where, "spells"), "expected the skill 'magicien' on a profile that knows spells"))
    generic = {k: v for k, v in cat.spells.items() if v.path is None}
    for i, sid in enumerate(p.spells):
        if sid not in generic:
            out.append(Issue((*where, "spells", i), unknown("generic spell", sid, generic)))
    if len(p.spells) > p.level:
        out.append(Issue((*where, "spells"), f"expected at most {p.level} generic spells (its level)"))
    from .spell_books import open_paths

    paths = open_paths(cat, fid, p)
    own = {k: v for k, v in cat.spells.items() if v.path is not None and v.path in paths}
    for i, sid in enumerate(p.grimoire):
        if sid not in own:
            shown = " or ".join(sorted(paths)) or "none"
            out.append(Issue((*where, "grimoire", i), unknown(f"spell of the path {shown}", sid, own)))
    pages = sum(own[s].pages or 0 for s in p.grimoire if s in own)
    if pages > SMALL_GRIMOIRE:
        out.append(Issue((*where, "grimoire"), f"expected at most {SMALL_GRIMOIRE} pages, got {pages}"))
    return out


def check_catalogue(cat: Catalogue) -> list[Issue]:
    out = check_ranged(cat) + check_spells(cat)
    if cat.grimoires and "petit" not in cat.grimoires:
        out.append(Issue(("grimoires",), "expected a 'petit' grimoire (the one a magician's card holds, K-R130)"))
    for fid, fac in cat.factions.items():
        for pid, p in fac.profiles.items():
            where = ("factions", fid, "profiles", pid)
            for key, table in (("weapon", cat.weapons), ("armour", cat.armours), ("shield", cat.shields),
                               ("ranged", cat.ranged_weapons)):
                ref = getattr(p, key)
                if ref is not None and ref not in table:
                    out.append(Issue((*where, key), unknown(key, ref, table)))
            if set(p.chars) != {"V", "P", "A", "C", "T", "I"}:
                out.append(Issue((*where, "chars"), "expected the six characteristics V, P, A, C, T and I"))
            if len(p.mastery) != p.level:
                out.append(Issue((*where, "mastery"), f"expected one mastery die per level ({p.level}, "
                                                      f"got {len(p.mastery)})"))
            out += _recruitment_issues(cat, fid, pid, p, where)
            out += _magic_issues(cat, fid, p, where)
    return out


def _recruitment_issues(cat: Catalogue, fid: str, pid: str, p: ProfileModel, where: tuple) -> list[Issue]:
    """K-R74: a character's rank is another profile of its faction with a limit of its own;
    ``character_of`` only on characters; ``serves`` names other factions."""
    out = []
    own = cat.factions[fid].profiles
    if p.character_of is not None:
        rank = own.get(p.character_of)
        if p.lim != "P":
            out.append(Issue((*where, "character_of"), "only a character (lim: P) takes another profile's place"))
        elif rank is None or p.character_of == pid:
            out.append(Issue((*where, "character_of"), unknown(f"{fid} profile", p.character_of,
                                                               {k: v for k, v in own.items() if k != pid})))
        elif rank.lim in (None, "P"):
            out.append(Issue((*where, "character_of"), f"expected a profile with a limit of copies or U "
                                                       f"('{p.character_of}' has lim {rank.lim})"))
    for i, other in enumerate(p.serves):
        if other not in cat.factions or other == fid:
            out.append(Issue((*where, "serves", i), unknown("other faction", other,
                                                            {k: v for k, v in cat.factions.items() if k != fid})))
    return out


class GrimoireChoice(DataModel):
    """A grimoire bought in the builder: its size (a catalogue ``grimoires`` id) and its
    spells."""

    size: Identifier = "petit"
    spells: list[Identifier] = []


class Roster(DataModel):
    """A band: its members' profile ids, of one faction (``faction``, or the one its members
    all serve when left out, as the warband builder writes them), and optionally the profile
    of its leader (K-R74; by default the first card naming a leader, a character, or the
    first of the highest level)."""

    kind: Literal["roster"]
    ruleset: Literal["kharn_ages"]
    id: Identifier
    name: LocalText
    faction: Identifier | None = None
    leader: Identifier | None = None
    members: Annotated[list[Identifier], Field(min_length=1, max_length=12)]
    # Grimoires bought for the band's magicians (K-R130), by profile: each figure of that
    # profile carries one of that size holding those spells (the card's own otherwise).
    grimoires: dict[Identifier, GrimoireChoice] = {}


def check_roster(r: Roster, cat: Catalogue | None = None) -> list[Issue]:
    """The faction exists, every member is one of its profiles (or a sellsword serving it),
    the book's limitations (K-R74) hold and the leader may lead: the builder's rules, with
    its English texts."""
    from game.core.text import t

    from .bands import band_breaks

    cat = cat or catalogue()
    if r.faction is not None and r.faction not in cat.factions:
        return [Issue(("faction",), unknown("faction", r.faction, cat.factions))]
    known = cat.all_profiles()
    out = [Issue(("members", i), unknown("profile", m, known)) for i, m in enumerate(r.members) if m not in known]
    if out:
        return out
    for i, key, args in band_breaks(cat, list(r.members), r.faction, r.leader):
        where = ("leader",) if key.startswith("ka.builder.leader") else (("members", i) if i is not None
                                                                          else ("members",))
        out.append(Issue(where, t(key, "en", **args)))
    from .spell_books import book_breaks

    for pid, choice in r.grimoires.items():
        for field, key, args in book_breaks(cat, list(r.members), pid, choice):
            out.append(Issue(("grimoires", pid, *field), t(key, "en", **args)))
    return out


class Table(BaseTable):
    width: Annotated[float, Field(gt=0, le=30)]
    height: Annotated[float, Field(gt=0, le=30)]


class Scenario(BaseScenario):
    """The base scenario (header, table, turn limit, roles) with two roles, the rosters
    each fields by default and the terrain (kinds of the catalogue, on the table)."""

    ruleset: Literal["kharn_ages"]
    table: Table
    max_turns: Annotated[int, Field(ge=1, le=20)]
    roles: Annotated[list[Role], Field(min_length=2, max_length=2)]
    rosters: Annotated[list[Identifier], Field(min_length=2, max_length=2)]
    terrain: list[TerrainPiece] = []


def check_scenario(sc: Scenario) -> list[Issue]:
    """What the base checks leave: each default roster is a bundled one."""
    from game.data import roster_paths

    known = sorted(p.stem for p in roster_paths(RULESET))
    return [Issue(("rosters", i), unknown("roster", rid, known)) for i, rid in enumerate(sc.rosters)
            if rid not in known]


def catalogue() -> Catalogue:
    """The validated bundled catalogue (cached by the data layer)."""
    from game.data.documents import load_catalogue

    return load_catalogue(RULESET)


register(RULESET, "catalogue", Catalogue, check_catalogue)
register(RULESET, "roster", Roster, check_roster)
register(RULESET, "scenario", Scenario, check_scenario)
