"""Khârn-Ages ND10 laws: keep one of N D10, the RC chain, the EC range, mastery re-rolls and
the derived D5 / D3 / D2, against a brute-force enumeration written from the book (chains cut
at depth 6), the resolver run on every script, the book's examples, and seeded sampling."""
from __future__ import annotations

import itertools

import pytest

from game.rulesets._shared import nd10
from game.rulesets._shared.nd10 import EC, PLAIN, RC, Crit, crit_rules

from .helpers import close_enough, every_script, scripted, seeded

DEPTH = 6


def brute(n: int, rc_from: int, ec: frozenset[int], below: int | None, rerolls: int):
    """Every face of the N dice, of each mastery re-roll (the least wanted die, or the only
    one, while the kept die is an EC or short of ``below`` and is no RC), and of the chain (a
    kept RC re-rolls: an EC adds nothing and stops, an RC adds and goes on, anything else
    adds), cut after DEPTH re-rolls in a row showing an RC."""
    out: dict[tuple[int, str], float] = {}

    def wanted(f):
        return (f not in ec, f)

    def add(key, p):
        out[key] = out.get(key, 0.0) + p

    def chain(base, p, depth):
        for r in range(1, 11):
            if r in ec:
                add((base, RC), p / 10)
            elif r >= rc_from:
                if depth + 1 < DEPTH:
                    chain(base + r, p / 10, depth + 1)
            else:
                add((base + r, RC), p / 10)

    def settle(faces, p, left):
        kept = max(faces, key=wanted)
        short = kept in ec or (below is not None and kept < below)
        if left and below is not None and kept < rc_from and short:
            worst = sorted(range(len(faces)), key=lambda i: wanted(faces[i]))[0]
            for r in range(1, 11):
                settle(faces[:worst] + [r] + faces[worst + 1:], p / 10, left - 1)
            return
        if kept in ec:
            add((kept, EC), p)
        elif kept >= rc_from:
            chain(kept, p, 0)
        else:
            add((kept, PLAIN), p)

    for faces in itertools.product(range(1, 11), repeat=n):
        settle(list(faces), 10.0 ** -n, rerolls)
    return out


CASES = [(1, Crit(), None, 0), (2, Crit(), None, 0), (3, Crit(), None, 0),
         (2, crit_rules(2), None, 0), (3, crit_rules(3, specialist=True), None, 0),
         (1, Crit(), 7, 1), (2, Crit(), 8, 1), (3, crit_rules(2), 6, 2),
         (2, crit_rules(last_stand=True), 12, 1), (1, crit_rules(2, specialist=True), 5, 2)]


def _compare(law, brute_law, crit, depth=DEPTH):
    """Equal below the value a chain cut at ``depth`` can first miss; above it, the law holds
    what the enumeration kept plus at most the mass it cut."""
    cut = crit.rc_from * (depth + 1)
    for key in set(law) | set(brute_law):
        if key[0] < cut:
            assert law.get(key, 0.0) == pytest.approx(brute_law.get(key, 0.0), abs=1e-13), key
    missing = 1.0 - sum(brute_law.values())
    assert 0.0 <= missing + 1e-13 and missing <= ((11 - crit.rc_from) / 10) ** depth
    tail = sum(p for (v, _), p in law.items() if v >= cut)
    assert tail == pytest.approx(sum(p for (v, _), p in brute_law.items() if v >= cut) + missing, abs=1e-11)
    assert sum(law.values()) == pytest.approx(1.0, abs=1e-11)


@pytest.mark.parametrize("n,crit,below,rerolls", CASES)
def test_law_matches_the_enumeration(n, crit, below, rerolls):
    _compare(nd10.law(n, crit, below, rerolls), brute(n, crit.rc_from, crit.ec, below, rerolls), crit)


@pytest.mark.parametrize("n,crit,below,rerolls,depth", [(2, Crit(), 8, 1, 5), (1, crit_rules(2), 6, 2, 5),
                                                         (1, crit_rules(last_stand=True), 9, 1, 4)])
def test_the_resolver_over_every_script_is_the_law(n, crit, below, rerolls, depth):
    def run(ctx):
        r = nd10.roll_nd10(ctx, "a", "attack", n, crit=crit, reroll_below=below, rerolls=rerolls)
        return r.natural, r.kind

    _compare(nd10.law(n, crit, below, rerolls), every_script(run, 10, n + rerolls + depth), crit, depth)


def test_chain_law_mass_and_mean():
    chain = nd10.chain_law()
    assert 1 - 1e-11 < sum(chain) <= 1.0
    # E = (faces 2..9 + the 10) / 10 / (1 - 1/10): 6
    assert sum(a * p for a, p in enumerate(chain)) == pytest.approx(6.0, abs=1e-9)
    assert chain[0] == pytest.approx(0.1) and chain[14] == pytest.approx(0.01)


