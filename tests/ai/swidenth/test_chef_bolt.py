"""Our Chef keeps out of the reach of an enemy caster's next bolt, even one that has acted
this turn (``chef_bolt``): the priest bolts again next turn, from 12 pas and a move, whoever
wins the initiative, and a Fire bolt takes Vitalité whatever the armour (swai16: in 200
games against greedy, normal's Chef fell first in 61, to a bolt in 25; the side whose Chef
falls first lost three games in four). The Jarl's way to the nearest foe bends away from
the acted priest: Difficile keeps it out of the bolt's reach in at least 19 of 20 seeds;
without ``chef_bolt`` (the acted priest counted half, and only within its 12 pas) it takes
the straight way into it."""
from __future__ import annotations

import math

from game.ai.agents import make_agent
from game.ai.profiles import load_profile
from game.ai.swidenth.world import World
from game.rulesets.swidenth import figures as F
from tests.ai.swidenth import positions

PAS = F.PAS
REACH = 17 * PAS      # the bolt's 12 pas and the priest's move


def _gap(seed: int, **knobs) -> float:
    """The Jarl's gap to the High priest once its phase is over."""
    eng = positions.bolted_chef(aside=True)
    agent = make_agent("ai:difficile", seed)
    agent.load("swidenth")
    agent.profile.update(knobs)
    while eng.state.activation is not None and eng.decider() == 1:
        action = agent.choose(eng)
        assert eng.check(action) is None
        eng.step(action)
    st = eng.state
    jarl, priest = st.figures["jarl"], st.figures["priest"]
    return math.dist(jarl.pos, priest.pos) - jarl.radius - priest.radius


def test_our_chef_keeps_out_of_the_next_bolt():
    assert sum(_gap(seed) > REACH for seed in range(20)) >= 19


def test_control_without_it_the_chef_walks_into_the_bolt():
    assert sum(_gap(seed, chef_bolt=False) > REACH for seed in range(5)) <= 1


def test_an_acted_priest_threatens_our_chef_within_its_next_reach():
    eng = positions.bolted_chef()
    st = eng.state
    jarl, priest = st.figures["jarl"], st.figures["priest"]
    near, far = (12 * PAS, 8 * PAS), (12 * PAS, 2 * PAS)      # 13 and 19 pas from the priest
    on = World(st, eng.ruleset.table_for(st), 1, dict(load_profile("swidenth", "normal"), chef_bolt=True))
    off = World(st, eng.ruleset.table_for(st), 1, dict(load_profile("swidenth", "normal"), chef_bolt=False))
    assert on.acted(priest)
    assert on.exposure(jarl, far) == 0.0 < on.exposure(jarl, near)
    assert off.exposure(jarl, near) == 0.0          # acted, beyond its 12 pas: not counted
    # a troop is not the Chef: the acted priest beyond 12 pas stays uncounted
    w1 = st.figures["w1"]
    assert on.exposure(w1, near) == 0.0
