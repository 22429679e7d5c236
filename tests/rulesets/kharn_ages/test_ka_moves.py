"""Action points and walks: the book's rising walk costs, Endurance, the stun tax, terrain
penalties per walk, the assault, standing up and climbing."""
from __future__ import annotations

import pytest

from game.rulesets.kharn_ages import moves
from game.rulesets.kharn_ages.fighter import Armour, make


def test_walk_costs_rise_by_one_per_walk():
    """The book: 1st move free, 2nd 1 PA, 3rd 2 PA, 4th 3 PA, and so on."""
    assert [moves.walk_cost(k) for k in range(1, 6)] == [0, 1, 2, 3, 4]
    f = make("f", pa=6)
    paid = []
    for _ in range(3):
        before = f.pa
        assert moves.walk(f) == 4
        paid.append(before - f.pa)
    assert paid == [0, 1, 2] and f.pa == 3 and f.status["walks"] == 3
    moves.walk(f)                                             # the 4th: 3 PA, the last ones
    assert f.pa == 0
    with pytest.raises(moves.NotEnoughPA):
        moves.walk(f)
    assert f.status["walks"] == 4


def test_endurance_and_stunned():
    assert [moves.walk_cost(k, endurance=True) for k in range(1, 6)] == [0, 1, 1, 3, 4]
    assert [moves.walk_cost(k, stunned=True) for k in range(1, 4)] == [1, 2, 3]
    f = make("f", pa=4)
    f.status["stunned"] = True
    assert moves.next_walk_cost(f) == 1 and moves.action_cost(f, 2) == 3


def test_terrain_penalties_take_the_worst_kind_touched():
    assert moves.walk_allowance(5) == 5
    assert moves.walk_allowance(5, ["loose"]) == 4
    assert moves.walk_allowance(5, ["slippery", "difficult"]) == 3
    assert moves.walk_allowance(5, ["water"]) == 3          # halved, rounded up
    assert moves.walk_allowance(1, ["difficult"]) == 0
    plate = make("p", chars={"V": 5}, armour=Armour("plate", 7, 2, 3, 8, v_malus=1))
    assert moves.walk(plate, ["loose"]) == 3                  # armour first, then terrain


def test_assault_costs_the_move_and_the_attack():
    f = make("f", pa=6)
    assert moves.assault_cost(f, 2) == 2                      # over the free walk: the attack only
    f.status["walks"] = 1
    assert moves.assault_cost(f, 2) == 3
    assert moves.assault_allowed(make("g"), engaged=False, target_seen=True)
    assert not moves.assault_allowed(make("g"), engaged=True, target_seen=True)
    g = make("g")
    g.status["attacks"] = 1
    assert not moves.assault_allowed(g, engaged=False, target_seen=True)
    assert moves.assault_allowance(make("c", chars={"V": 4}, skills={"charge_brutale": 2})) == 6


def test_standing_up_uses_the_free_walk_or_one_pa():
    f = make("f", pa=4)
    f.status["down"] = True
    with pytest.raises(ValueError):
        moves.walk(f)
    assert moves.stand_up(f) == 0 and f.status["walks"] == 1 and f.pa == 4
    f.status["down"] = True
    assert moves.stand_up(f) == 1 and f.pa == 3
    assert moves.next_walk_cost(f) == 1


def test_climbing_the_books_example():
    """V 6 climbs 3 toises for 2 PA; as the first move it loses the free walk but counts as
    one move, so the next walk costs 1 PA."""
    f = make("f", chars={"V": 6}, pa=5)
    assert moves.climb(f) == 3 and f.pa == 3
    assert moves.next_walk_cost(f) == 1
    g = make("g", chars={"V": 6}, pa=5)
    moves.walk(g)
    with pytest.raises(ValueError):
        moves.climb(g)                                         # not right after the free walk


def test_the_armour_malus_slows_moves_only():
    plate = make("p", chars={"V": 5}, armour=Armour("plate", 7, 2, 3, 8, v_malus=1))
    assert plate.char("V") == 5 and plate.speed == 4
    plate.status["armour_off"] = True
    assert plate.speed == 5


def test_swimming_and_carrying():
    f = make("f", chars={"V": 5, "P": 3}, pa=4)
    assert moves.swim(f) == 3 and f.pa == 2 and f.status["walks"] == 1
    knight = make("k", pa=4, armour=Armour("plate", 7, 2, 3, 8, v_malus=1, heavy=True))
    with pytest.raises(ValueError):
        moves.swim(knight)
    f.status["carrying"] = ["keg"]
    assert f.speed == 3 and not moves.burdened(f)             # P 3: V - 2
    strong = make("s", chars={"V": 5, "P": 4})
    strong.status["carrying"] = ["fig:friend"]
    assert strong.speed == 4 and moves.burdened(strong)


def test_a_burdened_figure_neither_attacks_nor_defends_with_pa():
    from game.rulesets.kharn_ages.attacks import AttackBuild, check_attack
    from game.rulesets.kharn_ages.defence import DefenceBuild, Incoming, check_defence

    f = make("f", pa=4)
    f.status["carrying"] = ["keg", "sack"]
    assert check_attack(f, AttackBuild(("P",))) == "burdened"
    inc = Incoming(("P",), (3,), 1)
    assert check_defence(f, DefenceBuild(("P",)), inc) == "burdened"
    assert check_defence(f, DefenceBuild(), inc) is None
