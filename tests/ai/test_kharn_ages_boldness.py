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
