"""Seeded dice. The generator state lives in the game state (a two-int list), so cloning,
saving and replaying a game captures the dice stream. PCG32 (O'Neill, pcg-random.org)."""
from __future__ import annotations

from collections.abc import Iterable, MutableSequence

_MULT = 6364136223846793005
_MASK64 = (1 << 64) - 1
_MASK32 = 0xFFFFFFFF


def pcg_seed(seed: int, stream: int = 54) -> list[int]:
    """Initial [state, inc] for a seed, as in the reference pcg32_srandom_r."""
    inc = ((stream << 1) | 1) & _MASK64
    state = 0
    state = (state * _MULT + inc) & _MASK64
    state = (state + (seed & _MASK64)) & _MASK64
    state = (state * _MULT + inc) & _MASK64
    return [state, inc]


def pcg_next(rng: MutableSequence[int]) -> int:
    """Next 32-bit output; advances rng (a [state, inc] list) in place."""
    old, inc = rng[0], rng[1]
    rng[0] = (old * _MULT + inc) & _MASK64
    xorshifted = (((old >> 18) ^ old) >> 27) & _MASK32
    rot = old >> 59
    return ((xorshifted >> rot) | (xorshifted << ((-rot) & 31))) & _MASK32


def pcg_below(rng: MutableSequence[int], n: int) -> int:
    """Uniform integer in [0, n) without modulo bias."""
    if n <= 0:
        raise ValueError("n must be positive")
    threshold = (0x100000000 - n) % n
    while True:
        r = pcg_next(rng)
        if r >= threshold:
            return r % n


class Stream:
    """A seeded stream for anything that is not a die roll (terrain layout, agents)."""

    def __init__(self, seed: int, stream: int = 54):
        self.rng = pcg_seed(seed, stream)

    def below(self, n: int) -> int:
        return pcg_below(self.rng, n)

    def random(self) -> float:
        return pcg_next(self.rng) / 4294967296.0

    def uniform(self, a: float, b: float) -> float:
        return a + (b - a) * self.random()

    def choice(self, items):
        return items[self.below(len(items))]

    def shuffle(self, items: list) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]


class Dice:
    """Rolls dice from the generator state held by the game state (``state.rng``)."""

    scripted = False

    def __init__(self, rng: MutableSequence[int]):
        self.rng = rng

    def faces(self, n: int, sides: int = 6) -> list[int]:
        return [pcg_below(self.rng, sides) + 1 for _ in range(n)]


class ScriptedDice(Dice):
    """Dice that return faces given in advance (tests). Raises ScriptExhausted when empty."""

    scripted = True

    def __init__(self, faces: Iterable[int]):
        super().__init__([0, 1])
        self.queue = list(faces)

    def faces(self, n: int, sides: int = 6) -> list[int]:
        from game.core.errors import ScriptExhausted

        if len(self.queue) < n:
            raise ScriptExhausted(f"needed {n} faces, {len(self.queue)} left")
        out, self.queue = self.queue[:n], self.queue[n:]
        for f in out:
            if not 1 <= f <= sides:
                raise ValueError(f"scripted face {f} impossible on a D{sides}")
        return out

    def push(self, *faces: int) -> None:
        self.queue.extend(faces)
