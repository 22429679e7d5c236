"""Keep-best / keep-worst rolls: N dice of S sides, one kept. The D6 bonus/malus system's
levels live here, and the law of the kept die is shared with Khârn-Ages' keep one of N D10.

Levels (bonus/malus book, "Dés Bonus et Malus"): a plain roll is 1D6; level +k rolls 1+k dice
and keeps the best, level -k rolls 1+k dice and keeps the worst; bonus and malus levels on the
same roll cancel one for one (they add as signed integers). Numeric correspondence: value =
3 + level (2- = 1, - = 2, plain = 3, + = 4, 2+ = 5...). A competence missing from a profile is
3- (DEFAULT_LEVEL). A test succeeds when the kept die reaches its threshold (4+ unless a
difficulty is given); in an opposed roll the higher kept die wins.

Saves stack "numerically" in the book: convert each to its value, add the values, convert
back (Svg 2- + Svg- = 1 + 2 = 3 = Svg; 2- + - + + = 7 = Svg 4+), and roll once. The book's
Transperce Armure example contradicts that reading, so the mechanism is generic: ``mode``
"values" (the stated rule), "levels" (add the levels like any other competence) or "each"
(every save rolled on its own, any success cancels the point).

Laws are exact (integer counts turned into floats at the end) and cached; the resolvers roll
through the RuleContext, so every roll is a DiceRolled event with the kept die marked."""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from game.core.context import Marks

BASE_VALUE = 3        # the value of a plain roll
DEFAULT_LEVEL = -3    # a competence the profile does not list
TEST_THRESHOLD = 4    # a test without a difficulty succeeds on 4+

SaveMode = Literal["values", "levels", "each"]


# ---------------------------------------------------------------- levels and values

def dice_for(level: int) -> tuple[int, bool]:
    """(number of dice, keep the best?) for a level: +k rolls 1+k keep best, -k rolls 1+k keep
    worst, 0 rolls one die."""
    return 1 + abs(int(level)), level >= 0


def net_level(*levels: int) -> int:
    """Bonus and malus levels on one roll cancel one for one."""
    return sum(int(v) for v in levels)


def value_of(level: int) -> int:
    """The book's numeric correspondence: 2- = 1, plain = 3, 2+ = 5."""
    return BASE_VALUE + int(level)


def level_of(value: int) -> int:
    return int(value) - BASE_VALUE


def stack_saves(levels: Iterable[int], mode: SaveMode = "values", min_value: int = 1) -> int | None:
    """The one save level several saves make (``mode`` "values" or "levels"); None when there
    is no save, or when the stacked value is below ``min_value``."""
    levels = [int(v) for v in levels]
    if not levels:
        return None
    if mode == "values":
        total = sum(value_of(v) for v in levels)
    elif mode == "levels":
        total = value_of(net_level(*levels))
    else:
        raise ValueError(f"saves rolled one by one do not stack into one level (mode {mode!r})")
    return None if total < min_value else level_of(total)


# ---------------------------------------------------------------- exact laws

@lru_cache(maxsize=1024)
def ranked_law(n: int, order: tuple[int, ...]) -> dict[int, float]:
    """Law of the kept face when n dice whose faces are ``order`` (least to most preferred)
    are rolled and the most preferred face showing is kept:
    P(kept = x) = (r^n - (r-1)^n) / S^n, r the rank of x counted from 1."""
    s = len(order)
    denom = s ** n
    return {face: (r ** n - (r - 1) ** n) / denom for r, face in enumerate(order, start=1)}


@lru_cache(maxsize=1024)
def kept_law(n: int, sides: int = 6, best: bool = True) -> tuple[float, ...]:
    """P(kept = x) at index x (index 0 unused): the max of n dice when ``best``
    ((x^n - (x-1)^n) / S^n), else the min ((S-x+1)^n - (S-x)^n) / S^n."""
    order = tuple(range(1, sides + 1)) if best else tuple(range(sides, 0, -1))
    law = ranked_law(max(1, n), order)
    return (0.0,) + tuple(law[x] for x in range(1, sides + 1))


def level_law(level: int, sides: int = 6) -> tuple[float, ...]:
    """P(kept = x) at index x for a roll at this level."""
    n, best = dice_for(level)
    return kept_law(n, sides, best)


def at_least(law: Sequence[float], x: int) -> float:
    """P(kept >= x) from a law indexed by face."""
    return float(sum(law[max(0, x):]))


def success_odds(level: int, threshold: int = TEST_THRESHOLD, sides: int = 6) -> float:
    """P(a roll at this level reaches threshold+)."""
    return at_least(level_law(level, sides), threshold)


