"""Aptitude pools of D6, D8 or D10 (value + dice against a difficulty or an opposed total).

The units digit of the aptitude picks the die (0-3: D6, 4-6: D8, 7-9: D10), the tens digit
adds that many dice; one roll never mixes die sizes. All dice showing 1 is an automatic
failure; any die showing 6, 8 or 10 is a particular result (a special success when the
action also succeeds)."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

PARTICULAR_FACES = frozenset({6, 8, 10})


def die_for(value: int) -> int:
    """Die size for an aptitude (or a damage value, or a physique)."""
    units = max(0, int(value)) % 10
    return 6 if units <= 3 else 8 if units <= 6 else 10


def pool(value: int, extra_sets: int = 0) -> tuple[int, int]:
    """(number of dice, sides) for an aptitude; each extra set adds the base number again."""
    base = 1 + max(0, int(value)) // 10
    return base * (1 + max(0, extra_sets)), die_for(value)


def is_fumble(faces: Sequence[int]) -> bool:
    return bool(faces) and all(f == 1 for f in faces)


def is_particular(faces: Sequence[int]) -> bool:
    return any(f in PARTICULAR_FACES for f in faces)


@dataclass(frozen=True)
class AptRoll:
    who: str
    aptitude: int
    faces: tuple[int, ...]
    sides: int
    bonus: int  # modifiers and additions (allonge, back attack, -3 out of band...)

    @property
    def total(self) -> int:
        return self.aptitude + sum(self.faces) + self.bonus

    @property
    def fumble(self) -> bool:
        return is_fumble(self.faces)

    @property
    def particular(self) -> bool:
        return is_particular(self.faces)


def roll_aptitude(ctx, who: str, rule: str, aptitude: int, *, mods: Sequence[tuple[str, int]] = (),
                  extra_sets: int = 0, against: str | None = None,
                  target: int | None = None) -> AptRoll:
    """Roll an aptitude pool through the rule context (recorded as a DiceRolled event whose
    result is the total)."""
    n, sides = pool(aptitude, extra_sets)
    bonus = sum(v for _, v in mods)
    all_mods = (("aptitude", int(aptitude)),) + tuple(mods)
    faces = ctx.roll(who, rule, n, sides=sides, target=target, against=against, mods=all_mods,
                     judge=lambda fs: int(aptitude) + sum(fs) + bonus)
    return AptRoll(who=who, aptitude=int(aptitude), faces=tuple(faces), sides=sides, bonus=bonus)


def distribution(value: int, extra_sets: int = 0, bonus: int = 0) -> dict[tuple[int, bool, bool], float]:
    """Exact law of an aptitude roll: {(total, fumble, particular): probability}."""
    n, sides = pool(value, extra_sets)
    states: dict[tuple[int, bool, bool], float] = {(0, True, False): 1.0}
    p = 1.0 / sides
    for _ in range(n):
        nxt: dict[tuple[int, bool, bool], float] = {}
        for (s, ones, part), q in states.items():
            for face in range(1, sides + 1):
                key = (s + face, ones and face == 1, part or face in PARTICULAR_FACES)
                nxt[key] = nxt.get(key, 0.0) + q * p
        states = nxt
    base = int(value) + bonus
    return {(s + base, ones, part): q for (s, ones, part), q in states.items()}


def sum_distribution(n: int, sides: int) -> dict[int, float]:
    """Law of the sum of n dice (no flags): damage dice of special strikes, healing."""
    out = {0: 1.0}
    for _ in range(n):
        nxt: dict[int, float] = {}
        for s, q in out.items():
            for face in range(1, sides + 1):
                nxt[s + face] = nxt.get(s + face, 0.0) + q / sides
        out = nxt
    return out
