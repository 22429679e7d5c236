"""The lookahead of ``difficile`` (game.ai.lookahead): it ranks the planner's best options
by the evaluation of where they lead, within its counted budget, the same way for the same
seeds, and every ruleset has an evaluation (its own hook, else the material default)."""
from __future__ import annotations

import math

import pytest

from game.ai import lookahead
from game.ai.agents import make_agent
from tests.ai.test_lookahead import _two_actions_left


def _corner(state, side, profile):
    """A test evaluation: our figures the nearer the table's corner (0, 0), the better."""
    return -sum(math.dist(f.pos, (0.0, 0.0)) for f in state.figures_of(side))


def test_the_search_picks_by_the_evaluation(monkeypatch):
    monkeypatch.setitem(lookahead._EVAL, "evenor", _corner)
    eng = _two_actions_left()
    agent = make_agent("ai:difficile", 3)
    agent.load("evenor")
    agent.profile["search"] = {**agent.profile["search"], "margin": 0.0, "within": 0.0}
    chosen = agent.choose(eng)
    looked = [o for o in agent.last if "look=" in o.note]
    assert len(looked) >= 2 and agent.searched > 0
    best = max(looked, key=lambda o: float(o.note.split("look=")[1]))
    assert chosen == best.action
    # the corner pulls: the chosen option's end point is the nearest to it of those looked at
    ends = [math.dist(o.action.path[-1], (0, 0)) for o in looked if o.action.path]
    assert chosen.path and math.dist(chosen.path[-1], (0, 0)) <= min(ends) + 1e-6


def test_the_search_stays_within_its_budget_and_repeats_itself():
    eng = _two_actions_left()
    a, b = make_agent("ai:difficile", 7), make_agent("ai:difficile", 7)
    a.load("evenor")
    cfg = lookahead.SearchConfig.from_profile(a.profile, a.names)
    assert cfg is not None and cfg.steps > 0
    first = a.choose(eng)
    assert 0 < a.searched <= cfg.steps
    assert b.choose(_two_actions_left()) == first


def test_only_difficile_searches():
    for level in ("facile", "normal"):
        agent = make_agent(f"ai:{level}", 1)
        agent.load("evenor")
        assert lookahead.SearchConfig.from_profile(agent.profile, agent.names) is None
    # a difficile profile that says nothing of the search searches with the defaults
    assert lookahead.SearchConfig.from_profile({}, ("difficile",)) == lookahead.SearchConfig()
    assert lookahead.SearchConfig.from_profile({"search": False}, ("difficile",)) is None


@pytest.mark.parametrize("rid,own", [("evenor", True), ("mortebrume", True),
                                     ("swidenth", True), ("kharn_ages", True),
                                     ("bonus_malus", True)])
def test_every_ruleset_has_an_evaluation(rid, own):
    from game.core.engine import Engine
    from game.core.ruleset import get_ruleset

    fn = lookahead.evaluator(rid)
    assert (fn is not lookahead.material) == own
    scenario = get_ruleset(rid).scenarios()[0]
    st = Engine.new(rid, scenario, 1).state
    side = st.side_ids()[0]
    base = fn(st, side, {})
    victim = next(f for f in st.figures.values() if f.side != side)
    victim.out = True
    assert fn(st, side, {}) > base          # an enemy out of action is good for us


def test_bench_ai_times_every_level_of_every_ruleset():
    from game.ai.bench import games_of, level_of
    from game.ai.profiles import LEVELS
    from game.core.plugins import plugins

    for rid, decl in plugins().items():
        games = games_of(decl)
        if not decl.bench:
            continue
        covered = {level_of(s) for g in games for s in (g.agent, g.opponent)}
        assert set(LEVELS) <= covered, rid
        assert games[:len(decl.bench)] == list(decl.bench)   # the declared games first
