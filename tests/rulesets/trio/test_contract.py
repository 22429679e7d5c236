"""Trio keeps the contract every ruleset keeps (tests/rulesets/test_contract.py): the
three-side case of the contract, with its neutral side played by its agent."""
from __future__ import annotations

import pytest

from tests.rulesets.test_contract import contract_cases, play_checked
from tests.rulesets.trio import PLUGIN

CASES = [c for c in contract_cases(extra=[PLUGIN]) if c.ruleset == PLUGIN.id]


@pytest.mark.parametrize("case", CASES, ids=str)
def test_trio_keeps_the_contract(case):
    eng = play_checked(case)
    assert len(eng.state.side_ids()) == 3 and eng.state.outcome is not None
