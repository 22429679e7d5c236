"""The deployment leaves each figure a way out: on the Col des Steppes the Khérops' 60 mm bases
stood 8 mm apart right behind the palisade, and the first to walk shut the others in (they
stood still all turn 1). Bases now stand a base apart where the strip has room for it; the
guided lesson's small table keeps its tight row."""
from __future__ import annotations

import math

from game.ai.agents import make_agent, settle
from game.core.engine import Engine
from game.rulesets.kharn_ages import setup
from game.rulesets.kharn_ages.fighter import TOISE


def _gaps(st, side: int) -> list[float]:
    row = sorted((f for f in st.figures.values() if f.side == side), key=lambda f: f.x)
    return [b.x - a.x - a.radius - b.radius for a, b in zip(row, row[1:])]


def test_a_roomy_strip_spaces_its_bases_by_the_widest_base():
    st = setup.setup("col_des_steppes", 1)
    widest = max(f.size for f in st.figures.values() if f.side == 1)
    assert widest == 60 and min(_gaps(st, 1)) >= widest - 1e-6
    assert all(0 <= f.x - f.radius and f.x + f.radius <= st.width for f in st.figures.values())


def test_the_lessons_small_table_keeps_its_tight_row():
    st = setup.setup("premiere_partie", 1)
    assert [round(g, 6) for g in _gaps(st, 1)] == [setup.GAP_MM] * 5


def test_a_crowded_strip_still_raises():
    try:
        setup.deploy([0, 0, 3, 1], [60.0] * 5)
    except ValueError:
        return
    raise AssertionError("five 60 mm bases do not fit a 3 x 1 toises strip")


def test_every_kherops_warrior_walks_out_on_turn_one():
    eng = Engine.new("kharn_ages", "col_des_steppes", 1)
    agents = {1: make_agent("ai:normal", 1), 2: make_agent("random", 1)}
    start = {f.id: f.pos for f in eng.state.figures.values()}
    while eng.state.turn == 1 and eng.decider() is not None:
        side = eng.decider()
        view = eng.view_for(side)
        eng.step(settle(eng, view, agents[side], agents[side].choose(view)).action)
    melee = [f for f in eng.state.figures.values() if f.side == 1 and "archer" not in f.profile]
    assert len(melee) == 4
    walked = {f.id: math.dist(start[f.id], f.pos) / TOISE for f in melee}
    assert all(d >= 0.5 for d in walked.values()), walked
