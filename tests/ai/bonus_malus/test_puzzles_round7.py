"""Bonus / Malus puzzles of round 7: difficile's secret pick weighs each figure's whole
activation as its planner would play it (``pick_plan``), where normal's quick plan knows
only shots and charges. Difficile must find the right choice in at least 19 of 20 seeds
(its own stream's seed)."""
from __future__ import annotations

import random

from game.ai.bonus_malus import planner
from game.ai.bonus_malus.options import Builder
from game.ai.bonus_malus.world import World
from game.ai.profiles import load_profile
from tests.ai.bonus_malus import positions
from tests.ai.bonus_malus_positions import rate


def test_the_pick_goes_to_the_seer_with_a_blast_in_range():
    assert rate(positions.the_seer_in_range, lambda eng, a: a.kind == "pick" and a.targets == ("seer",)) >= 0.95


def test_the_full_plan_sees_the_power_the_quick_plan_misses():
    """The quick plan (normal's) gives the seer nothing; the full plan (difficile's) gives
    it its blast, well above the clubman's stroll."""
    eng = positions.the_seer_in_range()
    st = eng.state
    prof = load_profile("bonus_malus", "difficile")
    assert prof["pick_plan"] and not load_profile("bonus_malus", "normal").get("pick_plan")
    w = World(st, eng.ruleset.table_for(st), 1, prof)
    b = Builder(w, eng, prof, random.Random(1))
    seer, club = st.figures["seer"], st.figures["club"]
    assert planner.quick_plan(w, b, seer) == 0.0
    full = planner.full_plan(w, b, eng, st, seer)
    assert full > 0.1
    assert full > 2 * planner.full_plan(w, b, eng, st, club)
