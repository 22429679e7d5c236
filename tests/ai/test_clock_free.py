"""Same seeds, same game, whatever the machine's speed: the AI bounds its thinking by
counted work, never by the clock, so a starved machine (here a clock that leaps a whole
second at every reading) plays exactly the same moves as a fast one."""
from __future__ import annotations

import time

import pytest

from game.ai.agents import make_agent
from game.core.engine import Engine
from game.sim import play_game


def _short_game(ruleset: str, scenario: str, seed: int, turns: int):
    eng = Engine.new(ruleset, scenario, seed)
    eng.state.max_turns = turns
    agents = {1: make_agent("ai:difficile", seed), 2: make_agent("ai:normal", seed + 7)}
    play_game(ruleset, scenario, seed, agents, engine=eng)
    return [a.to_dict() for a in eng.record.actions]


@pytest.mark.parametrize("ruleset,scenario,turns", [("evenor", "extermination", 1),
                                                    ("mortebrume", "dernier_debout", 1)])
def test_a_slow_clock_changes_no_decision(monkeypatch, ruleset, scenario, turns):
    fast = _short_game(ruleset, scenario, 12, turns)
    ticks = {"t": 0.0}

    def leaping() -> float:
        ticks["t"] += 1.0
        return ticks["t"]

    monkeypatch.setattr(time, "perf_counter", leaping)
    monkeypatch.setattr(time, "monotonic", leaping)
    monkeypatch.setattr(time, "process_time", leaping)
    monkeypatch.setattr(time, "time", leaping)
    assert _short_game(ruleset, scenario, 12, turns) == fast
