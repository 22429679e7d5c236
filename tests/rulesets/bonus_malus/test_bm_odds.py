"""Exact odds against enumeration of every die and against seeded play: level rolls,
opposed rolls, stacked saves, shots, fights, and the deviation distance."""
from __future__ import annotations

import itertools
from fractions import Fraction
from types import SimpleNamespace

import pytest

from game.core.context import RuleContext
from game.core.dice import ScriptedDice
from game.rulesets.bonus_malus import melee, odds, shooting, zone
from game.rulesets.bonus_malus.fighter import make

from ..shared.helpers import close_enough, every_script, seeded
from .helpers import pair


def _brute(level: int):
    n = abs(level) + 1
    return [(max(r) if level >= 0 else min(r)) for r in itertools.product(range(1, 7), repeat=n)]


@pytest.mark.parametrize("level", [-3, -2, -1, 0, 1, 2, 3])
def test_level_rolls_match_enumeration(level):
    kept = _brute(level)
    assert odds.success_odds(level) == pytest.approx(sum(k >= 4 for k in kept) / len(kept), abs=1e-12)


@pytest.mark.parametrize("a,b", [(0, 0), (1, -3), (2, -1), (-2, 1)])
def test_opposed_rolls_match_enumeration(a, b):
    ka, kb = _brute(a), _brute(b)
    pairs = [(x, y) for x in ka for y in kb]
    win = sum(x > y for x, y in pairs) / len(pairs)
    tie = sum(x == y for x, y in pairs) / len(pairs)
    w, t, lose = odds.opposed_odds(a, b)
    assert (w, t) == (pytest.approx(win, abs=1e-12), pytest.approx(tie, abs=1e-12))
    assert w + t + lose == pytest.approx(1.0)


def _shot_world():
    shooter, target = pair({"competences": {"tir": 0}, "equipment": ("pistolet_lourd",)},
                           {"equipment": ("armure_lourde", "bouclier")})
    return shooter, target, shooting.weapon(shooter, shooter.cat["pistolet_lourd"])


def test_shot_odds_match_every_script_of_the_shot():
    s, t, w = _shot_world()
    exact = odds.shot_odds(s, t, w, 7, cover="light")

    def run(ctx):
        s2, t2, w2 = _shot_world()
        shooting.shoot(ctx, s2, t2, w2, 7, cover="light")
        return t2.fig.out
    law = every_script(run, 6, 8)
    assert exact.out == pytest.approx(law.get(True, 0.0), abs=1e-12)
    assert exact.hit == pytest.approx(1 / 4, abs=1e-12)            # Tir-: the worst of 2 >= 4


def test_shot_odds_against_seeded_play():
    s, t, w = _shot_world()
    p = odds.shot_odds(s, t, w, 3).out
    n, hits = 3000, 0
    ctx = seeded(14)
    for _ in range(n):
        s2, t2, w2 = _shot_world()
        shooting.shoot(ctx, s2, t2, w2, 3)
        hits += t2.fig.out
    assert close_enough(hits, n, p)


def _fight_world():
    return pair({"competences": {"combat": 0}, "equipment": ("hache_2m",)},
                {"competences": {"combat": 0}, "equipment": ("hache_2m",)})


def test_fight_odds_match_every_script_of_the_fight():
    a, b = _fight_world()
    exact = odds.fight_odds(a, b, defender_engaged=2)

    def run(ctx):
        a2, b2 = _fight_world()
        f = melee.fight(ctx, a2, b2, defender_engaged=2)
        return (f.winner, a2.fig.out, b2.fig.out)
    law = every_script(run, 6, 8)
    won = sum(p for (w, _, _), p in law.items() if w == "a")
    tie = sum(p for (w, _, _), p in law.items() if w is None)
    assert (exact.win, exact.tie) == (pytest.approx(won, abs=1e-12), pytest.approx(tie, abs=1e-12))
    assert exact.out_defender == pytest.approx(sum(p for (_, _, o), p in law.items() if o), abs=1e-12)
    assert exact.out_attacker == pytest.approx(sum(p for (_, o, _), p in law.items() if o), abs=1e-12)


def test_a_spent_budget_shows_no_wound_in_the_odds():
    a, b = _fight_world()
    a.status["damage_rolls"] = 1
    f = odds.fight_odds(a, b)
    assert f.win > 0 and f.wound_defender == 0.0 and f.wound_attacker > 0


