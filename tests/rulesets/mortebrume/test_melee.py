"""Melee: reach bands, attacks from behind, reactions (riposte, dodge, take), shields,
one passe d'armes per turn, special strikes by weapon type, out of combat and death."""
from __future__ import annotations

import pytest

from game.rulesets.mortebrume import stats

from .sandbox import CM, act, fig, notes, rolls, sandbox, step


def duel(attacker, defender, gap_cm, dice, *, behind=False, extra=(), **kw):
    figs = [fig(1, attacker, 30, 30, 0.0, name="A"),
            fig(2, defender, 30 + 2.5 + gap_cm, 30, 0.0 if behind else 180.0, name="D")]
    return sandbox(figs + list(extra), dice=dice, **kw)


def hand_to(eng, side):
    """End the current activation and give the hand to ``side`` (test shortcut)."""
    while eng.state.pending and eng.state.pending[-1].kind in ("free_move", "priority"):
        d = eng.state.pending[-1]
        step(eng, act(d.kind, d.figure, value="second" if d.kind == "priority" else None))
    if eng.state.activation is not None:
        step(eng, act("end"))
    eng.state.to_act = eng.state.extras["main"] = side


def strike(eng, weapon, reaction, path=()):
    step(eng, act("activate", "A"))
    step(eng, act("strike", "A", "D", value=weapon))
    return step(eng, act("react", "D", value=reaction, path=path))


@pytest.mark.parametrize("weapon, gap, ok", [
    ("epee", 0.0, True), ("epee", 1.4, True), ("epee", 2.0, False),
    ("hache", 1.0, False), ("hache", 2.0, True), ("hache", 3.0, False),
    ("marteau", 2.0, False), ("marteau", 3.5, True)])
def test_reach_bands(weapon, gap, ok):
    assert stats.in_band(weapon, gap * CM) is ok


def test_outside_the_ideal_band_minus_3_and_half_damage():
    # greatsword (heavy) at 1 cm: -3 to the roll, 5 damage halved to 2
    eng = duel("gueorwen", "thanigiste_recrue", 1.0, [5])
    ev = strike(eng, "epee_deux_mains", "take")
    r = rolls(ev, "strike")[0]
    assert r.result == 6 + 5 - 3 and ("out_of_band", -3) in r.mods
    assert notes(ev, "mb.note.damage")[0].args["damage"] == 2


def test_beyond_4_cm_the_strike_is_impossible_and_the_fighter_has_acted():
    eng = duel("gueorwen", "thanigiste_recrue", 5.0, [])
    step(eng, act("activate", "A"))
    ev = step(eng, act("strike", "A", "D", value="epee_deux_mains"))
    assert notes(ev, "mb.note.out_of_reach") and not eng.state.pending


def test_attack_from_behind_plus_3_and_only_a_dodge():
    eng = duel("meleien_recrue", "thanigiste_recrue", 0.5, [2, 3], behind=True)
    step(eng, act("activate", "A"))
    step(eng, act("strike", "A", "D", value="epee"))
    assert eng.state.pending[-1].options == ["dodge"]
    ev = step(eng, act("react", "D", value="dodge"))
    assert rolls(ev, "strike")[0].result == 9 + 2 + 3


