"""Bonus / Malus puzzles on the scenarios' objectives and on nerve: Difficile must find the
right move in at least 19 of 20 seeds (its own stream's seed)."""
from __future__ import annotations

import math

from game.ai.agents import make_agent
from game.rulesets.bonus_malus import actions as A
from tests.ai import bonus_malus_positions as positions

SEEDS = range(20)
PAS = 25.0


def _rate(build, right, spec="ai:difficile") -> float:
    good = 0
    for seed in SEEDS:
        eng = build()
        action = make_agent(spec, seed).choose(eng)
        assert eng.check(action) is None
        good += bool(right(eng, action))
    return good / len(SEEDS)


def _end(eng, a):
    fig = eng.state.figures[a.actor]
    return tuple(a.path[-1]) if a.path else fig.pos


def test_go_for_the_beacon():
    def right(eng, a):
        point = eng.state.extras["objective"]["point"]
        me = eng.state.figures["me"]
        return a.kind in A.MOVES and math.dist(_end(eng, a), point) < math.dist(me.pos, point) - 4 * PAS
    assert _rate(positions.beacon, right) >= 0.95


def test_the_carrier_runs_for_the_edge():
    def right(eng, a):
        return a.kind == A.RUN and _end(eng, a)[1] > eng.state.figures["me"].y + 8 * PAS
    assert _rate(positions.carrier, right) >= 0.95


def test_step_into_the_empty_nest():
    def right(eng, a):
        o = eng.state.extras["objective"]
        me = eng.state.figures["me"]
        return a.kind in A.MOVES and math.dist(_end(eng, a), o["point"]) - me.radius <= o["radius"]
    assert _rate(positions.nest, right) >= 0.95


def test_get_beyond_the_terror_of_the_colossus():
    def right(eng, a):
        st = eng.state
        me, col = st.figures["me"], st.figures["colossus"]
        return a.kind in A.MOVES and math.dist(_end(eng, a), col.pos) - me.radius - col.radius > 10 * PAS
    assert _rate(positions.terror_at_the_edge, right) >= 0.95
