"""``bench odds`` asks every ruleset's odds over a few positions: each call is timed, the
calls that give odds are counted apart, and a failing call is counted, not raised."""
from __future__ import annotations

from game.ai.odds_bench import bench_ruleset
from game.core.plugins import plugins


def test_the_odds_bench_times_every_call_and_counts_failures(monkeypatch):
    decl = plugins()["swidenth"]
    r = bench_ruleset("swidenth", decl, positions=4)
    assert r["calls"] > 0 and r["errors"] == 0 and 0 <= r["answered"] <= r["calls"]
    assert r["us_p50"] <= r["us_p95"] <= r["us_max"] and len(r["_times"]) == r["calls"]
    pres = decl.load("presentation")

    def broken(self, *args):
        raise RuntimeError("odds")

    monkeypatch.setattr(type(pres()), "choice_odds", broken)
    r = bench_ruleset("swidenth", decl, positions=2)
    assert r["errors"] > 0 and r["calls"] >= r["errors"]


def test_a_choice_the_true_game_refuses_is_refereed_not_raised(monkeypatch):
    """A greedy choice can be refused by the true game (a path into a figure the side cannot
    see): the bench lets the game referee it, as a game does, and goes on."""
    import game.ai.odds_bench as bench
    from game.core.actions import Action

    real = bench.make_agent
    refused = []

    class Blunders:
        def __init__(self, agent):
            self.agent, self.first = agent, True

        def choose(self, view):
            if self.first:
                self.first = False
                refused.append(1)
                return Action(kind="no_such_kind", actor=None)
            return self.agent.choose(view)

        def another(self):
            return None

    monkeypatch.setattr(bench, "make_agent", lambda spec, seed: Blunders(real(spec, seed)))
    r = bench_ruleset("swidenth", plugins()["swidenth"], positions=2)
    assert refused and r["calls"] > 0 and r["errors"] == 0
