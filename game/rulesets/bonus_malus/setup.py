"""A Bonus / Malus game from a scenario file (scenarios/bonus_malus/) and the teams' rosters
(B-R24): the scenario's table (24 x 24 pas) and terrain, each player team (a preset id, a
roster file or a list of profile ids, from ``options["rosters"]``; two presets chosen from
the seed otherwise) in its role's deployment strip in rows 1.5 pas apart, characters first,
and the neutral group the scenario names in its zone, played by the scripted neutral agent
(B-R23). Options: ``activation`` ("alternate" or "classic"; the scenario's by default),
``max_turns``, ``rosters``."""
from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from shapely.geometry import Point as SPoint
from shapely.geometry import Polygon

from game.core.dice import Stream
from game.core.errors import UserError
from game.core.state import GameState, Side, TerrainPiece
from game.rulesets._shared import layout
from game.rulesets._shared.tables import layout_key

from . import figures as F

RULESET_ID = "bonus_malus"
VERSION = 2
TABLE_PAS = 24.0
STRIP_PAS = 4.0
SPACING_PAS = 1.5     # between figure centres in a row, and between rows
EDGE_PAS = 1.0        # from the zone's outer edge to the first row's centres
MODES = ("alternate", "classic")


def scenario_ids() -> list[str]:
    from game.data import scenario_paths

    return [p.stem for p in scenario_paths(RULESET_ID)]


def load_scenario(sid: str):
    """The validated scenario model; an unknown id or a bad file is a one-line user error."""
    from game.data import DataError, load_document, scenario_path

    path = scenario_path(RULESET_ID, sid) if sid in scenario_ids() else None
    if path is None:
        raise UserError(f"unknown scenario '{sid}' for {RULESET_ID} (known: {', '.join(scenario_ids())})")
    try:
        return load_document(path, expected_kind="scenario", expected_ruleset=RULESET_ID).model
    except DataError as exc:
        raise UserError(str(exc)) from None


def presets() -> dict[str, Any]:
    """The bundled roster files by id: the player teams' presets, then the neutral groups'."""
    from game.data import roster_paths

    from .datafiles import neutral_presets

    return {**{p.stem: p for p in roster_paths(RULESET_ID)}, **neutral_presets()}


def roster_members(spec: Any) -> tuple[str, list[str], Any]:
    """(roster id, profile ids, its name as {fr, en} or None) for a preset id, a roster file
    path, or a list of ids."""
    from game.data import DataError, load_document

    if isinstance(spec, (list, tuple)):
        return "custom", [str(m) for m in spec], None
    known = presets()
    path = known.get(str(spec), str(spec))
    try:
        doc = load_document(path, expected_kind="roster", expected_ruleset=RULESET_ID)
    except DataError as exc:
        if str(spec) not in known and not str(spec).endswith((".yaml", ".yml")):
            raise UserError(f"unknown roster '{spec}' (presets: {', '.join(sorted(known))})") from None
        raise UserError(str(exc)) from None
    return doc.model.id, list(doc.model.members), doc.model.name.model_dump()


def player_presets() -> list[str]:
    """The player teams' presets (the new-game form's), sorted."""
    from game.data import roster_paths

    return sorted(p.stem for p in roster_paths(RULESET_ID))


def default_rosters(seed: int) -> tuple[str, str]:
    """Two different player presets, chosen from the game seed."""
    ids = player_presets()
    s = Stream(seed, stream=3)
    a = s.below(len(ids))
    return ids[a], ids[(a + 1 + s.below(len(ids) - 1)) % len(ids)]


def rosters(options: dict[str, Any], seed: int) -> dict[int, Any]:
    """Each player side's roster spec: ``options["rosters"]`` ({"1": ..., "2": ...}), else
    two presets chosen from the seed; the choice is written back (the record replays it)."""
    given = options.get("rosters") or {}
    d1, d2 = default_rosters(seed)
    specs = {1: given.get("1", given.get(1, d1)), 2: given.get("2", given.get(2, d2))}
    options["rosters"] = {"1": specs[1], "2": specs[2]}
    return specs


def shape(spec, scale: float = F.PAS) -> Polygon:
    """A scenario shape (rect, circle or polygon, in pas) as a polygon, times ``scale``."""
    return layout.shape(spec, scale)


def build_terrain(sc, kinds) -> list[TerrainPiece]:
    return layout.terrain_pieces(sc, kinds, F.PAS)


def slots(zone: Sequence[float], n: int, table_height: float) -> list[tuple[float, float]]:
    """Centres (mm) for n figures in a deployment zone [x, y, w, h] (pas), rows
    ``SPACING_PAS`` apart, the first ``EDGE_PAS`` in from its outer edge."""
    return layout.slots(zone, n, table_height, F.PAS, SPACING_PAS, EDGE_PAS)


def characters_first(cat, members: Sequence[str]) -> list[str]:
    """Profile ids with the characters (Personnage, Énorme) first (stable)."""
    return sorted(members, key=lambda pid: not (cat.profile(pid).has("personnage") or cat.profile(pid).has("enorme")))


def _objective(sc) -> dict[str, Any]:
    v = sc.victory
    out: dict[str, Any] = {"type": v.type}
    if v.type in ("extraction", "nest"):
        out["point"] = [v.at[0] * F.PAS, v.at[1] * F.PAS]
    if v.type == "nest":
        out.update(radius=v.radius * F.PAS, hold=v.hold, turn=1)
    return out


