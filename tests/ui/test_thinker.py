"""The AI thinking in a thread beside the frames: the same decisions as thinking in slices
(the agent decides from its own view, whatever the timing), an agent's error reaches the
frame that asks, and a new decision waits for a thought left running."""
from __future__ import annotations

import threading

import pytest

from game.core.engine import Engine
from game.ui.session import Session
from game.ui.thinker import Thought


def _play(background: bool, decisions: int) -> list:
    session = Session(Engine.new("evenor", "extermination", 3), {1: "ai:normal", 2: "ai:facile"}, seed=3)
    session.background = background
    for _ in range(decisions):
        while session.agent_think() is None:
            pass
        session.play_agent()
    session._settle_thought()
    return list(session.engine.record.actions)


def test_thinking_in_a_thread_decides_as_thinking_in_slices():
    assert _play(True, 6) == _play(False, 6)


def test_an_agent_error_reaches_the_frame_that_asks():
    def broken():
        yield None
        raise RuntimeError("planner")

    thought = Thought(broken())
    thought.wait()
    with pytest.raises(RuntimeError, match="planner"):
        thought.poll()


def test_a_thought_is_awaited_before_the_next_one():
    gate = threading.Event()

    def slow():
        gate.wait(5)
        yield "done"

    session = Session(Engine.new("evenor", "extermination", 3), {1: "human", 2: "human"})
    session._thought = thought = Thought(slow())
    assert thought.poll() is None and not thought.done
    threading.Timer(0.05, gate.set).start()
    session._settle_thought()
    assert thought.done and thought.poll() == "done" and session._thought is None
