"""Melee with scripted dice: the book's combat example and its several-assailants example
(B-R28, B-R29), ties (B-R11), attacks from behind (B-R4), free attacks, disengaging, the
damage budget of Attaques multiples and Ambidextre, and Coup fatal (B-R31)."""
from __future__ import annotations

from game.rulesets.bonus_malus import melee
from game.rulesets.bonus_malus.fighter import make

from ..shared.helpers import scripted
from .helpers import pair


def test_the_books_combat_example():
    one, two = pair({"competences": {"combat": 1}}, {"competences": {"combat": 0}, "equipment": ("dague",)})
    # one: Combat+ bare-handed = 3- (4 dice, worst 2); two: Combat (4); two wins;
    # its Degats- roll (worst of 2) is 3: no damage. Then one disengages: the free attack
    # Degats- shows 5, one has no save and is out, though two already rolled damage.
    # (The dagger's De taille et d'estoc 2- test, which the example leaves out, fails: 1, 5, 6.)
    ctx = scripted(2, 5, 6, 3, 4, 1, 5, 6, 3, 6, 5, 6)
    f = melee.fight(ctx, one, two)
    assert f.attacker.faces == (2, 5, 6, 3) and f.attacker.value == 2 and f.defender.value == 4
    assert f.winner == "b" and f.damage.save is None
    assert f.damage.roll.faces == (3, 6) and f.damage.points == 0 and not one.fig.out
    assert two.status["damage_rolls"] == 1
    (free,) = melee.disengage(ctx, one, [two])
    assert free.attacker is None and free.damage.roll.value == 5 and one.fig.out
    assert two.status["damage_rolls"] == 1                  # free attacks use no budget


def test_the_books_several_assailants_example():
    one = make("1", 1, x=0.0, y=0.0, facing=0.0, competences={"combat": 1}, equipment=("epee",))
    two = make("2", 2, x=1.0, y=0.0, facing=180.0, competences={"combat": 0}, equipment=("epee",))
    # one, engaged by two and three, attacks two at plain Combat (one die): 5 against 3;
    # its damage roll (Degats, one die) shows 2 and fails.
    # The sword's De taille et d'estoc- test (2, 1), left out by the example, fails.
    ctx = scripted(5, 3, 2, 1, 2, 2, 6, 1, 1)
    f = melee.fight(ctx, one, two, attacker_engaged=2)
    assert f.attacker.faces == (5,) and ("assailants", -1) in ctx.events[0].mods
    assert f.winner == "1" and f.damage.points == 0
    # later two attacks one and loses (2 against 6): one has no damage roll left
    g = melee.fight(ctx, two, one, defender_engaged=2)
    assert g.winner == "1" and g.damage is None and g.budget_spent
    assert [e.rule for e in ctx.events][-3:] == ["combat", "combat", "taille_estoc"]   # no damage roll


def test_combats_multiples_delays_the_malus_to_the_third_assailant():
    staff = make("s", competences={"combat": 0}, equipment=("baton",))
    assert melee.crowd_malus(staff, 2) == 0 and melee.crowd_malus(staff, 3) == -1
    sword = make("t", competences={"combat": 0}, equipment=("epee",))
    assert melee.crowd_malus(sword, 1) == 0 and melee.crowd_malus(sword, 3) == -2


def test_a_tie_deals_nothing_and_pushes_them_one_pas_apart():
    a, b = pair({"competences": {"combat": 0}, "equipment": ("epee",)},
                {"competences": {"combat": 0}, "equipment": ("epee",)})
    f = melee.fight(scripted(4, 4), a, b)
    assert f.winner is None and f.damage is None and f.push_apart == 1.0


def test_an_attack_from_behind_gets_combat_plus_and_passes_the_shield():
    a, b = pair({"competences": {"combat": 0}, "equipment": ("epee",)},
                {"competences": {"combat": 0}, "equipment": ("epee", "bouclier")})
    b.fig.facing = 0.0                                       # b turns its back on a
    ctx = scripted(6, 1, 1, 1, 1, 4)
    f = melee.fight(ctx, a, b)
    assert ("from_behind", 1) in ctx.events[0].mods and f.attacker.faces == (6, 1)
    assert f.damage.save is None and b.fig.out               # no shield save from behind


