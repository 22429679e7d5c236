"""``GameState.to_dict`` (and so every digest stored in a save) is what ``dataclasses.asdict``
makes of the state, late fields at their default left out: the fast conversion must not
change a digest, or saves made before it would no longer load."""
from __future__ import annotations

import json
from dataclasses import MISSING, asdict, fields

import pytest

from game.ai.agents import RandomAgent
from game.core.engine import Engine


def _reference(obj) -> dict:
    d = asdict(obj)
    for f in fields(obj):
        if f.metadata.get("late"):
            default = f.default if f.default is not MISSING else f.default_factory()
            if d[f.name] == default:
                del d[f.name]
    return d


def reference_dict(state) -> dict:
    d = _reference(state)
    d["figures"] = [asdict(f) for f in state.figures.values()]
    d["sides"] = [_reference(s) for s in state.sides.values()]
    d["terrain"] = [_reference(t) for t in state.terrain]
    return d


@pytest.mark.parametrize("ruleset,scenario", [("evenor", "premiere_partie"), ("mortebrume", "pierre_de_brume"),
                                              ("bonus_malus", "le_nid"), ("kharn_ages", "col_des_steppes"),
                                              ("swidenth", "le_gue")])
def test_to_dict_is_asdict_without_late_defaults(ruleset, scenario):
    eng = Engine.new(ruleset, scenario, 5)
    agent = RandomAgent(9)
    for step in range(40):
        if step % 8 == 0:
            got, want = eng.state.to_dict(), reference_dict(eng.state)
            assert got == want
            assert json.dumps(got, sort_keys=True) == json.dumps(want, sort_keys=True)
        if eng.state.outcome is not None:
            break
        eng.step(agent.choose(eng))
