"""Agents play whole games legally and deterministically, decide from their side's view
only, and expose think / trace / recap for the desktop game."""
from __future__ import annotations

from game.ai.agents import make_agent
from game.core.engine import Engine
from game.sim import play_game

SHORT = {"max_turns": 2}


def _game(spec1, spec2, scenario, seed, max_turns=2):
    eng = Engine.new("evenor", scenario, seed)
    eng.state.max_turns = max_turns
    return play_game("evenor", scenario, seed, {1: make_agent(spec1, seed), 2: make_agent(spec2, seed + 7)},
                     engine=eng)


def test_no_illegal_action_in_seeded_games():
    specs = [("ai:normal", "random"), ("random", "ai:facile:agressif"), ("greedy", "ai:difficile:prudent")]
    for i, scenario in enumerate(("extermination", "chasse_orichalque", "embuscade")):
        for j, (a, b) in enumerate(specs):
            eng, illegal, times = _game(a, b, scenario, 10 * i + j)
            assert illegal == 0
            assert times and eng.decider() is None


def test_same_seeds_same_game():
    a, _, _ = _game("ai:normal", "greedy", "chasse_orichalque", 5)
    b, _, _ = _game("ai:normal", "greedy", "chasse_orichalque", 5)
    assert [x.to_dict() for x in a.record.actions] == [x.to_dict() for x in b.record.actions]
    assert a.state.digest() == b.state.digest()


def test_the_ai_does_not_read_the_dice_stream():
    """Changing the real dice stream (which only the engine may read) changes nothing."""
    eng = Engine.new("evenor", "extermination", 4)
    other = eng.clone()
    other.state.rng = [12345, 6789]
    for e in (eng, other):
        e._legal = None
    a = make_agent("ai:difficile", 3).choose(eng)
    b = make_agent("ai:difficile", 3).choose(other)
    assert a == b


def test_think_trace_and_recap():
    eng = Engine.new("evenor", "extermination", 2)
    agent = make_agent("ai:normal", 1)
    outputs = list(agent.think(eng))
    assert outputs[-1] is not None and all(o is None for o in outputs[:-1])
    assert len(outputs) > 2            # it gave the caller control while it worked
    assert eng.check(outputs[-1]) is None
    trace = agent.trace(5)
    assert 1 <= len(trace) <= 5
    assert trace == sorted(trace, key=lambda t: -t["score"])
    top = trace[0]
    assert {"kind", "actor", "decision", "score", "inputs", "considerations"} <= set(top)
    assert set(top["considerations"]) <= set(top["inputs"])
    eng.step(outputs[-1])
    recap = agent.take_recap()
    assert recap[0]["action"] == outputs[-1].to_dict() and agent.take_recap() == []


def test_a_worker_process_can_decide_on_a_pickled_clone():
    import pickle

    eng = Engine.new("evenor", "chasse_orichalque", 8)
    copy = pickle.loads(pickle.dumps(eng.clone()))
    assert make_agent("ai:normal", 2).choose(copy) == make_agent("ai:normal", 2).choose(eng)


def test_rulesets_without_a_planner_still_get_legal_play(monkeypatch):
    import game.ai.utility as utility

    monkeypatch.setattr(utility, "_planner_ref", lambda ruleset_id: None)
    monkeypatch.setattr(utility, "_CACHE", {})
    eng, illegal, times = _game("ai:normal", "random", "extermination", 3, max_turns=1)
    assert illegal == 0 and eng.decider() is None
    agent = make_agent("ai", 1)
    agent.choose(Engine.new("evenor", "extermination", 3))
    assert agent.trace(1)[0]["note"] == "no planner"


def test_out_of_budget_the_ai_still_answers_legally(monkeypatch):
    import game.ai.utility as utility

    monkeypatch.setattr(utility, "WORK_BUDGET", -1)
    monkeypatch.setattr(utility, "MAX_PATH_SEARCHES", 0)
    eng = Engine.new("evenor", "embuscade", 6)
    for _ in range(12):
        if eng.decider() is None:
            break
        a = make_agent("ai:difficile", 1).choose(eng)
        assert eng.check(a) is None
        eng.step(a)
