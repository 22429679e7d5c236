"""A Khârn-Ages game from a scenario (``scenarios/kharn_ages/<id>.yaml``) and two rosters
(``scenarios/rosters/kharn_ages/<id>.yaml``; the scenario's by default, ``options["rosters"]``
otherwise: ``{"1": spec, "2": spec}`` or a pair, each a preset id, a roster file or a list of
profile ids): the 15 x 15 toises table and its terrain, each band in a row
along its role's deployment strip (K-R13: the band with the higher level total plays first;
a tie is drawn from the setup stream). Options: ``rosters``, ``max_turns``."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from shapely.geometry import Point as SPoint
from shapely.geometry import Polygon, box

from game.core.dice import Dice, pcg_seed
from game.core.errors import UserError
from game.core.events import Event
from game.core.state import Figure, GameState, Side, TerrainPiece
from game.data.paths import SCENARIOS_DIR
from game.rulesets._shared import bundled
from game.rulesets._shared.tables import layout_key, table_for

from . import turns
from .bands import leader_of, roster_leader
from .cards import KEY, set_cards
from .fighter import TOISE
from .schema import RULESET, Catalogue, Scenario, catalogue
from .spell_books import carried, roster_books

VERSION = 1
TABLE_TOISES = 15.0
GAP_MM = 8.0              # between two bases in a deployment row, at the closest
SCENARIOS = SCENARIOS_DIR / "kharn_ages"
ROSTERS = SCENARIOS_DIR / "rosters" / "kharn_ages"


def scenario_ids() -> list[str]:
    return bundled.scenario_ids(RULESET)


def scenario(sid: str) -> Scenario:
    """The validated scenario; an unknown id or a bad file is a one-line user error."""
    return bundled.load_scenario(RULESET, sid)


def roster_specs(options: Mapping[str, Any], sc: Scenario) -> dict[int, Any]:
    """Each side's roster spec: ``options["rosters"]`` (by side, or a pair) over the
    scenario's defaults."""
    given = options.get("rosters") or {}
    if isinstance(given, (list, tuple)):
        if len(given) != 2:
            raise UserError("kharn_ages needs two rosters")
        given = {"1": given[0], "2": given[1]}
    return {side: given.get(str(side), given.get(side, sc.rosters[side - 1])) for side in (1, 2)}


def card(cat: Catalogue, pid: str) -> dict[str, Any]:
    """A profile written out in full (what the game state keeps, ``cards``)."""
    faction, p = cat.group_of(pid), cat.profile(pid)

    def full(table, ref):
        return None if ref is None else {"id": ref, **table[ref].model_dump(exclude={"name", "cost"})}

    return {"name": p.name.model_dump(), "level": p.level, "chars": dict(p.chars), "stature": p.stature, "pa": p.pa,
            "pv": p.pv, "mastery": [list(d) for d in p.mastery], "skills": dict(p.skills),
            "weapon": full(cat.weapons, p.weapon), "armour": full(cat.armours, p.armour),
            "shield": full(cat.shields, p.shield), "ranged": full(cat.ranged_weapons, p.ranged),
            "allonge": p.allonge, "faction": faction, "spells": [*p.spells, *p.grimoire],
            "path": cat.factions[faction].path or "",
            "cost": p.cost + sum(t[r].cost for t, r in ((cat.weapons, p.weapon), (cat.armours, p.armour),
                                                       (cat.shields, p.shield), (cat.ranged_weapons, p.ranged))
                                 if r), "base": p.base}


def _polygon(spec) -> Polygon:
    if spec.rect is not None:
        x, y, w, h = (float(v) * TOISE for v in spec.rect)
        return box(x, y, x + w, y + h)
    if spec.circle is not None:
        x, y, r = (float(v) * TOISE for v in spec.circle)
        return SPoint(x, y).buffer(r, quad_segs=4)
    return Polygon([(float(x) * TOISE, float(y) * TOISE) for x, y in spec.polygon])


def terrain(sc: Scenario, cat: Catalogue) -> list[TerrainPiece]:
    out = []
    for i, spec in enumerate(sc.terrain):
        kind = cat.terrain_kinds[spec.kind]
        pts = [[round(x, 3), round(y, 3)] for x, y in list(_polygon(spec).exterior.coords)[:-1]]
        out.append(TerrainPiece(id=f"t{i}", kind=spec.kind, points=pts, tags=sorted(kind.tags),
                                height=kind.height * TOISE))
    return out


