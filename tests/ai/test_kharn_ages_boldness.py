"""Khârn-Ages AI: walks get bolder as the turn limit nears, earlier when the side is not
ahead in Kouronnes felled (a draw at the limit is no better than a loss). Measured on *La
lisière d'Euthéria*: the slow Tembos drew 15 games in 100 against the random agent."""
from __future__ import annotations

from game.ai.kharn_ages.planner import boldness
from game.core.engine import Engine

PROFILE = {"bold": 1.0, "bold_turns": 2, "bold_level": 1}


def _state(turn: int):
    st = Engine.new("kharn_ages", "lisiere_d_eutheria", 1).state
    st.turn = turn
    return st


def test_a_level_side_gets_bold_a_turn_earlier():
    st = _state(3)
    assert st.max_turns - st.turn == 2   # five turns: two after this one
    assert boldness(st, 1, PROFILE) == 2.0
    assert boldness(st, 1, {**PROFILE, "bold_level": 0}) == 1.0


def test_a_side_ahead_keeps_the_usual_horizon():
    st = _state(3)
    foe = next(f for f in st.figures.values() if f.side == 2)
    foe.out = True                     # side 1 has felled something, side 2 nothing
    assert boldness(st, 1, PROFILE) == 1.0
    assert boldness(st, 2, PROFILE) == 2.0


def test_the_last_turn_is_boldest_either_way():
    st = _state(5)
    assert boldness(st, 1, {**PROFILE, "bold_level": 0}) == 3.0
    assert boldness(st, 1, PROFILE) == 4.0


def test_a_figure_far_from_every_enemy_gets_bold_as_early_as_its_walk_needs():
    """``bold_far``: a side not ahead adds, for each figure, the activations it needs (two
    walks each) to come within reach of its nearest enemy, less one. The Tembos deploy
    eleven toises from the Black Guild: they stood still from turn 2 of 5 and drew 0-0
    against random."""
    from game.ai.kharn_ages.planner import _turns_to_reach
    from game.rulesets.kharn_ages.cards import fighter

    far = {**PROFILE, "bold_far": True}
    st = _state(2)
    tembo = fighter(st, next(f for f in st.figures.values() if f.side == 1))
    assert _turns_to_reach(st, tembo) == 2
    assert boldness(st, 1, PROFILE, tembo) == 1.0               # three turns after this one
    assert boldness(st, 1, far, tembo) == 2.0                   # bold a turn earlier
    # the same figure next to an enemy needs no walk: no earlier boldness
    foe = next(f for f in st.figures.values() if f.side == 2)
    foe.x, foe.y = tembo.fig.x, tembo.fig.y + tembo.fig.radius + foe.radius + 1.0
    assert _turns_to_reach(st, tembo) == 0
    assert boldness(st, 1, far, tembo) == boldness(st, 1, PROFILE, tembo)
