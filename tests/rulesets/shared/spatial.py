"""A small table of figures for the shared spatial mechanics: any number of sides, round or
square bases, terrain with heights; the geometry Table built from the state as rulesets do."""
from __future__ import annotations

from game.core.context import RuleContext
from game.core.dice import ScriptedDice
from game.core.state import Figure, GameState, Side, TerrainPiece
from game.geometry.table import Table
from game.rulesets._shared.tables import base_of, terrain_of


def man(fid: str, side: int, x: float, y: float, size: float = 25.0, *, shape: str = "round",
        facing: float = 0.0, out: bool = False) -> Figure:
    return Figure(id=fid, side=side, profile="p", name=fid, x=x, y=y, size=size, shape=shape,
                  facing=facing, out=out)


def block(tid: str, x0: float, y0: float, x1: float, y1: float, *tags: str,
          height: float = 0.0) -> TerrainPiece:
    return TerrainPiece(id=tid, kind="test", points=[[x0, y0], [x1, y0], [x1, y1], [x0, y1]],
                        tags=list(tags), height=height)


def wall(tid: str, x0: float, y0: float, x1: float, y1: float, height: float = 50.0) -> TerrainPiece:
    return block(tid, x0, y0, x1, y1, "blocks_sight", "blocks_movement", height=height)


def world(figures, terrain=(), sides=(1, 2), width: float = 600.0, height: float = 600.0,
          neutral=()) -> GameState:
    st = GameState(ruleset="test", ruleset_version=1, scenario="s", seed=1, width=width,
                   height=height)
    for s in sides:
        st.sides[s] = Side(id=s, roster="r", role="x", neutral=s in neutral)
    st.figures = {f.id: f for f in figures}
    st.terrain = list(terrain)
    return st


def table_of(st: GameState) -> Table:
    """A fresh Table for the state (no shared cache), figures in play placed."""
    t = Table(st.width, st.height, terrain_of(st))
    t.set_bases([base_of(f) for f in st.figures.values() if not f.out])
    return t


def context(st: GameState, faces=()) -> RuleContext:
    return RuleContext(st, ScriptedDice(list(faces)), table_of)
