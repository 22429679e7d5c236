"""Khârn-Ages throws: the AI prices a stone like a shot (hit odds times the harm through the
armour). Before, a throw was an unpriced kind scored below ending the activation: 0 of 20."""
from __future__ import annotations

from tests.ai import kharn_ages_positions as positions
from tests.ai.kharn_ages_positions import rate


def test_it_throws_a_stone_at_a_wounded_foe_out_of_reach():
    assert rate(positions.stone_throw, lambda eng, a: a.kind == "throw" and a.targets == ("foe",)) >= 0.95

