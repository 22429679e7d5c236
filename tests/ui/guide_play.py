"""Driving a guided first game headless, as every ruleset's guide test does: a wrong action
for a step, the index of the free-play step, and the lesson played through the session up
to its free play (each wrong action refused with the step's reason, the opponent on its
script, each expected action played)."""
from __future__ import annotations

from collections.abc import Callable

from game.core.actions import Action
from game.core.errors import Refusal
from game.core.guide import matches


def wrong_action(engine, pattern, unit: float) -> Action | None:
    """A legal action (as the engine sees it) that the step does not wait for."""
    for c in engine.legal_actions():
        if c.move is not None:
            continue
        tries = [(t,) for t in c.targets] if c.min_targets == 1 else [tuple(c.targets[:c.min_targets])]
        for value in (c.values or (None,)):
            for targets in tries:
                a = Action(kind=c.kind, actor=c.actor, value=value, targets=targets)
                if engine.check(a) is None and not matches(pattern, a, unit):
                    return a
    return None


def free_step(lesson) -> int:
    return next(i for i, step in enumerate(lesson.steps) if step.until == "end")


def play_to_free(s, unit: float, on_step: Callable | None = None) -> tuple[int, int]:
    """Play the session's lesson up to its free play; (wrong actions refused, scripted
    opponent moves). ``on_step(session, step)`` looks at each step the player plays."""
    from game.ui.guided import agent_move, next_player_action

    g = s.guide
    refused = played = 0
    for _ in range(300):
        if g.waiting() == "free":
            break
        step = g.step
        if step.expect is None and step.play is None:
            assert s.submit(Action("nothing")) == Refusal("guide.refused.continue")
            assert s.proceed()
            continue
        at = g.index
        if step.play is not None:
            assert s.agent_to_decide()
            assert agent_move(s)
            assert g.index == at + 1, f"the opponent left its script at step {at}"
            assert matches(step.play, s.engine.record.actions[-1], unit)
            played += 1
            continue
        if on_step is not None:
            on_step(s, step)
        wrong = wrong_action(s.engine, step.expect, unit)
        if wrong is not None:
            done = len(s.engine.record.actions)
            assert s.submit(wrong) == Refusal(step.refuse or "guide.refused.default")
            assert len(s.engine.record.actions) == done and g.index == at
            refused += 1
        action = next_player_action(s)
        assert action is not None, f"step {at} cannot be played"
        assert s.submit(action) is None
        assert g.index == at + 1
    return refused, played
