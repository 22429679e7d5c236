"""Move end points survive the rounding every action goes through (``Action.rounded``: a
path is stored and judged to a micrometre). An end point at the whole allowance came out
up to 0.0007 mm too far about half the time: the engine refused it and the agent silently
took its next-ranked option (a half move, a run cut short), for normal and greedy alike."""
from __future__ import annotations

import math

from game.ai.agents import make_agent
from game.core.actions import Action
from tests.ai.swidenth.positions import BRIGANDS, engine
from tests.rulesets.swidenth.helpers import PAS, fig


def _open_phase():
    """Our Centurion's phase, alone: the brigands 19 pas away, south-south-east,
    out of every reach (a diagonal walk: its end point's coordinates are not round)."""
    eng = engine(fig("chef", 1, 14, 2, "centurion"), fig("l1", 1, 8, 6), fig("l2", 1, 9.5, 6),
                 fig("capt", 2, 20, 21, "capitaine", BRIGANDS), fig("b1", 2, 22, 21, "brigand", BRIGANDS))
    eng.step(Action("activate", actor="chef", partners=()))
    return eng


def test_every_move_offered_is_legal_once_rounded():
    eng = _open_phase()
    agent = make_agent("ai:normal", 0)
    agent.choose(eng)
    moves = [o.action for o in agent.last if o.action.kind == "move"]
    assert len(moves) >= 10
    assert [a.path[-1] for a in moves if eng.check(a) is not None] == []


def test_greedy_walks_its_whole_move_on_a_diagonal():
    eng = _open_phase()
    action = make_agent("greedy", 0).choose(eng)
    assert action.kind == "move" and eng.check(action) is None
    walked = math.dist(eng.state.figures["chef"].pos, action.path[-1])
    assert walked > 5 * PAS - 0.1
