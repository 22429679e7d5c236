"""Khârn-Ages dice (book 003, "Les dés", "Jets critiques", "Le niveau", "La maîtrise"): a
figure rolls as many D10 as its level ("ND10"), keeps one and adds the characteristics.

- Critical failure (EC): the kept die shows a face of the EC range (1; 1-2 for a shooter;
  1-3 for the standard shot; Spécialiste takes the 1 out). The action did not happen.
- Critical success (RC): the kept die shows 10 (from ``rc_from``, 9 for the last of its side).
  It is rolled again: a re-roll outside the EC range adds to the total, and a new RC adds and
  rolls again, and so on; an EC re-roll adds nothing and ends the chain (the action still
  succeeds). Each re-roll is its own DiceRolled event, rule ``<rule>.rc``.
- Keeping: the roller keeps the best die, a face outside the EC range before any EC face.
- Mastery: spending a mastery die re-rolls one D10 of the roll (event rule ``<rule>.mastery``).
  The policy here re-rolls when the kept die is an EC or shows less than ``reroll_below``, and
  never re-rolls an RC. With several dice it re-rolls the least wanted die: the kept die
  stays in the pool, so the new kept die is the better of the old one and the new face.
  Re-rolling below the natural value needed is the best policy for reaching it.
- D5 = D10 halved, rounded up (1-2 -> 1, 3-4 -> 2...), as the book says; D2 = D10 / 5 rounded
  up the same way; D3 = D6 halved, rounded up (the usual D3, as the bonus/malus book uses it).

Laws are over the natural value (kept face plus what the chain added) and its kind (EC, RC or
plain); characteristics are the caller's. Infinite chains are truncated once the mass still
rolling falls below 1e-12, as in game/core/odds.py."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from math import ceil

from game.core.context import Marks
from game.rulesets._shared.keep import ranked_law

SIDES = 10
EPSILON = 1e-12
EC, RC, PLAIN = "ec", "rc", "plain"


@dataclass(frozen=True)
class Crit:
    rc_from: int = 10
    ec: frozenset[int] = field(default_factory=lambda: frozenset({1}))

    def kind(self, face: int) -> str:
        if face in self.ec:
            return EC
        return RC if face >= self.rc_from else PLAIN

    def order(self) -> tuple[int, ...]:
        """Faces from least to most wanted: EC faces first, then by value."""
        return tuple(sorted(range(1, SIDES + 1), key=lambda f: (f not in self.ec, f)))

    def rank(self, face: int) -> tuple[bool, int]:
        return face not in self.ec, face


def crit_rules(ec_top: int = 1, specialist: bool = False, last_stand: bool = False) -> Crit:
    """EC on 1..ec_top (Spécialiste: not on a natural 1), RC on 10 (9-10 for a figure that
    passed its test as the last of its side)."""
    ec = frozenset(f for f in range(1, ec_top + 1) if not (specialist and f == 1))
    return Crit(rc_from=9 if last_stand else 10, ec=ec)


DEFAULT = Crit()


def dice_count(level: int, spent: int = 0, extra: int = 0) -> int:
    """Dice per action: the level (plus extra dice such as Héroïque), one fewer per mastery die
    spent since the activation, never fewer than one."""
    return max(1, int(level) + int(extra) - int(spent))


def kept_index(faces: Sequence[int], crit: Crit = DEFAULT) -> int:
    """The die kept: the most wanted face (the first of equals)."""
    return max(range(len(faces)), key=lambda i: (crit.rank(faces[i]), -i))


def least_wanted(faces: Sequence[int], crit: Crit = DEFAULT) -> int:
    """The die a mastery die re-rolls: the least wanted face (the last of equals)."""
    return min(range(len(faces)), key=lambda i: (crit.rank(faces[i]), -i))


def wants_reroll(face: int, crit: Crit, reroll_below: int | None) -> bool:
    kind = crit.kind(face)
    return reroll_below is not None and kind != RC and (kind == EC or face < reroll_below)


# ---------------------------------------------------------------- resolving through the context

@dataclass(frozen=True)
class ND10Roll:
    who: str
    faces: tuple[int, ...]          # the dice after any mastery re-roll
    kept: int                       # index into faces
    chain: tuple[int, ...] = ()     # the RC re-rolls, in order
    rerolled: int = 0               # mastery dice spent
    bonus: int = 0                  # characteristics and modifiers
    crit: Crit = DEFAULT

    @property
    def face(self) -> int:
        return self.faces[self.kept]

    @property
    def kind(self) -> str:
        return self.crit.kind(self.face)

    @property
    def rc(self) -> bool:
        return self.kind == RC

    @property
    def ec(self) -> bool:
        return self.kind == EC

    @property
    def natural(self) -> int:
        """The kept face plus what the RC chain added."""
        return self.face + sum(r for r in self.chain if r not in self.crit.ec)

    @property
    def total(self) -> int:
        return self.natural + self.bonus

    def reaches(self, threshold: int, rc_wins: bool = False) -> bool:
        """Success against a fixed threshold: never on an EC; on an RC when ``rc_wins``."""
        return not self.ec and (self.total >= threshold or (rc_wins and self.rc))


def _marks(faces: Sequence[int], kept: int | None, crit: Crit) -> Marks:
    if kept is None:
        return Marks()
    kind = crit.kind(faces[kept])
    return Marks(kept=(kept,), crit=(kept,) if kind == RC else (), fumble=(kept,) if kind == EC else ())


def roll_faces(ctx, who: str, rule: str, n: int, *, mods: Sequence[tuple[str, int]] = (),
               crit: Crit = DEFAULT, need: int | None = None, against: str | None = None) -> list[int]:
    """The first throw of an ND10 roll: n D10, the kept one marked; the event's result is the
    kept face plus ``mods``."""
    bonus = sum(int(v) for _, v in mods)
    return list(ctx.roll(who, rule, max(1, n), sides=SIDES, target=need, mods=mods, against=against,
                         judge=lambda fs: fs[kept_index(fs, crit)] + bonus,
                         marks=lambda fs: _marks(fs, kept_index(fs, crit), crit)))


def mastery_reroll(ctx, who: str, rule: str, faces: list[int], *, crit: Crit = DEFAULT,
                   need: int | None = None, against: str | None = None, index: int | None = None,
                   why: str = "mastery", mods: Sequence[tuple[str, int]] = ()) -> int:
    """Re-roll one die of ``faces`` in place (a mastery die spent, or ``why``: event
    ``<rule>.<why>``): ``index``, or by default the least wanted die (the only one with a
    single die). The event's result is the roll as it now stands: the kept face plus
    ``mods`` (the roll's characteristics and modifiers). Returns the index re-rolled."""
    i = index if index is not None else (0 if len(faces) == 1 else least_wanted(faces, crit))
    others = faces[:i] + faces[i + 1:]
    bonus = sum(int(v) for _, v in mods)

    def trial(fs):
        return others[:i] + [fs[0]] + others[i:]

    def new_kept(fs):
        return 0 if kept_index(trial(fs), crit) == i else None

    def total(fs):
        t = trial(fs)
        return t[kept_index(t, crit)] + bonus

    faces[i] = ctx.roll(who, f"{rule}.{why}", 1, sides=SIDES, target=need, against=against, mods=mods,
                        judge=total, marks=lambda fs: _marks(fs, new_kept(fs), crit))[0]
    return i


def rc_chain(ctx, who: str, rule: str, faces: Sequence[int], *, crit: Crit = DEFAULT,
             against: str | None = None) -> tuple[int, ...]:
    """The RC chain of a roll whose kept die is an RC (nothing otherwise): each re-roll its own
    event ``<rule>.rc``, until one is no RC."""
    chain: list[int] = []
    if crit.kind(faces[kept_index(faces, crit)]) == RC:
        while True:
            r = ctx.roll(who, f"{rule}.rc", 1, sides=SIDES, against=against,
                         judge=lambda fs: 0 if fs[0] in crit.ec else fs[0],
                         marks=lambda fs: _marks(fs, 0, crit))[0]
            chain.append(r)
            if crit.kind(r) != RC:
                break
    return tuple(chain)


def roll_nd10(ctx, who: str, rule: str, n: int, *, mods: Sequence[tuple[str, int]] = (),
              crit: Crit = DEFAULT, need: int | None = None, reroll_below: int | None = None,
              rerolls: int = 0, against: str | None = None) -> ND10Roll:
    """Roll n D10, keep one, then spend up to ``rerolls`` mastery dice by the policy, then the
    RC chain. ``need`` is the natural value needed (shown on the dice); ``mods`` the
    characteristics and modifiers. The first event's result is the kept face plus ``mods``.
    (A roller deciding by hand uses the three steps: ``roll_faces``, ``mastery_reroll``,
    ``rc_chain``.)"""
    faces = roll_faces(ctx, who, rule, n, mods=mods, crit=crit, need=need, against=against)
    spent = 0
    while spent < rerolls and wants_reroll(faces[kept_index(faces, crit)], crit, reroll_below):
        mastery_reroll(ctx, who, rule, faces, crit=crit, need=need, against=against, mods=mods)
        spent += 1
    chain = rc_chain(ctx, who, rule, faces, crit=crit, against=against)
    bonus = sum(int(v) for _, v in mods)
    return ND10Roll(who, tuple(faces), kept_index(faces, crit), chain, spent, bonus, crit)


# ---------------------------------------------------------------- exact laws

@lru_cache(maxsize=64)
def chain_law(crit: Crit = DEFAULT) -> tuple[float, ...]:
    """Distribution of what an RC's re-rolls add (index = amount), truncated once the mass
    still rolling is below 1e-12."""
    out: dict[int, float] = {}
    rolling = {0: 1.0}
    while rolling and sum(rolling.values()) >= EPSILON:
        nxt: dict[int, float] = {}
        for acc, p in rolling.items():
            q = p / SIDES
            for r in range(1, SIDES + 1):
                kind = crit.kind(r)
                if kind == EC:
                    out[acc] = out.get(acc, 0.0) + q
                elif kind == RC:
                    nxt[acc + r] = nxt.get(acc + r, 0.0) + q
                else:
                    out[acc + r] = out.get(acc + r, 0.0) + q
        rolling = nxt
    top = max(out)
    return tuple(out.get(a, 0.0) for a in range(top + 1))


@lru_cache(maxsize=1024)
def kept_face_law(n: int, crit: Crit = DEFAULT, reroll_below: int | None = None,
                  rerolls: int = 0) -> dict[int, float]:
    """Law of the kept face after the mastery re-rolls (before the RC chain)."""
    order = crit.order()
    law = dict(ranked_law(max(1, n), order))
    for _ in range(rerolls if reroll_below is not None else 0):
        nxt: dict[int, float] = {}
        for k, p in law.items():
            if not wants_reroll(k, crit, reroll_below):
                nxt[k] = nxt.get(k, 0.0) + p
                continue
            for r in range(1, SIDES + 1):
                new = r if n <= 1 else max(k, r, key=crit.rank)
                nxt[new] = nxt.get(new, 0.0) + p / SIDES
        law = nxt
    return law


@lru_cache(maxsize=1024)
def law(n: int, crit: Crit = DEFAULT, reroll_below: int | None = None,
        rerolls: int = 0) -> dict[tuple[int, str], float]:
    """Exact law {(natural value, kind): probability} of an ND10 roll (kind EC, RC or PLAIN;
    for an EC the value is the face). Total mass is 1 up to the 1e-12 truncation."""
    out: dict[tuple[int, str], float] = {}
    chain = chain_law(crit)
    for face, p in kept_face_law(n, crit, reroll_below, rerolls).items():
        kind = crit.kind(face)
        if kind == RC:
            for add, q in enumerate(chain):
                if q:
                    out[(face + add, RC)] = out.get((face + add, RC), 0.0) + p * q
        else:
            out[(face, kind)] = out.get((face, kind), 0.0) + p
    return out


def success_odds(n: int, need: int, crit: Crit = DEFAULT, reroll_below: int | None = None,
                 rerolls: int = 0, rc_wins: bool = False) -> float:
    """P(natural value >= need and no EC); with ``rc_wins`` any RC succeeds (an action
    against a fixed threshold)."""
    return sum(p for (v, kind), p in law(n, crit, reroll_below, rerolls).items()
               if kind != EC and (v >= need or (rc_wins and kind == RC)))


def best_reroll_below(need: int, crit: Crit = DEFAULT, rc_wins: bool = False) -> int:
    """The re-roll policy that maximises P(success) for a natural value ``need``: re-roll
    whatever falls short (an RC is never re-rolled, and wins outright with ``rc_wins``)."""
    return min(int(need), crit.rc_from) if rc_wins else int(need)


def mean(dist: dict[tuple[int, str], float], ec_value: int | None = None) -> float:
    """Expected natural value; an EC counts as ``ec_value`` (default: its face)."""
    return sum(p * (v if kind != EC or ec_value is None else ec_value) for (v, kind), p in dist.items())


# ---------------------------------------------------------------- D5, D3, D2

DERIVED = {5: (10, 2), 2: (10, 5), 3: (6, 2)}   # size: (die rolled, divisor, rounded up)


def derived_value(size: int, face: int) -> int:
    return ceil(face / DERIVED[size][1])


def roll_derived(ctx, who: str, rule: str, size: int, n: int = 1, *, mods: Sequence[tuple[str, int]] = (),
                 against: str | None = None) -> tuple[int, ...]:
    """nD5, nD3 or nD2, each from its halved die; the event's result is the sum plus mods."""
    sides, _ = DERIVED[size]
    bonus = sum(int(v) for _, v in mods)
    faces = ctx.roll(who, rule, n, sides=sides, mods=mods, against=against,
                     judge=lambda fs: sum(derived_value(size, f) for f in fs) + bonus)
    return tuple(derived_value(size, f) for f in faces)


@lru_cache(maxsize=256)
def derived_law(size: int, n: int = 1) -> dict[int, float]:
    """Law of the sum of n derived dice ({value: probability})."""
    sides, _ = DERIVED[size]
    one: dict[int, float] = {}
    for f in range(1, sides + 1):
        v = derived_value(size, f)
        one[v] = one.get(v, 0.0) + 1 / sides
    out = {0: 1.0}
    for _ in range(n):
        nxt: dict[int, float] = {}
        for a, p in out.items():
            for b, q in one.items():
                nxt[a + b] = nxt.get(a + b, 0.0) + p * q
        out = nxt
    return out

