"""Three sides headless: seeded random playouts of Trio (two warbands and a neutral side)
keep the table's invariants after every decision, replay to the same digest, give every
side its activations round the table, and never let the neutral side win; ``sim`` puts
p1 and p2 on the seats only."""
from __future__ import annotations

import math

import pytest

from game import sim
from game.ai.agents import RandomAgent
from game.core.engine import Engine
from game.core.events import ActivationEnded, TurnStarted
from game.core.record import Record
from game.core.state import Outcome
from tests.rulesets.trio import rules


def invariants(eng: Engine) -> None:
    st = eng.state
    alive = [f for f in st.figures.values() if not f.out]
    for i, a in enumerate(alive):
        assert a.radius - 0.01 <= a.x <= st.width - a.radius + 0.01, a
        assert a.radius - 0.01 <= a.y <= st.height - a.radius + 0.01, a
        assert 1 <= a.vitality <= a.max_vitality, a
        for b in alive[i + 1:]:
            assert math.dist(a.pos, b.pos) >= a.radius + b.radius - 0.02, (a.id, b.id)
    for f in st.figures.values():
        assert not f.out or f.vitality == 0, f
    assert sorted(st.side_ids()) == [1, 2, 3] and st.seats() == [1, 2]


@pytest.mark.parametrize("scenario", ["clairiere", "errance"])
def test_seeded_random_playouts_keep_the_invariants(scenario):
    for seed in range(6):
        activations = {1: 0, 2: 0, 3: 0}

        def check(eng, events):
            invariants(eng)
            for e in events:
                if isinstance(e, ActivationEnded):
                    activations[e.side] += 1

        eng, illegal, _ = sim.play_game("trio", scenario, seed,
                                        {1: RandomAgent(seed * 3 + 1), 2: RandomAgent(seed * 3 + 2)},
                                        on_events=check)
        st = eng.state
        assert illegal == 0
        assert st.outcome is not None and st.outcome.winner in (None, 1, 2)
        assert st.outcome.scores == [st.sides[s].score for s in st.side_ids()]
        assert all(n > 0 for n in activations.values()), activations
        again = Engine.replay(Record.from_dict(eng.record.to_dict()))
        assert again.state.digest() == st.digest()


def test_the_sides_activate_round_the_table_and_the_first_passes_round():
    for seed, first in ((0, 1), (1, 2)):
        sides, turns = [], []

        def note(eng, events):
            sides.extend(e.side for e in events if isinstance(e, ActivationEnded))
            turns.extend(e for e in events if isinstance(e, TurnStarted))

        sim.play_game("trio", "clairiere", seed, {1: RandomAgent(5), 2: RandomAgent(6)}, on_events=note)
        order = [first, first % 3 + 1, (first + 1) % 3 + 1]
        # turn 1: round the table while every side has figures to activate (the beasts are two)
        assert sides[:6] == order * 2
        assert sorted(sides[:8]) == [1, 1, 1, 2, 2, 2, 3, 3]
        assert turns[0].turn == 2 and turns[0].first_side == order[1]


def test_sim_puts_p1_and_p2_on_the_seats_and_the_scenario_agent_on_the_neutral_side():
    agents, names = sim.seat_agents([1, 2], ("random", "greedy"), 7, False)
    assert names == {1: "p1", 2: "p2"} and type(agents[1]).__name__ == "RandomAgent"
    assert sim.seat_agents([1, 2], ("random", "greedy"), 7, True)[1] == {1: "p2", 2: "p1"}
    assert sim.seat_agents([1, 2, 4], ("random", "greedy"), 7, False)[1] == {1: "p1", 2: "p2", 4: "p1"}
    seen = set()
    sim.play_game("trio", "errance", 3, {1: RandomAgent(1), 2: RandomAgent(2)},
                  on_events=lambda eng, ev: seen.add(eng.decider()))
    assert {1, 2, 3} <= seen
    out = sim.run("trio", ["clairiere", "errance"], "random", "random", 4, 2)
    assert out["errors"] == 0 and out["wins"]["p1"] + out["wins"]["p2"] + out["draws"] == 4
    assert set(out["wins"]) == {"p1", "p2"}


def test_a_ruleset_naming_the_neutral_side_winner_is_caught(monkeypatch):
    monkeypatch.setattr(rules, "outcome", lambda st: Outcome(winner=3, reason="trio_turns",
                                                             scores=[0.0, 0.0, 1.0]))
    with pytest.raises(AssertionError, match="side 3"):
        sim.play_game("trio", "clairiere", 1, {1: RandomAgent(1), 2: RandomAgent(2)})
    assert sim.run("trio", ["clairiere"], "random", "random", 2, 1)["errors"] == 2
