"""The greedy agent's Khârn-Ages decisions (``game.ai.kharn_ages.planner``, the one its
declaration names): it attacks an enemy in reach with its best expected damage, walks at
the nearest enemy otherwise, answers a defence with the advised one (K-R23), and re-rolls a
poor attack die."""
from __future__ import annotations

from game.ai.agents import make_agent

from .flow_helpers import act, engine, figure, game

CHARS = {"V": 4, "P": 5, "A": 3, "C": 4}


def _choose(eng, spec: str = "greedy"):
    return make_agent(spec, 3).choose(eng.view_for(eng.decider()))


def test_it_attacks_an_enemy_in_reach_with_its_strongest_build():
    eng = engine(game(figure("a", 1, 5, 5, chars=CHARS, mastery=()), figure("b", 2, 6, 5, mastery=())))
    act(eng, "activate", "a")
    a = _choose(eng)
    assert a.kind == "attack" and a.targets == ("b",)
    assert "P" in a.value.split("/")[0]                  # its best characteristic goes in
    assert eng.check(a) is None


def test_it_walks_at_the_nearest_enemy_when_none_is_in_reach():
    eng = engine(game(figure("a", 1, 2, 2, chars=CHARS), figure("b", 2, 12, 12), figure("c", 2, 2, 13)))
    act(eng, "activate", "a")
    a = _choose(eng)
    assert a.kind in ("walk", "assault")
    end = a.path[-1]
    assert end[1] > eng.state.figures["a"].y             # toward c (down the table), the nearer
    assert eng.check(a) is None


def test_it_answers_a_defence_with_the_advised_one():
    eng = engine(game(figure("a", 1, 5, 5, chars=CHARS, mastery=()),
                      figure("b", 2, 6, 5, mastery=(), pa=4)), 6)
    act(eng, "activate", "a")
    act(eng, "attack", "a", targets=("b",), value="PC/P//")
    [c] = eng.legal_actions()
    a = _choose(eng)
    assert a.kind == "defend" and a.value == c.hints["advised"] and a.value in c.values


def test_it_re_rolls_a_poor_attack_die():
    eng = engine(game(figure("a", 1, 5, 5, chars=CHARS, mastery=(frozenset({"melee"}),)),
                      figure("b", 2, 6, 5, mastery=(), pa=0)), 2)
    act(eng, "activate", "a")
    act(eng, "attack", "a", targets=("b",), value="P/P//")
    a = _choose(eng)
    assert a.kind == "reroll" and a.value == 0