def _centre(zone: Sequence[float]) -> tuple[float, float]:
    x0, y0, w, h = (float(v) for v in zone)
    return x0 + w / 2, y0 + h / 2


def neutral_facing(sc) -> float:
    """The heading a neutral group deploys with (B-R67): square to the line from the first
    team's deployment zone to the second's, so that neither team starts at its back (nor
    in front of it); facing south when the teams' zones share a centre."""
    playing = sc.playing_roles()
    if len(playing) < 2:
        return 90.0
    (ax, ay), (bx, by) = _centre(playing[0].zones[0]), _centre(playing[1].zones[0])
    if math.isclose(ax, bx) and math.isclose(ay, by):
        return 90.0
    return (math.degrees(math.atan2(by - ay, bx - ax)) + 90.0) % 360.0


def _place(st: GameState, cat, side: int, role, members: list[str], sc, facing: float | None = None) -> None:
    """The figures in the role's zone (``slots``), facing the other side of the table, or
    ``facing`` (degrees) when given."""
    profiles = characters_first(cat, members)
    try:
        places = slots(role.zones[0], len(profiles), sc.table.height)
    except ValueError as exc:
        raise UserError(f"side {side}: {exc}") from None
    x0, y0, w, h = role.zones[0]
    if facing is None:
        facing = 90.0 if y0 + h / 2 <= sc.table.height / 2 else 270.0
    for i, (pid, (x, y)) in enumerate(zip(profiles, places)):
        fid = f"b{side}_{i:02d}_{pid}"
        st.figures[fid] = F.make(fid, side, x, y, pid, cat.profile(pid).as_data(), facing=facing)
        st.extras["points"][fid] = cat.profile(pid).cost            # teams.profile_points (B-R64)
        st.figures[fid].status["cost"] = cat.profile(pid).cost      # the card's points
        if facing in (90.0, 270.0):                                 # toward the other edge
            _infiltrate(st, st.figures[fid], facing)


def _infiltrate(st: GameState, fig, facing: float) -> None:
    """Infiltration (B-R62): the figure starts up to ``effects.deploy_ahead`` pas ahead of its
    zone, straight toward the enemy, as far as it goes (whole pas) clear of the table's
    edge, of terrain that blocks movement and of the figures already placed."""
    from .effects import deploy_ahead

    ahead = int(deploy_ahead(F.fighter(fig)))
    step = F.PAS if facing == 90.0 else -F.PAS
    blocks = [Polygon(t.points) for t in st.terrain if "blocks" in t.tags]
    others = [o for o in st.figures.values() if o.id != fig.id]
    for k in range(ahead, 0, -1):
        x, y = fig.x, fig.y + k * step
        spot = SPoint(x, y).buffer(fig.radius)
        if not (fig.radius <= y <= st.height - fig.radius) or any(b.intersects(spot) for b in blocks):
            continue
        if any(math.dist((x, y), (o.x, o.y)) < fig.radius + o.radius for o in others):
            continue
        fig.x, fig.y = x, y
        return


def setup(scenario: str, seed: int, options: dict[str, Any] | None = None) -> GameState:
    """The game before its first decision (the first picks, or the classic order roll)."""
    from .datafiles import catalogue_model
    from .teams import band_issues

    options = {} if options is None else options
    sc = load_scenario(scenario)
    cat = catalogue_model()
    mode = str(options.get("activation", sc.activation))
    if mode not in MODES:
        raise ValueError(f"activation option {mode!r}: expected one of {', '.join(MODES)}")
    st = GameState(ruleset=RULESET_ID, ruleset_version=VERSION, scenario=scenario, seed=seed,
                   width=sc.table.width * F.PAS, height=sc.table.height * F.PAS,
                   max_turns=int(options.get("max_turns") or sc.max_turns))
    st.terrain = build_terrain(sc, cat.terrain_kinds)
    st.extras["layout"] = layout_key(st.terrain)
    st.extras["objective"] = _objective(sc)
    st.extras["points"] = {}
    playing = sc.playing_roles()
    for side, spec in rosters(options, seed).items():
        rid, members, name = roster_members(spec)
        problems = [m for _, m in band_issues(cat, members, neutral=False)]
        if problems:
            raise UserError(f"side {side} team '{rid}': " + "; ".join(problems))
        role = playing[side - 1]
        label = name or cat.bands[cat.band_of(members[0])].name.model_dump()
        st.sides[side] = Side(id=side, roster=rid, role=role.id, name=label["fr"], extras={"label": label})
        st.extras.setdefault("zones", {})[str(side)] = [list(z) for z in role.zones]
        _place(st, cat, side, role, members, sc)
    for k, role in enumerate(sc.neutral_roles()):
        side = len(playing) + 1 + k
        rid, members, name = roster_members(sc.neutral_group.roster)
        flags = role.side_flags(F.PAS)
        extras = {"agent": dict(flags.get("extras", {}).get("agent", {})), "label": name}
        st.sides[side] = Side(id=side, roster=rid, role=role.id, name=name["fr"], neutral=True,
                              agent=flags["agent"], extras=extras)
        _place(st, cat, side, role, members, sc, facing=neutral_facing(sc))
    st.extras["bm"] = {"mode": mode, "order": [], "picks": {}, "queue": []}
    return st
