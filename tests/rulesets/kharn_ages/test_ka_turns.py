"""Initiative by level totals, who starts each later turn, and the alternation."""
from __future__ import annotations

from game.rulesets.kharn_ages import turns

from ..shared.helpers import scripted


def test_the_higher_level_total_plays_first_and_a_tie_is_drawn():
    ctx = scripted()
    assert turns.initiative(ctx, {1: 9, 2: 7}) == 1 and not ctx.events
    tie = scripted(2)
    assert turns.initiative(tie, {1: 8, 2: 8}) == 2
    assert (tie.events[0].rule, tie.events[0].sides, tie.events[0].result) == ("initiative", 2, 2)


def test_fewer_figures_start_else_the_alternation_carries_on():
    assert turns.first_side({1: 3, 2: 5}, last_activation_side=1) == 1
    assert turns.first_side({1: 6, 2: 5}, last_activation_side=2) == 2
    assert turns.first_side({1: 4, 2: 4}, last_activation_side=1) == 2
    assert turns.first_side({1: 4, 2: 4}, last_activation_side=2) == 1


def test_alternation_and_a_side_finishing_alone():
    assert turns.next_side(1, {1: 2, 2: 1}) == 2
    assert turns.next_side(2, {1: 0, 2: 3}) == 2
    assert turns.next_side(2, {1: 0, 2: 0}) is None
