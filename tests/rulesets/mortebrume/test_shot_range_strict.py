"""Under strict measuring, a shot's target list offers every enemy the side sees, but not
one past the weapon's longest range (ten allonges) even after the move still allowed before
the shot: that one is greyed with why (docs/rulings/mortebrume.md, declared intentions)."""
from __future__ import annotations

from .sandbox import act, fig, sandbox, step


def _duel(gap_cm: float):
    """A Meleian archer (bow: allonge 2, 20 cm at most) and a recruit ``gap_cm`` beyond its
    base, in a 35 cm mist: the recruit is seen."""
    eng = sandbox([fig(1, "meleien_archer", 10, 30, 0.0, name="A"),
                   fig(2, "thanigiste_recrue", 10 + 2.5 + gap_cm, 30, 180.0, name="D")], mist=35)
    assert eng.state.extras["strict"]
    step(eng, act("activate", "A"))
    return eng


def _shot(eng):
    (shot,) = [c for c in eng.legal_actions() if c.kind == "shoot"]
    return shot


def test_past_the_bow_s_range_the_target_is_offered_while_a_move_could_bring_it_in():
    eng = _duel(24.0)
    shot = _shot(eng)
    assert shot.targets == ("D",) and not shot.refused


def test_past_the_bow_s_range_after_the_move_the_target_is_greyed_with_why():
    eng = _duel(24.0)
    step(eng, act("move", "A", path=[(11, 30)]))              # 1 cm on: its move is spent
    shot = _shot(eng)
    assert shot.targets == () and shot.refused["D"].code == "mb.refused.beyond_range"
    assert shot.refused["D"].args == {"cm": "20"}
    assert eng.check(act("shoot", "A", "D", value="arc")) is not None


def test_within_the_bow_s_range_the_target_is_offered_unmeasured():
    eng = _duel(17.0)
    step(eng, act("move", "A", path=[(11, 30)]))
    shot = _shot(eng)
    assert shot.targets == ("D",) and not shot.refused
