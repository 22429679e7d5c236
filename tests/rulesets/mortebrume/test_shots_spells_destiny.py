"""Shooting and throwing, spells, destiny points."""
from __future__ import annotations

from .sandbox import act, fig, notes, rect, rolls, sandbox, step


def range_duel(shooter, target, gap_cm, dice, *, terrain=(), mist=35, destiny=(0, 0), extra=()):
    figs = [fig(1, shooter, 10, 30, 0.0, name="A"),
            fig(2, target, 10 + 2.5 + gap_cm, 30, 180.0, name="D")]
    return sandbox(figs + list(extra), dice=dice, terrain=terrain, mist=mist, destiny=destiny)


def shoot(eng, weapon, reaction=None):
    step(eng, act("activate", "A"))
    ev = step(eng, act("shoot", "A", "D", value=weapon))
    if reaction is not None:
        ev = step(eng, act("react", "D", value=reaction))
    return ev


def test_shot_difficulty_is_half_the_distance_and_the_allonge_is_added():
    # bow: allonge 2, ideal up to 12 cm; 10 cm: difficulty 5; archer 7 + D10
    eng = range_duel("meleien_archer", "thanigiste_recrue", 10.0, [2])
    ev = shoot(eng, "arc", "take")
    assert rolls(ev, "shoot")[0].result == 7 + 2 + 2
    assert notes(ev, "mb.note.shot_roll")[0].args["difficulty"] == 5.0
    assert eng.state.figures["D"].vitality == 6 - 3  # 3 less half of armour 1


def test_a_shot_short_of_the_difficulty_misses():
    eng = range_duel("meleien_archer", "thanigiste_recrue", 18.0, [2])  # 7+2+2-3 < 9
    ev = shoot(eng, "arc", "take")
    assert notes(ev, "mb.note.missed") and eng.state.figures["D"].vitality == 6


def test_beyond_six_allonges_minus_3_and_half_damage():
    eng = range_duel("thanigiste_arbaletrier", "meleien_recrue", 20.0, [9])  # 8+9+3-3=17
    ev = shoot(eng, "arbalete", "take")
    r = rolls(ev, "shoot")[0]
    assert ("far", -3) in r.mods and r.result == 17
    assert notes(ev, "mb.note.damage")[0].args["damage"] == 2


def test_beyond_the_mist_the_shooter_has_acted_without_shooting():
    # the target is seen by a companion, but lies beyond 10 allonges of the sling
    eng = range_duel("abelberien_frondeur", "meleien_recrue", 12.0, [],
                     extra=[fig(1, "abelberien_recrue", 20, 30, 0.0, name="E")])
    ev = shoot(eng, "fronde")
    assert notes(ev, "mb.note.cannot_shoot") and not eng.state.pending
    assert eng.state.activation is None or eng.state.activation["acted"]


def test_more_than_6_cm_of_forest_cuts_the_line_of_fire():
    wood = rect("f", "foret", 15, 25, 7, 10)
    eng = range_duel("meleien_archer", "thanigiste_recrue", 15.0, [], terrain=[wood])
    ev = shoot(eng, "arc")
    assert notes(ev, "mb.note.cannot_shoot")
    thin = rect("f", "foret", 15, 25, 5, 10)
    eng = range_duel("meleien_archer", "thanigiste_recrue", 15.0, [5, 1], terrain=[thin])
    shoot(eng, "arc")
    assert eng.state.pending  # the target is asked for its reaction


def test_dodging_a_shot_gains_a_point_per_ten_cm_seen():
    eng = range_duel("meleien_archer", "farfadet", 12.0, [5, 5])  # 14 vs 9+5+1 = 15
    ev = shoot(eng, "arc", "dodge")
    assert ("distance", 1) in rolls(ev, "dodge")[0].mods
    assert eng.state.figures["D"].vitality == 4


def test_shield_against_a_shot_adds_protection_and_distance():
    eng = range_duel("meleien_archer", "gwahir", 10.0, [9, 1, 2])  # 18 vs 12+3+3+1 = 19
    ev = shoot(eng, "arc", "shield")
    assert notes(ev, "mb.note.shield_holds")
    assert eng.state.figures["D"].status.get("activated")  # using the shield ends its turn


def test_archer_may_move_after_shooting_crossbow_may_not():
    eng = range_duel("meleien_archer", "thanigiste_recrue", 20.0, [1])
    shoot(eng, "arc", "take")
    assert any(c.kind == "move" for c in eng.legal_actions())
    eng = range_duel("thanigiste_arbaletrier", "meleien_recrue", 20.0, [1])
    shoot(eng, "arbalete", "take")
    assert eng.state.activation is None


