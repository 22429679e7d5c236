"""The spell odds (``spell_odds``, K-R95) against plain enumeration of the dice: the cast
reaching its difficulty (with and without a mastery re-roll), the I-only defence holding
against a total, and the spell working against a defence; and the cast form's odds."""
from __future__ import annotations

from functools import cache
from itertools import product

import pytest

from game.rulesets._shared import nd10
from game.rulesets.kharn_ages import spell_odds as SO
from game.rulesets.kharn_ages.fighter import DOMAINS, make

CHAIN_DEPTH = 4


@cache
def chain(depth: int = 0):
    """[(added, p)] of an RC's re-rolls, enumerated to a depth."""
    out = []
    for r in range(1, 11):
        if r == 1:
            out.append((0, 0.1))
        elif r == 10 and depth < CHAIN_DEPTH:
            out += [(10 + a, 0.1 * p) for a, p in chain(depth + 1)]
        else:
            out.append((r, 0.1))
    return tuple(out)


@cache
def enumerate_roll(n: int, reroll_below: int | None):
    """[(natural value, kind, p)] by enumerating every face (and the re-roll of the least
    wanted die when the kept one is short)."""
    out = []
    for faces in product(range(1, 11), repeat=n):
        p = 0.1 ** n
        branches = [(list(faces), p)]
        k = faces[nd10.kept_index(faces)]
        if nd10.wants_reroll(k, nd10.DEFAULT, reroll_below):
            i = nd10.least_wanted(faces)
            branches = [(list(faces[:i]) + [r] + list(faces[i + 1:]), p / 10) for r in range(1, 11)]
        for fs, q in branches:
            kept = fs[nd10.kept_index(fs)]
            if kept == 1:
                out.append((1, nd10.EC, q))
            elif kept == 10:
                out += [(10 + a, nd10.RC, q * c) for a, c in chain()]
            else:
                out.append((kept, nd10.PLAIN, q))
    return tuple(out)


def caster(level=2, mastery=False):
    return make("m", chars={"I": 4}, level=level, mastery=(frozenset(DOMAINS),) if mastery else ())


def target(mastery=False, **kw):
    return make("t", 2, chars={"I": 3}, mastery=(frozenset(DOMAINS),) if mastery else (), **kw)


@pytest.mark.parametrize("level,mastery,pa,need", [(1, False, 2, 12), (2, False, 1, 14), (2, True, 2, 18),
                                                   (1, True, 3, 25)])
def test_the_cast_reaching_its_difficulty(level, mastery, pa, need):
    f = caster(level, mastery)
    bonus = 4 * pa
    rb = nd10.best_reroll_below(need - bonus, nd10.DEFAULT, True) if mastery else None
    want = sum(p for v, k, p in enumerate_roll(level, rb) if k != nd10.EC and (k == nd10.RC or v + bonus >= need))
    assert SO.cast_chance(f, pa, need) == pytest.approx(want, abs=1e-4)


@pytest.mark.parametrize("pa,total,cast_pa,mastery", [(0, 9, 2, False), (1, 12, 1, True), (2, 16, 3, True)])
def test_the_defence_holding_against_a_total(pa, total, cast_pa, mastery):
    t = target(mastery)
    bonus = 3 * pa + SO.CAST_MOD[cast_pa]
    rb = total - bonus if mastery else None
    want = sum(p for v, k, p in enumerate_roll(1, rb) if k != nd10.EC and v + bonus >= total)
    assert SO.spell_defence_chance(t, pa, total, cast_pa) == pytest.approx(want, abs=1e-4)


def test_the_spell_working_against_a_defence_and_welcomed():
    f, t = caster(2, True), target(True)
    pa, need, dpa = 2, 14, 1
    bonus = 8
    rb = nd10.best_reroll_below(need - bonus, nd10.DEFAULT, True)
    want = 0.0
    for v, k, p in enumerate_roll(2, rb):
        if k == nd10.EC or (k != nd10.RC and v + bonus < need):
            continue
        total = v + bonus
        dbonus = 3 * dpa
        held = sum(q for w, kk, q in enumerate_roll(1, total - dbonus) if kk != nd10.EC and w + dbonus >= total)
        want += p * (1 - held)
    assert SO.works_chance(f, t, pa, need, 0, dpa) == pytest.approx(want, abs=1e-4)
    assert SO.works_chance(f, None, pa, need) == pytest.approx(SO.cast_chance(f, pa, need))
    assert SO.works_chance(f, t, pa, need, 0, 3) < SO.works_chance(f, t, pa, need, 0, 0)
