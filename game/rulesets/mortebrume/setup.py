"""The opening state of a Mortebrume game: terrain (cm), hordes, the mist roll (2D6), and the
deployment (see ``deployment``)."""
from __future__ import annotations

from typing import Any

from shapely.geometry import Point as SPoint
from shapely.geometry import Polygon, box

from game.core.dice import Stream
from game.core.errors import UserError
from game.core.state import Figure, GameState, Side, TerrainPiece
from game.rulesets._shared import bundled
from game.rulesets._shared.tables import layout_key
from game.rulesets.mortebrume import deployment, stats
from game.rulesets.mortebrume.stats import CM

RULESET_ID = "mortebrume"
VERSION = 2


def _shape(spec) -> Polygon:
    if spec.rect is not None:
        x, y, w, h = (float(v) * CM for v in spec.rect)
        return box(x, y, x + w, y + h)
    if spec.circle is not None:
        x, y, r = (float(v) * CM for v in spec.circle)
        return SPoint(x, y).buffer(r, quad_segs=4)
    return Polygon([(float(x) * CM, float(y) * CM) for x, y in spec.polygon])


def build_terrain(sc) -> list[TerrainPiece]:
    kinds = stats.catalogue().terrain_kinds
    out = []
    for i, spec in enumerate(sc.terrain):
        poly = _shape(spec)
        pts = [[round(x, 3), round(y, 3)] for x, y in list(poly.exterior.coords)[:-1]]
        out.append(TerrainPiece(id=f"t{i}", kind=spec.kind, points=pts, tags=sorted(kinds[spec.kind].tags),
                                height=(spec.height or 0.0) * stats.CM))
    return out


def roll_mist(s: Stream) -> tuple[tuple[int, int], int]:
    faces = (1 + s.below(6), 1 + s.below(6))
    return faces, stats.mist_for(sum(faces))


def setup(scenario: str, seed: int, options: dict[str, Any]) -> GameState:
    sc = bundled.load_scenario(RULESET_ID, scenario)
    s = Stream(seed, stream=5)
    state = GameState(ruleset=RULESET_ID, ruleset_version=VERSION, scenario=scenario, seed=seed,
                      width=sc.table.width * CM, height=sc.table.height * CM,
                      max_turns=int(options.get("max_turns") or sc.max_turns))
    state.terrain = build_terrain(sc)
    state.extras["layout"] = layout_key(state.terrain)
    state.extras["uphill"] = {f"t{i}": p.uphill for i, p in enumerate(sc.terrain)
                              if p.uphill is not None}
    rosters = options.get("rosters") or {}
    d1, d2 = bundled.default_rosters(RULESET_ID, seed)
    specs = {1: rosters.get("1", rosters.get(1, d1)), 2: rosters.get("2", rosters.get(2, d2))}
    options["rosters"] = {"1": specs[1], "2": specs[2]}
    strict = bool(options.get("strict_measuring", True))
    cat = stats.catalogue()
    from game.rulesets.mortebrume.schema import horde_cost, horde_issues

    costs = {}
    for side in (1, 2):
        rid, members = bundled.roster_members(RULESET_ID, specs[side])
        problems = [m for _, m in horde_issues(cat, members)]
        if problems:
            raise UserError(f"side {side} horde '{rid}': " + "; ".join(problems))
        costs[side] = horde_cost(cat, members)
        state.sides[side] = Side(id=side, roster=rid, role=sc.roles[side - 1].id)
        for k, pid in enumerate(members):
            prof = cat.profile(pid)
            fid = f"{side}.{pid}" if members.index(pid) == k else f"{side}.{pid}.{k}"
            state.figures[fid] = Figure(id=fid, side=side, profile=pid, name=prof.name.fr,
                                        x=0.0, y=0.0, size=float(prof.base), shape="square",
                                        vitality=prof.physique, max_vitality=prof.physique)
    if costs[1] != costs[2] and not options.get("unequal_hordes"):
        raise UserError(f"both hordes must have the same horde points "
                        f"(side 1: {costs[1]}, side 2: {costs[2]})")
    faces, mist = roll_mist(s)
    notes = [{"key": "mb.setup.mist", "a": faces[0], "b": faces[1], "cm": mist}]
    state.extras.update({"mist_cm": mist, "strict": strict, "destiny": {"1": 0, "2": 0},
                         "victory": sc.victory.model_dump(), "scores": {"1": 0, "2": 0},
                         "setup_notes": notes, "main": 1, "bonus": 0,
                         "deployment": deployment.mode(options, "deployment"),
                         "designation": deployment.mode(options, "designation")})
    zones = {side: [[z[0] * CM, z[1] * CM, (z[0] + z[2]) * CM, (z[1] + z[3]) * CM]
                    for z in sc.roles[side - 1].zones] for side in (1, 2)}
    deployment.park(state, zones)
    if deployment.choosing(state, "deployment"):
        state.extras["deploy"] = {"designated": {"1": None, "2": None}}
    else:
        deployment.deploy_all(state, s)
    return state


def scenario_ids() -> list[str]:
    return bundled.scenario_ids(RULESET_ID)
