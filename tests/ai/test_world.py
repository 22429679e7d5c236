"""The AI's picture of the table: threat at a point, cover, menace, goals."""
from __future__ import annotations

from game.ai.evenor.world import World
from game.core.view import side_view
from tests.rulesets.evenor.sandbox import fig, rect, sandbox

PAS = 25.0


def _world(eng, side=1):
    view = side_view(eng.ruleset, eng.state, side)
    return World(view, eng.ruleset.table_for(view), side)


def test_threat_from_a_shooter_falls_behind_a_wall_and_in_cover():
    wall = rect("t0", "rocher", 8, 10, 1, 4)
    eng = sandbox([fig(1, "deimos", 12, 12), fig(2, "ulysse", 2, 12)], terrain=[wall])
    w = _world(eng)
    me = w.state.figures["1.deimos"]
    open_, hidden = w.threats(me, [(12 * PAS, 18 * PAS), (10 * PAS, 12 * PAS)])
    assert open_ > 0.1 and hidden == 0.0
    assert w.threat(me, (12 * PAS, 18 * PAS), cover=True) < open_
    far = w.threat(me, (12 * PAS, 23.4 * PAS))           # beyond long range and a move: none
    assert far <= open_


def test_melee_threat_only_within_charge_reach_and_menace_ranks_enemies():
    eng = sandbox([fig(1, "deimos", 12, 12), fig(2, "grendel", 12, 16), fig(2, "hylas", 22, 22)])
    w = _world(eng)
    me = w.state.figures["1.deimos"]
    near = w.threat(me, me.pos)
    assert near > 0.3
    assert w.threat(me, (2 * PAS, 2 * PAS)) == 0.0
    assert w.menace(w.state.figures["2.grendel"]) > w.menace(w.state.figures["2.hylas"]) == 0.0


def test_goals_follow_the_scenario():
    eng = sandbox([fig(1, "deimos", 12, 12), fig(2, "hylas", 20, 12)],
                  victory={"type": "escape", "role": "r1", "exit_edges": ["left", "right"]})
    w = _world(eng)
    me = w.state.figures["1.deimos"]
    assert w.goal_points(me)[0] in ((0.0, me.y), (24 * PAS, me.y))
    assert w.goal_distance(me, (3 * PAS, me.y)) < w.goal_distance(me, me.pos)
    hunter = _world(eng, 2)
    assert hunter.goal_points(hunter.state.figures["2.hylas"])[0] == me.pos
