"""Armour boxes and rolls (the half-plate of the book: threshold 6, stops 1 below and 2 from
it), Perce-armure, wounds and the carcass, and the lasting effects at activation."""
from __future__ import annotations

from game.rulesets.kharn_ages import armour as arm
from game.rulesets.kharn_ages import states
from game.rulesets.kharn_ages.fighter import Armour, make

from ..shared.helpers import scripted

HALF_PLATE = Armour("demi_plate", threshold=6, low=1, high=2, boxes=6)


def test_armour_ticks_a_box_then_rolls():
    f = make("f", armour=HALF_PLATE, pv=20)
    low = arm.absorb(scripted(4), f, 5)
    assert (low.face, low.stopped, low.ticked, low.taken) == (4, 1, 1, 4)
    high = arm.absorb(scripted(6), f, 5, crit=3)
    assert (high.stopped, high.taken) == (2, 6)                  # the critical bonus lands
    rc = arm.absorb(scripted(10), f, 5, crit=3)
    assert (rc.stopped, rc.taken) == (5, 3)                      # all base damage, not the bonus
    ec = arm.absorb(scripted(1), f, 5)
    assert (ec.stopped, ec.ticked, ec.taken) == (0, 2, 5)        # nothing, one more box
    assert arm.boxes_left(f) == 1 and f.status["armour_ticks"] == 5


def test_empty_armour_stops_nothing_and_unarmed_hits_tick_no_box():
    f = make("f", armour=HALF_PLATE)
    f.status["armour_ticks"] = 6
    none = arm.absorb(scripted(), f, 5)
    assert (none.face, none.taken) == (None, 5)
    g = make("g", armour=HALF_PLATE)
    fist = arm.absorb(scripted(1), g, 3, spares=True)
    assert (fist.ticked, fist.taken, arm.boxes_left(g)) == (0, 3, 6)
    assert arm.absorb(scripted(), g, 0).face is None             # no damage, no roll
    ctx = scripted(7)
    arm.absorb(ctx, g, 4)
    assert (ctx.events[0].rule, ctx.events[0].result) == ("armour", 2)


def test_armour_piercing_ticks_before_the_roll():
    f = make("f", armour=HALF_PLATE)
    assert arm.pierce(scripted(), f, 2) == 2 and arm.boxes_left(f) == 4
    ctx = scripted(7)                                             # 1D5 = 4
    assert arm.pierce(ctx, f, None) == 4 and arm.boxes_left(f) == 0
    assert arm.absorb(scripted(), f, 5).taken == 5


def test_a_wound_to_zero_leaves_a_carcass():
    f = make("f", pv=6)
    ctx = scripted()
    assert not arm.wound(ctx, f, 4)
    assert arm.wound(ctx, f, 4)
    assert f.fig.vitality == 0 and f.fig.out and f.status["carcass"]
    assert [e.kind for e in ctx.events] == ["wounded", "wounded", "status", "out"]
    assert not arm.wound(ctx, f, 3)


def test_activation_refills_and_lasting_effects_bite():
    f = make("f", pv=12, pa=5, level=2)
    f.status.update(pa=0, mastery_used=[0, 1], walks=3, stunned=True, knocked_out=True, down=True,
                    bleeding=[2, 1], fire=True, frost=True)
    ctx = scripted()
    assert states.begin_activation(ctx, f)
    assert f.fig.vitality == 12 - 3 - 1 and f.status["fire_lost"] == 1
    assert (f.pa, f.status["mastery_used"], f.status["walks"]) == (5, [], 0)
    assert not f.status["stunned"] and not f.status["knocked_out"] and f.status["down"]
    assert f.status["frost_now"] and f.char("V") == 2 and f.char("A") == 1
    assert states.heal(f, 10) == 3                                # fire's point never heals
    states.begin_activation(ctx, f)
    assert not f.status["frost_now"] and f.char("V") == 4


def test_peau_dure_bleeds_once():
    f = make("f", pv=12, skills={"peau_dure": None})
    f.status["bleeding"] = [2]
    states.begin_activation(scripted(), f)
    states.begin_activation(scripted(), f)
    assert f.fig.vitality == 10


def test_poison_grows_and_kills_below_zero():
    f = make("f", pv=30, chars={"P": 2, "A": 3, "C": 4, "I": 5, "V": 4, "T": 4})
    ctx = scripted()
    states.poison(ctx, f)
    states.poison(ctx, f)                                          # one poisoning at a time
    assert states.begin_activation(ctx, f) and f.char("P") == 1 and f.char("T") == 3
    assert states.begin_activation(ctx, f) and f.char("P") == 0
    assert not states.begin_activation(ctx, f)
    assert f.status["carcass"] and f.fig.vitality == 0


def test_bleeding_to_death_stops_the_activation():
    f = make("f", pv=2)
    f.status["bleeding"] = [2]
    assert not states.begin_activation(scripted(), f)
    assert f.status["carcass"] and f.pa == f.profile.pa and "walks" not in f.status


def test_knocked_out_figures_are_down_unfit_and_without_zone():
    f = make("f")
    states.set_state(scripted(), f, "knocked_out")
    assert f.status["down"] and not f.fit and not states.may_act(f) and f.zdc == 0.0
    g = make("g", allonge=2.0)
    assert g.zdc == 2.0 and make("h").zdc == 0.5
