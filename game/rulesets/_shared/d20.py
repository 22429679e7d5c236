"""D20 rolls: a single D20 + modifier against a difficulty, and the opposed roll (each side
D20 + its modifiers, the higher total wins, equal totals tie), with natural-face flags.

Swidenth (book 001): the gap is the winner's total minus the loser's; a gap of 0 is a tie
(nothing happens in melee; a shot misses, the target's total being "equal or higher"). A
natural 20 of the winner is a critical hit (+3 damage); a natural 1 of either fighter is a
mishap (a weapon drops). Neither decides who wins: that is ``Crits()``, the default. Other
uses can make a critical success win, or a critical failure lose, whatever the totals, and
widen the critical ranges (``Crits(crit_from=19)``).

The exact law of an opposed roll depends only on d = attacker's modifier - defender's; in the
plain case P(win) = 1 - (20-d)(21-d)/800 for 0 <= d <= 20 and P(tie) = (20-|d|)/400."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from game.core.context import Marks

SIDES = 20
CRIT = "crit"
FUMBLE = "fumble"
PLAIN = ""


@dataclass(frozen=True)
class Crits:
    crit_from: int = 20          # a natural face at or above this is a critical success
    fumble_to: int = 1           # a natural face at or below this is a critical failure
    crit_wins: bool = False      # a critical success wins (succeeds) whatever the totals
    fumble_loses: bool = False   # a critical failure loses (fails) whatever the totals

    def face(self, natural: int) -> str:
        """CRIT, FUMBLE or PLAIN for a natural face."""
        if natural >= self.crit_from:
            return CRIT
        if natural <= self.fumble_to:
            return FUMBLE
        return PLAIN

    def marks(self, faces: Sequence[int]) -> Marks:
        return Marks(crit=tuple(i for i, f in enumerate(faces) if self.face(f) == CRIT),
                     fumble=tuple(i for i, f in enumerate(faces) if self.face(f) == FUMBLE))


DEFAULT_CRITS = Crits()


def _total(mods: Sequence[tuple[str, int]]) -> int:
    return sum(int(v) for _, v in mods)


# ---------------------------------------------------------------- deciding

def opposed_winner(att_face: int, dfn_face: int, diff: int, crits: Crits = DEFAULT_CRITS) -> str | None:
    """"att", "dfn" or None (tie) for two natural faces, diff = att mod - dfn mod."""
    ka, kd = crits.face(att_face), crits.face(dfn_face)
    if crits.crit_wins and (ka == CRIT) != (kd == CRIT):
        return "att" if ka == CRIT else "dfn"
    if crits.fumble_loses and (ka == FUMBLE) != (kd == FUMBLE):
        return "dfn" if ka == FUMBLE else "att"
    gap = att_face + diff - dfn_face
    return "att" if gap > 0 else "dfn" if gap < 0 else None


def passes(face: int, mod: int, difficulty: int, crits: Crits = DEFAULT_CRITS) -> bool:
    kind = crits.face(face)
    if crits.crit_wins and kind == CRIT:
        return True
    if crits.fumble_loses and kind == FUMBLE:
        return False
    return face + mod >= difficulty


# ---------------------------------------------------------------- resolving through the context

@dataclass(frozen=True)
class D20Roll:
    who: str
    face: int
    mod: int
    crits: Crits = DEFAULT_CRITS

    @property
    def total(self) -> int:
        return self.face + self.mod

    @property
    def crit(self) -> bool:
        return self.crits.face(self.face) == CRIT

    @property
    def fumble(self) -> bool:
        return self.crits.face(self.face) == FUMBLE


def roll_d20(ctx, who: str, rule: str, mods: Sequence[tuple[str, int]] = (), *,
             crits: Crits = DEFAULT_CRITS, against: str | None = None) -> D20Roll:
    """One D20 + modifiers; the event's result is the total."""
    mod = _total(mods)
    faces = ctx.roll(who, rule, 1, sides=SIDES, mods=mods, against=against,
                     judge=lambda fs: fs[0] + mod, marks=crits.marks)
    return D20Roll(who, faces[0], mod, crits)


@dataclass(frozen=True)
class D20Test:
    roll: D20Roll
    difficulty: int
    success: bool


