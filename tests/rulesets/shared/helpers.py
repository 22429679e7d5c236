"""Helpers for the dice-law tests: a bare rule context, exhaustive runs of a resolver over
every script of faces, and a sampling tolerance derived from the sample size."""
from __future__ import annotations

import math
from collections.abc import Callable, Hashable

from game.core.context import RuleContext
from game.core.dice import Dice, ScriptedDice, pcg_seed
from game.core.errors import ScriptExhausted


def context(dice) -> RuleContext:
    return RuleContext(None, dice, lambda state: None)


def scripted(*faces: int) -> RuleContext:
    return context(ScriptedDice(faces))


def seeded(seed: int) -> RuleContext:
    return context(Dice(pcg_seed(seed)))


def every_script(run: Callable[[RuleContext], Hashable], sides: int, max_len: int) -> dict[Hashable, float]:
    """Run a resolver on every script of faces it can consume (longest ``max_len``), weighting
    each outcome by (1/sides)^faces used: the resolver's exact law, cut at ``max_len``."""
    out: dict[Hashable, float] = {}
    stack: list[list[int]] = [[]]
    while stack:
        script = stack.pop()
        try:
            outcome = run(scripted(*script))
        except ScriptExhausted:
            if len(script) < max_len:
                stack.extend(script + [f] for f in range(1, sides + 1))
            continue
        out[outcome] = out.get(outcome, 0.0) + sides ** -len(script)
    return out


def close_enough(count: int, n: int, p: float, sigmas: float = 5.0) -> bool:
    """A sampled frequency within ``sigmas`` standard errors (plus one sample) of p."""
    return abs(count / n - p) <= sigmas * math.sqrt(max(p * (1 - p), 1e-12) / n) + 1 / n
