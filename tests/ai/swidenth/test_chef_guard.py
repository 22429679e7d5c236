"""Our Chef does not lead from the front: foes yet to act walk up this turn and charge
next turn (``chef_reach``: the threat on our Chef counts the foes two moves away, half).
A game's opening (première partie) where the Centurion walked ahead of its legionaries,
was caught by the Executioner and two zealots and fell; Difficile keeps it back in at
least 19 of 20 seeds (its own stream's seed)."""
from __future__ import annotations

import math

from game.ai.agents import make_agent
from game.core.actions import Action
from game.rulesets.swidenth import figures as F
from tests.ai.swidenth import positions

SAFE = 8 * F.PAS        # farther than a walk and a run: no foe charges it next turn


def _chef_gap(seed: int) -> float:
    """The Chef's gap to the nearest foe once its phase (opened alone) is over."""
    eng = positions.chef_in_front()
    eng.step(Action("activate", actor="chef", partners=()))
    agent = make_agent("ai:difficile", seed)
    while eng.state.activation is not None and eng.decider() == 1:
        action = agent.choose(eng)
        assert eng.check(action) is None
        eng.step(action)
    st = eng.state
    chef = st.figures["chef"]
    return min(math.dist(chef.pos, e.pos) - chef.radius - e.radius
               for e in st.figures.values() if e.side == 2)


def test_our_chef_stays_behind_out_of_a_gang_up():
    assert sum(_chef_gap(seed) > SAFE for seed in range(20)) >= 19
