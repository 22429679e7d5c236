"""Bonus / Malus puzzles on the scenarios' objectives and on nerve: Difficile must find the
right move in at least 19 of 20 seeds (its own stream's seed)."""
from __future__ import annotations

import math

from game.rulesets.bonus_malus import actions as A
from tests.ai import bonus_malus_positions as positions
from tests.ai.bonus_malus_positions import end_of, rate

PAS = 25.0


def test_go_for_the_beacon():
    def right(eng, a):
        point = eng.state.extras["objective"]["point"]
        me = eng.state.figures["me"]
        return a.kind in A.MOVES and math.dist(end_of(eng, a), point) < math.dist(me.pos, point) - 4 * PAS
    assert rate(positions.beacon, right) >= 0.95


def test_the_carrier_runs_for_the_edge():
    def right(eng, a):
        return a.kind == A.RUN and end_of(eng, a)[1] > eng.state.figures["me"].y + 8 * PAS
    assert rate(positions.carrier, right) >= 0.95


def test_step_into_the_empty_nest():
    def right(eng, a):
        o = eng.state.extras["objective"]
        me = eng.state.figures["me"]
        return a.kind in A.MOVES and math.dist(end_of(eng, a), o["point"]) - me.radius <= o["radius"]
    assert rate(positions.nest, right) >= 0.95


def test_get_beyond_the_terror_of_the_colossus():
    def right(eng, a):
        st = eng.state
        me, col = st.figures["me"], st.figures["colossus"]
        return a.kind in A.MOVES and math.dist(end_of(eng, a), col.pos) - me.radius - col.radius > 10 * PAS
    assert rate(positions.terror_at_the_edge, right) >= 0.95


def test_the_pick_goes_to_the_figure_the_colossus_may_soon_terrify():
    assert rate(positions.terror_coming, lambda eng, a: a.kind == "pick" and a.targets == ("edge",)) >= 0.95


def test_behind_on_points_in_the_last_turn_close_in():
    def right(eng, a):
        me, foe = eng.state.figures["me"], eng.state.figures["foe"]
        return a.kind in A.MOVES and math.dist(end_of(eng, a), foe.pos) < math.dist(me.pos, foe.pos) - 4 * PAS
    assert rate(positions.behind_on_points, right) >= 0.95
