"""``sim --rosters A,B``: each agent's warband follows it round the table when the seats swap;
a bad value is a one-line error, exit 2, before any game."""
from __future__ import annotations

import pytest

from game import sim
from game.cli import _check_rosters
from game.core.errors import UserError
from tests.hermetic import run_main


def test_bad_rosters_are_refused_in_one_line(tmp_path):
    out = run_main("sim", "--ruleset", "kharn_ages", "--scenario", "premiere_partie", "--p1", "random",
                   "--p2", "random", "--rosters", "kharn_300,nope", home=tmp_path / "home")
    assert out.returncode == 2 and "--rosters: unknown preset 'nope' for kharn_ages (known: fang_300" in out.stderr
    assert len(out.stderr.strip().splitlines()) == 1 and out.stdout == ""
    with pytest.raises(UserError, match="expected two preset ids joined by a comma"):
        _check_rosters("kharn_ages", "kharn_300")


def test_each_agents_warband_follows_it_when_the_seats_swap(monkeypatch):
    seen = []

    def opening_only(ruleset, scenario, seed, agents, *, engine, **kw):
        names = {side: type(a).__name__ for side, a in agents.items()}
        seen.append({s.id: (s.roster, names[s.id]) for s in engine.state.sides.values()})
        return engine, 0, []                              # the table as set up is all we look at

    monkeypatch.setattr(sim, "play_game", opening_only)
    out = sim.run("kharn_ages", ["premiere_partie"], "random", "greedy", 2, 5, rosters=("kharn_300", "tembo_300"))
    assert out["errors"] == 0 and out["draws"] == 2
    rnd, greedy = seen[0][1][1], seen[0][2][1]
    assert rnd != greedy
    assert seen[0] == {1: ("kharn_300", rnd), 2: ("tembo_300", greedy)}       # p1 (random) on seat 1
    assert seen[1] == {1: ("tembo_300", greedy), 2: ("kharn_300", rnd)}       # swapped: its band with it
