"""The neutral side's scripted agent (game.ai.neutral) on Trio's beasts: it attacks the
nearest figure it sees within its radius, walks towards it when out of reach (never out
of its leash when it guards a point), holds or walks back to its point otherwise, wanders
when it guards nothing, sees nothing through a rock, and plays the same game from the
same seed."""
from __future__ import annotations

import math

import pytest

from game import sim
from game.ai.agents import RandomAgent, accepted_specs, make_agent, neutral_agents
from game.ai.neutral import NeutralAgent, NeutralParams
from game.core.engine import Engine
from game.core.errors import UserError

GUARD = (240.0, 240.0)        # clairière: radius 160, leash 60; errance: radius 120, no guard
CONTACT = 16.0 + 12.5         # a beast's and a blade's radii


def table(scenario: str, at: dict, seed: int = 1) -> Engine:
    """Trio with the named figures moved (None: taken out); of the other warband figures
    only l3 is left, far in its corner (so that both warbands still stand); the beasts to
    act."""
    eng = Engine.new("trio", scenario, seed)
    st = eng.state
    for f in st.figures.values():
        if f.id not in at and f.side != 3 and f.id != "l3":
            f.out, f.vitality = True, 0
    for fid, pos in at.items():
        f = st.figures[fid]
        if pos is None:
            f.out, f.vitality = True, 0
        else:
            f.x, f.y = pos
    st.to_act = 3
    return eng


def decide(eng: Engine, seed: int = 1) -> tuple:
    agent = make_agent("neutral", seed)
    action = agent.choose(eng)
    assert eng.check(action) is None
    return action, agent


def test_attacks_the_nearest_figure_it_sees_within_its_radius():
    eng = table("clairiere", {"b1": GUARD, "b2": None, "l1": (240 + CONTACT, 240),
                              "c1": (240, 240 - CONTACT - 30)})
    action, agent = decide(eng)
    assert (action.actor, action.kind, action.targets) == ("b1", "fight", ("l1",))
    assert (agent.last_reason, agent.last_prey) == ("attack", "l1")
    # the nearer one taken away, it turns to the other: out of reach, it walks to it
    eng = table("errance", {"b1": GUARD, "b2": None, "c1": (240, 240 - CONTACT - 30)})
    action, agent = decide(eng)
    assert action.kind == "move" and agent.last_reason == "approach" and agent.last_prey == "c1"
    eng.step(action)
    assert math.dist(eng.state.figures["b1"].pos, eng.state.figures["c1"].pos) == pytest.approx(CONTACT, abs=0.6)
    action, agent = decide(eng)           # in contact now, the same activation goes on
    assert (action.kind, action.targets) == ("fight", ("c1",))


def test_walks_towards_its_prey_but_never_out_of_its_leash():
    eng = table("clairiere", {"b1": GUARD, "b2": None, "c1": (240, 120)})
    action, agent = decide(eng)
    assert action.kind == "move" and agent.last_reason == "approach"
    end = action.path[-1]
    assert math.dist(end, GUARD) <= 60 + 0.5
    assert math.dist(end, (240, 120)) < math.dist(GUARD, (240, 120)) - 55


def test_holds_its_point_when_nothing_is_near_and_walks_back_when_it_strayed():
    eng = table("clairiere", {"b1": GUARD, "b2": None, "l1": (60, 60)})
    action, agent = decide(eng)
    assert (action.actor, action.kind, agent.last_reason) == ("b1", "end", "hold")
    eng = table("clairiere", {"b1": (400, 380), "b2": None, "l1": (60, 60)})
    action, agent = decide(eng)
    assert action.kind == "move" and agent.last_reason == "return"
    walked = sum(math.dist(a, b) for a, b in zip(action.path, action.path[1:]))
    assert walked == pytest.approx(99.5, abs=0.5)                   # as far as it may, round the rock
    assert math.dist(action.path[-1], GUARD) < math.dist((400, 380), GUARD) - 85


def test_sees_nothing_through_a_rock_and_wanders_when_it_guards_nothing():
    # a blade 91.5 mm away, within the radius, but behind the rock (110-165 x 170-225)
    eng = table("errance", {"b1": (80, 197), "b2": None, "l1": (200, 197)})
    action, agent = decide(eng)
    assert action.kind == "move" and agent.last_reason == "wander" and agent.last_prey is None
    eng = table("errance", {"b1": (80, 120), "b2": None, "l1": (200, 120)})   # in the open
    assert decide(eng)[1].last_reason == "approach"
    # wandering is drawn from the agent's own seed
    eng = table("errance", {"b1": GUARD, "b2": None, "l1": (60, 60)})
    paths = [decide(eng, seed)[0].path for seed in (1, 1, 2)]
    assert paths[0] == paths[1] != paths[2]


def test_same_seed_same_game():
    def game(seed):
        eng, _, _ = sim.play_game("trio", "errance", seed, {1: RandomAgent(11), 2: RandomAgent(12)})
        return [a.to_dict() for a in eng.record.actions], eng.state.digest()

    assert game(4) == game(4)


def test_parameters_come_from_the_side_and_are_checked():
    eng = Engine.new("trio", "clairiere", 1)
    agents = neutral_agents(eng.state, 1)
    assert list(agents) == [3] and isinstance(agents[3], NeutralAgent)
    assert NeutralParams.from_data(eng.state.sides[3].extras["agent"]) == \
        NeutralParams(radius=160.0, guard=GUARD, leash=60.0)
    assert make_agent("neutral", 1, {"radius": 50}).params.radius == 50.0
    for bad in ({"radius": "far"}, {"guard": [1]}, {"reach": 3}):
        with pytest.raises(UserError):
            NeutralParams.from_data(bad)
    assert not any(s.startswith("neutral") for s in accepted_specs())
    # a smaller radius given to the agent: the same blade is no prey any more
    eng = table("clairiere", {"b1": GUARD, "b2": None, "c1": (240, 120)})
    agent = NeutralAgent(1, {"radius": 50, "guard": list(GUARD), "leash": 60})
    assert agent.choose(eng).kind == "end" and agent.last_reason == "hold"
