"""Why a roll came out as it did: the lines of the "why?" box opened from a roll in the log.

Built from the roll's event alone (the dice, what each die meant, the modifiers and their
sources, the number aimed at, what came out) and from the ruleset's presentation for what
only the ruleset knows: the names of its modifiers and the chances the roll had before it
was made (``Presentation.roll_chances``). Pure: no pygame."""
from __future__ import annotations

from math import comb
from typing import Any

from game.core.events import DiceRolled
from game.core.text import t


def binomial_at_least(n: int, p: float) -> list[float]:
    """P(at least k successes) for k = 0..n, n independent dice each succeeding with p."""
    law = [comb(n, k) * p ** k * (1 - p) ** (n - k) for k in range(n + 1)]
    return [sum(law[k:]) for k in range(n + 1)]


def _die(event: DiceRolled, presentation: Any, i: int, face: int, lang: str) -> str:
    marks = [t(f"why.mark.{name}", lang) for name in DiceRolled.MARKS if i in getattr(event, name)]
    note = presentation.die_note(event, face, lang)
    if note:
        marks.insert(0, note)
    if event.kept and i not in event.kept:
        marks.append(t("why.mark.dropped", lang))
    text = t("why.die", lang, n=i + 1, face=face, sides=event.sides)
    return text + (" — " + ", ".join(marks) if marks else "")


def _result(event: DiceRolled, lang: str) -> str:
    if isinstance(event.result, bool):
        return t("why.result.success" if event.result else "why.result.failure", lang)
    return t("why.result.value", lang, value=event.result)


def explain(event: DiceRolled, presentation: Any, lang: str, said: str = "") -> list[str]:
    """The box's lines: what the log said, the dice one by one, each modifier with its
    source, the number aimed at, the result, and the chances before the roll."""
    lines = [said] if said else []
    lines.append(t("why.dice", lang, n=len(event.faces), sides=event.sides))
    lines += ["  " + _die(event, presentation, i, f, lang) for i, f in enumerate(event.faces)]
    mods = [row for row in (presentation.mod_row(k, v, lang) for k, v in event.mods if v) if row]
    if mods:
        lines.append(t("why.mods", lang))
        lines += ["  " + row for row in mods]
    else:
        lines.append(t("why.no_mods", lang))
    if event.target is not None:
        lines.append(t("why.target", lang, target=event.target))
    lines.append(t("why.result", lang, result=_result(event, lang)))
    chances = presentation.roll_chances(event, lang)
    if chances:
        lines.append(t("why.before", lang))
        lines += ["  " + t("why.chance", lang, what=what, p=f"{round(100 * p)}\u00a0%") for what, p in chances]
    else:
        lines.append(t("why.no_odds", lang))
    return lines
