"""``python main.py bench ai``: decision latency of the utility AI over a fixed set of
seeded games (the games each ruleset declares for it: its scenarios, every level, seats
swapped), timed per decision; long games stop after the turns their declaration gives."""
from __future__ import annotations

import time

from game.ai.agents import make_agent
from game.core.engine import Engine
from game.core.plugins import plugins
from game.sim import percentile, play_game


def run_ai_bench() -> dict:
    times: list[float] = []
    per: dict[str, list[float]] = {}
    started = time.perf_counter()
    games = [(rid, g) for rid, decl in sorted(plugins().items()) for g in decl.bench]
    for i, (ruleset, g) in enumerate(games):
        a, b = make_agent(g.agent, g.seed), make_agent(g.opponent, g.seed + 100)
        seats = {1: a, 2: b} if i % 2 == 0 else {1: b, 2: a}
        eng = Engine.new(ruleset, g.scenario, g.seed)
        if g.turns:
            eng.state.max_turns = g.turns
        _, _, t = play_game(ruleset, g.scenario, g.seed, seats, engine=eng)
        times.extend(t)
        per.setdefault(ruleset, []).extend(t)
    return {"decision_ms": _summary(times),
            "by_ruleset": {r: _summary(t) for r, t in per.items()},
            "decisions": len(times), "games": len(games),
            "seconds": round(time.perf_counter() - started, 1)}


def _summary(times: list[float]) -> dict:
    return {"p50": round(percentile(times, 0.5), 2), "p95": round(percentile(times, 0.95), 2),
            "max": round(max(times), 2) if times else 0.0}
