"""Bonus / Malus puzzles from games lost to greedy: a runner does not pick the beacon up
at a swordsman's feet because friends stand near too (the beacon's holder is the one every
enemy goes for). Difficile must find the right choice in at least 19 of 20 seeds (its own
stream's seed)."""
from __future__ import annotations

import math

from game.rulesets.bonus_malus.victory import REACH_MM
from tests.ai.bonus_malus import positions
from tests.ai.bonus_malus_positions import end_of, rate


def _away_from_the_beacon(eng, a) -> bool:
    me = eng.state.figures["me"]
    return math.dist(end_of(eng, a), positions.BEACON) - me.radius > REACH_MM


def test_friends_near_do_not_draw_the_blow_from_the_beacon_holder():
    assert rate(positions.beacon_among_friends, _away_from_the_beacon) >= 0.95