@lru_cache(maxsize=1024)
def opposed_odds(level_a: int, level_b: int, sides: int = 6) -> tuple[float, float, float]:
    """(P(a higher), P(tie), P(b higher)) for two kept dice."""
    la, lb = level_law(level_a, sides), level_law(level_b, sides)
    win = tie = 0.0
    for x in range(1, sides + 1):
        win += la[x] * sum(lb[1:x])
        tie += la[x] * lb[x]
    return win, tie, 1.0 - win - tie


def save_odds(levels: Sequence[int], mode: SaveMode = "values", threshold: int = TEST_THRESHOLD,
              sides: int = 6, min_value: int = 1) -> float:
    """P(the saves cancel the point)."""
    if mode == "each":
        fail = 1.0
        for v in levels:
            fail *= 1.0 - success_odds(int(v), threshold, sides)
        return 1.0 - fail
    level = stack_saves(levels, mode, min_value)
    return 0.0 if level is None else success_odds(level, threshold, sides)


# ---------------------------------------------------------------- resolving through the context

def kept_index(faces: Sequence[int], best: bool = True) -> int:
    """The die kept: the first of the best (or worst) faces."""
    pick = max(faces) if best else min(faces)
    return list(faces).index(pick)


@dataclass(frozen=True)
class KeepRoll:
    who: str
    faces: tuple[int, ...]
    kept: int                      # index into faces
    threshold: int | None = None

    @property
    def value(self) -> int:
        return self.faces[self.kept]

    @property
    def success(self) -> bool:
        return self.threshold is not None and self.value >= self.threshold


def roll_keep(ctx, who: str, rule: str, n: int, *, sides: int = 6, best: bool = True,
              threshold: int | None = None, mods: Sequence[tuple[str, int]] = (),
              against: str | None = None) -> KeepRoll:
    """Roll n dice, keep the best (or worst); the event's result is the kept face."""
    n = max(1, int(n))
    faces = ctx.roll(who, rule, n, sides=sides, target=threshold, mods=mods, against=against,
                     judge=lambda fs: fs[kept_index(fs, best)],
                     marks=lambda fs: Marks(kept=(kept_index(fs, best),)))
    return KeepRoll(who=who, faces=tuple(faces), kept=kept_index(faces, best), threshold=threshold)


def roll_level(ctx, who: str, rule: str, level: int, *, mods: Sequence[tuple[str, int]] = (),
               threshold: int | None = None, sides: int = 6, against: str | None = None) -> KeepRoll:
    """A roll at a competence level; ``mods`` are level modifiers (("long_range", -1)...)
    that cancel with it. Pass threshold=TEST_THRESHOLD for a plain test."""
    net = net_level(level, *(v for _, v in mods))
    n, best = dice_for(net)
    return roll_keep(ctx, who, rule, n, sides=sides, best=best, threshold=threshold,
                     mods=(("level", int(level)),) + tuple(mods), against=against)


@dataclass(frozen=True)
class OpposedKeep:
    a: KeepRoll
    b: KeepRoll

    @property
    def winner(self) -> str | None:
        """Who rolled higher (None on a tie: the rule decides, re-roll or push apart)."""
        if self.a.value == self.b.value:
            return None
        return self.a.who if self.a.value > self.b.value else self.b.who


def roll_opposed(ctx, rule: str, a_who: str, a_level: int, b_who: str, b_level: int, *,
                 a_mods: Sequence[tuple[str, int]] = (), b_mods: Sequence[tuple[str, int]] = (),
                 sides: int = 6) -> OpposedKeep:
    """Each rolls at its level (a first); the higher kept die wins."""
    a = roll_level(ctx, a_who, rule, a_level, mods=a_mods, sides=sides, against=b_who)
    b = roll_level(ctx, b_who, rule, b_level, mods=b_mods, sides=sides, against=a_who)
    return OpposedKeep(a, b)


@dataclass(frozen=True)
class SaveResult:
    rolls: tuple[KeepRoll, ...]    # none when there was no save to roll
    saved: bool


def roll_saves(ctx, who: str, rule: str, levels: Sequence[int], *, mode: SaveMode = "values",
               threshold: int = TEST_THRESHOLD, sides: int = 6, min_value: int = 1,
               against: str | None = None) -> SaveResult:
    """Roll the saves of a figure against one damage point: one roll at the stacked level
    ("values" or "levels"), or each save in turn until one succeeds ("each")."""
    if mode == "each":
        rolls = []
        for v in levels:
            r = roll_level(ctx, who, rule, int(v), threshold=threshold, sides=sides, against=against)
            rolls.append(r)
            if r.success:
                return SaveResult(tuple(rolls), True)
        return SaveResult(tuple(rolls), False)
    level = stack_saves(levels, mode, min_value)
    if level is None:
        return SaveResult((), False)
    r = roll_level(ctx, who, rule, level, threshold=threshold, sides=sides, against=against)
    return SaveResult((r,), r.success)
