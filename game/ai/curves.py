"""Response curves and the utility arithmetic of the Infinite Axis Utility System: each
consideration maps an input in [0, 1] through a curve to [0, 1]; an option's score is its
weight times the product of its considerations, with the compensation factor so options
with more considerations are not penalised; a zero vetoes."""
from __future__ import annotations

import math
from dataclasses import dataclass

SHAPES = ("linear", "poly", "logistic", "step", "inverse")


@dataclass(frozen=True)
class Curve:
    """shape: linear (m*x + b), poly (m*x^k + b), logistic (1 / (1 + e^(-k (x - c)))),
    step (1 above c, else b), inverse (the linear curve on 1 - x). Output clamped to
    [floor, 1]."""

    shape: str = "linear"
    m: float = 1.0
    k: float = 1.0
    b: float = 0.0
    c: float = 0.5
    floor: float = 0.0

    def __call__(self, x: float) -> float:
        x = 0.0 if x < 0.0 else 1.0 if x > 1.0 else x
        if self.shape == "linear":
            y = self.m * x + self.b
        elif self.shape == "inverse":
            y = self.m * (1.0 - x) + self.b
        elif self.shape == "poly":
            y = self.m * x ** self.k + self.b
        elif self.shape == "logistic":
            y = 1.0 / (1.0 + math.exp(-self.k * (x - self.c)))
        else:  # step
            y = 1.0 if x >= self.c else self.b
        return max(self.floor, min(1.0, y))

    @classmethod
    def from_dict(cls, d: dict, where: str = "") -> Curve:
        from game.core.errors import UserError

        shape = d.get("type", "linear")
        if shape not in SHAPES:
            raise UserError(f"{where}: unknown curve type '{shape}' (expected one of "
                            f"{', '.join(SHAPES)})")
        try:
            return cls(shape=shape, **{k: float(v) for k, v in d.items() if k != "type"})
        except (TypeError, ValueError) as exc:
            raise UserError(f"{where}: bad curve {d!r} ({exc})") from None


def compensated(values: list[float]) -> float:
    """Product of consideration scores with Dave Mark's compensation factor."""
    n = len(values)
    if n == 0:
        return 1.0
    score = 1.0
    mod = 1.0 - 1.0 / n
    for v in values:
        if v <= 0.0:
            return 0.0
        score *= v + (1.0 - v) * mod * v
    return score

