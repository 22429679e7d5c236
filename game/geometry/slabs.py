"""Items (discs: a centre and a radius) sorted along x and along y, to list
quickly the few near a segment: a cheap first filter before exact tests."""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Callable, Sequence
from typing import Generic, TypeVar

T = TypeVar("T")


class SlabIndex(Generic[T]):
    """``near(z0, z1, width)`` returns (in no useful order) every item whose
    disc comes within ``width`` of the segment z0-z1 (points as complex
    numbers), plus some further ones: those whose centre lies in the slab,
    across the segment's shorter axis extent, widened by 1.5 (width + largest
    radius) on each side. The slab contains the rectangle
    {-r <= along <= length + r, |across| <= r + width} around the segment for
    every radius r (its corners are within sqrt(2) (r + width) of an end)."""

    __slots__ = ("by_x", "x_keys", "by_y", "y_keys", "rmax")

    def __init__(self, items: Sequence[T], centre: Callable[[T], complex],
                 radius: Callable[[T], float]) -> None:
        self.by_x = sorted(items, key=lambda it: centre(it).real)
        self.x_keys = [centre(it).real for it in self.by_x]
        self.by_y = sorted(items, key=lambda it: centre(it).imag)
        self.y_keys = [centre(it).imag for it in self.by_y]
        self.rmax = max((radius(it) for it in items), default=0.0)

    def near(self, z0: complex, z1: complex, width: float) -> list[T]:
        return near_both(self, self, z0, z1, width)[0]


def near_both(first: SlabIndex, second: SlabIndex, z0: complex, z1: complex,
              width: float) -> tuple[list, list]:
    """``(first.near(z0, z1, width), second.near(z0, z1, width))`` in one go."""
    x0, x1, y0, y1 = z0.real, z1.real, z0.imag, z1.imag
    if abs(x1 - x0) <= abs(y1 - y0):
        lo, hi = (x0, x1) if x0 <= x1 else (x1, x0)
        k1, i1, k2, i2 = first.x_keys, first.by_x, second.x_keys, second.by_x
    else:
        lo, hi = (y0, y1) if y0 <= y1 else (y1, y0)
        k1, i1, k2, i2 = first.y_keys, first.by_y, second.y_keys, second.by_y
    m1 = 1.5 * (width + first.rmax) + 1e-6
    m2 = 1.5 * (width + second.rmax) + 1e-6
    return (i1[bisect_left(k1, lo - m1):bisect_right(k1, hi + m1)],
            i2[bisect_left(k2, lo - m2):bisect_right(k2, hi + m2)])
