"""A Swidenth game from a scenario and two warbands (S-R20): the scenario's table (24 x 24 pas)
and terrain, each side's roster (a preset id, a roster file or a list of profile ids, from
``options["rosters"]``) set in its role's deployment strip in rows 1.5 pas apart, leaders
first."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.core.errors import UserError
from game.core.state import GameState, Side, TerrainPiece
from game.rulesets._shared import bundled, layout
from game.rulesets._shared.tables import layout_key
from game.rulesets.swidenth import catalogue as cat_mod
from game.rulesets.swidenth import figures as F

RULESET_ID = "swidenth"
VERSION = 2
TABLE_PAS = 24.0
SPACING_PAS = 1.5     # between figure centres in a row, and between rows
EDGE_PAS = 1.0        # from the strip's outer edge to the first row's centres
RANK_ORDER = {"chef": 0, "champion": 1, "troop": 2}


def scenario_ids() -> list[str]:
    return bundled.scenario_ids(RULESET_ID)


def build_terrain(sc) -> list[TerrainPiece]:
    return layout.terrain_pieces(sc, cat_mod.model().terrain_kinds, F.PAS)


def slots(zone: Sequence[float], n: int, table_height: float) -> list[tuple[float, float]]:
    """Centres (mm) for n figures in a deployment strip [x, y, w, h] (pas), rows
    ``SPACING_PAS`` apart, the first ``EDGE_PAS`` in from its outer edge."""
    return layout.slots(zone, n, table_height, F.PAS, SPACING_PAS, EDGE_PAS)


def leaders_first(members: Sequence[str]) -> list[str]:
    """Profile ids with the Chef first, then the Champions, then the troops (stable)."""
    cat = cat_mod.model()
    return sorted(members, key=lambda pid: RANK_ORDER[cat.profile(pid).rank])


def rosters(options: dict[str, Any], seed: int) -> dict[int, Any]:
    """Each side's roster spec: ``options["rosters"]`` ({"1": ..., "2": ...}), else the old
    ``options["warbands"]`` pair of preset ids, else two presets chosen from the seed; the
    choice is written back to ``options["rosters"]`` (the record replays it)."""
    given = options.get("rosters") or {}
    if not given and options.get("warbands"):
        given = dict(zip(("1", "2"), options["warbands"]))
    d1, d2 = bundled.default_rosters(RULESET_ID, seed)
    specs = {1: given.get("1", given.get(1, d1)), 2: given.get("2", given.get(2, d2))}
    options["rosters"] = {"1": specs[1], "2": specs[2]}
    return specs


def warband_problems(cat, members: list, small: bool = False) -> list[str]:
    """The warband rules the members break, in English (S-R27); ``small`` (an authored small
    game, such as the guided first game: S-R30) waives the minimum of six figures."""
    from game.rulesets.swidenth.schema import MAX_FIGURES, warband_breaks, warband_issues

    waived = small and len(members) <= MAX_FIGURES
    return [m for (_, m), (_, key, _) in zip(warband_issues(cat, members), warband_breaks(cat, members))
            if not (waived and key == "sw.roster.size")]


def setup(scenario: str, seed: int, options: dict[str, Any] | None = None) -> GameState:
    """The game at the start of turn 1."""
    from game.rulesets.swidenth.schema import FordVictory

    options = {} if options is None else options
    sc = bundled.load_scenario(RULESET_ID, scenario)
    cat, rules_cat = cat_mod.model(), cat_mod.load()
    st = GameState(ruleset=RULESET_ID, ruleset_version=VERSION, scenario=scenario, seed=seed,
                   width=sc.table.width * F.PAS, height=sc.table.height * F.PAS,
                   max_turns=int(options.get("max_turns") or sc.max_turns))
    st.terrain = build_terrain(sc)
    st.extras["layout"] = layout_key(st.terrain)
    if isinstance(sc.victory, FordVictory):
        v = sc.victory
        st.extras["objective"] = {"point": list(v.at), "radius": v.radius, "from_turn": v.from_turn}
    for side, spec in rosters(options, seed).items():
        rid, members = bundled.roster_members(RULESET_ID, spec)
        problems = warband_problems(cat, members, bool(options.get("small_warbands")))
        if problems:
            raise UserError(f"side {side} warband '{rid}': " + "; ".join(problems))
        band = cat.warband_of(members[0])
        role = sc.roles[side - 1]
        st.extras.setdefault("zones", {})[str(side)] = [list(z) for z in role.zones]   # pas
        st.sides[side] = Side(id=side, roster=rid, role=role.id, extras={"warband": band})
        profiles = leaders_first(members)
        try:
            places = slots(role.zones[0], len(profiles), sc.table.height)
        except ValueError as exc:
            raise UserError(f"side {side}: {exc}") from None
        for i, (pid, (x, y)) in enumerate(zip(profiles, places)):
            fig = F.make(f"s{side}_{i:02d}_{pid}", side, x, y, band, pid, catalogue=rules_cat)
            if profiles.count(pid) > 1:     # "Légionnaire 3": the names tell them apart
                fig.status["number"] = [profiles[:i + 1].count(pid), profiles.count(pid)]
            st.figures[fig.id] = fig
    return st
