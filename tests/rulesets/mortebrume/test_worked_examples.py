"""The rule document's worked examples, with scripted dice."""
from __future__ import annotations

from game.core.context import RuleContext
from game.core.dice import ScriptedDice
from game.rulesets._shared.aptitude import pool, roll_aptitude
from game.rulesets._shared.tables import table_for

from .sandbox import act, fig, notes, rolls, sandbox, step


def test_aptitude_16_rolls_two_d8():
    assert pool(16) == (2, 8)
    eng = sandbox([fig(1, "gueorwen", 10, 10)])
    ctx = RuleContext(eng.state, ScriptedDice([3, 5]), table_for)
    r = roll_aptitude(ctx, "1.gueorwen", "strike", 16)
    assert (r.faces, r.sides, r.total) == ((3, 5), 8, 24)
    assert rolls(ctx.events)[0].sides == 8


def _duel(attacker: str, defender: str, gap_cm: float, dice, destiny=(0, 0)):
    """Attacker at (30, 30) facing the defender, who faces back, ``gap_cm`` between bases."""
    return sandbox([fig(1, attacker, 30, 30, 0.0, name="A"),
                    fig(2, defender, 30 + 2.5 + gap_cm, 30, 180.0, name="D")],
                   dice=dice, destiny=destiny)


def test_recruit_of_9_with_two_destiny_points_rolls_3d10():
    eng = _duel("meleien_recrue", "thanigiste_recrue", 0.5, [2, 3, 4], destiny=(2, 0))
    step(eng, act("activate", "A"))
    step(eng, act("inspire", "A", value=2))
    assert eng.state.extras["destiny"]["1"] == 0
    step(eng, act("strike", "A", "D", value="epee"))
    ev = step(eng, act("react", "D", value="take"))
    r = rolls(ev, "strike")[0]
    assert (len(r.faces), r.sides, r.result) == (3, 10, 9 + 9)
    # sword 3, armour 1 halved (blow taken) to 0: 3 wounds
    assert eng.state.figures["D"].vitality == 6 - 3


def test_lord_of_12_with_one_destiny_point_rolls_4d6():
    eng = _duel("gwahir", "thanigiste_recrue", 2.0, [2, 3, 4, 5], destiny=(1, 0))
    step(eng, act("activate", "A"))
    step(eng, act("inspire", "A", value=1))
    step(eng, act("strike", "A", "D", value="hache"))
    r = rolls(step(eng, act("react", "D", value="take")), "strike")[0]
    assert (len(r.faces), r.sides, r.result) == (4, 6, 12 + 14)


def test_gueorwen_10_against_dodge_9_deals_5_minus_2():
    eng = _duel("gueorwen", "gueorwen", 3.0, [4, 4])
    step(eng, act("activate", "A"))
    step(eng, act("strike", "A", "D", value="epee_deux_mains"))
    ev = step(eng, act("react", "D", value="dodge"))
    assert rolls(ev, "strike")[0].result == 10
    assert rolls(ev, "dodge")[0].result == 9
    assert notes(ev, "mb.note.damage")[0].args == {"figure": "D", "damage": 5, "armour": 2,
                                                   "wounds": 3}
    assert eng.state.figures["D"].vitality == 8 - 3
    assert eng.state.figures["D"].status.get("activated")  # a failed dodge ends its turn


def test_tranchant_4_special_success_adds_a_d8():
    # 6 on a D6: particular; the blow lands: special strike; the axe's 4 picks a D8: 3
    eng = _duel("gwahir", "thanigiste_veteran", 2.0, [6, 1, 3])
    step(eng, act("activate", "A"))
    step(eng, act("strike", "A", "D", value="hache"))
    ev = step(eng, act("react", "D", value="take"))
    extra = rolls(ev, "special_damage")[0]
    assert (extra.sides, extra.faces, extra.result) == (8, (3,), 7)
    # 7 damage less half the veteran's armour 2 = 6 wounds; armour damaged by one point
    assert notes(ev, "mb.note.damage")[0].args["damage"] == 7
    assert eng.state.figures["D"].vitality == 8 - 6
    assert eng.state.figures["D"].status["armour"] == 1
