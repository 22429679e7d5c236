"""Issue 17: the choices the true game refused in Mortebrume's seeded games (sim's
"refused for figures out of sight") were each legal in the side's view: a fighter it
could not see (behind it, outside its 180 degree field) stood in the way. After such a
refusal the agent offers its next option; a copy of the refused one (the same blow from
the same standing point, found twice) was refused again. The planner keeps one option
per action."""
from __future__ import annotations

from game.ai.mortebrume.options import Builder
from game.ai.mortebrume.planner import decide
from game.ai.mortebrume.world import World
from game.ai.utility import UtilityAgent
from tests.rulesets.mortebrume.sandbox import act, fig, sandbox, step


def _straight_at_its_back():
    """Our recruit 10 cm straight behind an enemy recruit: the way in and the point
    behind the target are the same standing point."""
    eng = sandbox([fig(1, "meleien_recrue", 20, 30, 0, name="me"),
                   fig(2, "meleien_recrue", 30, 30, 0, name="prey")])
    step(eng, act("activate", "me"))
    return eng


def _agent() -> UtilityAgent:
    agent = UtilityAgent(("normal",), 0)
    agent.load("mortebrume")
    return agent


def _keys(options) -> list[str]:
    return [repr(o.action.to_dict()) for o in options]


def test_the_same_blow_is_found_twice_by_the_builder():
    """The premise: the builder's strikes hold two copies of one action."""
    eng = _straight_at_its_back()
    st = eng.state
    agent = _agent()
    world = World(st, eng.ruleset.table_for(st), 1, agent.profile)
    b = Builder(world, eng, agent.profile)
    choice = next(c for c in eng.legal_actions() if c.kind == "strike")
    keys = _keys(b.strikes(st.figures["me"], choice))
    assert len(keys) > len(set(keys))


def test_the_planner_offers_each_action_once():
    eng = _straight_at_its_back()
    gen = decide(eng, eng.state.clone(), _agent())
    try:
        while True:
            next(gen)
    except StopIteration as done:
        options = done.value
    keys = _keys(options)
    assert any(o.action.kind == "strike" for o in options)
    assert len(keys) == len(set(keys))
