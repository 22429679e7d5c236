"""Exact odds against brute-force enumeration of every die face."""
import itertools
from fractions import Fraction

import pytest

from game.core import odds
from game.rulesets.evenor.odds import damage

FACES = range(1, 7)


def brute_pool(n, target, explode, reroll, depth=5):
    """Enumerate every roll (explosions to a depth, where the rest is negligible)."""
    dist = {}

    def go(pending, hits, rerolled, p, d):
        if pending == 0:
            dist[hits] = dist.get(hits, 0) + p
            return
        for faces in itertools.product(FACES, repeat=pending):
            q = p / 6 ** pending
            h = hits + sum(f >= target for f in faces)
            nxt = sum(f == 6 for f in faces) if explode else 0
            if explode and d >= depth:
                nxt = 0
            if reroll and not rerolled and any(f < target for f in faces):
                for g in FACES:
                    go(nxt + (1 if explode and g == 6 and d < depth else 0), h + (g >= target),
                       True, q / 6, d + 1)
            else:
                go(nxt, h, rerolled, q, d + 1)

    go(n, 0, False, 1.0, 0)
    return dist


@pytest.mark.parametrize("n, target", [(1, 4), (2, 3), (3, 5), (3, 2)])
@pytest.mark.parametrize("explode, reroll", [(False, False), (False, True), (True, False), (True, True)])
def test_pool_matches_enumeration(n, target, explode, reroll):
    exact = odds.pool(n, target, explode, reroll)
    brute = brute_pool(n, target, explode, reroll, depth=4 if n < 3 else 2)
    tol = 1e-9 if not explode else 6 ** -(3 if n < 3 else 2)
    for k in range(max(len(exact), max(brute) + 1)):
        e = exact[k] if k < len(exact) else 0.0
        assert abs(e - brute.get(k, 0.0)) <= tol, (k, e, brute.get(k))
    assert abs(sum(exact) - 1) < 1e-9


def test_design_note_example():
    d = odds.pool(5, 4, explode=True)
    assert round(odds.mean(d), 2) == 3.00 and round(odds.at_least(d, 3), 4) == 0.5998


def test_ladder_is_the_product_of_each_step():
    for targets in ([1, 2, 3], [4, 5], [3, 4, 5, 6]):
        wins = sum(all(f >= t for f, t in zip(faces, targets))
                   for faces in itertools.product(FACES, repeat=len(targets)))
        assert odds.ladder(targets) == pytest.approx(wins / 6 ** len(targets))


def test_saves_and_opposed_rolls():
    hits = odds.pool(2, 4)
    left = odds.after_saves(hits, 5)
    brute = {}
    for faces in itertools.product(FACES, repeat=4):  # 2 hit dice, then up to 2 save dice
        h = sum(f >= 4 for f in faces[:2])
        u = sum(f < 5 for f in faces[2:2 + h])
        brute[u] = brute.get(u, 0) + Fraction(1, 6 ** 4)
    for k, v in brute.items():
        assert left[k] == pytest.approx(float(v))
    a, d = odds.pool(2, 4), odds.pool(1, 3)
    aw, dw, tie = odds.opposed(a, d)
    assert sum(aw) + sum(dw) + tie == pytest.approx(1)
    exact_tie = sum(pa * pd for i, pa in enumerate(a) for j, pd in enumerate(d) if i == j)
    assert tie == pytest.approx(exact_tie)


@pytest.mark.parametrize("vitality", [1, 2, 3])
@pytest.mark.parametrize("in_melee", [False, True])
def test_damage_table_matches_enumeration(vitality, in_melee):
    for u in range(0, 4):
        p_out = loss = 0.0
        for faces in itertools.product(FACES, repeat=u):
            v = vitality
            for f in faces:
                if v == 0:
                    break
                if in_melee and f <= 4 and v == 1:
                    continue  # knocked down
                v -= 1
            p_out += (v == 0) / 6 ** u
            loss += (vitality - v) / 6 ** u
        dist = [0.0] * u + [1.0]
        got_out, got_loss, _ = damage(dist, vitality, in_melee=in_melee)
        assert got_out == pytest.approx(p_out) and got_loss == pytest.approx(loss)
