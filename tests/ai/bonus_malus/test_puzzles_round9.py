"""Bonus / Malus puzzles of round 9 (games lost to greedy): a straight run at the
objective past movement-blocking terrain heads for the first corner of the way round it
(the way's first point was the figure's own place, so the run went straight through the
building and was refused, and the figure fell back on a lesser run). Normal and difficile
must find the right choice in at least 19 of 20 seeds (their own stream's seed)."""
from __future__ import annotations

import random

from game.ai.bonus_malus.options import Builder
from game.ai.bonus_malus.world import World
from game.ai.profiles import load_profile
from game.rulesets._shared.tables import base_of
from tests.ai.bonus_malus import positions
from tests.ai.bonus_malus_positions import end_of, rate
from tests.rulesets.bonus_malus.helpers import PAS


def _walk(eng, p) -> float:
    """Pas our runner standing at ``p`` has to walk to the beacon (round the rock)."""
    fig = eng.state.figures["me"]
    goal = (positions.HIDDEN_BEACON[0] * PAS, positions.HIDDEN_BEACON[1] * PAS)
    res = eng.ruleset.table_for(eng.state).shortest_path(base_of(fig).moved(p[0], p[1]), goal)
    assert res is not None
    return res[1] / PAS


def _round_the_rock(eng, a) -> bool:
    """The activation ends at least 6.5 pas nearer the beacon by the walk round the rock
    (running straight down past the rock gains 5.6)."""
    start = _walk(eng, eng.state.figures["me"].pos)
    return start - _walk(eng, end_of(eng, a)) >= 6.5


def test_the_run_goes_round_the_rock_to_the_beacon():
    for spec in ("ai:normal", "ai:difficile"):
        assert rate(positions.beacon_behind_the_rock, _round_the_rock, spec) >= 0.95, spec


def test_the_run_at_the_objective_turns_at_the_first_corner():
    """The run toward the beacon heads for the way's first corner, not the figure's own
    place; no run the planner offers goes through the rock."""
    eng = positions.beacon_behind_the_rock()
    st = eng.state
    me = st.figures["me"]
    prof = load_profile("bonus_malus", "normal")
    b = Builder(World(st, eng.ruleset.table_for(st), 1, prof), eng, prof, random.Random(1))
    goal = b.goal_point(me)
    leg = b.first_leg(me, goal, 10 * PAS)
    assert leg is not None and leg != me.pos
    kinds = {c.kind: c for c in eng.legal_actions()}
    runs = b.runs(me, kinds)
    assert runs
    for o in runs:
        assert eng.check(o.action) is None, o.action
