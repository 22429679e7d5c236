"""``python main.py bench ai``: decision latency of the utility AI over a fixed set of
seeded games (every scenario, every level, seats swapped), timed per decision."""
from __future__ import annotations

import time

from game.ai.agents import make_agent
from game.sim import percentile, play_game

GAMES = [  # (scenario, seed, AI spec, opponent)
    ("extermination", 1, "ai:normal", "random"),
    ("extermination", 2, "ai:difficile", "greedy"),
    ("chasse_orichalque", 3, "ai:normal", "greedy"),
    ("chasse_orichalque", 4, "ai:difficile:prudent", "random"),
    ("embuscade", 5, "ai:normal:agressif", "greedy"),
    ("embuscade", 6, "ai:facile", "ai:difficile"),
]


def run_ai_bench() -> dict:
    times: list[float] = []
    started = time.perf_counter()
    for i, (scenario, seed, spec, other) in enumerate(GAMES):
        a, b = make_agent(spec, seed), make_agent(other, seed + 100)
        seats = {1: a, 2: b} if i % 2 == 0 else {1: b, 2: a}
        _, _, t = play_game("evenor", scenario, seed, seats)
        times.extend(t)
    return {"decision_ms": {"p50": round(percentile(times, 0.5), 2),
                            "p95": round(percentile(times, 0.95), 2),
                            "max": round(max(times), 2) if times else 0.0},
            "decisions": len(times), "games": len(GAMES),
            "seconds": round(time.perf_counter() - started, 1)}
