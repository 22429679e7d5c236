"""Evenor's part of the ruleset contract (tests/rulesets/test_contract.py): whole games,
and what only Evenor's figures promise."""
from __future__ import annotations

SEEDS = range(1, 3)     # whole games are long: more seeds are a soak for `sim`, not the suite
SCENARIO_SEEDS = {"premiere_partie": (1,)}   # the guided game's small table: one game is enough


def check_state(engine) -> None:
    for f in engine.state.figures.values():
        if f.out and not f.status.get("escaped"):
            assert f.vitality == 0, f"{f.id} out with {f.vitality} vitality"
        elif not f.out:
            assert f.vitality >= 1, f"{f.id} in play with {f.vitality} vitality"
