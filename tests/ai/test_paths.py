"""Difficile's truncated paths: a destination out of reach around terrain still gives a
legal move as far as the allowance goes that way; without the option it gives nothing."""
from __future__ import annotations

import math

import pytest

from game.ai.evenor.options import Builder, _cut
from game.ai.evenor.world import World
from game.ai.profiles import load_profile
from game.core.actions import Action
from tests.rulesets.evenor.sandbox import act, fig, rect, sandbox, step

PAS = 25.0


def test_cut_keeps_the_first_length_of_a_polyline():
    path = [(0.0, 0.0), (30.0, 0.0), (30.0, 40.0)]
    out = _cut(path, 50.0)
    assert out[:2] == [(0.0, 0.0), (30.0, 0.0)]
    assert math.isclose(out[-1][0], 30.0) and math.isclose(out[-1][1], 20.0)
    assert _cut(path, 500.0) == [tuple(p) for p in path]


def _builder(level: str):
    # a wall between Lothar and the point 5.5 pas straight ahead: the way around is longer
    wall = rect("t0", "rocher", 9, 14, 6, 1)
    eng = sandbox([fig(1, "lothar", 12, 12), fig(2, "horsa", 12, 22)], terrain=[wall])
    eng.dice.push(6, 6, 6, 6)
    step(eng, act("activate", "1.lothar", value=2))
    profile = load_profile("evenor", level)
    table = eng.ruleset.table_for(eng.state)
    b = Builder(World(eng.state, table, 1), eng, profile, directions=8)
    move = next(c for c in eng.legal_actions() if c.kind == "move").move
    return eng, b, move


@pytest.mark.parametrize("level", ("facile", "normal", "difficile"))
def test_out_of_reach_destination_truncated_but_for_the_greedy_baseline(level):
    # every level since issue 17 (a group activation used to end at once when all its
    # straight-line destinations were out of reach around terrain); the baseline does not
    end = (12 * PAS, 17.5 * PAS)
    eng, b, move = _builder("greedy")
    assert b.path_to(eng.state.figures["1.lothar"], move, end) is None
    eng, b, move = _builder(level)
    lothar = eng.state.figures["1.lothar"]
    path = b.path_to(lothar, move, end)
    assert path is not None
    length = sum(math.dist(p, q) for p, q in zip(path, path[1:]))
    assert length <= move.allowance
    assert eng.check(Action("move", lothar.id, path=path)) is None
    assert math.dist(path[-1], end) < math.dist(lothar.pos, end)
