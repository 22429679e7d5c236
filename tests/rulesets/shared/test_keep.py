"""Keep-best / keep-worst laws and the bonus/malus levels: enumeration of every face, the
book's worked examples with scripted dice, save stacking, and seeded sampling."""
from __future__ import annotations

import itertools

import pytest

from game.rulesets._shared import keep

from .helpers import close_enough, every_script, scripted, seeded


@pytest.mark.parametrize("sides", [6, 10])
@pytest.mark.parametrize("n", [1, 2, 3, 4])
@pytest.mark.parametrize("best", [True, False])
def test_kept_law_matches_the_enumeration_and_the_closed_form(n, sides, best):
    law = keep.kept_law(n, sides, best)
    rolls = list(itertools.product(range(1, sides + 1), repeat=n))
    for x in range(1, sides + 1):
        brute = sum(1 for r in rolls if (max(r) if best else min(r)) == x) / len(rolls)
        closed = ((x ** n - (x - 1) ** n) if best else ((sides - x + 1) ** n - (sides - x) ** n)) / sides ** n
        assert law[x] == pytest.approx(brute, abs=1e-15) == pytest.approx(closed, abs=1e-15)
    assert law[0] == 0.0 and sum(law) == pytest.approx(1.0)


def test_levels_roll_one_die_more_per_level_and_cancel():
    assert keep.dice_for(0) == (1, True)
    assert keep.dice_for(1) == (2, True) and keep.dice_for(2) == (3, True)
    assert keep.dice_for(-1) == (2, False) and keep.dice_for(keep.DEFAULT_LEVEL) == (4, False)
    assert keep.net_level(2, -1) == 1 and keep.net_level(1, -1) == 0 and keep.net_level(-1, -1) == -2
    assert [keep.value_of(v) for v in (-2, -1, 0, 1, 2)] == [1, 2, 3, 4, 5]
    assert keep.level_of(5) == 2


def test_the_books_examples_with_scripted_dice():
    ctx = scripted(2, 4, 5, 3, 6, 1, 2, 6, 6, 5, 6)
    tir = keep.roll_level(ctx, "s", "shoot", 2, threshold=4)          # Tir 2+: 3D6 keep best
    assert (tir.faces, tir.value, tir.success) == ((2, 4, 5), 5, True)
    far = keep.roll_level(ctx, "s", "shoot", 2, mods=(("long_range", -1),), threshold=4)
    assert (far.faces, far.value) == ((3, 6), 6)                    # Tir 2+ and Tir-: Tir+, 2D6
    default = keep.roll_level(ctx, "s", "climb", keep.DEFAULT_LEVEL, threshold=4)
    assert (default.faces, default.value, default.success) == ((1, 2, 6, 6), 1, False)
    e = ctx.events[0]
    assert (e.faces, e.kept, e.result, e.target, e.mods) == ((2, 4, 5), (2,), 5, 4, (("level", 2),))
    assert ctx.events[1].mods == (("level", 2), ("long_range", -1)) and ctx.events[1].kept == (1,)
    assert ctx.events[2].kept == (0,)                               # the worst of four: the first 1
    worst = keep.roll_keep(ctx, "s", "x", 2, best=False)
    assert worst.faces == (5, 6) and worst.value == 5


def test_saves_stack_as_the_book_says():
    assert keep.stack_saves([-2, -1]) == 0                          # Svg 2- + Svg- = Svg
    assert keep.stack_saves([-2, -1, 1]) == 4                       # ... + Svg+ = Svg 4+
    assert keep.stack_saves([0, -1]) == 2                           # heavy armour + shield: 2+
    assert keep.stack_saves([0, -1], mode="levels") == -1           # the other reading
    assert keep.stack_saves([]) is None
    assert keep.stack_saves([-3]) is None and keep.stack_saves([-3], min_value=0) == -3
    with pytest.raises(ValueError):
        keep.stack_saves([0, 1], mode="each")


def _brute_success(level: int, threshold: int) -> float:
    n, best = keep.dice_for(level)
    rolls = list(itertools.product(range(1, 7), repeat=n))
    return sum(1 for r in rolls if (max(r) if best else min(r)) >= threshold) / len(rolls)


@pytest.mark.parametrize("levels", [[-2, -1], [-2, -1, 1], [0, -1], [-1], [1, 0, -2]])
@pytest.mark.parametrize("mode", ["values", "levels", "each"])
def test_save_odds_match_the_enumeration(levels, mode):
    if mode == "each":
        brute = 1.0
        for v in levels:
            brute *= 1 - _brute_success(v, 4)
        brute = 1 - brute
    else:
        lvl = keep.stack_saves(levels, mode)
        brute = 0.0 if lvl is None else _brute_success(lvl, 4)
    assert keep.save_odds(levels, mode) == pytest.approx(brute, abs=1e-12)


@pytest.mark.parametrize("mode", ["values", "each"])
def test_the_save_resolver_over_every_script_is_the_law(mode):
    levels = [-1, 1]
    got = every_script(lambda ctx: keep.roll_saves(ctx, "d", "save", levels, mode=mode).saved, 6, 8)
    assert got[True] == pytest.approx(keep.save_odds(levels, mode), abs=1e-12)
    assert got[True] + got[False] == pytest.approx(1.0)


def test_saves_rolled_each_stop_at_the_first_success():
    ctx = scripted(2, 3, 5, 1)
    r = keep.roll_saves(ctx, "d", "save", [-1, 0, 1], mode="each")
    assert r.saved and [x.faces for x in r.rolls] == [(2, 3), (5,)] and len(ctx.events) == 2
    none = keep.roll_saves(scripted(), "d", "save", [])
    assert not none.saved and none.rolls == ()


@pytest.mark.parametrize("a,b", [(0, 0), (2, -1), (-3, 1), (1, 1)])
def test_opposed_odds_match_the_enumeration(a, b):
    na, ba = keep.dice_for(a)
    nb, bb = keep.dice_for(b)
    win = tie = total = 0
    for ra in itertools.product(range(1, 7), repeat=na):
        ka = max(ra) if ba else min(ra)
        for rb in itertools.product(range(1, 7), repeat=nb):
            kb = max(rb) if bb else min(rb)
            win += ka > kb
            tie += ka == kb
            total += 1
    w, t, lose = keep.opposed_odds(a, b)
    assert (w, t, lose) == pytest.approx((win / total, tie / total, 1 - (win + tie) / total), abs=1e-12)
    r = keep.roll_opposed(scripted(4, 5, 5), "init", "p1", 1, "p2", 0)
    assert r.winner is None and r.a.value == 5


def test_ranked_law_keeps_the_most_wanted_face():
    order = (2, 1, 3, 4, 5, 6)                  # a 2 is wanted least, then a 1
    law = keep.ranked_law(2, order)
    rolls = list(itertools.product(range(1, 7), repeat=2))
    for x in range(1, 7):
        brute = sum(1 for r in rolls if max(r, key=order.index) == x) / 36
        assert law[x] == pytest.approx(brute)


def test_seeded_dice_follow_the_law():
    ctx, n = seeded(11), 4000
    seen = [0] * 7
    ok = 0
    for _ in range(n):
        r = keep.roll_level(ctx, "s", "shoot", -2, threshold=3)
        seen[r.value] += 1
        ok += r.success
    law = keep.level_law(-2)
    assert all(close_enough(seen[x], n, law[x]) for x in range(1, 7))
    assert close_enough(ok, n, keep.success_odds(-2, 3))
