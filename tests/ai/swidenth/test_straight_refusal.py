"""The planner's cheap refusal of a straight move (``Builder._straight_blocked``) never
refuses a move the full path check allows: checked on seeded random moves among the
figures of a crowded position; and it does refuse the moves a figure surely blocks."""
from __future__ import annotations

import random

from game.ai.profiles import load_profile
from game.ai.swidenth.options import Builder
from game.ai.swidenth.world import World
from game.rulesets._shared.tables import base_of
from game.rulesets.swidenth import figures as F
from tests.ai.swidenth import positions


def _builder():
    eng = positions.clan_charge()
    st = eng.state
    table = eng.ruleset.table_for(st)
    profile = load_profile("swidenth", "difficile")
    return Builder(World(st, table, 1, profile), eng, profile), st, table


def test_no_move_the_full_check_allows_is_refused():
    b, st, table = _builder()
    rnd = random.Random(7)
    refused = 0
    for _ in range(150):
        f = rnd.choice([f for f in st.figures.values() if not f.out])
        end = (f.x + rnd.uniform(-8, 8) * F.PAS, f.y + rnd.uniform(-8, 8) * F.PAS)
        allowance = rnd.uniform(1, 10) * F.PAS
        if b._straight_blocked(f, end, allowance):
            refused += 1
            assert not table.check_path(base_of(f), [end], allowance).ok, (f.id, end, allowance)
    assert refused > 50        # the refusal does its work: most random moves cross a figure or are too long


def test_a_figure_in_the_way_and_a_point_too_far_are_refused():
    b, st, _ = _builder()
    w1, prey = st.figures["w1"], st.figures["prey"]
    beyond = (2 * prey.x - w1.x, 2 * prey.y - w1.y)          # straight through the brigand
    assert b._straight_blocked(w1, beyond, 20 * F.PAS)
    aside = (w1.x - 2 * F.PAS, w1.y)
    assert not b._straight_blocked(w1, aside, 5 * F.PAS)
    assert b._straight_blocked(w1, aside, 1 * F.PAS)
