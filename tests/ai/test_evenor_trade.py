"""Evenor's attack scores weigh what the attacker risks (issue 17): a shot may be shot
back at, and an attack is an exchange of DO. Normal lost games to the random agent in
Première partie by trading shots with a better marksman and charging a stronger fighter."""
from __future__ import annotations

import pytest

from game.ai.agents import make_agent
from game.ai.evenor.options import Builder
from game.ai.evenor.world import World
from game.ai.profiles import load_profile
from tests.rulesets.evenor.sandbox import act, fig, sandbox, step, variant

SEEDS = range(20)


@pytest.fixture
def twins(monkeypatch):
    """Asteria, to shoot once, faces Ulysse and his twin without a bow, side by side at
    the same range: the same shot on either, only Ulysse can shoot back."""
    ulysse = variant(monkeypatch, "ulysse_bow", "ulysse")
    twin = variant(monkeypatch, "ulysse_sword", "ulysse",
                   weapons=[w for w in _profile("ulysse").weapons if not w.range])

    def build():
        eng = sandbox([fig(1, ulysse, 10, 4), fig(1, twin, 14, 4), fig(2, "asteria", 12, 14)],
                      to_act=2)
        eng.dice.push(*([6] * 12))
        step(eng, act("activate", "2.asteria", value=0))
        return eng
    return build


def _profile(pid: str):
    from game.rulesets.evenor import stats

    return stats.catalogue().profile(pid)


def _shots(eng) -> dict[str, dict]:
    view = eng.state
    prof = load_profile("evenor", "normal")
    world = World(view, eng.ruleset.table_for(view), 2)
    b = Builder(world, eng, prof)
    out = {}
    for choice in eng.legal_actions():
        if choice.kind == "shoot":
            for o in b.build(choice):
                out[o.action.targets[0]] = o.inputs
    return out


def test_a_shot_counts_the_shot_back(twins):
    eng = twins()
    shots = _shots(eng)
    bow, sword = shots["1.ulysse_bow"], shots["1.ulysse_sword"]
    assert bow["damage"] == pytest.approx(sword["damage"])
    world = World(eng.state, eng.ruleset.table_for(eng.state), 2)
    back = world.shot_back(eng.state.figures["2.asteria"], eng.state.figures["1.ulysse_bow"])
    assert 0.0 < back < 0.5
    assert bow["risk"] == pytest.approx(back) and sword["risk"] == 0.0
    assert bow["trade"] < sword["trade"]


def test_shoot_the_twin_that_cannot_shoot_back(twins):
    good = 0
    for seed in SEEDS:
        a = make_agent("ai:difficile", seed).choose(twins())
        good += a.kind == "shoot" and a.targets == ("1.ulysse_sword",)
    assert good >= 19
