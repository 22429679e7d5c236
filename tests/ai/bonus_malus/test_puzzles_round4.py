"""Bonus / Malus puzzles from lost games: a runner does not pick the beacon up at a strong
swordsman's feet, and no shot goes to a beast of the neutral group that harms none of ours
(it hunts the enemy); one that hunts us is still shot. Difficile must find the right choice
in at least 19 of 20 seeds (its own stream's seed)."""
from __future__ import annotations

import math

from game.rulesets.bonus_malus import actions as A
from game.rulesets.bonus_malus.victory import REACH_MM
from tests.ai.bonus_malus import positions
from tests.ai.bonus_malus_positions import end_of, rate


def _away_from_the_beacon(eng, a) -> bool:
    me = eng.state.figures["me"]
    return math.dist(end_of(eng, a), positions.BEACON) - me.radius > REACH_MM


def test_the_runner_leaves_the_beacon_at_the_swordsman_feet():
    assert rate(positions.beacon_by_the_brute, _away_from_the_beacon) >= 0.95


def test_the_runner_still_picks_the_beacon_up_when_the_swordsman_is_far():
    def far():
        eng = positions.beacon_by_the_brute()
        eng.state.figures["brute"].y = 22 * 25.0
        eng.state.figures["brute"].x = 22 * 25.0
        return eng
    assert rate(far, lambda eng, a: not _away_from_the_beacon(eng, a)) >= 0.95


def _shoots_the_beast(eng, a) -> bool:
    return a.kind in (A.SHOOT, A.PRECISE) and a.targets == ("beast",)


def test_no_shot_at_a_beast_that_hunts_the_enemy():
    assert rate(positions.beast_on_the_enemy, lambda eng, a: not _shoots_the_beast(eng, a)) >= 0.95


def test_a_beast_that_hunts_us_is_shot():
    assert rate(positions.beast_on_us, _shoots_the_beast) >= 0.95
