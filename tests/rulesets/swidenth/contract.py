"""Swidenth's part of the ruleset contract (tests/rulesets/test_contract.py): the default
seeds, one game only on the guided game's small table."""
from __future__ import annotations

SCENARIO_SEEDS = {"premiere_partie": (1,)}
