"""The Khârn-Ages AI answers a failed morale roll (K-R85): it spends a mastery die for good
when the failure would cost the activation or the figure, or in melee against effroi, and
lets a cheap first failure stand when the die is its last."""
from __future__ import annotations

from game.ai.agents import make_agent
from tests.rulesets.kharn_ages.flow_helpers import act, engine, figure, game

TERROR = {"skills": {"terreur": None}, "mastery": ()}


def _failed(fails: int, level: int = 1):
    card = {"skills": {"ralliement": None}, "level": level}
    st = game(figure("me", 1, 5, 5, **card), figure("t", 2, 6, 5, **TERROR))
    if fails:
        st.figures["me"].status["temerity"] = {"t": fails}
    eng = engine(st, 1)
    act(eng, "activate", "me")
    assert {c.kind for c in eng.legal_actions()} == {"rally", "accept"}
    return eng


def _answer(eng) -> str:
    return make_agent("ai:normal", 1).choose(eng.view_for(eng.decider())).kind


def test_a_second_failure_is_worth_the_last_die():
    assert _answer(_failed(1)) == "rally"


def test_a_first_failure_keeps_the_last_die_but_not_a_spare_one():
    assert _answer(_failed(0)) == "accept"
    assert _answer(_failed(0, level=2)) == "rally"


def test_effroi_in_melee_is_worth_a_die():
    st = game(figure("me", 1, 5, 5), figure("e", 2, 6, 5, skills={"effroi": 12}, mastery=(), pa=0))
    eng = engine(st, 1, 6, 3)
    act(eng, "activate", "me")
    act(eng, "attack", "me", targets=("e",), value="PC/C/C/")
    assert _answer(eng) == "rally"
