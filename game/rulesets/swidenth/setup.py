"""A Swidenth game from a scenario and two warbands (S-R20): a 24 x 24 pas table, the
scenario's terrain, each warband's roster in its deployment strip (side 1 along the near
edge, side 2 along the far one, 4 pas deep), rows of figures 1.5 pas apart."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml

from game.core.state import GameState, Side, TerrainPiece
from game.rulesets.swidenth import catalogue as cat_mod
from game.rulesets.swidenth import figures as F

VERSION = 1
TABLE_PAS = 24.0
STRIP_PAS = 4.0
SPACING_PAS = 1.5
HERE = Path(__file__).resolve().parent


@lru_cache(maxsize=1)
def scenarios() -> Mapping[str, Mapping[str, Any]]:
    return yaml.safe_load((HERE / "scenarios.yaml").read_text(encoding="utf-8"))


def roster(warband: str, catalogue: cat_mod.Catalogue | None = None) -> list[str]:
    """The warband's default roster as profile ids, one per figure, leaders first."""
    cat = catalogue or cat_mod.load()
    out = []
    for row in cat.warbands[warband]["roster"]:
        out += [row["profile"]] * int(row.get("count", 1))
    order = {"chef": 0, "champion": 1, "troop": 2}
    return sorted(out, key=lambda p: order[cat.profile(warband, p).rank])


def _terrain(raw: Sequence[Mapping[str, Any]]) -> list[TerrainPiece]:
    return [TerrainPiece(id=t["id"], kind=t["kind"], tags=list(t["tags"]),
                         points=[[float(x) * F.PAS, float(y) * F.PAS] for x, y in t["points"]],
                         height=float(t.get("height", 0.0)) * F.PAS)
            for t in raw]


def slots(side: int, n: int) -> list[tuple[float, float]]:
    """Centres (mm) for n figures in the side's strip: rows of up to 14 centred on the
    table, the first row 1 pas from the side's edge."""
    per_row = int((TABLE_PAS - 2) // SPACING_PAS)
    out = []
    for i in range(n):
        row, col = divmod(i, per_row)
        k = min(per_row, n - row * per_row)
        x = TABLE_PAS / 2 + (col - (k - 1) / 2) * SPACING_PAS
        y = 1.0 + row * SPACING_PAS
        if y > STRIP_PAS - 0.5:
            raise ValueError(f"{n} figures do not fit in the deployment strip")
        out.append((x * F.PAS, (y if side == 1 else TABLE_PAS - y) * F.PAS))
    return out


def setup(scenario: str, seed: int, warbands: tuple[str, str] = ("legion_imperiale", "brigands_des_marches"),
          catalogue: cat_mod.Catalogue | None = None) -> GameState:
    """The game at the start of turn 1."""
    cat = catalogue or cat_mod.load()
    data = scenarios()[scenario]
    size = TABLE_PAS * F.PAS
    st = GameState(ruleset="swidenth", ruleset_version=VERSION, scenario=scenario, seed=seed,
                   width=size, height=size, max_turns=int(data["turns"]))
    st.terrain = _terrain(data["terrain"])
    if isinstance(data.get("objective"), Mapping):
        st.extras["objective"] = dict(data["objective"])
    for side, wb in zip((1, 2), warbands):
        st.sides[side] = Side(id=side, roster=wb, role="player", name=wb)
        profiles = roster(wb, cat)
        for i, (pid, (x, y)) in enumerate(zip(profiles, slots(side, len(profiles)))):
            fig = F.make(f"s{side}_{i:02d}_{pid}", side, x, y, wb, pid, catalogue=cat)
            st.figures[fig.id] = fig
    return st
