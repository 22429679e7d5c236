"""Collisions and pushes on the table.

A collision (an involuntary move into an obstacle, or two figures meeting by accident) costs
1D5 hit points, with no armour roll (the book counts them in hit points, like bleeding). Two
figures: each loses 1D5, the one on the smaller base ends on the ground, both when the
bases are equal. Terrain or the table edge: the pushed figure alone loses 1D5 and stays up
(K-R39). A push goes straight away from the winner (``_shared/push``) and stops at the
first obstacle, the edge included.
"""
from __future__ import annotations

from collections.abc import Mapping

from game.geometry.table import Table
from game.rulesets._shared import nd10
from game.rulesets._shared.push import PushResult, away, push

from .armour import wound
from .fighter import TOISE, Fighter
from .states import set_state


def collide(ctx, f: Fighter, other: Fighter | None = None) -> None:
    for who in (f, other):
        if who is not None and not who.fig.out:
            loss = nd10.roll_derived(ctx, who.id, "collision", 5)[0]
            wound(ctx, who, loss, by="collision")
    if other is None:
        return
    for who in (f, other):
        if not who.fig.out and who.fig.size <= (other if who is f else f).fig.size:
            set_state(ctx, who, "down")


def push_back(ctx, table: Table, winner: Fighter, loser: Fighter, toises: float,
              fighters: Mapping[str, Fighter]) -> PushResult:
    """Push ``loser`` ``toises`` straight away from ``winner``; a collision if it meets
    something before the end."""
    res = push(table, loser.fig, away(winner.fig.pos, loser.fig.pos), toises * TOISE)
    if res.blocked:
        other = fighters.get(res.blocker_id) if res.blocker == "figure" and res.blocker_id else None
        collide(ctx, loser, other)
    return res
