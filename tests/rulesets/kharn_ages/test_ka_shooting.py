"""Shots: the five kinds, the book's range bands (bow 3/6, crossbow 3/7/-) and its long-range
RC example (5 x 2 - 3 = 7), ammunition and cadence, the standard shot's EC range and the
defender's forced characteristic, and the cover bonus of K-R1."""
from __future__ import annotations

import pytest

from game.rulesets.kharn_ages import shooting as sh
from game.rulesets.kharn_ages.defence import DefenceBuild, Incoming, check_defence
from game.rulesets.kharn_ages.fighter import Armour, make
from game.rulesets.kharn_ages.shooting import RangedWeapon, ShotBuild

from ..shared.helpers import scripted

BOW = RangedWeapon("arc", 4, 3, 6, ammo=3, bow=True)
CROSSBOW = RangedWeapon("arbalete", 5, 3, 7, limit=True, short_bonus=2, cadence=1, reload=1)


def shooter(**kw):
    return make("archer", chars={"V": 3, "A": 4}, pa=6, mastery=(), **kw)


def target(**kw):
    return make("target", chars={"V": 3, "A": 3, "P": 3, "C": 3}, pa=3, pv=20, mastery=(), **kw)


def test_the_books_range_bands():
    assert [sh.band(BOW, d) for d in (0, 2.9, 3, 6, 6.1)] == ["short", "short", "effective", "effective", "long"]
    assert sh.band(CROSSBOW, 7) == "effective" and sh.band(CROSSBOW, 7.5) is None


def test_the_books_long_range_rc_example():
    """A 5-damage weapon, long range, an RC: (5 x 2) - 3 = 7."""
    f = shooter()
    w = RangedWeapon("x", 5, 3, 6)
    assert sum(sh.shot_damage(f, w, ShotBuild("basic", ("A", "A")), "long", True)) == 7
    assert sh.shot_damage(f, w, ShotBuild("basic", ("A", "A")), "long", True) == (2, 5)
    assert sum(sh.shot_damage(f, w, ShotBuild("precise", ("A", "A", "V")), "long", True)) == 10
    assert sum(sh.shot_damage(f, CROSSBOW, ShotBuild("basic", ("A", "A")), "short", False)) == 7
    assert sum(sh.shot_damage(f, w, ShotBuild("flash", ("A",), "A"), "effective", True)) == 2
    assert sum(sh.shot_damage(f, RangedWeapon("y", 2, 3, 6), ShotBuild("moving", ("V", "V")), "long", False)) == 0
    archer = shooter(skills={"maitre_archer": None})
    assert sum(sh.shot_damage(archer, BOW, ShotBuild("basic", ("A", "A")), "effective", False)) == 5


@pytest.mark.parametrize("build,why", [
    (ShotBuild("flash", ("V",)), None),
    (ShotBuild("flash", ("P",)), "chars"),
    (ShotBuild("flash", ("A",), effects=("A",)), "effects"),
    (ShotBuild("basic", ("A", "A"), "A", ("A",)), None),
    (ShotBuild("standard", ("A", "V"), "V", ("V",)), None),
    (ShotBuild("standard", ("A", "V"), "P"), "damage"),
    (ShotBuild("precise", ("V", "V", "A"), effects=("V", "V")), None),
    (ShotBuild("precise", ("V", "V", "A"), effects=("A", "A")), "effects"),
])
def test_shot_kinds(build, why):
    assert sh.check_shot(shooter(), BOW, build, 4, engaged=False) == why


def test_no_shot_when_engaged_out_of_range_or_out_of_ammunition():
    f = shooter()
    b = ShotBuild("basic", ("A", "A"))
    assert sh.check_shot(f, BOW, b, 4, engaged=True) == "engaged"
    assert sh.check_shot(f, CROSSBOW, b, 8, engaged=False) == "range"
    for _ in range(3):
        sh.use_ammo(f, BOW)
    assert sh.check_shot(f, BOW, b, 4, engaged=False) == "ammo"
    sh.use_ammo(f, CROSSBOW)
    assert sh.check_shot(f, CROSSBOW, b, 4, engaged=False) == "ammo"
    sh.reload(f, CROSSBOW)
    assert sh.check_shot(f, CROSSBOW, b, 4, engaged=False) is None and f.pa == 5


