"""Khârn-Ages throws: the AI prices a stone like a shot (hit odds times the harm through the
armour). Before, a throw was an unpriced kind scored below ending the activation: 0 of 20."""
from __future__ import annotations

from tests.ai import kharn_ages_positions as positions
from tests.ai.kharn_ages_positions import rate


def test_it_throws_a_stone_at_a_wounded_foe_out_of_reach():
    assert rate(positions.stone_throw, lambda eng, a: a.kind == "throw" and a.targets == ("foe",)) >= 0.95



def test_it_walks_in_to_strike_rather_than_throw_at_an_unhurt_foe_within_reach():
    """A stone left behind is priced (``throw_loss``): 0 of 20 before (it threw)."""
    assert rate(positions.stone_or_blade, lambda eng, a: a.kind in ("walk", "assault", "attack")) >= 0.95
