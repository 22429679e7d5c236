"""Accrochage reads the same from either seat (B-R67): the pack and the robot stand in a row
on the table's middle line, square to the line between the two teams, and a neutral figure
as far from both teams breaks the tie by a draw, not by the sides' numbers. (The old zone put
the row 2 pas nearer the north team, which the whole group hunted from the first turn.)"""
from __future__ import annotations

import math

from game.ai.neutral import NeutralParams, _Plan
from game.core.dice import Stream
from game.core.engine import Engine
from game.core.view import side_view
from game.rulesets.bonus_malus.ruleset import RULESET
from game.rulesets.bonus_malus.setup import load_scenario, neutral_facing

SAME = {"rosters": {"1": "patrouille_milice", "2": "patrouille_milice"}}


def test_the_group_stands_on_the_middle_line_square_to_the_teams():
    st = RULESET.setup("accrochage", 1, dict(SAME))
    group = [f for f in st.figures.values() if f.side not in st.seats()]
    assert group and all(math.isclose(f.y, st.height / 2) for f in group)
    assert all(f.facing in (0.0, 180.0) for f in group)
    table = RULESET.table_for(st)
    nearest = {s: min(table.distance(n.id, f.id) for n in group for f in st.figures_of(s)) for s in st.seats()}
    assert math.isclose(nearest[1], nearest[2], abs_tol=1e-6)


def test_a_group_faces_square_to_the_line_between_the_teams():
    assert neutral_facing(load_scenario("accrochage")) == 180.0     # teams north and south
    assert neutral_facing(load_scenario("le_nid")) == 90.0          # teams west and east


def test_a_tie_between_the_two_teams_is_drawn_not_given_to_the_first_side():
    hunted = set()
    for seed in range(12):
        eng = Engine.new("bonus_malus", "accrochage", seed, dict(SAME))
        st = eng.state
        side = next(s for s in st.side_ids() if s not in st.seats())
        view = side_view(eng.ruleset, st, side)
        plan = _Plan(eng, view, side, NeutralParams.from_data(st.sides[side].extras["agent"]),
                     Stream(seed, stream=211))
        table = RULESET.table_for(st)
        for n in st.figures_of(side):
            near = {s: min(table.distance(n.id, f.id) for f in st.figures_of(s)) for s in st.seats()}
            assert math.isclose(near[1], near[2], abs_tol=1e-6)       # a tie, from the start
            prey = plan.prey(n)
            assert prey is not None and math.isclose(prey[1], near[1], abs_tol=1e-6)
            hunted.add(prey[0].side)
    assert hunted == {1, 2}
