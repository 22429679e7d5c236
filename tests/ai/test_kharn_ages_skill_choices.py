"""The Khârn-Ages AI uses the skills and generic actions of the flow (K-R110 to K-R120): it
takes Chef de guerre's PA at once, has a friend shout a warning before a shot, forces the
opponent's high die with Bretteur, and spends on Sadique the PA its defences no longer need.
Each is one decision of ``ai:normal`` (its pick among its top options is a seeded draw:
several seeds)."""
from __future__ import annotations

from game.ai.agents import make_agent
from tests.rulesets.kharn_ages.flow_helpers import act, engine, figure, game
from tests.rulesets.kharn_ages.test_ka_flow_skills import PLAIN, _shot, _simple_v

SEEDS = range(5)


def _choices(eng, seeds=SEEDS):
    return [make_agent("ai:normal", s).choose(eng.view_for(eng.decider())) for s in seeds]


def test_chef_de_guerre_is_taken_first():
    st = game(figure("chief", 1, 5, 5, skills={"chef_de_guerre": 2}, **PLAIN),
              *(figure(f"f{i}", 1, 5 + i * 0.5, 6.2, **PLAIN) for i in range(3)),
              figure("e", 2, 8, 5, **PLAIN))
    eng = engine(st)
    act(eng, "activate", "chief")
    assert {a.kind for a in _choices(eng)} == {"warlord"}


def test_a_friend_shouts_a_warning_before_the_shot():
    eng = engine(_shot(), 7, 4, 6, 2)
    act(eng, "activate", "s")
    act(eng, "shoot", "s", targets=("t",), value="basic/AA/weapon/")
    assert {(a.kind, a.value) for a in _choices(eng)} == {("warn", "w")}


def test_bretteur_forces_the_die_that_beats_its_defence():
    st = game(figure("a", 1, 5, 5, level=2, mastery=()),
              figure("b", 2, 6.1, 5, pa=0, pv=20, skills={"bretteur": 1}, mastery=()))
    eng = engine(st, 9, 3, 2, 8, 5, 5, 5)
    act(eng, "activate", "a")
    act(eng, "attack", "a", targets=("b",), value=_simple_v(eng))
    picks = _choices(eng)
    assert {(a.kind, a.values) for a in picks} == {("bretteur", (0,))}       # the 9, not the 3
    for a in picks:
        assert eng.check(a) is None


def _sadique():
    st = game(figure("s", 1, 5, 5, pa=6, skills={"sadique": None}, **PLAIN),
              figure("v", 2, 6.1, 5, pa=0, pv=20, **PLAIN))
    eng = engine(st, 8, 2, 5, 5, 5, 5)
    act(eng, "activate", "s")
    act(eng, "attack", "s", targets=("v",), value=_simple_v(eng))
    return eng


def test_sadique_spends_the_pa_nobody_threatens():
    assert {(a.kind, a.value) for a in _choices(_sadique())} == {("sadique", 5)}
