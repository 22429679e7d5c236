"""Zones of control, allonge and supports on the table (K-R9, K-R10), over the shared
engagement geometry; distances edge to edge, in mm (1 toise = 40 mm).

- A figure is engaged when it stands in an enemy's zone (0.5 toise, or natural Allonge X):
  the relation is one-way when zones differ. "Free" means engaged with nobody.
- A figure attacks (and ripostes) within its reach: the zone, or its weapon's allonge.
- A walk stops where it first enters the zone of an enemy it was not already in.
- Supporters of a figure against a foe: friends fit to fight, with the foe within their
  reach, and engaged with no other enemy.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from game.core.state import Figure, GameState
from game.geometry.table import Table
from game.rulesets._shared import engagement
from game.rulesets._shared.areas import WITHIN_EPS, gaps

from .fighter import TOISE, Fighter

Fighters = Mapping[str, Fighter]


def zone_mm(fighters: Fighters) -> Callable[[Figure], float]:
    """Each figure's zone of control in mm."""
    return lambda fig: fighters[fig.id].zdc * TOISE


def engaged_by(state: GameState, table: Table, f: Fighter, fighters: Fighters) -> list[Figure]:
    """The enemies whose zone holds the figure."""
    return engagement.in_zones_of(state, table, f.fig, zone_mm(fighters))


def is_free(state: GameState, table: Table, f: Fighter, fighters: Fighters) -> bool:
    return not engaged_by(state, table, f, fighters)


def in_reach(table: Table, f: Fighter, target: Figure) -> bool:
    """The target within the figure's attack reach (zone or weapon allonge)."""
    return gaps(table, f.fig, [target])[0] <= f.reach * TOISE + WITHIN_EPS


def targets(state: GameState, table: Table, f: Fighter) -> list[Figure]:
    """Enemies the figure can attack from where it stands."""
    foes = engagement.enemies(state, f.fig)
    return [e for e, g in zip(foes, gaps(table, f.fig, foes)) if g <= f.reach * TOISE + WITHIN_EPS]


def walk_stop(state: GameState, table: Table, f: Fighter, path: Sequence[tuple[float, float]],
              fighters: Fighters) -> engagement.ZoneStop:
    """Where a walk along ``path`` stops on entering a new enemy zone (K-R9)."""
    return engagement.zone_stop(state, table, f.fig, path, zone_mm(fighters))


def supporters(state: GameState, table: Table, f: Fighter, foe: Fighter, fighters: Fighters) -> list[Fighter]:
    """Friends of ``f`` supporting it against ``foe`` (K-R10)."""
    out = []
    for other in fighters.values():
        if other.id == f.id or other.fig.side != f.fig.side or other.fig.out or not other.fit:
            continue
        if not in_reach(table, other, foe.fig):
            continue
        if any(e.id != foe.id for e in engaged_by(state, table, other, fighters)):
            continue
        out.append(other)
    return out


def support(state: GameState, table: Table, att: Fighter, dfn: Fighter,
            fighters: Fighters) -> tuple[int, int, int, int]:
    """(attacker's supporters, defender's supporters, their summed statures) for an
    exchange: what ``melee.Situation`` takes."""
    mine = supporters(state, table, att, dfn, fighters)
    theirs = supporters(state, table, dfn, att, fighters)
    return len(mine), len(theirs), sum(s.stature for s in mine), sum(s.stature for s in theirs)
