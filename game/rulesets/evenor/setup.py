"""Building the opening state of an Evenor game from a scenario: terrain (fixed pieces plus
seeded random ones), roles, warbands, automatic deployment, tokens, first player."""
from __future__ import annotations

import math
from typing import Any

from shapely.geometry import Point as SPoint
from shapely.geometry import Polygon, box

from game.core.dice import Stream
from game.core.errors import UserError
from game.core.state import Figure, GameState, Side, TerrainPiece, Token
from game.rulesets._shared import bundled
from game.rulesets._shared.tables import layout_key
from game.rulesets.evenor import stats
from game.rulesets.evenor.stats import PAS

RULESET_ID = "evenor"
VERSION = 2
SAFETY_TURNS = 30          # the book sets no turn limit; this one only stops endless games
TURN_LIMITS = (8, 12, 16, 20)   # the players' optional limits (new-game form)


def _rect(r) -> Polygon:
    x, y, w, h = (float(v) * PAS for v in r)
    return box(x, y, x + w, y + h)


def _fixed_piece(spec) -> Polygon:
    if getattr(spec, "rect", None) is not None:
        return _rect(spec.rect)
    if getattr(spec, "circle", None) is not None:
        x, y, r = (float(v) * PAS for v in spec.circle)
        return SPoint(x, y).buffer(r, quad_segs=4)
    return Polygon([(float(x) * PAS, float(y) * PAS) for x, y in spec.polygon])


def _random_piece(stream: Stream, cx: float, cy: float, size: float, kind: str) -> Polygon:
    """A small piece around (cx, cy): round for trees and bushes, a rotated block otherwise."""
    if kind in ("arbre", "buisson"):
        return SPoint(cx, cy).buffer(size / 2, quad_segs=4)
    w, h = size, size * stream.uniform(0.5, 1.0)
    a = stream.uniform(0, math.pi)
    ca, sa = math.cos(a), math.sin(a)
    pts = [(-w / 2, -h / 2), (w / 2, -h / 2), (w / 2, h / 2), (-w / 2, h / 2)]
    return Polygon([(cx + x * ca - y * sa, cy + x * sa + y * ca) for x, y in pts])


def build_terrain(sc, seed: int) -> list[TerrainPiece]:
    cat = stats.catalogue()
    W, H = sc.table.width * PAS, sc.table.height * PAS
    pieces: list[TerrainPiece] = []
    placed: list[Polygon] = []
    for i, spec in enumerate(sc.terrain.fixed):
        poly = _fixed_piece(spec)
        pieces.append(_piece(f"t{i}", spec.kind, poly, cat, (spec.height or 0.0) * PAS))
        placed.append(poly)
    rnd = sc.terrain.random
    if rnd is None:
        return pieces
    s = Stream(seed, stream=11)
    clear = [_rect(r) for r in rnd.keep_clear]  # the scenario lists what must stay clear
    for tok in sc.tokens:
        clear.append(SPoint(tok.at[0] * PAS, tok.at[1] * PAS).buffer(1.5 * PAS))
    table = box(PAS, PAS, W - PAS, H - PAS)

    def place(kind: str, lo: float, hi: float, gap: float) -> None:
        for _ in range(60):
            size = s.uniform(lo, hi) * PAS
            cx, cy = s.uniform(0, W), s.uniform(0, H)
            poly = _random_piece(s, cx, cy, size, kind)
            if not table.contains(poly) or any(poly.intersects(c) for c in clear):
                continue
            if any(poly.distance(p) < gap for p in placed):
                continue
            placed.append(poly)
            pieces.append(_piece(f"t{len(pieces)}", kind, poly, cat))
            return

    lo_n, hi_n = rnd.difficult
    for _ in range(lo_n + s.below(hi_n - lo_n + 1)):
        place("terrain_difficile", 3, 4, 1.5 * PAS)
    lo_n, hi_n = rnd.count
    for _ in range(lo_n + s.below(hi_n - lo_n + 1)):
        place(s.choice(list(rnd.kinds)), rnd.size[0], rnd.size[1], 1.5 * PAS)
    return pieces


def _piece(pid: str, kind: str, poly: Polygon, cat, height: float = 0.0) -> TerrainPiece:
    coords = [[round(x, 3), round(y, 3)] for x, y in list(poly.exterior.coords)[:-1]]
    return TerrainPiece(id=pid, kind=kind, points=coords, tags=sorted(cat.terrain_kinds[kind].tags),
                        height=height)