# --------------------------------------------------------------------------- spells


def test_spell_power_must_beat_resistance_and_raising_it_costs_difficulty():
    eng = range_duel("thanigiste_necromant", "meleien_seigneur", 10.0, [5])  # will 10
    step(eng, act("activate", "A"))
    why = eng.check(act("cast", "A", "D", value="devoreur+2+0"))  # power 8 + 2 = 10: no
    assert why is not None and why.code == "mb.refused.resistance"
    step(eng, act("cast", "A", "D", value="devoreur+3+0"))
    ev = step(eng, act("react", "D", value="take"))
    # casting 9 + 5 + allonge 1 = 15 against half of 10 cm + 3 raised = 8
    assert notes(ev, "mb.note.cast_roll")[0].args == {"figure": "A", "total": 15, "difficulty": 8.0}
    assert eng.state.figures["D"].status["will"] == 8


def test_drain_to_zero_destroys_the_soul():
    eng = range_duel("thanigiste_necromant", "meleien_recrue", 4.0, [5])
    eng.state.figures["D"].status["will"] = 2
    step(eng, act("activate", "A"))
    step(eng, act("cast", "A", "D", value="devoreur+0+0"))
    step(eng, act("react", "D", value="take"))
    d = eng.state.figures["D"]
    assert d.status.get("soul_destroyed") and d.status.get("dead") and d.out


def test_consenting_companion_halves_resistance_and_special_doubles_power():
    eng = sandbox([fig(1, "abelberien_runiste", 10, 30, 0.0, name="A"),
                   fig(1, "gwahir", 15, 30, 0.0, name="G"),
                   fig(2, "meleien_recrue", 70, 70, 180.0, name="Z")], dice=[3])
    step(eng, act("activate", "A"))
    # gwahir's will 12 halved to 6: the stone skin's power 5 needs one point more
    assert eng.check(act("cast", "A", "G", value="peau_de_pierre+0+0")).code == "mb.refused.resistance"
    step(eng, act("cast", "A", "G", value="peau_de_pierre+2+0"))
    assert eng.state.figures["G"].status["ward"] == 2


def test_an_automatic_failure_loses_the_spell():
    eng = range_duel("meleien_pyromancien", "thanigiste_recrue", 4.0, [1])
    step(eng, act("activate", "A"))
    step(eng, act("cast", "A", "D", value="trait_de_feu+0+0"))
    step(eng, act("react", "D", value="take"))
    assert eng.state.figures["A"].status.get("spell_lost")
    eng.state.figures["A"].status.pop("activated")
    assert not any(c.kind == "cast" for c in eng.legal_actions())


def test_area_spell_reaches_fighters_partly_inside():
    eng = range_duel("shimeien_brumiste", "meleien_recrue", 10.0, [3, 3],
                     extra=[fig(2, "meleien_recrue", 10 + 2.5 + 10.0, 34.0, 180.0, name="N"),
                            fig(2, "meleien_recrue", 10 + 2.5 + 10.0, 45.0, 180.0, name="F")])
    step(eng, act("activate", "A"))
    step(eng, act("cast", "A", "D", value="brume_glacee+1+0"))  # power 7 > physique 6
    step(eng, act("react", "D", value="take"))
    st = eng.state.figures
    assert st["D"].status.get("hindered") and st["N"].status.get("hindered")
    assert not st["F"].status.get("hindered")


# --------------------------------------------------------------------------- destiny


def test_destiny_healing_rolls_a_die_sized_by_the_physique_left():
    eng = sandbox([fig(1, "gwahir", 10, 30, name="G"), fig(2, "meleien_recrue", 70, 70, name="Z")],
                  dice=[3, 5], destiny=(3, 0))
    g = eng.state.figures["G"]
    g.vitality = 5
    ev = step(eng, act("heal", None, "G", value=2))
    r = rolls(ev, "destiny_heal")[0]
    assert (r.sides, len(r.faces)) == (8, 2)
    assert g.vitality == 11 and eng.state.extras["destiny"]["1"] == 1  # capped at the card
    assert not any(c.kind == "heal" for c in eng.legal_actions())  # once per turn


def test_a_fallen_fighter_hit_by_a_shot_is_dead():
    eng = range_duel("meleien_archer", "thanigiste_recrue", 10.0, [5],
                     extra=[fig(2, "farfadet", 70, 70, 180.0, name="F")])
    d = eng.state.figures["D"]
    d.out, d.vitality = True, 0
    shoot(eng, "arc")
    assert d.status.get("dead") and not eng.state.pending
