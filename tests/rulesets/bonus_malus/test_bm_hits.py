"""What a won fight or a landed shot does besides damage (B-R31, B-R34), with scripted
dice: Assommoir, Electrochoc (and the immune), Brise-arme (and the null alloy), Projection
on a shot, De taille et d'estoc's extra points and push, Repousse."""
from __future__ import annotations

from game.rulesets.bonus_malus import melee, odds, shooting
from game.rulesets.bonus_malus.fighter import make

from ..shared.helpers import scripted, seeded
from .helpers import pair


def _pair(a_eq, b_extra=None):
    return pair({"competences": {"combat": 0}, "equipment": a_eq},
                {"competences": {"combat": 0}, "equipment": ("epee",), **(b_extra or {})})


def test_a_club_knocks_down_on_a_passed_assommoir_test_even_with_no_damage():
    a, b = _pair(("matraque",), {"attributes": {"personnage": None}})
    ctx = scripted(6, 2, 1, 1, 6, 6, 5)                      # win; damage (1,1) fails; Assommoir 2-: worst of (6,6,5)
    f = melee.fight(ctx, a, b)
    assert f.damage.points == 0 and f.aftermath.states == ["down"] and b.status["down"]
    assert ctx.events[-1].rule == "assommoir"


def test_shock_weapons_stun_and_knock_down_unless_immune():
    a, b = _pair(("matraque_electrique",), {"attributes": {"personnage": None}})
    melee.fight(scripted(6, 2, 1, 1, 1, 1), a, b)            # win; damage fails; Assommoir- fails
    assert b.status.get("stunned") and b.status.get("down")
    c, d = _pair(("matraque_electrique",), {"attributes": {"personnage": None, "insensible_electrochoc": None}})
    melee.fight(scripted(6, 2, 1, 1, 1, 1), c, d)
    assert not d.status.get("stunned") and not d.status.get("down")


def test_an_energy_blade_breaks_a_plain_weapon_but_not_a_null_alloy_one():
    a, b = _pair(("lame_energie",), {"attributes": {"personnage": None}})
    melee.fight(scripted(6, 2, 1, 1, 1), a, b)              # win; damage 2+ (1,1,1) fails
    assert "epee" not in b.equipment
    c, d = pair({"competences": {"combat": 0}, "equipment": ("lame_energie",)},
                {"competences": {"combat": 0}, "equipment": ("epee_sonique_nulle",),
                 "attributes": {"personnage": None}})
    melee.fight(scripted(6, 2, 1, 1, 1), c, d)
    assert d.equipment == ("epee_sonique_nulle",)


def test_grenades_throw_down_on_a_hit_but_not_a_huge_figure():
    thrower = make("g", competences={"lancer": 0}, equipment=("grenades",))
    man = make("m", x=2.0, attributes={"personnage": None})
    w = shooting.weapon(thrower, thrower.cat["grenades"])
    s = shooting.shoot(scripted(5, 1, 1, 4), thrower, man, w, 2)   # hit, damage fails, Projection 4
    assert s.aftermath.states == ["down"] and man.status["down"]
    huge = make("h", x=2.0, attributes={"enorme": None})
    s = shooting.shoot(scripted(5, 1, 1), thrower, huge, w, 2)
    assert s.aftermath.states == [] and not huge.status.get("down")


def test_cut_and_thrust_takes_a_d2_and_pushes():
    a, b = _pair(("epee",), {"attributes": {"personnage": None}})
    ctx = scripted(6, 2, 5, 4, 4, 2)                         # win; cut- (5,4): 4 passes; damage 4; D2 = 2
    f = melee.fight(ctx, a, b)
    assert f.aftermath.cut and f.aftermath.push == 1.0 and f.damage.points == 2 and b.fig.vitality == 1
    assert ctx.events[-1].rule == "cut_thrust_points" and ctx.events[-1].sides == 2


def test_fight_odds_count_the_cut_points_against_seeded_play():
    def world():
        return pair({"competences": {"combat": 1}, "equipment": ("epee",), "attributes": {"coup_fatal": None}},
                    {"competences": {"combat": 0}, "equipment": ("baton",), "attributes": {"personnage": None}})
    a, b = world()
    p = odds.fight_odds(a, b).out_defender
    assert p > 0
    ctx, n, outs = seeded(7), 4000, 0
    for _ in range(n):
        a2, b2 = world()
        melee.fight(ctx, a2, b2)
        outs += b2.fig.out
    from ..shared.helpers import close_enough
    assert close_enough(outs, n, p)
