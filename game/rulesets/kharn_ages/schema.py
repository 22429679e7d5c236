"""Khârn-Ages data schemas: the catalogue (weapons, armours, shields, terrain kinds and the
factions with their profiles), rosters and scenarios; lengths in toises (1 toise = 4 cm).

The ruleset is not registered yet, so ``game.data``'s documents do not know it: ``load``
reads a file with the same YAML reader and the same messages (``file:line:col: path:
what was expected``), raising ``DataError``. Once registered, ``register`` calls at the
bottom make ``python main.py check`` validate the same files."""
from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import Field, ValidationError

from game.data.errors import DataError, Issue, format_line, format_path, unknown
from game.data.fields import DataModel, Identifier, LocalText
from game.data.scenarios import Role, Shape
from game.data.scenarios import Table as BaseTable
from game.data.validation import translate
from game.data.yaml_source import read_yaml

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


class TerrainKind(DataModel):
    name: LocalText
    tags: list[TerrainTag] = []
    height: Annotated[float, Field(ge=0, le=10)] = 0.0      # toises


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
    armour: Identifier | None = None
    shield: Identifier | None = None
    allonge: Annotated[float, Field(ge=0, le=4)] = 0.0
    source: Literal["book", "completed", "authored"] = "authored"


class Faction(DataModel):
    name: LocalText
    profiles: dict[Identifier, ProfileModel]


class Catalogue(DataModel):
    kind: Literal["catalogue"]
    ruleset: Literal["kharn_ages"]
    weapons: dict[Identifier, WeaponModel]
    armours: dict[Identifier, ArmourModel]
    shields: dict[Identifier, ShieldModel]
    terrain_kinds: dict[Identifier, TerrainKind]
    factions: dict[Identifier, Faction]

    def profile(self, pid: str) -> tuple[str, ProfileModel]:
        for fid, fac in self.factions.items():
            if pid in fac.profiles:
                return fid, fac.profiles[pid]
        raise KeyError(pid)


def check_catalogue(cat: Catalogue) -> list[Issue]:
    out = []
    for fid, fac in cat.factions.items():
        for pid, p in fac.profiles.items():
            where = ("factions", fid, "profiles", pid)
            for key, table in (("weapon", cat.weapons), ("armour", cat.armours), ("shield", cat.shields)):
                ref = getattr(p, key)
                if ref is not None and ref not in table:
                    out.append(Issue((*where, key), unknown(key, ref, table)))
            if set(p.chars) != {"V", "P", "A", "C", "T", "I"}:
                out.append(Issue((*where, "chars"), "expected the six characteristics V, P, A, C, T and I"))
            if len(p.mastery) != p.level:
                out.append(Issue((*where, "mastery"), f"expected one mastery die per level ({p.level}, "
                                                      f"got {len(p.mastery)})"))
    return out


class Roster(DataModel):
    kind: Literal["roster"]
    ruleset: Literal["kharn_ages"]
    id: Identifier
    name: LocalText
    faction: Identifier
    members: Annotated[list[Identifier], Field(min_length=1, max_length=12)]


def check_roster(r: Roster, cat: Catalogue | None = None) -> list[Issue]:
    """The faction exists and every member is one of its profiles."""
    cat = cat or catalogue()
    if r.faction not in cat.factions:
        return [Issue(("faction",), unknown("faction", r.faction, cat.factions))]
    own = cat.factions[r.faction].profiles
    return [Issue(("members", i), unknown(f"{r.faction} profile", m, own)) for i, m in enumerate(r.members)
            if m not in own]


class Table(BaseTable):
    width: Annotated[float, Field(gt=0, le=30)]
    height: Annotated[float, Field(gt=0, le=30)]


class TerrainPiece(Shape):
    kind: Identifier


class Scenario(DataModel):
    kind: Literal["scenario"]
    ruleset: Literal["kharn_ages"]
    id: Identifier
    name: LocalText
    description: LocalText
    table: Table
    max_turns: Annotated[int, Field(ge=1, le=20)]
    roles: Annotated[list[Role], Field(min_length=2, max_length=2)]
    rosters: Annotated[list[Identifier], Field(min_length=2, max_length=2)]
    terrain: list[TerrainPiece] = []


def check_scenario(sc: Scenario, cat: Catalogue | None = None) -> list[Issue]:
    cat = cat or catalogue()
    out = []
    w, h = sc.table.width, sc.table.height
    for i, piece in enumerate(sc.terrain):
        if piece.kind not in cat.terrain_kinds:
            out.append(Issue(("terrain", i, "kind"), unknown("terrain kind", piece.kind, cat.terrain_kinds)))
        pts = _points(piece)
        if any(not (0 <= x <= w and 0 <= y <= h) for x, y in pts):
            out.append(Issue(("terrain", i), f"expected a piece within the {w:g} x {h:g} toises table"))
    for i, role in enumerate(sc.roles):
        for j, (x, y, zw, zh) in enumerate(role.zones):
            if x < 0 or y < 0 or x + zw > w or y + zh > h:
                out.append(Issue(("roles", i, "zones", j), f"expected a zone within the {w:g} x {h:g} toises table"))
    return out


def _points(piece: Shape) -> list[tuple[float, float]]:
    if piece.rect is not None:
        x, y, w, h = piece.rect
        return [(x, y), (x + w, y + h)]
    if piece.circle is not None:
        x, y, r = piece.circle
        return [(x - r, y - r), (x + r, y + r)]
    return [tuple(p) for p in piece.polygon]


MODELS: dict[str, type] = {"catalogue": Catalogue, "roster": Roster, "scenario": Scenario}
CHECKS = {"catalogue": check_catalogue, "roster": check_roster, "scenario": check_scenario}


def load(path: str | Path, kind: str) -> Any:
    """The validated model of a Khârn-Ages file of ``kind``; DataError with one line per
    problem (``file:line:col: where: what was expected``) otherwise."""
    name = str(path)
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise DataError([format_line(name, 1, 1, "(file)", f"cannot read the file ({type(exc).__name__})")]) from None
    src = read_yaml(text)
    located = [(pos, issue) for pos, issue in src.problems]
    model = None
    if not located:
        try:
            model = MODELS[kind].model_validate(src.data, context={})
        except ValidationError as exc:
            located += [(src.key_pos(i.path) if i.at_key else src.value_pos(i.path), i)
                        for i in translate(exc, src.data, {})]
    if model is not None and CHECKS[kind] is not None:
        located += [(src.value_pos(i.path), i) for i in CHECKS[kind](model)]
    if located:
        located.sort(key=lambda item: item[0])
        raise DataError([format_line(name, line, col, format_path(i.path), i.message)
                         for (line, col), i in located])
    return model


CATALOGUE_PATH = Path(__file__).with_name("catalogue.yaml")
_LOADED: dict[str, Catalogue] = {}


def catalogue() -> Catalogue:
    if "cat" not in _LOADED:
        _LOADED["cat"] = load(CATALOGUE_PATH, "catalogue")
    return _LOADED["cat"]
