"""Soin only where the healer can reach the marker (issue 17). The template lists every
out-of-action friend; a heal whose marker is out of reach (the healer's base within
0.5 pas, after the static action's free step) is refused and the activation ends. In
Extermination, seed 415 (normal's Japanese against greedy's Vikings, a draw at turn 30),
Shiro spent 25 activations so: his single static action was valued on Soin on a friend
fallen across the table."""
from __future__ import annotations

from collections import Counter

import pytest

from game.ai.agents import make_agent
from tests.rulesets.evenor.sandbox import fig, sandbox, step

SEEDS = range(20)


def _gosai_fell_at(x: float):
    """Shiro (healer) and Saïto to act; Gosaï out of action at (x, 6); the Vikings far."""
    eng = sandbox([fig(1, "shiro", 6, 6), fig(1, "gosai", x, 6), fig(1, "saito", 4, 4),
                   fig(2, "kara", 8, 18), fig(2, "jorund", 20, 20)], to_act=1, turn=3)
    eng.state.figures["1.gosai"].out = True
    return eng


def _firsts(spec: str, x: float, reach: bool | None = None) -> Counter:
    picked: Counter = Counter()
    for seed in SEEDS:
        agent = make_agent(spec, seed)
        if reach is not None:
            agent.load("evenor")
            agent.profile["reach_powers"] = reach
        a = agent.choose(_gosai_fell_at(x))
        picked[(a.kind, a.actor, a.value)] += 1
    return picked


@pytest.mark.parametrize("spec", ["ai:normal", "ai:difficile"])
def test_no_activation_spent_on_a_heal_out_of_reach(spec):
    picked = _firsts(spec, 16)
    assert picked[("activate", "1.shiro", 0)] <= 1, picked


def test_without_the_reach_check_shiro_wastes_his_activation():
    picked = _firsts("ai:normal", 16, reach=False)
    assert picked[("activate", "1.shiro", 0)] >= 15, picked


def test_a_marker_within_the_step_is_healed():
    healed = 0
    for seed in SEEDS:
        agent = make_agent("ai:normal", seed)
        eng = _gosai_fell_at(8)            # a pas between the bases: the step brings him in
        a = agent.choose(eng)
        if a.kind != "activate" or a.actor != "1.shiro":
            continue
        eng.dice.push(*([6] * 6))         # the ladder, if it rolls one
        step(eng, a)
        b = agent.choose(eng)
        healed += b.kind == "power" and b.value == "soin" and eng.check(b) is None
    assert healed >= 19
