"""The four defences: their PA costs, what they may commit, the limits (the A effect's free
attacks, Fine lame, stunned, En alerte), the shield, and the comparison (a tie favours the
defender)."""
from __future__ import annotations

import pytest

from game.rulesets.kharn_ages import defence as dfc
from game.rulesets.kharn_ages.defence import DefenceBuild, Incoming
from game.rulesets.kharn_ages.dice import action_roll
from game.rulesets.kharn_ages.fighter import Shield, make

from ..shared.helpers import scripted

ECU = Shield("ecu", 6)
PA_INC = Incoming(("P", "A"), (4, 3), 2)


def test_defence_costs_zero_to_three_pa():
    f = make("f", pa=5)
    for chars, cost, kind in [((), 0, "reflex"), (("P",), 1, "simple"), (("P", "V"), 2, "standard"),
                              (("P", "V", "C"), 3, "sustained")]:
        b = DefenceBuild(chars)
        assert (dfc.defence_cost(f, b), b.kind()) == (cost, kind)
        assert dfc.check_defence(f, b, PA_INC) is None
    f.status["pa"] = 1
    assert dfc.check_defence(f, DefenceBuild(("P", "V")), PA_INC) == "pa"


@pytest.mark.parametrize("build,why", [
    (DefenceBuild(("V",)), "unrelated"),
    (DefenceBuild(("V", "C")), "unrelated"),
    (DefenceBuild(("A", "A", "A")), "chars"),
    (DefenceBuild(("P", "V"), damage="P"), None),
    (DefenceBuild(("P", "V"), damage="P", effect="V"), "riposte"),
    (DefenceBuild(("P", "V", "C"), damage="P", effect="C"), None),
    (DefenceBuild(("P",), damage="P"), "riposte"),
    (DefenceBuild(("P", "V"), damage="C"), "riposte"),
    (DefenceBuild(shield=True), "shield"),
])
def test_what_a_defence_may_commit(build, why):
    assert dfc.check_defence(make("f", pa=5), build, PA_INC) == why


def test_a_doubled_attack_characteristic_must_be_defended_with_it():
    inc = Incoming(("C", "C"), (5, 5), 2)
    f = make("f", pa=5)
    assert dfc.check_defence(f, DefenceBuild(("C", "P")), inc) is None
    assert dfc.check_defence(f, DefenceBuild(("C",)), inc) is None
    inc3 = Incoming(("C", "C", "P"), (5, 5, 4), 3)
    assert dfc.check_defence(f, DefenceBuild(("P",)), inc3) == "forced"


def test_limits_free_attacks_fine_lame_shots_and_reach():
    f = make("f", pa=5)
    free = Incoming(("A",), (3,), 1, max_chars=2)
    assert dfc.check_defence(f, DefenceBuild(("A", "P", "V")), free) == "too_many"
    lame = Incoming(("P",), (4,), 1, fine_lame=True)
    assert dfc.check_defence(f, DefenceBuild(("P", "V")), lame) == "fine_lame"
    shot = Incoming(("A", "V"), (4, 4), 2, shot=True)
    assert dfc.check_defence(f, DefenceBuild(("A", "V"), damage="A"), shot) == "riposte"
    far = Incoming(("P", "A"), (4, 3), 2, in_reach=False)
    assert dfc.check_defence(f, DefenceBuild(("P", "A"), damage="P"), far) == "riposte"
    assert dfc.check_defence(f, DefenceBuild(("P", "A"), effect="P"), far) is None


def test_stunned_and_alert():
    f = make("f", pa=1)
    f.status["stunned"] = True
    assert dfc.defence_cost(f, DefenceBuild()) == 1
    assert dfc.check_defence(f, DefenceBuild(("P",)), PA_INC) == "pa"
    f.status["pa"] = 0
    assert not dfc.can_defend(f) and dfc.check_defence(f, DefenceBuild(), PA_INC) == "cannot"
    assert dfc.options(f, PA_INC) == []
    g = make("g", pa=1)
    g.status["alert"] = True
    two = DefenceBuild(("P", "V"))
    assert dfc.defence_cost(g, two) == 1 and two.kind(alert=True) == "simple"
    assert dfc.check_defence(g, two, PA_INC) is None


def test_options_take_the_best_characteristics_per_pa():
    f = make("f", pa=2, chars={"V": 6, "P": 2, "A": 5, "C": 1})
    opts = dfc.options(f, PA_INC)
    assert opts == [DefenceBuild(), DefenceBuild(("A",)), DefenceBuild(("V", "A"))]


def test_the_shield_adds_the_attackers_lowest_and_parries_on_an_rc():
    f = make("f", pa=3, shield=ECU)
    b = DefenceBuild(("P",), shield=True)
    assert dfc.defence_mods(f, b, PA_INC) == [("P", 3), ("shield", 3)]
    att = action_roll(scripted(9, 10), make("a", level=1), "attack", "melee", (("P", 9),))
    big = action_roll(scripted(10, 1), f, "defence", "defence")
    assert att.total == 18 and big.total == 10
    assert dfc.attack_hits(att, big) and not dfc.attack_hits(att, big, shield=True)
    assert dfc.shield_ticks(big) == 1
    assert dfc.shield_ticks(action_roll(scripted(1), f, "defence", "defence")) == 2
    f.status["shield_ticks"] = 6
    assert not dfc.shield_intact(f)
    assert dfc.check_defence(f, DefenceBuild(discard=True), PA_INC) == "shield"


def test_comparison_tie_favours_the_defender_and_criticals_fail():
    a = make("a")
    d = make("d")
    att = action_roll(scripted(6), a, "attack", "melee", (("P", 4),))
    tie = action_roll(scripted(7), d, "defence", "defence", (("P", 3),))
    low = action_roll(scripted(6), d, "defence", "defence", (("P", 3),))
    ec = action_roll(scripted(1), d, "defence", "defence", (("P", 30),))
    assert not dfc.attack_hits(att, tie)
    assert dfc.attack_hits(att, low) and dfc.attack_hits(att, ec) and dfc.attack_hits(att, None)
    miss = action_roll(scripted(1), a, "attack", "melee", (("P", 30),))
    assert not dfc.attack_hits(miss, low) and not dfc.attack_hits(miss, None)


def test_who_may_defend():
    f = make("f", pa=2)
    f.status.update(down=True, frightened=True)
    assert dfc.can_defend(f) and not f.fit
    f.status["knocked_out"] = True
    assert not dfc.can_defend(f)
