"""Shooting with scripted dice: the book's shooting example (heavy pistol at long range
against a Kevlar cuirass), range bands (B-R32), upgrades, Cadence, thrown weapons, and
shots not limited by the melee damage budget."""
from __future__ import annotations

import pytest

from game.rulesets.bonus_malus import shooting
from game.rulesets.bonus_malus.fighter import make

from ..shared.helpers import scripted
from .helpers import pair


def test_the_books_shooting_example():
    one, two = pair({"competences": {"tir": 1}, "equipment": ("pistolet_lourd",)},
                    {"equipment": ("cuirasse_kevlar",)})
    w = shooting.weapon(one, one.cat["pistolet_lourd"])
    assert shooting.band(w, 8) == "long"
    ctx = scripted(5, 4, 6)
    s = shooting.shoot(ctx, one, two, w, 8)
    assert s.hit.faces == (5,) and s.hit.success                 # Tir+ and Tir-: one die
    assert ctx.events[0].mods == (("level", 1), ("long_range", -1))
    assert s.damage.save.faces == (4, 6) and s.damage.save.value == 4   # Svg- through piercing
    assert s.damage.roll is None and not two.fig.out


def test_range_bands():
    f = make("s", equipment=("pistolet_plasma",))
    w = shooting.weapon(f, f.cat["pistolet_plasma"])
    assert [shooting.band(w, d) for d in (0, 5, 5.01, 10, 10.01)] == ["normal", "normal", "long", "long", None]
    with pytest.raises(ValueError):
        shooting.shot_mods(f, w, 11)


def test_upgrades_change_range_damage_and_piercing_of_ammunition_weapons_only():
    f = make("s", equipment=("fusil", "balles_dumdum", "balles_perforantes", "portee_amelioree"),
             equipment_params={"portee_amelioree": 3})
    w = shooting.weapon(f, f.cat["fusil"])
    assert (w.range, w.degats, w.pierce) == (15.0, 2, 2)
    g = make("t", equipment=("pistolet_plasma", "balles_dumdum"))
    wp = shooting.weapon(g, g.cat["pistolet_plasma"])
    assert (wp.degats, wp.pierce) == (2, 0)                     # not an ammunition weapon


def test_cadence_and_aim_and_thrown_weapons():
    f = make("s", competences={"tir": 0, "lancer": 2}, equipment=("mitrailleuse_plasma", "grenades"))
    assert shooting.weapon(f, f.cat["mitrailleuse_plasma"]).rate == 3
    f.status["aimed"] = True
    gren = shooting.weapon(f, f.cat["grenades"])
    target = make("t", x=2.0)
    ctx = scripted(1, 2, 3, 4, 4, 1)
    s = shooting.shoot(ctx, f, target, gren, 2)
    assert s.hit.faces == (1, 2, 3, 4) and s.hit.value == 4      # Lancer 2+ and aimed: 4 dice
    assert s.damage.roll.faces == (4, 1) and s.damage.roll.success and target.fig.out   # Degats+


def test_shots_are_not_limited_by_the_melee_damage_budget():
    f, t = pair({"competences": {"tir": 0}, "equipment": ("pistolet_plasma",)}, {})
    f.status["damage_rolls"] = 1
    w = shooting.weapon(f, f.cat["pistolet_plasma"])
    s = shooting.shoot(scripted(4, 1, 1, 5), f, t, w, 1)
    assert s.damage.roll is not None and t.fig.out


def test_a_wounded_character_shoots_at_tir_minus_once_badly_wounded():
    f, t = pair({"competences": {"tir": 0}, "attributes": {"personnage": None}, "equipment": ("pistolet_plasma",)}, {})
    f.fig.vitality = 1
    w = shooting.weapon(f, f.cat["pistolet_plasma"])
    ctx = scripted(6, 3)
    s = shooting.shoot(ctx, f, t, w, 1)
    assert s.hit.faces == (6, 3) and s.hit.value == 3 and not s.hit.success