def test_riposte_the_higher_dominates_and_ties_go_against_the_attacker():
    # recruit 9+D10 against the lance recruit 7+D10 at 0.5 cm (spear out of its band: -3)
    eng = duel("meleien_recrue", "thanigiste_recrue", 0.5, [1 + 1, 5])  # 11 vs 7+5-3=9
    strike(eng, "epee", "riposte")
    assert eng.state.figures["D"].vitality == 6 - (3 - 1)
    tie = duel("meleien_recrue", "thanigiste_recrue", 0.5, [2, 7])  # 11 vs 7+7-3=11
    strike(tie, "epee", "riposte")
    assert tie.state.figures["A"].vitality == 6 - (3 // 2 - 1)  # spear out of band: half
    assert tie.state.figures["D"].status.get("activated")  # a riposte ends its turn
    assert tie.state.figures["D"].status.get("struck")


def test_the_riposting_fighter_then_makes_its_remaining_move():
    eng = duel("meleien_recrue", "thanigiste_recrue", 0.5, [2, 5])
    strike(eng, "epee", "riposte")
    # both may move after the passe: the attacker dominated (11 against 9) and lets D go first
    assert (eng.state.pending[-1].kind, eng.decider()) == ("priority", 1)
    step(eng, act("priority", "A", value="second"))
    d = eng.state.pending[-1]
    assert (d.kind, d.figure, d.context["allowance"]) == ("free_move", "D", 50.0)
    assert eng.decider() == 2
    step(eng, act("free_move", "D", path=[(33, 37)]))
    assert eng.state.figures["D"].y == pytest.approx(350.0)  # 5 cm: half its 10 cm walk
    assert eng.decider() == 1 and eng.state.activation["fig"] == "A"


def test_one_passe_d_armes_per_turn():
    eng = duel("meleien_recrue", "thanigiste_recrue", 0.5, [2, 5],
               extra=[fig(1, "meleien_recrue", 30, 35, 0.0, name="B")])
    strike(eng, "epee", "riposte")
    eng.state.figures["D"].status.pop("activated")
    hand_to(eng, 1)
    step(eng, act("activate", "B"))
    step(eng, act("strike", "B", "D", value="epee"))
    assert "riposte" not in eng.state.pending[-1].options


def test_shield_stops_the_blow_when_dominated():
    # lord with shield 3 ripostes: 13 + 2 + 1 = 16? no: 2D6 for 13 -> faces 1,2 -> 16
    eng = duel("gueorwen", "meleien_seigneur", 0.5, [8, 1, 2])  # 6+8-3=11 vs 13+3=16
    ev = strike(eng, "epee_deux_mains", "riposte")
    # the lord dominates (sword in band): 3 damage less armour 2 = 1 wound to Gueorwen
    assert eng.state.figures["A"].vitality == 8 - 1
    eng = duel("meleien_recrue", "meleien_seigneur", 0.5, [9, 1, 2])  # 18 vs 16: dominated
    ev = strike(eng, "epee", "riposte")
    assert notes(ev, "mb.note.shield_holds")  # 16 + 3 >= 18
    assert eng.state.figures["D"].vitality == 10


def test_taking_the_blow_halves_armour_and_a_pure_1_does_no_damage():
    eng = duel("meleien_recrue", "gwahir", 0.5, [5])
    ev = strike(eng, "epee", "take")
    assert notes(ev, "mb.note.damage")[0].args == {"figure": "D", "damage": 3, "armour": 2,
                                                   "wounds": 1, "halved": True}
    eng = duel("meleien_recrue", "gwahir", 0.5, [1])
    ev = strike(eng, "epee", "take")
    assert notes(ev, "mb.note.no_force") and eng.state.figures["D"].vitality == 11


def test_successful_dodge_steps_aside_and_does_not_activate():
    eng = duel("meleien_recrue", "farfadet", 0.5, [2, 5])  # 11 vs 9+5=14
    strike(eng, "epee", "dodge", path=[(33.0, 32.5)])
    d = eng.state.figures["D"]
    assert (d.x, d.y) == pytest.approx((330.0, 325.0))
    assert not d.status.get("activated") and d.status["dodged"] == ["A"]
    assert d.vitality == 4
    # the dodger may not take the fighter it dodged as a target this turn
    hand_to(eng, 2)
    step(eng, act("activate", "D"))
    strike_tpl = [c for c in eng.legal_actions() if c.kind == "strike"]
    assert not strike_tpl or "A" not in strike_tpl[0].targets


def test_a_dodge_must_be_strictly_higher():
    eng = duel("meleien_recrue", "farfadet", 0.5, [2, 2])  # 11 vs 9+2 = 11
    strike(eng, "epee", "dodge")
    assert eng.state.figures["D"].vitality == 4 - 3


def test_special_attack_against_particular_dodge_is_dodged_but_acts():
    eng = duel("meleien_recrue", "farfadet", 0.5, [10, 8])  # 19 special vs 17 particular
    strike(eng, "epee", "dodge")
    d = eng.state.figures["D"]
    assert d.vitality == 4 and d.status.get("activated")


def test_etourdissant_special_doubles_and_stuns():
    eng = duel("abelberien_recrue", "thanigiste_recrue", 0.5, [8])  # mace 3, take: armour 0
    ev = strike(eng, "masse", "take")
    d = eng.state.figures["D"]
    assert notes(ev, "mb.note.damage")[0].args["wounds"] == 6 and d.out


def test_etourdissant_special_stuns_a_survivor():
    eng = duel("abelberien_recrue", "gwahir", 0.5, [8])  # 3 - (4 // 2) = 1, doubled to 2
    strike(eng, "masse", "take")
    d = eng.state.figures["D"]
    assert d.vitality == 11 - 2 and d.status.get("stunned")


def test_recul_pushes_back_and_an_obstacle_wounds():
    # war hammer 5 special on the recruit (armour 1 halved to 0): 5 wounds, pushed 5 cm
    eng = duel("abelberien_veteran", "gwahir", 3.0, [8])
    ev = strike(eng, "marteau", "take")
    d = eng.state.figures["D"]
    assert notes(ev, "mb.note.damage")[0].args["wounds"] == 3  # 5 - 4 // 2
    assert d.status.get("stunned")
    # the striker chooses the direction, within its field of vision (straight away first)
    (choice,) = eng.legal_actions()
    assert (choice.kind, choice.actor, choice.values[0], eng.decider()) == ("push", "A", 0, 1)
    assert set(choice.values) == {v % 360 for v in range(-90, 91, 15)}
    step(eng, act("push", "A", value=0))
    assert d.x == pytest.approx(355.0 + 30.0) and d.status.get("stunned")


def test_recul_sideways_at_the_striker_s_choice():
    eng = duel("abelberien_veteran", "gwahir", 3.0, [8])
    strike(eng, "marteau", "take")
    d = eng.state.figures["D"]
    step(eng, act("push", "A", value=90))
    assert (d.x, d.y) == (pytest.approx(355.0), pytest.approx(300.0 + 30.0))


def test_recul_into_another_fighter_shares_the_wounds():
    blocker = fig(2, "gwahir", 30 + 2.5 + 3.0 + 2.5 + 1.0, 30, 180.0, name="W")
    eng = duel("abelberien_veteran", "gwahir", 3.0, [8], extra=[blocker])
    strike(eng, "marteau", "take")
    step(eng, act("push", "A", value=0))
    # 3 wounds, pushed 3 cm: 1 cm travelled, 2 not: one more wound each
    assert eng.state.figures["D"].vitality == 11 - 3 - 1
    assert eng.state.figures["W"].vitality == 11 - 1


def test_out_of_combat_then_dead_when_struck_again():
    eng = duel("meleien_recrue", "thanigiste_recrue", 0.5, [5, 4],
               extra=[fig(1, "meleien_recrue", 30, 36, 0.0, name="B"),
                      fig(2, "farfadet", 70, 70, 180.0, name="F")])
    d = eng.state.figures["D"]
    d.vitality = 1
    strike(eng, "epee", "take")
    assert d.out and not d.status.get("dead")
    hand_to(eng, 1)
    step(eng, act("activate", "B"))
    step(eng, act("strike", "B", "D", value="epee"))
    assert d.status.get("dead")


def test_reserved_action_interrupts_the_attacker_first():
    # the Shimeian veteran (reserved action) is struck by a recruit: it strikes first, the
    # recruit (in mid-action) takes that blow, then the veteran picks its reaction
    eng = duel("meleien_recrue", "shimeien_veteran", 0.5, [3, 4, 2, 1, 2],
               extra=[fig(1, "farfadet", 70, 70, name="spare")])
    step(eng, act("activate", "A"))
    step(eng, act("strike", "A", "D", value="epee"))
    assert eng.state.pending[-1].options[0] == "reserved"
    step(eng, act("react", "D", value="reserved"))
    d = eng.state.pending[-1]
    assert (d.figure, d.options) == ("A", ["dodge", "take"])
    ev = step(eng, act("react", "A", value="take"))
    assert rolls(ev, "reserved")[0].result == 10 + 3 + 4
    assert eng.state.figures["A"].vitality == 6 - 3               # armour 1 halved to 0
    d = eng.state.pending[-1]
    assert d.figure == "D" and "reserved" not in d.options and "riposte" in d.options
    step(eng, act("react", "D", value="riposte"))  # 9+2 against 10+1+2: the veteran dominates
    assert eng.state.figures["A"].vitality == 3 - 2
    assert eng.state.figures["D"].status.get("reserved_used")


def test_reserved_action_gives_a_second_strike_in_the_activation():
    eng = sandbox([fig(1, "shimeien_veteran", 30, 30, 0.0, name="A"),
                   fig(2, "thanigiste_recrue", 33.0, 30, 180.0, name="D"),
                   fig(2, "thanigiste_recrue", 70, 70, 180.0, name="Z")], dice=[2, 3, 2, 3])
    step(eng, act("activate", "A"))
    step(eng, act("strike", "A", "D", value="epee"))
    step(eng, act("react", "D", value="take"))
    again = [c for c in eng.legal_actions() if c.kind == "reserved"]
    assert again and again[0].actor == "A" and again[0].values == ("epee",)
    step(eng, act("reserved", "A", "D", value="epee"))
    step(eng, act("react", "D", value="take"))
    assert eng.state.figures["D"].vitality == 6 - 3 - 3
    assert not any(c.kind in ("strike", "reserved") for c in eng.legal_actions())


def test_one_weapon_per_turn():
    # the archer shot with its bow this turn: it cannot riposte with its dagger
    eng = duel("meleien_recrue", "meleien_archer", 0.5, [])
    eng.state.figures["D"].status["weapon"] = "arc"
    step(eng, act("activate", "A"))
    step(eng, act("strike", "A", "D", value="epee"))
    assert "riposte" not in eng.state.pending[-1].options
    # nor a thrower that threw its javelin
    eng = duel("meleien_recrue", "korrigan_lanceur", 0.5, [])
    eng.state.figures["D"].status["weapon"] = "javelot"
    assert stats.melee_choice(eng.state.figures["D"]) == []
    step(eng, act("activate", "A"))
    step(eng, act("strike", "A", "D", value="epee"))
    assert eng.state.pending[-1].options == ["dodge", "take"]
