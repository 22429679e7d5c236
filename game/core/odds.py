"""Exact dice odds, as distributions (lists of probabilities indexed by count). Shared by
the AI and the interface's odds preview; tests check them against brute-force enumeration.

Conventions: a die "hits" on target+ (a 6 always hits); an exploding 6 adds a die, which can
explode again; a re-roll turns one missed die (if any) into a fresh die, which explodes too.
Distributions of exploding pools are truncated at CAP hits (the remaining mass is < 1e-12)."""
from __future__ import annotations

from functools import lru_cache

CAP = 64


def _trim(dist: list[float]) -> list[float]:
    while len(dist) > 1 and dist[-1] < 1e-15:
        dist.pop()
    return dist[:CAP + 1]


def convolve(a: list[float], b: list[float]) -> list[float]:
    out = [0.0] * min(len(a) + len(b) - 1, CAP + 1)
    for i, pa in enumerate(a):
        if pa == 0.0:
            continue
        for j, pb in enumerate(b):
            if i + j > CAP:
                break
            out[i + j] += pa * pb
    return _trim(out)


def _die(target: int, explode: bool) -> tuple[list[float], list[float]]:
    """One die: (P(hits=k and it ended on a miss), P(hits=k and it ended on a hit))."""
    t = max(1, min(6, target))
    p_miss = (t - 1) / 6
    if not explode:
        return [p_miss], [0.0, 1 - p_miss]
    p_plain_hit = (6 - t) / 6  # a hit that is not a 6
    miss = [p_miss * (1 / 6) ** k for k in range(CAP + 1)]
    hit = [0.0] + [p_plain_hit * (1 / 6) ** (k - 1) for k in range(1, CAP + 1)]
    return _trim(miss), _trim(hit)


@lru_cache(maxsize=4096)
def pool(n: int, target: int, explode: bool = False, reroll: bool = False) -> tuple[float, ...]:
    """Distribution of hits of n dice on target+ (optionally exploding 6s, one re-roll)."""
    if n <= 0:
        return (1.0,)
    miss, hit = _die(target, explode)
    # joint state: (hits, whether any die missed)
    no_miss, some_miss = [1.0], [0.0]
    single = [a + b for a, b in zip(_pad(miss, len(hit)), _pad(hit, len(miss)))]
    for _ in range(n):
        new_no = convolve(no_miss, hit)
        new_some = _add(convolve(some_miss, single), convolve(no_miss, miss))
        no_miss, some_miss = new_no, new_some
    if reroll:
        some_miss = convolve(some_miss, single)
    return tuple(_add(no_miss, some_miss))


def _pad(a: list[float], n: int) -> list[float]:
    return a + [0.0] * (n - len(a))


def _add(a: list[float], b: list[float]) -> list[float]:
    n = max(len(a), len(b))
    return [x + y for x, y in zip(_pad(a, n), _pad(b, n))]


def after_saves(hits_dist, save: int | None) -> list[float]:
    """Distribution of unsaved hits, from a distribution of hits."""
    out = [0.0]
    for h, p in enumerate(hits_dist):
        if p:
            out = _add(out, [p * q for q in unsaved(h, save)])
    return out


def mix(parts) -> list[float]:
    """A weighted mixture of distributions: parts is [(weight, dist), ...]."""
    out = [0.0]
    for w, d in parts:
        out = _add(out, [w * p for p in d])
    return out


def mean(dist) -> float:
    return sum(k * p for k, p in enumerate(dist))


def at_least(dist, k: int) -> float:
    return sum(dist[k:])


@lru_cache(maxsize=4096)
def unsaved(hits: int, save: int | None) -> tuple[float, ...]:
    """Distribution of hits left after one save die each on save+ (None: no save)."""
    if save is None or hits == 0:
        return tuple([0.0] * hits + [1.0])
    return tuple(_binomial(hits, (save - 1) / 6))


def _binomial(n: int, p: float) -> list[float]:
    from math import comb

    return [comb(n, k) * p ** k * (1 - p) ** (n - k) for k in range(n + 1)]


def ladder(targets) -> float:
    """Chance that every die of an initiative ladder succeeds."""
    p = 1.0
    for t in targets:
        p *= (7 - max(1, min(6, t))) / 6
    return p


def opposed(att: tuple[float, ...], dfn: tuple[float, ...]) -> tuple[list[float], list[float], float]:
    """Compare two hit distributions: (excess for the attacker by k>=1, excess for the
    defender by k>=1, chance of a tie). Index 0 of the first two lists is unused (0)."""
    a_wins = [0.0] * max(len(att), 1)
    d_wins = [0.0] * max(len(dfn), 1)
    tie = 0.0
    for i, pa in enumerate(att):
        for j, pd in enumerate(dfn):
            p = pa * pd
            if i > j:
                a_wins[i - j] += p
            elif j > i:
                d_wins[j - i] += p
            else:
                tie += p
    return a_wins, d_wins, tie
