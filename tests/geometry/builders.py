"""Small constructors shared by the geometry tests."""

from __future__ import annotations

from game.geometry import Base, Table, Terrain


def rect(tid: str, x0: float, y0: float, x1: float, y1: float, *tags: str, kind: str = "test") -> Terrain:
    return Terrain(tid, kind, ((x0, y0), (x1, y0), (x1, y1), (x0, y1)), frozenset(tags))


def wall(tid: str, x0: float, y0: float, x1: float, y1: float) -> Terrain:
    return rect(tid, x0, y0, x1, y1, "blocks_sight", "blocks_movement", kind="wall")


def table(width: float = 400.0, height: float = 400.0, terrain=(), bases=()) -> Table:
    t = Table(width, height, list(terrain))
    t.set_bases(list(bases))
    return t


def base(bid: str, x: float, y: float, size: float = 20.0, **kw) -> Base:
    return Base(bid, x, y, size, **kw)
