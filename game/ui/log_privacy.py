"""A log line never names a figure the reading side cannot see: when a decision seen by a
side (or made by nobody in particular, such as ending a turn) narrates a figure hidden from
that side, the side reads the line with that figure's name replaced by "a hidden fighter"
(or, when the name cannot be found in the line, the line saying a hidden figure acted).
No pygame: the session keeps the masked lines, the log box shows them."""
from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterator
from typing import Any

from game.core.events import Event
from game.core.state import GameState
from game.core.text import t


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, (tuple, list, set, frozenset)):
        for v in value:
            yield from _strings(v)
    elif isinstance(value, dict):
        for v in value.values():
            yield from _strings(v)


def named_figures(event: Event, state: GameState) -> list[str]:
    """The figures an event speaks of: every field (or note argument) holding a figure id."""
    if not dataclasses.is_dataclass(event):
        return []
    out: list[str] = []
    for f in dataclasses.fields(event):
        for s in _strings(getattr(event, f.name, None)):
            if s in state.figures and s not in out:
                out.append(s)
    return out


def hidden_from(event: Event, state: GameState, before: dict[int, set[str]] | None,
                after: dict[int, set[str]] | None) -> dict[int, list[str]]:
    """For each side, the figures the event names that the side saw neither before nor
    after the decision (its own figures are always known to it)."""
    if not before or after is None:
        return {}
    named = named_figures(event, state)
    out: dict[int, list[str]] = {}
    for side, seen in before.items():
        unseen = [fid for fid in named if state.figures[fid].side != side
                  and fid not in seen and fid not in after.get(side, ())]
        if unseen:
            out[side] = unseen
    return out


def masked(line: str, names: list[str], lang: str) -> str:
    """The line with every one of ``names`` replaced by "a hidden fighter" (the generic
    hidden line when none of them is found in it)."""
    someone = t("lang.hidden_fighter", lang)
    found = False
    for name in sorted({n for n in names if n}, key=len, reverse=True):
        pattern = re.compile(rf"(?<!\w){re.escape(name)}(?!\w)")
        if pattern.search(line):
            found = True
            line = pattern.sub(someone, line)
    if not found:
        return t("play.recap.hidden", lang)
    if line.startswith(someone):
        line = someone[:1].upper() + line[1:]
    return line
