"""The secret pick of Bonus / Malus is hidden from the AI: a side picking after another
gets the same view, and makes the same choice, whichever figure the other side picked
(hand-built and in seeded playouts of every scenario, neutral group included)."""
from __future__ import annotations

import pytest

from game.ai.agents import make_agent
from game.core.actions import Action
from game.core.engine import Engine
from game.core.view import side_view
from game.rulesets.bonus_malus import flow
from tests.rulesets.bonus_malus.helpers import engine, game, man

SPECS = ("ai:normal", "ai:difficile", "greedy")


def _second_picker(eng):
    """The engine with the first side's pick made, for each figure it could pick."""
    d = eng.state.pending[-1]
    assert d.kind == flow.PICK
    out = []
    for fid in d.options:
        other = eng.clone()
        other.step(Action("pick", targets=(fid,)))
        if other.state.pending and other.state.pending[-1].kind == flow.PICK:
            out.append(other)
    return out


def _same_choice_whatever_was_picked(variants, spec):
    assert len(variants) >= 2
    side = variants[0].decider()
    views = {side_view(v.ruleset, v.state, side).digest() for v in variants}
    assert len(views) == 1                       # the earlier pick is not in the view
    picks = {str(v.state.extras["bm"]["picks"]) for v in variants}
    assert len(picks) == len(variants)           # though the true games differ
    chosen = {make_agent(spec, 7).choose(v) for v in variants}
    assert len(chosen) == 1


@pytest.mark.parametrize("spec", SPECS)
def test_a_hand_built_pick(spec):
    st = game(man("a1", 1, 4, 4, 0, equipment=["pistolet"]), man("a2", 1, 8, 4, 0, equipment=["fusil"]),
              man("a3", 1, 12, 4, 0, equipment=["epee"]),
              man("b1", 2, 6, 14, 180, equipment=["pistolet"]), man("b2", 2, 10, 16, 180, equipment=["fusil"]))
    _same_choice_whatever_was_picked(_second_picker(engine(st)), spec)


def _playout_picks(scenario: str, seed: int, wanted: int = 2):
    """Positions of a seeded random playout where a side picks after another."""
    eng = Engine.new("bonus_malus", scenario, seed)
    agent = make_agent("random", seed)
    out = []
    for _ in range(400):
        if eng.state.outcome is not None or len(out) >= wanted:
            break
        d = eng.state.pending[-1] if eng.state.pending else None
        if d is not None and d.kind == flow.PICK and len(d.options) >= 2 and \
                sum(1 for p in eng.state.pending if p.kind == flow.PICK) >= 2 and eng.state.turn >= 2:
            out.append(eng.clone())
        eng.step(agent.choose(eng.view_for(eng.decider())))
    return out


@pytest.mark.parametrize("scenario", ("accrochage", "extraction", "le_nid"))
def test_playout_picks(scenario):
    cases = _playout_picks(scenario, 3)
    assert cases
    for eng in cases:
        variants = _second_picker(eng)
        if len(variants) >= 2:
            _same_choice_whatever_was_picked(variants, "ai:normal")
