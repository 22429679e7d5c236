"""Khârn-Ages ``difficile`` searches (game.ai.lookahead, its profile's ``search``): the
planner's best intentions are played forward through the rest of the activation and the
enemy's next activation (its reply), and ranked by Khârn-Ages' own evaluation."""
from __future__ import annotations

from game.ai import lookahead
from game.ai.agents import make_agent
from tests.ai import kharn_ages_positions as positions


def test_difficile_searches_as_far_as_the_enemys_reply(monkeypatch):
    seen: list[tuple[int, str]] = []
    play = lookahead.Rollout._play

    def spy(self, eng, who):
        seen.append((who, "idle" if lookahead._idle(eng.state) else "open"))
        return (yield from play(self, eng, who))

    monkeypatch.setattr(lookahead.Rollout, "_play", spy)
    eng = positions.spent_brute()       # a walk and an attack close in the planner's scores
    agent = make_agent("ai:difficile", 1)
    agent.choose(eng.view_for(eng.decider()))
    cfg = lookahead.SearchConfig.from_profile(agent.profile, agent.names)
    assert cfg is not None and cfg.reply
    assert 0 < agent.searched <= cfg.steps
    assert len([o for o in agent.last if "look=" in o.note]) >= 2
    # the brute, still to act, opens its own activation inside a rollout
    assert (2, "idle") in seen


def test_normal_does_not_search():
    eng = positions.keep_pa_to_parry()
    agent = make_agent("ai:normal", 1)
    agent.choose(eng.view_for(eng.decider()))
    assert lookahead.SearchConfig.from_profile(agent.profile, agent.names) is None
    assert not any("look=" in o.note for o in agent.last)


def _searched_walks(moves: int | None) -> int:
    eng = positions.across_the_stream()      # only walks to weigh, all legal (walk_terrain)
    agent = make_agent("ai:difficile", 1)
    agent.load("kharn_ages")
    if moves is not None:
        agent.profile["search"] = {**agent.profile["search"], "moves": moves}
    agent.choose(eng.view_for(eng.decider()))
    return len([o for o in agent.last if "look=" in o.note and o.action.kind == "walk"])


def test_difficile_searches_one_walk_of_a_figure_at_most():
    """``search.moves: 1`` (the time cap): now that the walks are legal (walk_terrain),
    searching two or three end points of one walk made difficile's p95 about a fifth
    slower; the search weighs one walk against the other kinds only."""
    assert _searched_walks(None) <= 1
    assert _searched_walks(0) >= 2           # the control: uncapped, several walks searched