def test_a_shot_through_a_defence_with_cover_and_armour():
    f = shooter()
    t = target(armour=Armour("cuir", 5, 0, 1, 4))
    ctx = scripted(9, 4, 6)                 # AA 8 + 9 = 17 against reflex 4 + cover 3; armour 6 stops 1
    out = sh.shoot(ctx, f, t, BOW, ShotBuild("basic", ("A", "A"), "weapon", ("A",)), 4,
                   lambda inc, r: DefenceBuild(), cover=3)
    assert out.hit and out.taken == 4 - 1 and out.flash_shots == 1
    assert f.pa == 4 and f.status["ammo_spent"] == {"arc": 1}
    assert [e.rule for e in ctx.events if e.kind == "dice"] == ["shot", "defence", "armour"]
    assert ("cover", 3) in ctx.events[1].mods and ctx.events[1].result == 7


def test_a_shooter_fails_on_one_or_two_and_the_standard_shot_on_three():
    f = shooter()
    out = sh.shoot(scripted(2), f, target(), BOW, ShotBuild("basic", ("A", "A")), 4, lambda inc, r: DefenceBuild())
    assert out.attack.ec and not out.hit and f.status["ammo_spent"] == {"arc": 1}
    out = sh.shoot(scripted(3), f, target(), BOW, ShotBuild("standard", ("A", "V")), 4, lambda inc, r: DefenceBuild())
    assert out.attack.ec and not out.hit


def test_a_defence_against_a_shot_deals_no_damage_and_the_standard_shot_forces_the_lowest():
    t = target()
    t.profile.chars.update(V=2, A=5)
    inc = Incoming(("A", "V"), (4, 3), 2, shot=True, in_reach=False, lowest_av=True)
    assert check_defence(t, DefenceBuild(("A",)), inc) == "lowest"
    assert check_defence(t, DefenceBuild(("V", "A")), inc) is None
    assert check_defence(t, DefenceBuild(("V", "A"), damage="A"), inc) == "riposte"


def test_cover_bonus_on_the_stature_scale():
    assert [sh.cover_stature(h) for h in (0.5, 0.75, 1, 1.5, 3)] == [0, 1, 2, 3, 6]
    assert [sh.cover_bonus(4, [h]) for h in (4, 5, 3, 2, 1)] == [3, 3, 2, 1, 0]
    assert sh.cover_bonus(4, [1, 3, 0]) == 2 and sh.cover_bonus(3, []) == 0


def test_seeded_shots_follow_the_table():
    from game.rulesets.kharn_ages import odds

    from ..shared.helpers import close_enough, seeded

    n = 2500
    ctx = seeded(31)
    build = ShotBuild("standard", ("A", "V"), "weapon", ("V",))
    w = RangedWeapon("x", 5, 3, 6)
    hits = lost = 0
    row = None
    for _ in range(n):
        f = make("f", level=2, chars={"V": 3, "A": 4}, pa=6)
        t = make("t", chars={"V": 3, "A": 2, "P": 3}, pa=2, pv=40, armour=Armour("cuir", 5, 0, 1, 4))
        if row is None:
            rows = odds.shot_table(f, t, w, build, 7, cover=2)
            row = rows[1]
            assert row.defence.chars == ("A",) and row.policy is not None
        out = sh.shoot(ctx, f, t, w, build, 7, lambda inc, r: row.defence, cover=2, reroll_below=row.policy)
        hits += out.hit
        lost += 40 - t.fig.vitality
    assert close_enough(hits, n, row.hit)
    assert abs(lost / n - row.damage) < 0.25
