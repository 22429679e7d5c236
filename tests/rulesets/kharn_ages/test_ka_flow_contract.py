"""The Khârn-Ages turn keeps the contract every registered ruleset keeps
(tests/rulesets/test_contract.py: random playouts of every scenario, bases, vitality,
activations once a turn, narration with no raw key, replay to the same digest) although it
is not registered yet: it is declared here for the test only, then withdrawn."""
from __future__ import annotations

import pytest

from game.core import ruleset as registry_cache
from tests.rulesets.test_contract import contract_cases, play_checked

from .flow_helpers import DECL


class Hooks:
    SEEDS = (1,)
    VARIANTS = {"short": {"max_turns": 2}}


CASES = [c for c in contract_cases(extra=[DECL], hooks={"kharn_ages": Hooks}) if c.ruleset == "kharn_ages"]


def test_every_scenario_is_covered():
    assert {c.scenario for c in CASES} == {"gue_des_crocs"}


@pytest.mark.parametrize("case", CASES, ids=str)
def test_kharn_ages_keeps_the_contract(case):
    try:
        eng = play_checked(case)
    finally:
        registry_cache._CACHE.pop("kharn_ages", None)
    assert eng.state.outcome is not None and len(eng.record.actions) > 20
