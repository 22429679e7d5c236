"""Difficile's tempo (``tempo``): with nothing to strike or shoot, no objective to run for
and an enemy leader phase still to come, its least worthy leader opens a phase alone and
ends it at once, so the others move after the enemy has. Solved in at least 19 of 20
seeds; the same position with a brigand in reach of a charge is played as before."""
from __future__ import annotations

from game.ai.agents import make_agent
from tests.ai.swidenth import positions

SEEDS = range(20)


def _first(near: bool, spec: str = "ai:difficile"):
    out = []
    for seed in SEEDS:
        eng = positions.standoff(near)
        agent = make_agent(spec, seed)
        first = agent.choose(eng)
        assert eng.check(first) is None
        eng.step(first)
        second = agent.choose(eng)
        assert eng.check(second) is None
        out.append((first, second))
    return out


def test_difficile_waits_with_its_champion_alone():
    good = sum(f.kind == "activate" and f.actor == "optio" and f.partners == () and s.kind == "end"
               for f, s in _first(near=False))
    assert good >= 19


def test_with_a_foe_in_reach_the_phase_is_played():
    """The puzzle can fail: a brigand within a charge, the phase takes its friends along."""
    good = sum(f.kind == "activate" and f.partners != () and s.kind != "end" for f, s in _first(near=True))
    assert good >= 19


def test_normal_does_not_wait():
    assert not any(f.partners == () for f, _ in _first(near=False, spec="ai:normal"))
