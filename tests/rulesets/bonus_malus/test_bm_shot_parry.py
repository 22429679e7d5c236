"""B-R70, the shot parry (Parade des tirs): the Psi sense and the blade make one save against
shots, Svg+ (not Sensible au Psi's Svg- plus the parry's Svg+, which stacked to 3+), only
against a shot from the front arc; other saves stack with it as B-R1 says. Scripted dice."""
from __future__ import annotations

from game.rulesets.bonus_malus import shooting
from game.rulesets.bonus_malus.saves import Attack, save_level, sources

from ..shared.helpers import scripted
from .helpers import pair

MASTER = {"attributes": {"sensible_psi": None}, "equipment": ("lame_energie",)}
GUN = {"competences": {"tir": 0}, "equipment": ("pistolet_plasma",)}


def test_a_shot_at_a_psi_blade_bearer_in_front_is_saved_at_svg_plus_two_dice():
    gun, master = pair(GUN, MASTER)
    w = shooting.weapon(gun, gun.cat["pistolet_plasma"])
    ctx = scripted(6, 3, 2, 6, 1, 1)    # hit; the save keeps the best of two dice: 3, failed
    s = shooting.shoot(ctx, gun, master, w, 1)
    assert s.hit.success
    assert s.damage.save.faces == (3, 2) and not s.damage.save.success
    assert s.damage.roll is not None and s.damage.roll.success and master.fig.out


def test_a_shot_from_behind_meets_the_psi_sense_alone():
    gun, master = pair(GUN, MASTER)
    master.fig.facing = 0.0             # the master turns its back on the gun at (0, 0)
    w = shooting.weapon(gun, gun.cat["pistolet_plasma"])
    ctx = scripted(6, 6, 1, 6, 1, 1)    # hit; Svg-: the worst of two dice, 1, failed
    s = shooting.shoot(ctx, gun, master, w, 1)
    assert s.damage.save.faces == (6, 1) and not s.damage.save.success
    assert master.fig.out


def test_the_parry_and_the_psi_sense_are_one_save_and_other_saves_still_stack():
    _, master = pair(None, MASTER)
    front, behind = (0.0, 0.0), (2.0, 0.0)
    assert save_level(master, Attack("shots", front)) == 1                  # Svg+, not 3+
    assert [s.origin for s in sources(master, Attack("shots", front))] == ["parade_tirs"]
    assert save_level(master, Attack("shots", behind)) == -1                # Svg- only
    assert save_level(master, Attack("melee", front)) == -1                 # shots only
    assert save_level(master, Attack("shots", front, cover="light")) == 2   # 4 + 1
    master.fig.status["ran"] = True
    assert save_level(master, Attack("shots", front)) == 2                  # 4 + 1 (the run)
