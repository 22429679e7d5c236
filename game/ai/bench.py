"""``python main.py bench ai``: decision latency of the utility AI over a fixed set of
seeded games (the games each ruleset declares for it: its scenarios, every level, seats
swapped), timed per decision and per agent; long games stop after the turns their
declaration gives. A level a ruleset's declared games leave out (``difficile``, say) gets
a short game of its own against the random agent, so every level of every ruleset is
measured. Reported overall, per ruleset, and per ruleset and level (``by_level``)."""
from __future__ import annotations

import time

from game.ai.agents import make_agent
from game.ai.profiles import LEVELS
from game.core.engine import Engine
from game.core.plugins import BenchGame, plugins
from game.sim import percentile, play_game

EXTRA_TURNS = 2     # turns of the short game added for a level no declared game covers


def level_of(spec: str) -> str | None:
    """The level of an AI spec (``ai`` is normal), None for the baselines."""
    parts = spec.split(":")
    if parts[0] != "ai":
        return None
    return parts[1] if len(parts) > 1 else "normal"


def games_of(decl) -> list[BenchGame]:
    """The ruleset's declared games, plus one short game per level they leave out."""
    games = list(decl.bench)
    if not games:
        return games
    covered = {level_of(s) for g in games for s in (g.agent, g.opponent)}
    first = games[0]
    for level in LEVELS:
        if level not in covered:
            games.append(BenchGame(first.scenario, first.seed, f"ai:{level}", "random",
                                   turns=EXTRA_TURNS))
    return games


class _Timed:
    """An agent whose decisions are timed into ``into`` (wall clock, as ``sim`` does)."""

    def __init__(self, agent, into: list[float]):
        self._agent, self._into = agent, into
        self.timed = False      # play_game's own timing is not used here

    def choose(self, view):
        t0 = time.perf_counter()
        try:
            return self._agent.choose(view)
        finally:
            self._into.append((time.perf_counter() - t0) * 1000)

    def __getattr__(self, name):
        return getattr(self._agent, name)


def run_ai_bench() -> dict:
    times: list[float] = []
    per: dict[str, list[float]] = {}
    levels: dict[str, dict[str, list[float]]] = {}
    started = time.perf_counter()
    games = [(rid, g) for rid, decl in sorted(plugins().items()) for g in games_of(decl)]
    for i, (ruleset, g) in enumerate(games):
        agents = []
        for spec, seed in ((g.agent, g.seed), (g.opponent, g.seed + 100)):
            agent = make_agent(spec, seed)
            level = level_of(spec)
            if level is not None:
                agent = _Timed(agent, levels.setdefault(ruleset, {}).setdefault(level, []))
            agents.append(agent)
        a, b = agents
        seats = {1: a, 2: b} if i % 2 == 0 else {1: b, 2: a}
        eng = Engine.new(ruleset, g.scenario, g.seed)
        if g.turns:
            eng.state.max_turns = g.turns
        play_game(ruleset, g.scenario, g.seed, seats, engine=eng)
    for ruleset, by in levels.items():
        for t in by.values():
            times.extend(t)
            per.setdefault(ruleset, []).extend(t)
    return {"decision_ms": _summary(times),
            "by_ruleset": {r: _summary(t) for r, t in sorted(per.items())},
            "by_level": {r: {lv: _summary(by[lv]) for lv in LEVELS if lv in by}
                         for r, by in sorted(levels.items())},
            "decisions": len(times), "games": len(games),
            "seconds": round(time.perf_counter() - started, 1)}


def _summary(times: list[float]) -> dict:
    return {"p50": round(percentile(times, 0.5), 2), "p95": round(percentile(times, 0.95), 2),
            "max": round(max(times), 2) if times else 0.0, "n": len(times)}
