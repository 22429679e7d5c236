"""Difficile's look at the enemy's reply (two-ply, exact odds): where a charge ends, who
can strike back next, with an enemy's reach being a move then a charge; and the waiting
game (let the enemy commit first when there is nothing to strike)."""
from __future__ import annotations

import pytest

from game.ai.agents import make_agent
from game.ai.evenor.world import World
from tests.ai.test_puzzles import SEEDS, _drive
from tests.rulesets.evenor.sandbox import act, fig, sandbox, step, variant

PAS = 25.0


def _two_targets(monkeypatch):
    """Lothar may charge one of two identical Cerds; Grendel, not yet activated, stands
    just beyond the northern one: charging it leaves Lothar in the monster's reach."""
    variant(monkeypatch, "cerd_sud", "cerd")

    def build():
        eng = sandbox([fig(1, "lothar", 12, 8), fig(2, "cerd", 12, 11.2),
                       fig(2, "cerd_sud", 12, 4.8), fig(2, "grendel", 12, 14.5)])
        eng.dice.push(6)
        step(eng, act("activate", "1.lothar", value=1))
        return eng
    return build


def _picks_south(build, agent_for_seed) -> float:
    good = 0
    for seed in SEEDS:
        acts = _drive(build(), agent_for_seed(seed), 1, lambda a: a.kind == "charge")
        good += bool(acts) and acts[-1].kind == "charge" and acts[-1].targets == ("2.cerd_sud",)
    return good / len(SEEDS)


def test_the_charge_that_leaves_us_out_of_the_monsters_reach(monkeypatch):
    build = _two_targets(monkeypatch)
    assert _picks_south(build, lambda seed: make_agent("ai:difficile", seed)) >= 0.95


def test_without_the_reply_the_two_charges_look_alike(monkeypatch):
    build = _two_targets(monkeypatch)

    def blind(seed):
        agent = make_agent("ai:difficile", seed)
        agent.load("evenor")
        agent.profile["deep_threat"] = False
        return agent
    eng = build()
    agent = blind(0)
    agent.choose(eng)
    charges = {tuple(o.action.targets): o.inputs["safety"] for o in agent.last
               if o.action.kind == "charge"}
    assert charges[("2.cerd",)] == pytest.approx(charges[("2.cerd_sud",)])
    assert _picks_south(build, blind) <= 0.2


def test_a_move_and_a_charge_is_in_reach_only_for_the_deep_look():
    """Horsa 8 pas away (edge to edge) cannot charge now, but can move then charge; an
    enemy that has already acted threatens less, the more if we start next turn."""
    eng = sandbox([fig(1, "lothar", 12, 12), fig(2, "horsa", 12, 21)])
    view, table = eng.state, eng.ruleset.table_for(eng.state)
    me = view.figures["1.lothar"]
    assert World(view, table, 1).threat(me, me.pos) == 0.0
    deep = World(view, table, 1, deep=True)
    fresh = deep.threat(me, me.pos)
    assert fresh > 0.0
    view.figures["2.horsa"].status["activated"] = True
    assert 0.0 < World(view, table, 1, deep=True).threat(me, me.pos) < fresh
    far = World(view, table, 1, deep=True).threat(me, (12 * PAS, 2 * PAS))
    assert far == 0.0


def _calm(enemy_done: bool):
    eng = sandbox([fig(1, "lothar", 3, 3), fig(1, "horsa", 4.5, 3),
                   fig(2, "cerd", 21, 21, activated=enemy_done), fig(2, "thurold", 21, 18)])
    if enemy_done:
        eng.state.figures["2.thurold"].status["activated"] = True
    return eng


def test_nothing_to_strike_and_nobody_threatened_it_lets_the_enemy_commit_first():
    for seed in range(5):
        agent = make_agent("ai:difficile", seed)
        a = agent.choose(_calm(False))
        assert a.kind == "wait", a
        assert agent.last[0].decision == "wait"
        assert make_agent("ai:difficile", seed).choose(_calm(True)).kind == "activate"
        assert make_agent("ai:normal", seed).choose(_calm(False)).kind == "activate"


def test_no_waiting_when_a_strike_is_on():
    eng = sandbox([fig(1, "lothar", 12, 12), fig(1, "horsa", 13.5, 12),
                   fig(2, "cerd", 12, 17)])
    assert make_agent("ai:difficile", 0).choose(eng).kind == "activate"
