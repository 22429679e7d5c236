"""Sharing a pool of dice among several targets."""
from __future__ import annotations


def even_splits(power: int, k: int) -> list[tuple[int, ...]]:
    """Power shared as evenly as possible among k targets: every arrangement of the remainder."""
    base, extra = divmod(power, k)
    out = set()
    for mask in range(1 << k):
        if bin(mask).count("1") == extra:
            out.add(tuple(base + (1 if mask >> i & 1 else 0) for i in range(k)))
    return sorted(out, reverse=True)


def all_splits(total: int, k: int) -> list[list[int]]:
    """Every way to share ``total`` among ``k`` recipients."""
    if k == 1:
        return [[total]]
    return [[i] + rest for i in range(total + 1) for rest in all_splits(total - i, k - 1)]