def deploy(zone, sizes: list[float]) -> list[tuple[float, float]]:
    """Centres (mm) for bases of these sizes in a strip [x, y, w, h] (toises): one row across
    the strip's middle line, centred; a second row when the first is full. Bases stand apart
    by the widest base of their row when the strip has room for it (each figure can then walk
    out between two friends), else by a toise, else by ``GAP_MM``."""
    x0, y0, w, h = (float(v) * TOISE for v in zone)
    rows: list[list[float]] = [[]]
    for s in sizes:
        if sum(rows[-1]) + s + GAP_MM * len(rows[-1]) > w:
            rows.append([])
        rows[-1].append(s)
    if len(rows) > 2 or max(max(r, default=0) for r in rows) * len(rows) > h:
        raise ValueError(f"{len(sizes)} figures do not fit in a {w / TOISE:g} x {h / TOISE:g} toises strip")
    out = []
    for k, row in enumerate(rows):
        y = y0 + h * (k + 1) / (len(rows) + 1)
        gap = _spacing(row, w)
        x = x0 + (w - sum(row) - gap * (len(row) - 1)) / 2
        for s in row:
            out.append((x + s / 2, y))
            x += s + gap
    return out


def _spacing(row: list[float], width: float) -> float:
    """The room between two bases of ``row`` in a strip ``width`` mm wide: the widest base,
    else a toise, when the row then still fits in the strip."""
    for gap in (max(row, default=0.0), TOISE):
        if sum(row) + gap * (len(row) - 1) <= width:
            return gap
    return GAP_MM


class Quiet:
    """A context for setup: dice from the setup stream (K-R13's tie), events kept aside."""

    def __init__(self, state: GameState, seed: int | None = None):
        self.state = state
        self.dice = Dice(pcg_seed(state.seed if seed is None else seed, stream=13))
        self.events: list[Event] = []

    def emit(self, event: Event) -> None:
        self.events.append(event)

    def roll(self, who: str, rule: str, n: int, *, sides: int = 6, judge=None, **_: Any) -> list[int]:
        return self.dice.faces(n, sides)

    @property
    def table(self):
        return table_for(self.state)


def numbered(name: Mapping[str, str], members: list[str], i: int) -> dict[str, str]:
    """The figure's name in each language, numbered when its band has several of its profile."""
    same = [k for k, pid in enumerate(members) if pid == members[i]]
    suffix = f" {same.index(i) + 1}" if len(same) > 1 else ""
    return {lang: f"{text}{suffix}" for lang, text in name.items()}


def side_label(cat: Catalogue, role, own_roster: bool, factions: list[str]) -> dict[str, str]:
    """What the log and the panels call a side: the scenario's name for the role with its
    own band, else the faction most of the chosen band belongs to (a Fangs' pack sent to
    the Khârns' place is called the Fangs)."""
    if own_roster or not factions:
        return role.name.model_dump()
    main = max(dict.fromkeys(factions), key=factions.count)
    return cat.factions[main].name.model_dump() if main in cat.factions else role.name.model_dump()


def setup(sid: str, seed: int, options: Mapping[str, Any] | None = None) -> GameState:
    options = dict(options or {})
    sc = scenario(sid)
    cat = catalogue()
    specs = roster_specs(options, sc)
    st = GameState(ruleset="kharn_ages", ruleset_version=VERSION, scenario=sid, seed=seed,
                   width=sc.table.width * TOISE, height=sc.table.height * TOISE,
                   max_turns=int(options.get("max_turns", sc.max_turns)))
    st.terrain = terrain(sc, cat)
    st.extras["layout"] = layout_key(st.terrain)
    ka = st.extras.setdefault(KEY, {})
    table: dict[str, dict[str, Any]] = {}
    levels = {}
    for side, role in enumerate(sc.roles, start=1):
        rid, members = bundled.roster_members(RULESET, specs[side])
        for pid in members:
            try:
                table.setdefault(pid, card(cat, pid))
            except KeyError:
                raise UserError(f"roster {rid}: unknown profile '{pid}'") from None
        label = side_label(cat, role, specs[side] == sc.rosters[side - 1], [table[p]["faction"] for p in members])
        st.sides[side] = Side(id=side, roster=rid, role=role.id, name=label.get("fr", role.name.fr),
                              extras={"label": label})
        sizes = [float(table[pid]["base"]) for pid in members]
        try:
            spots = deploy(role.zones[0], sizes)
        except ValueError as exc:
            raise UserError(f"roster {rid}: {exc}") from None
        books = roster_books(specs[side])      # K-R130: the grimoires the band bought
        for i, (pid, (x, y)) in enumerate(zip(members, spots)):
            c = table[pid]
            fid = f"k{side}_{i:02d}_{pid}"
            st.figures[fid] = Figure(id=fid, side=side, profile=pid, name=fid, x=x, y=y, size=sizes[i],
                                     vitality=int(c["pv"]), max_vitality=int(c["pv"]),
                                     status={"pa": int(c["pa"]), "label": numbered(c["name"], members, i)})
            if pid in books:
                st.figures[fid].status["grimoire"] = carried(cat, pid, books[pid])
        lead = leader_of(cat, members, roster_leader(RULESET, specs[side]))
        if lead is not None:                # K-R74: the band's leader, for its aura
            st.figures[f"k{side}_{lead:02d}_{members[lead]}"].status["leader"] = True
        levels[side] = sum(int(table[p]["level"]) for p in members)
    set_cards(st, table)
    ka["initiative"] = turns.initiative(Quiet(st), levels)
    return st
