"""The AI's defence policy as the hot-seat advice (K-R23, ``game.ui.advised``): where it
differs from the rules' fixed-price advice (a second enemy still to act, so a PA kept is
worth more than the rules think), the defence form stars the AI's defence and chooses it,
and a side that let the advice answer for it is answered with the AI's defence."""
from __future__ import annotations

from types import SimpleNamespace

from game.ai.kharn_ages.defence import advise
from game.ai.profiles import load_profile
from game.core.actions import Action
from game.rulesets.kharn_ages.flow import data
from game.ui.advised import advised_action, advised_choice, ai_advice
from game.ui.form_desk import open_form
from game.ui.rules_info import info_for
from tests.ai.kharn_ages_positions import BRUTE, FIGHTER
from tests.rulesets.kharn_ages.flow_helpers import act, engine, figure, game


def two_to_come():
    """Our fighter (done this turn, 5 PA) between two brutes that have not acted: the first
    attacks with two PA (its dice 3 and 2), the second is still to come."""
    st = game(figure("me", 1, 5, 5, chars=FIGHTER, pa=5, mastery=(), cost=50),
              figure("brute", 2, 6, 5, chars=BRUTE, level=2, pa=5, mastery=(), cost=80),
              figure("other", 2, 4, 5, chars=BRUTE, level=2, pa=5, mastery=(), cost=80), first=2, turns=4)
    data(st)["done"] = ["me"]
    st.figures["me"].status["pa"] = 5
    eng = engine(st, 3, 2, 4, 4, 4, 4, 4, 4)
    act(eng, "activate", "brute")
    return eng


def test_the_advice_is_the_ai_policy_and_keeps_a_pa_the_rules_would_spend():
    eng = two_to_come()
    act(eng, "attack", "brute", targets=("me",), value="PC/P//")
    [c] = eng.legal_actions()
    mine = advise(eng.view_for(1).state, c, load_profile("kharn_ages", "normal"))
    assert ai_advice(eng, c) == mine == "VP/-/V/" != c.hints["advised"]
    shown = advised_choice(eng, c)
    assert shown.hints["advised"] == shown.hints["default"] == mine and shown.values == c.values


def test_the_defence_form_stars_and_chooses_the_ai_advice():
    eng = two_to_come()
    act(eng, "attack", "brute", targets=("me",), value="PC/P//")
    [c] = eng.legal_actions()
    ctl = SimpleNamespace(engine=eng, presentation=info_for("kharn_ages"), lang="fr",
                          session=SimpleNamespace(guide=None),
                          building=None, mode=None, say=lambda text: None)
    assert open_form(ctl, c)
    req = ctl.building
    assert req.form.value == "VP/-/V/" and req.form.layout.marked == "VP/-/V/"
    guided = SimpleNamespace(guide=SimpleNamespace(finished=True, step=None))
    lesson = SimpleNamespace(**{**ctl.__dict__, "session": guided, "building": None})
    assert open_form(lesson, c) and lesson.building.form.value == c.hints["advised"]   # a lesson keeps the rules'


def test_a_side_that_asked_is_answered_with_the_ai_advice():
    eng = two_to_come()
    act(eng, "attack", "brute", targets=("me",), value="PC/P//")
    action, choice = advised_action(eng)        # what the session plays for a side that asked
    assert action == Action("defend", "me", value="VP/-/V/") and choice.hints["advised"] == "VP/-/V/"
