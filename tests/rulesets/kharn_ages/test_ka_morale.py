"""Témérité and effroi: flat 1D10 tests, the failure ladder, Ralliement and mastery dice spent
for good, the fright table."""
from __future__ import annotations

import pytest

from game.rulesets.kharn_ages import dice, morale, moves, states
from game.rulesets.kharn_ages.fighter import make

from ..shared.helpers import scripted


def test_temerity_needs_ten_plus_the_level_and_counts_allies_and_the_leader():
    f = make("f", chars={"T": 4}, pa=6)
    assert morale.temerity(scripted(8), f, "ogre", 12)
    assert not morale.temerity(scripted(5), f, "ogre", 12)
    assert morale.temerity(scripted(5), f, "ogre", 12, allies=1, leader=True)   # 4 + 5 + 2 + 1
    g = make("g", chars={"T": 4})
    assert not morale.temerity(scripted(5), g, "bite", 10, allies=3, terror=False)
    ctx = scripted(7)
    morale.temerity(ctx, g, "x", 10)
    e = ctx.events[0]
    assert (e.sides, e.result, e.crit, e.fumble) == (10, 11, (), ())


def test_the_failure_ladder():
    f = make("f", chars={"T": 2}, pa=5)
    ctx = scripted(1, 1, 1)
    morale.temerity(ctx, f, "ogre", 11)
    assert states.begin_activation(ctx, f) and f.pa == 2                 # half, rounded down
    morale.temerity(ctx, f, "ogre", 11)
    assert not states.begin_activation(ctx, f) and f.pa == 0
    morale.temerity(ctx, f, "ogre", 11)
    assert f.fig.out and f.status["demoralised"] and not f.status.get("carcass")


def test_a_pass_clears_the_test_and_terror_causers_ignore_it():
    f = make("f", chars={"T": 4}, pa=5)
    morale.temerity(scripted(1), f, "ogre", 12)
    assert morale.temerity(scripted(9), f, "ogre", 12)
    assert states.begin_activation(scripted(), f) and f.pa == 5
    assert morale.temerity(scripted(), make("ogre", skills={"terreur": 12}), "other", 14)


def test_ralliement_spends_a_mastery_die_for_good():
    f = make("f", level=2, chars={"T": 2}, pa=5, skills={"ralliement": None})
    assert morale.temerity(scripted(1), f, "ogre", 12)
    assert f.status["mastery_lost"] == [0] and dice.dice_for(f, "melee") == 1
    states.begin_activation(scripted(), f)
    assert dice.dice_for(f, "melee") == 2 and dice.mastery_die(f, "melee") == 1
    assert morale.temerity(scripted(1), f, "ogre", 12)
    assert not morale.temerity(scripted(1), f, "ogre", 12)               # no die left


def test_entering_a_terrifying_zone_and_failing_costs_half_the_pa_left():
    f = make("f", pa=5)
    assert morale.entering_terror_failed(f) == 2 and f.pa == 3


@pytest.mark.parametrize("face,outcome", [(1, "faint"), (3, "frozen"), (4, "lose_half_pa"), (7, "flee"),
                                          (8, "source_attacks"), (10, "victim_attacks")])
def test_the_fright_table(face, outcome):
    f = make("f", chars={"T": 3, "I": 2}, pa=5, mastery=())
    assert morale.effroi(scripted(2, face), f, "wraith", 13) == outcome
    assert f.status["frightened"] and not f.fit


def test_fright_effects():
    f = make("f", chars={"T": 3, "I": 2}, pa=5, mastery=())
    morale.effroi(scripted(2, 1), f, "w", 13)
    assert f.status["knocked_out"] and f.status["down"]
    g = make("g", chars={"T": 3, "I": 2}, pa=5, mastery=())
    morale.effroi(scripted(2, 5), g, "w", 13)
    assert g.pa == 2                                                      # half of 5, rounded up, lost
    h = make("h", chars={"T": 3, "I": 2}, pa=5, mastery=())
    morale.effroi(scripted(2, 2), h, "w", 13)
    assert h.zdc == 0.0
    with pytest.raises(ValueError):
        moves.walk(h)
    states.end_activation(scripted(), h)
    assert not h.status["frozen"] and h.zdc == 0.5


def test_effroi_passes_and_helpers():
    f = make("f", chars={"T": 3, "I": 2}, mastery=())
    assert morale.effroi(scripted(8), f, "w", 13) is None
    assert morale.effroi(scripted(), make("p", skills={"foi_inebranlable": None}), "w", 20) is None
    veteran = make("vet", level=3)
    assert morale.effroi(scripted(2), f, "w", 13, helper=veteran) is None
    assert veteran.status["mastery_lost"] == [0]
    assert morale.effroi(scripted(2, 6), f, "w", 13, helper=make("young", level=2)) == "flee"
    assert morale.effroi(scripted(9), f, "w", 13) is None and not f.status["frightened"]


def test_fire_burns_for_good_and_frightens_the_unlearned():
    f = make("f", chars={"T": 3, "I": 2}, pv=12, pa=4)
    ctx = scripted(4, 8)
    assert not states.burn(ctx, f, 3)
    assert f.status["fire"] and f.status["fire_lost"] == 3
    assert not morale.fire_fright(ctx, f)                        # 3 + 4 < 10
    assert morale.fire_fright(ctx, f) and morale.fire_fright(scripted(), f)
    assert states.heal(f, 10) == 0
    sage = make("sage", chars={"I": 5})
    assert morale.fire_fright(scripted(), sage)


def test_the_activation_runs_the_tests_between_the_effects_and_the_refill():
    f = make("f", chars={"T": 2}, pa=6, pv=10)
    f.status["bleeding"] = [1]
    ctx = scripted(1)
    order = []

    def tests():
        order.append(f.fig.vitality)
        morale.temerity(ctx, f, "ogre", 12)

    assert states.begin_activation(ctx, f, tests)
    assert order == [9] and f.pa == 3                                  # bled first, then half PA
    f.status["temerity"]["ogre"] = 2
    again = scripted(1)
    assert not states.begin_activation(again, f, lambda: morale.temerity(again, f, "x", 1))
    assert f.pa == 0
