"""Difficile's hold (``hold``, ``hold_run``): its move toward the goal may stop at the
farthest point out of every free foe's charge, and its run (the deed) never ends within
the charge of more free foes yet to act than stood within it already. Our lone Optio, two fresh
brigands 10.5 pas ahead, ends its activation out of their reach in at least 19 of 20
seeds; with the move held but the run not, the run steps in from the edge of their reach
(the progress outweighs the exposure)."""
from __future__ import annotations

import math

from game.ai.agents import make_agent
from game.rulesets.swidenth import figures as F
from tests.ai.swidenth import positions

SEEDS = range(20)


def _out_of_reach(agent) -> bool:
    """Plays the Optio's activation to its end: whether it then stands out of the reach
    (one move and the engagement distance) of both brigands."""
    eng = positions.held_off()
    for _ in range(6):
        action = agent.choose(eng)
        assert eng.check(action) is None
        eng.step(action)
        if eng.state.activation is None or eng.state.activation.get("side") != 1:
            break
    st = eng.state
    o = st.figures["optio"]
    return all(math.dist(o.pos, b.pos) - o.radius - b.radius > F.base_stat(b, "mouv") * F.PAS + F.ENGAGE
               for b in (st.figures["b1"], st.figures["b2"]))


def _rate(run_held: bool = True) -> int:
    good = 0
    for seed in SEEDS:
        agent = make_agent("ai:difficile", seed)
        agent.load("swidenth")
        assert agent.profile["hold"] and agent.profile["hold_run"]
        if not run_held:
            agent.profile["hold_run"] = False    # the profile's own (fresh) otherwise
        good += _out_of_reach(agent)
    return good


def test_difficile_ends_out_of_reach():
    assert _rate() >= 19


def test_a_run_not_held_steps_into_reach():
    """The control: the move held, the run not."""
    assert _rate(run_held=False) < 19
