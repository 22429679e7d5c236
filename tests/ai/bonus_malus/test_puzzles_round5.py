"""Bonus / Malus puzzles from games lost to greedy: a runner does not pick the beacon up
at a swordsman's feet because friends stand near too (the beacon's holder is the one every
enemy goes for); the shot that puts the enemy team past half lost goes to the figure whose
loss leaves the shakier survivor its Moral test. Difficile must find the right choice in at
least 19 of 20 seeds (its own stream's seed)."""
from __future__ import annotations

import math

from game.rulesets.bonus_malus import actions as A
from game.rulesets.bonus_malus.victory import REACH_MM
from tests.ai.bonus_malus import positions
from tests.ai.bonus_malus_positions import end_of, rate


def _away_from_the_beacon(eng, a) -> bool:
    me = eng.state.figures["me"]
    return math.dist(end_of(eng, a), positions.BEACON) - me.radius > REACH_MM


def test_friends_near_do_not_draw_the_blow_from_the_beacon_holder():
    assert rate(positions.beacon_among_friends, _away_from_the_beacon) >= 0.95


def test_the_shot_that_breaks_the_team_goes_to_the_figure_that_leaves_the_shakier_one():
    assert rate(positions.the_breaking_shot,
                lambda eng, a: a.kind in (A.SHOOT, A.PRECISE) and a.targets == ("grunt",)) >= 0.95


def test_a_shooter_in_range_where_it_stands_is_feared_aiming():
    """The gunman in the open 8 pas from an enemy rifle (range 12): the enemy need not move,
    so its two actions may be an aim and an aimed shot; the threat counts that, and more
    than a plain shot."""
    from game.ai.bonus_malus.world import World
    from game.ai.profiles import load_profile

    eng = positions.the_breaking_shot()
    st = eng.state
    rifle = st.figures["chief"]
    rifle.status["equipment"] = ["fusil_plasma"]
    me = st.figures["me"]
    table = eng.ruleset.table_for(st)
    profile = load_profile("bonus_malus", "normal")
    aimed = World(st, table, 1, profile).threat(me, (8 * 25.0, 6 * 25.0), 90.0)
    plain = World(st, table, 1, {**profile, "aimed_threat": 0}).threat(me, (8 * 25.0, 6 * 25.0), 90.0)
    assert aimed > plain > 0
