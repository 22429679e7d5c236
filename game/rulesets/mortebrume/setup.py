"""The opening state of a Mortebrume game: terrain (cm), hordes, the mist roll (2D6), and the
deployment in alternating phases decided by Volonté tests with its two distance limits."""
from __future__ import annotations

import math
from typing import Any

from shapely.geometry import Point as SPoint
from shapely.geometry import Polygon, box

from game.core.dice import Stream
from game.core.errors import UserError
from game.core.state import Figure, GameState, Side, TerrainPiece
from game.rulesets._shared.aptitude import pool
from game.rulesets._shared import bundled
from game.rulesets._shared.tables import layout_key
from game.rulesets.mortebrume import stats
from game.rulesets.mortebrume.stats import CM

RULESET_ID = "mortebrume"
VERSION = 1


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
        out.append(TerrainPiece(id=f"t{i}", kind=spec.kind, points=pts,
                                tags=sorted(kinds[spec.kind].tags)))
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
                         "setup_notes": notes, "main": 1, "bonus": 0})
    zones = {side: [box(z[0] * CM, z[1] * CM, (z[0] + z[2]) * CM, (z[1] + z[3]) * CM)
                    for z in sc.roles[side - 1].zones] for side in (1, 2)}
    deploy(state, zones, s, notes)
    return state


def _will_test(s: Stream, fig: Figure) -> tuple[int, bool]:
    n, sides = pool(stats.will(fig))
    faces = [1 + s.below(sides) for _ in range(n)]
    return stats.will(fig) + sum(faces), all(f == 1 for f in faces)


def deploy(state: GameState, zones: dict[int, list[Polygon]], s: Stream, notes: list) -> None:
    """Alternating phases: each side designates its undeployed fighter of best Volonté, both
    test Volonté (ties re-rolled); the winner makes the loser place first (automatic
    placement). Companions are placed nearer than the mist to a companion, and farther than
    the mist from every enemy."""
    from game.geometry.shapes import Base
    from game.geometry.table import Table
    from game.rulesets._shared.tables import terrain_of

    table = Table(state.width, state.height, terrain_of(state))
    mist = stats.mist_radius(state)
    placed: list[tuple[int, Base]] = []
    todo = {side: sorted(state.figures_of(side), key=lambda f: (-stats.will(f), f.id))
            for side in (1, 2)}
    centre = (state.width / 2, state.height / 2)
    while todo[1] or todo[2]:
        if todo[1] and todo[2]:
            for _ in range(50):
                r1, r2 = _will_test(s, todo[1][0]), _will_test(s, todo[2][0])
                if r1[0] != r2[0]:
                    break
            side = 2 if r1[0] > r2[0] else 1  # the winner has the loser place first
        else:
            side = 1 if todo[1] else 2
        fig = todo[side].pop(0)
        friends = [b for sd, b in placed if sd == side]
        foes = [b for sd, b in placed if sd != side]
        for attempt in range(600):
            zone = zones[side][s.below(len(zones[side]))]
            x0, y0, x1, y1 = zone.bounds
            r = fig.size * 0.75
            if x1 - x0 < 2 * r or y1 - y0 < 2 * r:
                continue
            x, y = s.uniform(x0 + r, x1 - r), s.uniform(y0 + r, y1 - r)
            face = math.degrees(math.atan2(centre[1] - y, centre[0] - x)) % 360.0
            b = Base(id=fig.id, x=x, y=y, size=fig.size, shape="square", facing=face)
            if not table.on_table(b) or table.in_blocking_terrain(b):
                continue
            if any(table.distance(b, o) < 0.5 * CM for _, o in placed):
                continue
            relaxed = attempt > 400  # very crowded zones: keep only the enemy limit
            if friends and not relaxed and min(table.distance(b, o) for o in friends) >= mist:
                continue
            if foes and min(table.distance(b, o) for o in foes) <= mist and attempt < 590:
                continue
            placed.append((side, b))
            fig.x, fig.y, fig.facing = b.x, b.y, b.facing
            break
        else:
            raise UserError(f"no room to deploy {fig.name} in side {side}'s zone")


def scenario_ids() -> list[str]:
    return bundled.scenario_ids(RULESET_ID)
