"""The Swidenth AI plays short seeded games legally and deterministically at every level
and personality, and still answers legally once its work budget is spent."""
from __future__ import annotations

from game.ai.agents import make_agent
from game.core.engine import Engine
from game.sim import play_game


def _game(spec1, spec2, scenario, seed, max_turns=1):
    eng = Engine.new("swidenth", scenario, seed)
    eng.state.max_turns = max_turns
    return play_game("swidenth", scenario, seed, {1: make_agent(spec1, seed), 2: make_agent(spec2, seed + 7)},
                     engine=eng)


def test_short_games_are_legal_and_repeatable():
    specs = [("ai:difficile:prudent", "greedy"), ("ai:facile:agressif", "ai:normal")]
    for i, (scenario, (a, b)) in enumerate(zip(("escarmouche", "le_gue"), specs)):
        eng, illegal, times = _game(a, b, scenario, 3 + i)
        assert illegal == 0 and times and eng.decider() is None
        if i == 0:
            again, _, _ = _game(a, b, scenario, 3 + i)
            assert [x.to_dict() for x in again.record.actions] == [x.to_dict() for x in eng.record.actions]


def test_out_of_budget_the_ai_still_answers_legally(monkeypatch):
    import game.ai.utility as utility

    monkeypatch.setattr(utility, "WORK_BUDGET", -1)
    monkeypatch.setattr(utility, "MAX_PATH_SEARCHES", 0)
    eng = Engine.new("swidenth", "escarmouche", 6)
    for _ in range(8):
        if eng.decider() is None:
            break
        a = make_agent("ai:difficile", 1).choose(eng)
        assert eng.check(a) is None
        eng.step(a)
