"""Activation pieces: the opposed Initiative roll of the alternated system (highest first,
ties rolled again among the tied, B-R9) and the action-type rule (B-R10, B-R18)."""
from __future__ import annotations

from collections.abc import Mapping, Sequence

from game.rulesets._shared.keep import roll_level

from .effects import actions
from .fighter import Fighter
from .levels import level

ACTION_TYPES = {
    "nothing": ("nothing", 1), "move": ("movement", 1), "crawl": ("movement", 1),
    "swim": ("movement", 1), "climb": ("movement", 1), "ladder": ("movement", 1),
    "run": ("run", 2), "jump": ("run", 2), "zigzag": ("run", 2), "stand": ("stand", 1),
    "fight": ("fight", 1), "shoot": ("shoot", 1), "aim": ("aim", 1),
    "tir_precis": ("tir_precis", 2), "leap": ("movement", 1),
}


def initiative_order(ctx, picks: Sequence[Fighter], max_rounds: int = 20,
                     extra: Mapping[str, Sequence[tuple[str, int]]] | None = None) -> list[str]:
    """The picked figures in activation order: each rolls Initiative, highest first; tied
    figures roll again among themselves for their places. ``extra``: level modifiers per
    figure from outside its profile (a leader's aura)."""
    extra = extra or {}
    scores = {}
    for f in picks:
        base, mods = level(f, "initiative", extra=tuple(extra.get(f.id, ())))
        scores[f.id] = roll_level(ctx, f.id, "initiative", base, mods=mods).value
    order: list[str] = []
    for value in sorted(set(scores.values()), reverse=True):
        tied = [f for f in picks if scores[f.id] == value]
        if len(tied) > 1 and max_rounds > 0:
            order.extend(initiative_order(ctx, tied, max_rounds - 1, extra))
        else:
            order.extend(f.id for f in tied)
    return order


def action_type(kind: str) -> tuple[str, int]:
    """(type, cost in actions); powers and attribute actions are their own type, with the
    cost and type their catalogue action effect gives (Étourdissement: two actions)."""
    if kind in ACTION_TYPES:
        return ACTION_TYPES[kind]
    from .catalogue import catalogue
    entry = catalogue().entries.get(kind)
    if entry is not None:
        for e in entry.effects:
            if e["do"] == "action" and "use" in e:
                return str(e.get("type", kind)), int(e.get("cost", 1))
    return (kind, 1)


def can_take(f: Fighter, done: Sequence[str], kind: str, spent: int | None = None) -> bool:
    """May the figure take this action after the ones already done this turn: enough
    actions left, and (unless Heros or Legende vivante) no type repeated; a two-action
    movement never follows a movement (B-R10)."""
    allowance, repeat, _ = actions(f)
    if spent is None:
        spent = sum(action_type(k)[1] for k in done)
    t, cost = action_type(kind)
    if spent + cost > allowance:
        return False
    if repeat:
        return True
    used = {action_type(k)[0] for k in done}
    if t in used:
        return False
    return not (t == "run" and "movement" in used)