def test_deviation_distance_law():
    law = odds.deviation_law()
    assert law == {1: Fraction(4, 5), 2: Fraction(1, 5)}
    brute: dict[int, int] = {}
    for a, b in itertools.product(range(1, 7), repeat=2):
        d = zone.deviation_pas((a, b))
        if d is not None:
            brute[d] = brute.get(d, 0) + 1
    assert {k: Fraction(v, 30) for k, v in brute.items()} == law


def test_a_deviation_rolls_again_on_a_double_then_a_clock_face():
    state = SimpleNamespace(width=1000.0, height=1000.0)
    ctx = RuleContext(state, ScriptedDice([3, 3, 5, 2, 3]), lambda s: None)
    sc = zone.deviate(ctx, "g", (500.0, 500.0), pas_mm=25.0)
    assert sc.rolled == 25.0 and sc.heading == 90.0
    assert sc.point == pytest.approx((500.0, 525.0))
    assert [e.rule for e in ctx.events] == ["deviation", "deviation", "deviation_direction"]


def test_save_odds_follow_the_stacked_level():
    t = make("t", equipment=("armure_lourde", "bouclier"))
    from game.rulesets.bonus_malus.saves import Attack
    assert odds.save_odds(t, Attack("melee", (1.0, 0.0))) == pytest.approx(1 - (1 / 2) ** 3)
    assert odds.save_odds(t, Attack("melee", (-1.0, 0.0), pierce=1)) == pytest.approx(1 / 4)


# ------------------------------------------------------------------ round 2 mechanics
def test_a_shot_on_the_move_at_tir_minus_matches_every_script():
    """Running fire, a firing charge and each gun of a gunslinger shoot at Tir- (extra)."""
    def world():
        s = make("s", 1, competences={"tir": 1}, attributes={"pistolero": None},
                 equipment=("pistolet_plasma", "petit_pistolet_plasma"))
        t = make("t", 2, x=4.0, facing=180.0)
        return s, t, shooting.weapon(s, s.cat["petit_pistolet_plasma"])
    s, t, w = world()
    extra = (("two_guns", -1),)
    exact = odds.shot_odds(s, t, w, 3, extra=extra)

    def run(ctx):
        s2, t2, w2 = world()
        shot = shooting.shoot(ctx, s2, t2, w2, 3, extra=extra)
        return shot.hit.success, bool(shot.damage and shot.damage.points)
    law = every_script(run, 6, 4)          # one die to hit, two for Dégâts+
    assert exact.hit == pytest.approx(odds.success_odds(0), abs=1e-12)          # Tir+ and -: plain
    assert exact.hit == pytest.approx(sum(p for (h, _), p in law.items() if h), abs=1e-12)
    assert exact.wound == pytest.approx(sum(p for (_, d), p in law.items() if d), abs=1e-12)


def test_a_spectre_shows_no_wound_to_plain_weapons_and_the_true_odds_to_a_slayer():
    wraith = make("w", 2, x=4.0, facing=180.0, attributes={"spectre": None})
    gun = make("g", 1, competences={"tir": 0}, equipment=("pistolet_plasma",))
    w = shooting.weapon(gun, gun.cat["pistolet_plasma"])
    assert odds.shot_odds(gun, wraith, w, 3).wound == 0.0
    slayer = make("k", 1, competences={"tir": 0}, attributes={"tueur": "spectre"}, equipment=("pistolet_plasma",))
    got = odds.shot_odds(slayer, wraith, shooting.weapon(slayer, slayer.cat["pistolet_plasma"]), 3)
    assert got.wound == pytest.approx(odds.success_odds(0) * odds.success_odds(3), abs=1e-12)


@pytest.mark.parametrize("level", [-2, -1, 0, 1])
def test_attribute_test_odds_follow_the_printed_level(level):
    f = make("a", attributes={"etourdissement": level})
    kept = _brute(level)
    assert odds.feat_odds(f, "etourdissement") == pytest.approx(sum(k >= 4 for k in kept) / len(kept), abs=1e-12)
    assert odds.feat_odds(f, "camouflage") == 0.0


def test_a_supported_fight_matches_every_script_and_never_hurts_the_supporter():
    a, b = _fight_world()
    exact = odds.fight_odds(a, b, supported=True)

    def run(ctx):
        a2, b2 = _fight_world()
        melee.fight(ctx, a2, b2, supported=True)
        return (a2.fig.vitality < a2.fig.max_vitality, b2.fig.out)
    law = every_script(run, 6, 8)
    assert exact.wound_attacker == 0.0 and law.get((True, False), 0.0) == 0.0
    assert exact.out_defender == pytest.approx(sum(p for (_, o), p in law.items() if o), abs=1e-12)
