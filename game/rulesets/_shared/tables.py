"""The bridge between game state and table geometry: one geometry Table per game layout
(terrain never moves), with the figures still in play placed as bases on demand."""
from __future__ import annotations

from game.core.state import Figure, GameState
from game.geometry.shapes import Base, Terrain
from game.geometry.table import Table

_TABLES: dict[tuple, tuple[Table, tuple]] = {}
_MAX = 64


def base_of(fig: Figure) -> Base:
    return Base(id=fig.id, x=fig.x, y=fig.y, size=fig.size, shape=fig.shape, facing=fig.facing)


def terrain_of(state: GameState) -> list[Terrain]:
    return [Terrain(id=t.id, kind=t.kind, points=tuple(tuple(p) for p in t.points),
                    tags=frozenset(t.tags), height=float(t.height)) for t in state.terrain]


def layout_key(terrain) -> str:
    """A fingerprint of a terrain layout (setup stores it in state.extras["layout"])."""
    import hashlib

    blob = repr([(t.id, t.kind, t.points, sorted(t.tags)) for t in terrain])
    return hashlib.sha1(blob.encode()).hexdigest()[:16]


def table_for(state: GameState) -> Table:
    """The cached Table for this layout, synced with the figures' current positions."""
    key = (state.width, state.height, state.extras.get("layout") or layout_key(state.terrain))
    entry = _TABLES.get(key)
    if entry is None:
        if len(_TABLES) >= _MAX:
            _TABLES.clear()
        entry = (Table(state.width, state.height, terrain_of(state)), ())
    table, placed = entry
    now = tuple((f.id, f.x, f.y, f.size, f.facing) for f in state.figures.values() if not f.out)
    if now != placed:
        table.set_bases([base_of(f) for f in state.figures.values() if not f.out])
    _TABLES[key] = (table, now)
    return table
