"""One melee exchange with scripted dice, in the order of K-R4: attack roll (and its mastery
re-roll), the defender's choice knowing the total, its roll, the comparison, damage through
armour, ripostes and effects."""
from __future__ import annotations

import pytest

from game.rulesets.kharn_ages import melee
from game.rulesets.kharn_ages.attacks import AttackBuild
from game.rulesets.kharn_ages.defence import DefenceBuild
from game.rulesets.kharn_ages.fighter import Armour, Shield, Weapon, make
from game.rulesets.kharn_ages.melee import Situation

from ..shared.helpers import scripted

HALF_PLATE = Armour("demi_plate", threshold=6, low=1, high=2, boxes=6)
CHARS = {"V": 4, "P": 4, "A": 3, "C": 6}


def fighters():
    """Two level-1 fighters without mastery dice (no re-roll to script)."""
    att = make("att", chars=CHARS, stature=4, pa=5, pv=20, mastery=())
    dfn = make("dfn", chars={"V": 3, "P": 5, "A": 4, "C": 3}, stature=3, pa=5, pv=20, armour=HALF_PLATE,
               mastery=())
    return att, dfn


def always(build):
    return lambda inc, roll: build


def test_a_standard_attack_hits_a_reflex_defence_and_pushes():
    att, dfn = fighters()
    ctx = scripted(7, 9, 4)                 # attack 7 + 10 = 17; reflex 9; armour 4 stops 1
    seen = []

    def decide(inc, roll):
        seen.append((inc.chars, inc.values, roll.total))
        return DefenceBuild()
    out = melee.exchange(ctx, att, dfn, AttackBuild(("P", "C"), "C", ("C",)), decide)
    assert seen == [(("P", "C"), (4, 6), 17)]
    assert out.hit and out.damage.taken == 5 and dfn.fig.vitality == 15
    assert (att.pa, dfn.pa) == (3, 5)
    assert out.effects.by == "att" and out.effects.push == 3.0 and out.effects.move == 0.0
    assert [e.rule for e in ctx.events if e.kind == "dice"] == ["attack", "defence", "armour"]


def test_a_sustained_defence_parries_and_ripostes_with_the_stature_on_an_rc():
    att, dfn = fighters()
    ctx = scripted(5, 10, 3)                # attack 5 + 8 = 13; defence 10 (+3) + 12 = 25
    out = melee.exchange(ctx, att, dfn, AttackBuild(("P", "A"), "P"),
                         always(DefenceBuild(("P", "A", "V"), damage="P", effect="V")))
    assert not out.hit and out.defence.rc and dfn.pa == 2
    assert out.riposte.taken == 5 + 3 and att.fig.vitality == 12          # P 5 + stature 3
    assert out.effects.by == "dfn" and out.effects.move == 1.5


def test_a_standard_defence_riposte_needs_the_reach():
    att, dfn = fighters()
    with pytest.raises(ValueError):
        melee.exchange(scripted(2, 9), att, dfn, AttackBuild(("P", "A"), "P"),
                       always(DefenceBuild(("P", "A"), damage="P")), Situation(in_reach=False))
    out = melee.exchange(scripted(2, 9), att, dfn, AttackBuild(("P", "A"), "P"),
                         always(DefenceBuild(("P", "A"), effect="A")), Situation(in_reach=False))
    assert not out.hit and out.riposte is None and out.effects.extra_attacks == 1
    att2, dfn2 = fighters()
    out2 = melee.exchange(scripted(2, 9), att2, dfn2, AttackBuild(("P", "A"), "P"),
                          always(DefenceBuild(("P", "A"), damage="P")))
    assert not out2.hit and out2.riposte.taken == 5


def test_an_attack_ec_never_happened_but_is_paid():
    att, dfn = fighters()
    ctx = scripted(1)
    out = melee.exchange(ctx, att, dfn, AttackBuild(("P", "C", "C"), "C", ("C", "C")), always(DefenceBuild()))
    assert not out.hit and out.defence is None and att.pa == 2 and dfn.fig.vitality == 20
    assert len([e for e in ctx.events if e.kind == "dice"]) == 1


def test_the_assault_bonus_counts_for_the_first_attack_only():
    att, dfn = fighters()
    sit = Situation(assault=True)
    ctx = scripted(2, 9, 5, 2, 9)
    melee.exchange(ctx, att, dfn, AttackBuild(("P",)), always(DefenceBuild()), sit)
    melee.exchange(ctx, att, dfn, AttackBuild(("P",)), always(DefenceBuild()), sit)
    attacks = [e for e in ctx.events if e.kind == "dice" and e.rule == "attack"]
    assert [e.result for e in attacks] == [2 + 4 + 4, 2 + 4]
    assert ("assault", 4) in attacks[0].mods and ("assault", 4) not in attacks[1].mods


