"""A Swidenth game on an empty (or lightly dressed) table for window and presentation tests:
figures of the catalogue's warbands placed in pas, the turn's initiative already rolled
(side 1 first), scripted dice."""
from __future__ import annotations

from game.core.dice import ScriptedDice
from game.core.engine import Engine
from game.core.record import Record
from game.core.state import GameState, Side, TerrainPiece
from game.rulesets._shared.tables import layout_key
from game.rulesets.swidenth import figures as F
from game.rulesets.swidenth import flow
from game.rulesets.swidenth.ruleset import RULESET
from game.rulesets.swidenth.setup import TABLE_PAS, VERSION

PAS = F.PAS
BANDS = {1: "legion_imperiale", 2: "brigands_des_marches"}


def fig(fid: str, side: int, x: float, y: float, profile: str, name: str | None = None, *,
        warband: str | None = None, **status):
    """A figure of its side's warband (or ``warband``) at (x, y) pas; ``status`` entries
    added as given."""
    f = F.make(fid, side, x * PAS, y * PAS, warband or BANDS[side], profile)
    if name:
        f.name = name
    f.status.update(status)
    return f


def wood(tid: str, x: float, y: float, w: float, h: float) -> TerrainPiece:
    pts = [[x * PAS, y * PAS], [(x + w) * PAS, y * PAS], [(x + w) * PAS, (y + h) * PAS], [x * PAS, (y + h) * PAS]]
    return TerrainPiece(id=tid, kind="wood", tags=["cover", "difficult", "blocks_sight"], points=pts)


def sandbox(figures, *, terrain=(), dice=(), turn: int = 1) -> Engine:
    size = TABLE_PAS * PAS
    st = GameState(ruleset="swidenth", ruleset_version=VERSION, scenario="escarmouche", seed=0,
                   width=size, height=size, max_turns=8, turn=turn, to_act=1)
    st.terrain = list(terrain)
    for side, band in BANDS.items():
        st.sides[side] = Side(id=side, roster=band, role="player", name=band)
    st.figures = {f.id: f for f in figures}
    st.extras = {flow.KEY: {"order": [1, 2], "last": None, "troops_done": [], "turn": turn},
                 "layout": layout_key(st.terrain)}
    record = Record(ruleset="swidenth", version=VERSION, scenario="escarmouche", seed=0)
    return Engine(RULESET, st, record, dice=ScriptedDice(list(dice)))
