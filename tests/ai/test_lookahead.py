"""Difficile's lookahead: a move is also worth the charge it sets up for the activation's
next action. In this position only that lookahead finds the right plan."""
from __future__ import annotations

import math

from game.ai.agents import make_agent
from tests.ai.test_puzzles import SEEDS, _drive
from tests.rulesets.evenor.sandbox import act, fig, sandbox, step


def _two_actions_left():
    """Lothar has two dynamic actions. The enemy Meneur lies down out of charge reach
    (7.5 pas) but within a move and a charge; a standing enemy is the nearest figure."""
    eng = sandbox([fig(1, "lothar", 12, 12), fig(2, "borva", 12, 20.5, prone=True),
                   fig(2, "horsa", 3, 12), fig(2, "gosai", 20, 22)])
    eng.dice.push(6, 6, 6, 6)
    step(eng, act("activate", "1.lothar", value=2))
    return eng


def _plays(agent_for_seed) -> float:
    good = 0
    for seed in SEEDS:
        eng = _two_actions_left()
        acts = _drive(eng, agent_for_seed(seed), 1, lambda a: a.kind != "move")
        good += (len(acts) == 2 and acts[0].kind == "move" and acts[1].kind == "charge"
                 and acts[1].targets == ("2.borva",))
    return good / len(SEEDS)


def test_move_into_reach_then_charge_the_down_meneur():
    assert _plays(lambda seed: make_agent("ai:difficile", seed)) >= 0.95


def test_without_lookahead_the_same_profile_misses_it():
    def blind(seed):
        agent = make_agent("ai:difficile", seed)
        agent.load("evenor")
        agent.profile["lookahead"] = False
        agent.profile["search"] = False      # the planner's own lookahead alone
        return agent

    assert _plays(blind) <= 0.2


def test_followup_only_when_a_dynamic_action_remains():
    eng = _two_actions_left()
    agent = make_agent("ai:difficile", 0)
    first = agent.choose(eng)
    assert any(o.note == "followup" for o in agent.last)
    lothar, borva = eng.state.figures["1.lothar"], eng.state.figures["2.borva"]
    assert first.kind == "move"
    assert math.dist(first.path[-1], borva.pos) - lothar.radius - borva.radius <= 4 * 25
    eng.dice.push(*([6] * 10))
    step(eng, first)
    agent.choose(eng)   # the activation's last action: nothing left to set up
    assert all(o.followup is None for o in agent.last)


def test_a_charged_shooter_shooting_back_counts_as_risk():
    """The follow-up charge on a shooter carries the chance of its reaction shot."""
    from game.ai.evenor.world import World

    eng = sandbox([fig(1, "lothar", 12, 12), fig(2, "ulysse", 12, 17), fig(2, "horsa", 12, 6)])
    w = World(eng.state, eng.ruleset.table_for(eng.state), 1)
    lothar, ulysse, horsa = (eng.state.figures[f] for f in ("1.lothar", "2.ulysse", "2.horsa"))
    d = math.dist(lothar.pos, ulysse.pos) - lothar.radius - ulysse.radius
    assert w.shot_risk(ulysse, lothar, lothar.pos, d) > 0.0
    assert w.shot_risk(horsa, lothar, lothar.pos, d) == 0.0
