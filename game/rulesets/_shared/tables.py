"""The bridge between game state and table geometry.

A state's table holds exactly that state's figures, by construction: ``table_for(state)``
is addressed by the state's layout and by where its figures stand (its placement), never
by whichever state asked last. Per layout, the expensive static part (terrain unions,
prepared geometry, cell indexes, terrain navigation graphs) is built once and shared by
every placement (``Table.with_bases``); per placement, a light table holds the bases and
their path-finding caches. Placed tables never change (``set_bases`` refuses), so two
states with the same figures in the same places (the true game and a view without hidden
figures, a clone...) may share one, and a state whose figures moved gets another: a side's
view never sees the figures only the true state holds, and the other way round."""
from __future__ import annotations

from collections import OrderedDict
from collections.abc import Sequence

from game.core.state import Figure, GameState
from game.geometry.shapes import Base, Terrain
from game.geometry.table import Table

_MAX = 64         # layouts kept (the static structures of each)
_PLACEMENTS = 8   # placed tables kept per layout, least recently used dropped first


class PlacedTable(Table):
    """A table whose figures never change: the one of every state with exactly these
    figures in these places. ``with_bases`` gives another table over the same terrain."""

    def set_bases(self, bases: Sequence[Base]) -> None:
        raise TypeError("a table from table_for is shared by every state with these figures: "
                        "use with_bases() for other figures")


class _Layout:
    """One terrain layout: its static table (no figures) and its recent placements."""

    def __init__(self, state: GameState):
        self.static = PlacedTable(state.width, state.height, terrain_of(state))
        self.placed: OrderedDict[tuple, PlacedTable] = OrderedDict()

    def table(self, state: GameState) -> PlacedTable:
        figures = [f for f in state.figures.values() if not f.out]
        key = tuple((f.id, f.x, f.y, f.size, f.shape, f.facing) for f in figures)
        table = self.placed.get(key)
        if table is None:
            table = self.static.with_bases([base_of(f) for f in figures])
            if len(self.placed) >= _PLACEMENTS:
                self.placed.popitem(last=False)
            self.placed[key] = table
        else:
            self.placed.move_to_end(key)
        return table


_LAYOUTS: dict[tuple, _Layout] = {}


def base_of(fig: Figure) -> Base:
    return Base(id=fig.id, x=fig.x, y=fig.y, size=fig.size, shape=fig.shape, facing=fig.facing)


def terrain_of(state: GameState) -> list[Terrain]:
    return [Terrain(id=t.id, kind=t.kind, points=tuple(tuple(p) for p in t.points),
                    tags=frozenset(t.tags), height=float(t.height)) for t in state.terrain]


def layout_key(terrain) -> str:
    """A fingerprint of a terrain layout (setup stores it in state.extras["layout"]); a
    piece's height counts when it has one (flat layouts keep their fingerprints)."""
    import hashlib

    blob = repr([(t.id, t.kind, t.points, sorted(t.tags), *((t.height,) if getattr(t, "height", 0) else ()))
                 for t in terrain])
    return hashlib.sha1(blob.encode()).hexdigest()[:16]


def table_for(state: GameState) -> Table:
    """The table of this state: its layout's terrain with this state's figures in play
    placed as bases (see the module docstring). Holding on to it across a move keeps
    the figures where they stood when it was asked for: ask again after a change."""
    key = (state.width, state.height, state.extras.get("layout") or layout_key(state.terrain))
    layout = _LAYOUTS.get(key)
    if layout is None:
        if len(_LAYOUTS) >= _MAX:
            _LAYOUTS.clear()
        layout = _LAYOUTS[key] = _Layout(state)
    return layout.table(state)