def test_a_discarded_shield_parries_but_the_critical_damage_lands():
    att, dfn = fighters()
    dfn = make("dfn", pa=2, pv=20, shield=Shield("ecu", 6), armour=HALF_PLATE, mastery=())
    ctx = scripted(10, 5)                   # RC: 10 + 5 chained
    out = melee.exchange(ctx, att, dfn, AttackBuild(("P", "C"), "C"), always(DefenceBuild(discard=True)))
    assert not out.hit and out.defence is None and dfn.fig.vitality == 20 - 4
    assert dfn.status["shield_gone"] and dfn.pa == 2
    assert all(e.rule != "armour" for e in ctx.events if e.kind == "dice")


def test_the_defender_spends_a_mastery_die_when_short():
    att, dfn = fighters()
    dfn = make("dfn", level=2, chars={"P": 5}, pa=5, pv=20)
    ctx = scripted(6, 2, 3, 9)              # attack 6 + 8 = 14; defence 2, 3 (+5): short, re-roll 2 -> 9
    out = melee.exchange(ctx, att, dfn, AttackBuild(("P", "A"), "P"), always(DefenceBuild(("P",))))
    assert not out.hit and out.defence.rerolled == 1 and dfn.status["mastery_used"] == [0]
    assert [e.rule for e in ctx.events if e.kind == "dice"] == ["attack", "defence", "defence.mastery"]


def test_specials_once_per_activation_and_their_effects():
    mongo = make("mongo", chars=CHARS, pa=6, skills={"coup_de_cornes": None, "pietinement": None},
                 mastery=())
    _, dfn = fighters()
    ctx = scripted(9, 1, 7, 5)              # hit; reflex EC; 1D5 from a 7 = 4; armour 5 stops 1
    out = melee.exchange(ctx, mongo, dfn, AttackBuild(("P", "C"), special="cornes"), always(DefenceBuild()))
    assert out.hit and out.damage.taken == 3 and dfn.status["bleeding"] == [1]
    with pytest.raises(ValueError):
        melee.exchange(scripted(9), mongo, dfn, AttackBuild(("P", "C"), special="cornes"), always(None))
    out = melee.exchange(scripted(9, 2, 2), mongo, dfn, AttackBuild(("C", "C"), special="pietinement"),
                         always(DefenceBuild()))
    assert out.hit and out.damage.taken == 5 and dfn.status["stunned"]


def test_unarmed_attacks_tick_no_armour_and_weapons_bleed():
    att, dfn = fighters()
    melee.exchange(scripted(9, 2, 4), att, dfn, AttackBuild(("P", "C"), "C"), always(DefenceBuild()))
    assert dfn.status.get("armour_ticks", 0) == 0
    fang = make("fang", chars=CHARS, pa=5, weapon=Weapon("dagues", damage=3, bleeding=2), mastery=())
    _, dfn2 = fighters()
    out = melee.exchange(scripted(9, 2, 4), fang, dfn2, AttackBuild(("A", "V"), "weapon"), always(DefenceBuild()))
    assert out.damage.taken == 2 and dfn2.status["armour_ticks"] == 1 and dfn2.status["bleeding"] == [2]


def test_a_morsure_rc_bleeds_instead_of_the_critical_damage():
    fang = make("fang", chars=CHARS, stature=3, pa=5, skills={"morsure": None}, mastery=())
    _, dfn = fighters()
    ctx = scripted(10, 4, 2, 9, 3, 6)
    out = melee.exchange(ctx, fang, dfn, AttackBuild(("P", "A"), special="morsure"), always(DefenceBuild()))
    # RC 10 + 4; reflex 2; 1D5 from a 9 = 5; armour 3 stops 1; no stature added; témérité 6 + T 4 = 10
    assert out.hit and out.damage.taken == 4 and dfn.status["bleeding"] == [2]
    assert ctx.events[-1].rule == "temerity" and dfn.status["temerity"] == {}


def test_a_sustained_riposte_with_the_p_effect_adds_one():
    att, dfn = fighters()
    out = melee.exchange(scripted(2, 9), att, dfn, AttackBuild(("P", "A"), "P"),
                         always(DefenceBuild(("P", "A", "P"), damage="A", effect="P")))
    assert not out.hit and out.riposte.taken == 4 + 1 and out.effects.by == ""


def test_a_figure_on_the_ground_must_stand_up_before_attacking():
    att, dfn = fighters()
    att.status["down"] = True
    with pytest.raises(ValueError):
        melee.exchange(scripted(9), att, dfn, AttackBuild(("P",)), always(DefenceBuild()))
    assert att.pa == 5


def test_no_push_on_a_carcass():
    att, dfn = fighters()
    dfn.fig.vitality = 3
    out = melee.exchange(scripted(9, 2, 4), att, dfn, AttackBuild(("P", "C"), "C", ("C",)), always(DefenceBuild()))
    assert dfn.status["carcass"] and out.effects.push == 0.0


def test_stunned_attackers_pay_one_more():
    att, dfn = fighters()
    att.status["stunned"] = True
    melee.exchange(scripted(2, 9), att, dfn, AttackBuild(("P", "A"), "P"), always(DefenceBuild()))
    assert att.pa == 5 - 3