def test_critical_rolls_as_the_book_says():
    ctx = scripted(10, 4, 3, 10, 10, 10, 1, 1, 1)
    rc = nd10.roll_nd10(ctx, "a", "attack", 1, mods=(("P", 3),))
    assert (rc.natural, rc.total, rc.rc, rc.chain) == (14, 17, True, (4,))
    twice = nd10.roll_nd10(ctx, "a", "attack", 2)
    assert twice.faces == (3, 10) and twice.chain == (10, 10, 1) and twice.natural == 30 and twice.rc
    ec = nd10.roll_nd10(scripted(1, 1), "a", "attack", 2)
    assert ec.ec and not ec.reaches(0)
    rules = [e.rule for e in ctx.events]
    assert rules == ["attack", "attack.rc", "attack", "attack.rc", "attack.rc", "attack.rc"]
    first, second = ctx.events[0], ctx.events[2]
    assert (first.result, first.kept, first.crit, first.fumble) == (13, (0,), (0,), ())
    assert (second.kept, second.crit) == ((1,), (1,))
    assert [e.result for e in ctx.events[3:]] == [10, 10, 0]
    assert ctx.events[5].fumble == (0,) and ctx.events[4].crit == (0,)


def test_rc_wins_against_a_fixed_threshold_only_when_asked():
    r = nd10.roll_nd10(scripted(10, 2), "a", "dig", 1, mods=(("C", 1),))
    assert r.total == 13 and not r.reaches(15) and r.reaches(15, rc_wins=True)
    assert nd10.success_odds(1, 15, rc_wins=True) == pytest.approx(0.1)
    assert nd10.success_odds(1, 15) == pytest.approx(0.1 * 0.6)      # 10 + (5..9, or 10 and more)


def test_a_shooter_fails_on_one_and_two_and_a_specialist_keeps_a_one():
    shot = crit_rules(2)
    assert nd10.roll_nd10(scripted(2), "a", "shot", 1, crit=shot).ec
    spec = crit_rules(2, specialist=True)
    r = nd10.roll_nd10(scripted(1, 2), "a", "shot", 2, crit=spec)
    assert r.face == 1 and r.kept == 0 and not r.ec                # keeps the 1, not the EC 2
    assert nd10.roll_nd10(scripted(9, 1), "a", "shot", 1, crit=crit_rules(last_stand=True)).rc


def test_the_books_mastery_example():
    """An Avant-Garde de Choc [[ rolls 2 and 3 and spends a mastery die on the 2."""
    ctx = scripted(2, 3, 7)
    r = nd10.roll_nd10(ctx, "avg", "attack", 2, reroll_below=6, rerolls=1)
    assert r.faces == (7, 3) and r.face == 7 and r.rerolled == 1
    e = ctx.events[1]
    assert (e.rule, e.faces, e.kept) == ("attack.mastery", (7,), (0,))
    low = scripted(2, 3, 1)
    kept_low = nd10.roll_nd10(low, "avg", "attack", 2, reroll_below=6, rerolls=1)
    assert kept_low.faces == (1, 3) and kept_low.face == 3 and low.events[1].kept == ()
    assert nd10.roll_nd10(scripted(10, 5), "x", "attack", 1, reroll_below=20, rerolls=1).rerolled == 0
    assert [nd10.dice_count(3, s) for s in range(4)] == [3, 2, 1, 1]
    assert nd10.dice_count(1, 0, extra=1) == 2


@pytest.mark.parametrize("n", [1, 2, 3])
@pytest.mark.parametrize("need", [4, 7, 9, 12])
def test_the_best_policy_beats_every_other_threshold(n, need):
    best = nd10.success_odds(n, need, reroll_below=nd10.best_reroll_below(need), rerolls=1)
    assert best > nd10.success_odds(n, need)
    for other in range(1, 12):
        assert best >= nd10.success_odds(n, need, reroll_below=other, rerolls=1) - 1e-12


@pytest.mark.parametrize("size,n", [(5, 1), (5, 2), (3, 1), (2, 3)])
def test_derived_dice(size, n):
    sides, div = nd10.DERIVED[size]
    law = nd10.derived_law(size, n)
    for total in set(law):
        brute = sum(1 for fs in itertools.product(range(1, sides + 1), repeat=n)
                    if sum(-(-f // div) for f in fs) == total) / sides ** n
        assert law[total] == pytest.approx(brute)
    assert set(law) == set(range(n, n * size + 1))


def test_d5_reads_the_d10_halved_rounded_up():
    assert [nd10.derived_value(5, f) for f in range(1, 11)] == [1, 1, 2, 2, 3, 3, 4, 4, 5, 5]
    assert [nd10.derived_value(2, f) for f in range(1, 11)] == [1] * 5 + [2] * 5
    assert [nd10.derived_value(3, f) for f in range(1, 7)] == [1, 1, 2, 2, 3, 3]
    ctx = scripted(7, 2)
    assert nd10.roll_derived(ctx, "a", "collision", 5, 2, mods=(("minus", -2),)) == (4, 1)
    e = ctx.events[0]
    assert (e.sides, e.faces, e.result) == (10, (7, 2), 3)


def test_seeded_dice_follow_the_law():
    ctx, n, crit = seeded(7), 3000, crit_rules(2)
    ok = rc = ec = 0
    for _ in range(n):
        r = nd10.roll_nd10(ctx, "a", "shot", 2, crit=crit, reroll_below=8, rerolls=1)
        ok += r.reaches(8)
        rc += r.rc
        ec += r.ec
    law = nd10.law(2, crit, 8, 1)
    assert close_enough(ok, n, nd10.success_odds(2, 8, crit, 8, 1))
    assert close_enough(rc, n, sum(p for (_, k), p in law.items() if k == RC))
    assert close_enough(ec, n, sum(p for (_, k), p in law.items() if k == EC))
