"""``python main.py bench ai``: decision latency of the utility AI over a fixed set of
seeded games (every scenario of both rulesets, every level, seats swapped), timed per
decision; Mortebrume games stop after a few turns to keep the bench short."""
from __future__ import annotations

import time

from game.ai.agents import make_agent
from game.core.engine import Engine
from game.sim import percentile, play_game

GAMES = [  # (ruleset, scenario, seed, AI spec, opponent, turn limit or None)
    ("evenor", "extermination", 1, "ai:normal", "random", None),
    ("evenor", "extermination", 2, "ai:difficile", "greedy", None),
    ("evenor", "chasse_orichalque", 3, "ai:normal", "greedy", None),
    ("evenor", "chasse_orichalque", 4, "ai:difficile:prudent", "random", None),
    ("evenor", "embuscade", 5, "ai:normal:agressif", "greedy", None),
    ("evenor", "embuscade", 6, "ai:facile", "ai:difficile", None),
    ("mortebrume", "dernier_debout", 7, "ai:difficile", "greedy", 4),
    ("mortebrume", "pierre_de_brume", 8, "ai:normal:prudent", "ai:facile:agressif", 4),
]


def run_ai_bench() -> dict:
    times: list[float] = []
    per: dict[str, list[float]] = {}
    started = time.perf_counter()
    for i, (ruleset, scenario, seed, spec, other, turns) in enumerate(GAMES):
        a, b = make_agent(spec, seed), make_agent(other, seed + 100)
        seats = {1: a, 2: b} if i % 2 == 0 else {1: b, 2: a}
        eng = Engine.new(ruleset, scenario, seed)
        if turns:
            eng.state.max_turns = turns
        _, _, t = play_game(ruleset, scenario, seed, seats, engine=eng)
        times.extend(t)
        per.setdefault(ruleset, []).extend(t)
    return {"decision_ms": _summary(times),
            "by_ruleset": {r: _summary(t) for r, t in per.items()},
            "decisions": len(times), "games": len(GAMES),
            "seconds": round(time.perf_counter() - started, 1)}


def _summary(times: list[float]) -> dict:
    return {"p50": round(percentile(times, 0.5), 2), "p95": round(percentile(times, 0.95), 2),
            "max": round(max(times), 2) if times else 0.0}