def roll_test(ctx, who: str, rule: str, difficulty: int, mods: Sequence[tuple[str, int]] = (), *,
              crits: Crits = DEFAULT_CRITS) -> D20Test:
    """D20 + modifiers >= difficulty. The event's target is the natural face needed
    (difficulty - modifiers) and its result the success."""
    mod = _total(mods)
    faces = ctx.roll(who, rule, 1, sides=SIDES, target=int(difficulty) - mod, mods=mods,
                     judge=lambda fs: passes(fs[0], mod, difficulty, crits), marks=crits.marks)
    return D20Test(D20Roll(who, faces[0], mod, crits), int(difficulty),
                   passes(faces[0], mod, difficulty, crits))


@dataclass(frozen=True)
class Opposed:
    att: D20Roll
    dfn: D20Roll
    winner: str | None            # "att", "dfn", or None on a tie

    @property
    def gap(self) -> int:
        """Attacker's total minus defender's (the winner's margin is its absolute value)."""
        return self.att.total - self.dfn.total

    @property
    def crit(self) -> bool:
        """The winner rolled a critical success."""
        side = self.att if self.winner == "att" else self.dfn if self.winner == "dfn" else None
        return side is not None and side.crit


def roll_opposed(ctx, rule: str, att_who: str, dfn_who: str, att_mods: Sequence[tuple[str, int]] = (),
                 dfn_mods: Sequence[tuple[str, int]] = (), *, crits: Crits = DEFAULT_CRITS) -> Opposed:
    """The attacker's D20 then the defender's, each an event naming the other."""
    a = roll_d20(ctx, att_who, rule, att_mods, crits=crits, against=dfn_who)
    d = roll_d20(ctx, dfn_who, rule, dfn_mods, crits=crits, against=att_who)
    return Opposed(a, d, opposed_winner(a.face, d.face, a.mod - d.mod, crits))


# ---------------------------------------------------------------- exact laws

@lru_cache(maxsize=2048)
def _opposed_counts(diff: int, crits: Crits) -> dict[tuple[str | None, int, str, str], int]:
    out: dict[tuple[str | None, int, str, str], int] = {}
    for fa in range(1, SIDES + 1):
        for fd in range(1, SIDES + 1):
            key = (opposed_winner(fa, fd, diff, crits), fa + diff - fd, crits.face(fa), crits.face(fd))
            out[key] = out.get(key, 0) + 1
    return out


def opposed_law(diff: int, crits: Crits = DEFAULT_CRITS) -> dict[tuple[str | None, int, str, str], float]:
    """Joint law {(winner, gap, attacker's face kind, defender's face kind): probability} of
    an opposed roll, diff = attacker's modifier - defender's, gap = attacker's total minus
    defender's. Damage bands are sums over it."""
    return {k: n / SIDES ** 2 for k, n in _opposed_counts(int(diff), crits).items()}


@dataclass(frozen=True)
class OpposedOdds:
    win: float          # the attacker wins (critical or not)
    tie: float
    lose: float
    win_crit: float     # the attacker wins with a critical success
    lose_crit: float    # the defender wins with a critical success
    att_fumble: float   # the attacker's die is a critical failure
    dfn_fumble: float   # the defender's die is a critical failure


@lru_cache(maxsize=2048)
def opposed_odds(att_mod: int, dfn_mod: int = 0, crits: Crits = DEFAULT_CRITS) -> OpposedOdds:
    """P(win), P(tie), P(lose) for the attacker, with the critical outcomes apart."""
    c = [0] * 7
    for (winner, _gap, ka, kd), n in _opposed_counts(int(att_mod) - int(dfn_mod), crits).items():
        c[0] += n if winner == "att" else 0
        c[1] += n if winner is None else 0
        c[2] += n if winner == "dfn" else 0
        c[3] += n if winner == "att" and ka == CRIT else 0
        c[4] += n if winner == "dfn" and kd == CRIT else 0
        c[5] += n if ka == FUMBLE else 0
        c[6] += n if kd == FUMBLE else 0
    return OpposedOdds(*(x / SIDES ** 2 for x in c))


@dataclass(frozen=True)
class TargetOdds:
    success: float
    crit_success: float   # succeeds with a critical success
    fumble: float         # the die is a critical failure (success or not)


@lru_cache(maxsize=2048)
def target_odds(mod: int, difficulty: int, crits: Crits = DEFAULT_CRITS) -> TargetOdds:
    """P(D20 + mod >= difficulty), with the critical outcomes apart."""
    ok = crit = fumble = 0
    for f in range(1, SIDES + 1):
        passed = passes(f, mod, difficulty, crits)
        ok += passed
        crit += passed and crits.face(f) == CRIT
        fumble += crits.face(f) == FUMBLE
    return TargetOdds(ok / SIDES, crit / SIDES, fumble / SIDES)

