"""Who plays first and who activates next (two sides; the book's optional multi-player game
fixes one order for the whole game instead).

- Initiative (K-R13): the side with the higher total of levels deploys first and plays first;
  a tie is drawn from the setup stream (one die of as many faces as tied sides, an event).
- From turn 2 the side with fewer figures in play starts; with equal numbers the side that
  did not make the last activation of the previous turn starts (K-R14).
- Sides alternate, one figure each; a side with nobody left to activate lets the other
  finish its figures.
"""
from __future__ import annotations

from collections.abc import Mapping


def initiative(ctx, level_totals: Mapping[int, int]) -> int:
    best = max(level_totals.values())
    tied = sorted(s for s, v in level_totals.items() if v == best)
    if len(tied) == 1:
        return tied[0]
    face = ctx.roll("setup", "initiative", 1, sides=len(tied), judge=lambda fs: tied[fs[0] - 1])[0]
    return tied[face - 1]


def first_side(in_play: Mapping[int, int], last_activation_side: int) -> int:
    """The side starting a turn after the first: fewer figures in play, else the side that
    did not make the previous turn's last activation."""
    a, b = sorted(in_play)
    if in_play[a] != in_play[b]:
        return a if in_play[a] < in_play[b] else b
    return b if last_activation_side == a else a


def next_side(current: int, left: Mapping[int, int]) -> int | None:
    """The side activating next: the other one if it has figures left to activate, else the
    same one while it has some, else None (the turn is over)."""
    other = next(s for s in left if s != current)
    if left.get(other, 0) > 0:
        return other
    return current if left.get(current, 0) > 0 else None