def test_the_shield_saves_in_front_before_the_damage_roll():
    a, b = pair({"competences": {"combat": 0}, "equipment": ("epee",)},
                {"competences": {"combat": 0}, "equipment": ("epee", "bouclier")})
    ctx = scripted(5, 2, 1, 1, 4, 6)                         # won; shield Svg-: 4,6 -> 4 saved
    f = melee.fight(ctx, a, b)
    assert f.damage.save.success and f.damage.roll is None and not b.fig.out
    assert [e.rule for e in ctx.events] == ["combat", "combat", "taille_estoc", "save"]


def test_a_figure_down_or_stunned_takes_a_free_attack_and_two_down_fight_normally():
    a, b = pair({"competences": {"combat": 0}, "equipment": ("epee",)},
                {"competences": {"combat": 3}, "equipment": ("epee",)})
    b.status["down"] = True
    f = melee.fight(scripted(4), a, b)
    assert f.attacker is None and b.fig.out
    c, d = pair({"competences": {"combat": 0}, "equipment": ("epee",)},
                {"competences": {"combat": 0}, "equipment": ("epee",)})
    c.status["down"] = d.status["down"] = True
    assert melee.fight(scripted(3, 5, 1, 1, 1), c, d).attacker is not None


def test_skilled_disengagement_takes_no_free_attack():
    a, b = pair({"attributes": {"desengagement_habile": None}}, {"equipment": ("epee",)})
    assert melee.disengage(scripted(), a, [b]) == []


def test_multiple_attacks_and_ambidextrous_raise_the_damage_budget():
    from game.rulesets.bonus_malus.effects import damage_budget
    assert damage_budget(make("p")) == 1
    assert damage_budget(make("m", attributes={"attaques_multiples": 2})) == 2
    assert damage_budget(make("h", attributes={"heros": None})) == 2
    both = make("b", attributes={"ambidextre": None, "attaques_multiples": 2}, equipment=("epee", "dague"))
    assert damage_budget(both) == 3                           # X + 1 with two weapons
    one = make("o", attributes={"ambidextre": None}, equipment=("epee",))
    assert damage_budget(one) == 1


def test_coup_fatal_takes_a_d3():
    a, b = pair({"competences": {"combat": 0}, "attributes": {"coup_fatal": None}, "equipment": ("epee",)},
                {"competences": {"combat": 0}, "attributes": {"personnage": None}, "equipment": ("epee",)})
    ctx = scripted(5, 2, 1, 1, 4, 5)                         # win, cut fails, damage 4, D3 from a 5 = 3
    f = melee.fight(ctx, a, b)
    assert f.damage.points == 3 and b.fig.out and ctx.events[-1].rule == "fatal_points"


def test_a_group_attack_fights_every_enemy_with_a_damage_roll_each_and_its_own_fate_last():
    brute = make("g", 1, x=0.0, y=0.0, facing=0.0, competences={"combat": 2},
                 attributes={"attaque_groupe": None, "personnage": None}, equipment=("hache_2m",))
    e1 = make("e1", 2, x=1.0, y=0.0, facing=180.0, competences={"combat": 0}, equipment=("hache_2m",))
    e2 = make("e2", 2, x=1.0, y=0.2, facing=180.0, competences={"combat": 3}, equipment=("hache_2m",))
    e3 = make("e3", 2, x=1.0, y=-0.2, facing=180.0, competences={"combat": 0}, equipment=("hache_2m",))
    # vs e1: Combat 2+ with two extra assailants = plain: 6 v 2, damage (5, 1) -> out.
    # vs e2: 1 v (6, 1, 1, 1): e2 wins, its damage (6, 6) -> the brute loses 1 point, later.
    # vs e3: 6 v 1: damage (4, 4) -> e3 out: a second damage roll in the same turn.
    ctx = scripted(6, 2, 5, 1, 1, 6, 1, 1, 1, 6, 6, 6, 1, 4, 4)
    fights = melee.group_fight(ctx, brute, [e1, e2, e3])
    assert [f.winner for f in fights] == ["g", "e2", "g"]
    assert e1.fig.out and e3.fig.out and brute.fig.vitality == 2
    assert ("assailants", -2) in ctx.events[0].mods and "damage_rolls" not in brute.status


def test_only_a_group_attacker_may_group_attack():
    import pytest
    a, b = pair({"equipment": ("epee",)}, {"equipment": ("epee",)})
    with pytest.raises(ValueError):
        melee.group_fight(scripted(), a, [b])
