"""The utility AI proposes no moves that gain nothing: a step or a move shorter than a
useful distance (a whole pas in Evenor, the 3 cm minimum move in Mortebrume) is offered
only when it makes the figure safer (or otherwise better placed than staying), never for a
sliver of progress, so the AI's turn shows no "steps 0.3 pas"."""
from __future__ import annotations

import math

from game.ai.agents import make_agent
from game.ai.utility import MARGIN

PAS, CM = 25.0, 10.0


def _short_moves_that_gain_nothing(agent, fig, shortest: float) -> list:
    """Options moving the figure less than ``shortest`` mm with no input (but progress)
    better than staying put by the margin."""
    stay = next(o for o in agent.last if o.note == "stay")
    out = []
    for o in agent.last:
        if o.decision != "move" or not o.action.path or o is stay:
            continue
        if math.dist(fig.pos, o.action.path[-1]) >= shortest - 0.5:
            continue
        if any(v - stay.inputs.get(k, v) >= MARGIN for k, v in o.inputs.items() if k != "progress"):
            continue
        out.append((round(math.dist(fig.pos, o.action.path[-1]) / PAS, 2), o.inputs))
    return out


def test_evenor_the_free_step_is_a_whole_pas_or_a_safer_place():
    from tests.rulesets.evenor.sandbox import act, fig, sandbox, step

    engine = sandbox([fig(1, "ulysse", 4, 4), fig(2, "kara", 20, 20), fig(2, "jorund", 21, 18)],
                     dice=[6] * 200)
    step(engine, act("activate", "1.ulysse", value=0))          # one static action...
    step(engine, act("pass", "1.ulysse"))                         # ...leaves a free step of 1 pas
    agent = make_agent("ai:normal", 5)
    action = agent.choose(engine.view_for(1))
    ulysse = engine.state.figures["1.ulysse"]
    assert any(o.action.kind == "step" for o in agent.last)
    assert _short_moves_that_gain_nothing(agent, ulysse, PAS) == []
    assert action.kind != "step" or math.dist(ulysse.pos, action.path[-1]) >= PAS - 0.5


def test_evenor_partial_step_left_is_not_walked():
    from tests.rulesets.evenor.sandbox import act, fig, sandbox, step

    engine = sandbox([fig(1, "ulysse", 4, 4), fig(2, "kara", 20, 20)], dice=[6] * 200)
    step(engine, act("activate", "1.ulysse", value=0))
    step(engine, act("pass", "1.ulysse"))
    step(engine, act("step", "1.ulysse", path=[(4, 4), (4.67, 4)]))   # 0.67 pas of the step
    agent = make_agent("ai:normal", 5)
    action = agent.choose(engine.view_for(1))
    assert action.kind == "end"                                  # 0.33 pas would gain nothing


def test_mortebrume_no_move_for_a_few_centimetres_left():
    from tests.rulesets.mortebrume.sandbox import act, fig, sandbox, step

    engine = sandbox([fig(1, "thanigiste_recrue", 10, 10, 0.0, name="A"),
                      fig(2, "thanigiste_recrue", 65, 65, 180.0, name="Z")], dice=[4] * 100, mist=15)
    step(engine, act("activate", "A"))
    step(engine, act("move", "A", path=[(17.5, 10)]))            # 2 cm of the move left
    a = engine.state.figures["A"]
    agent = make_agent("ai:normal", 3)
    action = agent.choose(engine.view_for(1))
    assert _short_moves_that_gain_nothing(agent, a, 3 * CM) == []
    assert action.kind != "move"


def test_mortebrume_short_moves_need_a_reason():
    from tests.rulesets.mortebrume.sandbox import act, fig, sandbox

    engine = sandbox([fig(1, "thanigiste_recrue", 10, 10, 0.0, name="A"),
                      fig(2, "thanigiste_recrue", 65, 65, 180.0, name="Z")], dice=[4] * 100, mist=15)
    from tests.rulesets.mortebrume.sandbox import step

    step(engine, act("activate", "A"))
    a = engine.state.figures["A"]
    agent = make_agent("ai:normal", 3)
    agent.choose(engine.view_for(1))
    assert any(o.decision == "move" and o.action.path for o in agent.last)
    assert _short_moves_that_gain_nothing(agent, a, 3 * CM) == []