def setup(scenario: str, seed: int, options: dict[str, Any]) -> GameState:
    sc = bundled.load_scenario(RULESET_ID, scenario)
    s = Stream(seed, stream=5)
    limit = options.get("max_turns")
    if limit is not None and (type(limit) is not int or not 1 <= limit <= 100):
        raise UserError("max_turns must be a whole number of turns from 1 to 100")
    state = GameState(ruleset=RULESET_ID, ruleset_version=VERSION, scenario=scenario, seed=seed,
                      width=sc.table.width * PAS, height=sc.table.height * PAS,
                      max_turns=limit or sc.max_turns or SAFETY_TURNS)
    if limit is None:                 # the players chose none: the window says so (the safety stop still ends it)
        state.extras["no_turn_limit"] = True
    state.terrain = build_terrain(sc, seed)
    state.extras["layout"] = layout_key(state.terrain)
    rosters = options.get("rosters") or {}
    d1, d2 = sc.rosters.get("1"), sc.rosters.get("2")     # the scenario's own warbands, if it has any
    if d1 is None or d2 is None:
        d1, d2 = bundled.default_rosters(RULESET_ID, seed)
    specs = {1: rosters.get("1", rosters.get(1, d1)), 2: rosters.get("2", rosters.get(2, d2))}
    options["rosters"] = {"1": specs[1], "2": specs[2]}
    # roles: fixed (side 1 takes the first role) or rolled
    swap = sc.role_assignment == "roll" and s.below(6) >= 3
    role_of = {1: sc.roles[1 if swap else 0], 2: sc.roles[0 if swap else 1]}
    notes: list[dict[str, Any]] = []
    if sc.role_assignment == "roll":
        notes.append({"key": "setup.roles_rolled", "side": 1, "role": role_of[1].name.model_dump()})
    for side in (1, 2):
        rid, members = bundled.roster_members(RULESET_ID, specs[side])
        problems = stats.catalogue_problems(members)
        if problems:
            raise UserError(f"side {side} roster '{rid}': " + "; ".join(problems))
        state.sides[side] = Side(id=side, roster=rid, role=role_of[side].id)
        for pid in members:
            prof = stats.catalogue().profile(pid)
            fid = f"{side}.{pid}"
            state.figures[fid] = Figure(id=fid, side=side, profile=pid, name=prof.name, x=0.0,
                                        y=0.0, size=float(prof.base), vitality=prof.V,
                                        max_vitality=prof.V)
    deploy(state, {side: [_rect(z) for z in role_of[side].zones] for side in (1, 2)}, s)
    for i, tok in enumerate(sc.tokens):
        state.tokens.append(Token(id=f"o{i + 1}", kind=tok.kind, x=tok.at[0] * PAS, y=tok.at[1] * PAS))
    if sc.first_player == "roll":
        first = 1 + s.below(2)
    else:
        role = sc.first_player.split(":", 1)[1]
        first = 1 if role_of[1].id == role else 2
    notes.append({"key": "setup.first_player", "side": first})
    state.extras.update({"first_side": first, "victory": sc.victory.model_dump(),
                         "zones": {str(side): [list(z) for z in role_of[side].zones] for side in (1, 2)},
                         "start_count": {str(side): len(state.figures_of(side)) for side in (1, 2)},
                         "setup_notes": notes, "escaped": []})
    state.to_act = first
    return state


def deploy(state: GameState, zones: dict[int, list[Polygon]], s: Stream) -> None:
    """Automatic deployment: each figure at a seeded free spot of its side's zones."""
    from game.geometry.shapes import Base
    from game.geometry.table import Table
    from game.rulesets._shared.tables import terrain_of

    table = Table(state.width, state.height, terrain_of(state))
    placed: list[Base] = []
    for side in (1, 2):
        figs = sorted(state.figures_of(side), key=lambda f: -f.size)
        for fig in figs:
            for _attempt in range(400):
                zone = zones[side][s.below(len(zones[side]))]
                x0, y0, x1, y1 = zone.bounds
                r = fig.radius
                if x1 - x0 < 2 * r or y1 - y0 < 2 * r:
                    continue
                b = Base(id=fig.id, x=s.uniform(x0 + r, x1 - r), y=s.uniform(y0 + r, y1 - r),
                         size=fig.size)
                if not table.on_table(b) or table.in_blocking_terrain(b):
                    continue
                if any(table.distance(b, o) < 0.1 * PAS for o in placed):
                    continue
                placed.append(b)
                fig.x, fig.y = b.x, b.y
                break
            else:
                raise UserError(f"no room to deploy {fig.name} in side {side}'s zone")


def scenario_ids() -> list[str]:
    return bundled.scenario_ids(RULESET_ID)
