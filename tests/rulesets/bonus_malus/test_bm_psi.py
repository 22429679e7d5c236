"""Psi powers with scripted dice: who may cast, range, the Psi test, levels set or added
for the turn (B-R26), the psi arc's damage (B-R14), the Psi duel turning a power back and
the blade parry cancelling it (B-R15), push and knock-down, healing."""
from __future__ import annotations

import pytest

from game.rulesets.bonus_malus import levels, psi
from game.rulesets.bonus_malus.fighter import make

from ..shared.helpers import scripted


def _adept(*powers: str, psi_level: int = 1):
    return make("a", competences={"psi": psi_level},
                attributes={"sensible_psi": None, **{p: None for p in powers}})


def test_only_the_psi_sensitive_cast_their_own_powers_within_range():
    plain = make("p", attributes={"choc_psi": None})
    target = make("t")
    with pytest.raises(ValueError):
        psi.cast(scripted(6), plain, target, "choc_psi", 1)
    with pytest.raises(ValueError):
        psi.cast(scripted(6), _adept("choc_psi"), target, "choc_psi", 6)
    failed = psi.cast(scripted(1, 3), _adept("choc_psi"), target, "choc_psi", 5)
    assert not failed.test.success and "set_levels" not in target.status


def test_psi_shock_sets_combat_and_tir_2_minus_for_the_turn():
    target = make("t", competences={"combat": 2, "tir": 1}, equipment=("epee",))
    c = psi.cast(scripted(2, 5), _adept("choc_psi"), target, "choc_psi", 3)
    assert c.affected == "t" and levels.net(target, "combat") == -2 and levels.net(target, "tir") == -2


# Lecture de pensées and Malaise are attribute actions in the book (not psi powers): their
# tests are in test_bm_feats.py.


def test_the_psi_arc_makes_a_plain_damage_roll_and_the_grip_pierces_three():
    target = make("t", equipment=("armure_lourde",))
    c = psi.cast(scripted(4, 1, 6, 2), _adept("arc_psi"), target, "arc_psi", 10)
    assert c.damage.save.faces == (6,) and c.damage.save.success
    grip = psi.cast(scripted(4, 1, 4, 1), _adept("etreinte_psi"), make("u", equipment=("armure_lourde",)),
                    "etreinte_psi", 5)
    assert grip.damage.save is None and grip.damage.out          # Svg 3 - 3 = nothing; Degats+


def test_a_psi_duel_turns_the_power_back_and_a_blade_parry_cancels_it():
    duellist = make("d", attributes={"duel_psi": 1}, competences={"combat": 1}, equipment=("epee",))
    caster = _adept("choc_psi")
    caster.competences["combat"] = 2
    caster.equipment = ("epee",)
    c = psi.cast(scripted(4, 2, 5, 1), caster, duellist, "choc_psi", 2)    # 4; duel+ best of (5, 1) = 5
    assert c.countered_by == "duel_psi" and c.affected == "a"
    assert levels.net(caster, "combat") == -2 and levels.net(duellist, "combat") == 1
    knight = make("k", attributes={"parade_lame": None}, equipment=("lame_energie",))
    p = psi.cast(scripted(4, 2, 6), _adept("arc_psi"), knight, "arc_psi", 3)
    assert p.countered_by == "parade_lame" and p.affected is None and p.damage is None
    bare = make("b", attributes={"parade_lame": None})
    q = psi.cast(scripted(4, 2, 1), _adept("arc_psi"), bare, "arc_psi", 3)
    assert q.counter is None and q.damage is not None           # no blade in hand: no parry


def test_psi_push_knocks_down_and_healing_restores_every_point():
    t = make("t")
    c = psi.cast(scripted(6, 6, 1), _adept("poussee_psi"), t, "poussee_psi", 4)
    assert c.push == 5.0 and t.status["down"]
    hurt = make("h", attributes={"personnage": None})
    hurt.fig.vitality = 1
    psi.cast(scripted(6, 6), _adept("guerison_psi"), hurt, "guerison_psi", 1)
    assert hurt.fig.vitality == 3
