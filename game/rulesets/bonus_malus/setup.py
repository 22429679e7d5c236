"""A Bonus / Malus game from the provisional scenario data (B-R24): a 24 x 24 pas table, the
scenario's terrain, each player team in its deployment strip (side 1 along the near edge,
side 2 along the far one, rows 1.5 pas apart) and the neutral group in a row across the
middle, played by the scripted neutral agent (B-R23). Options: ``activation``
("alternate", the default, or "classic"), ``max_turns``."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml

from game.core.state import GameState, Side, TerrainPiece

from . import figures as F
from .catalogue import catalogue

VERSION = 1
TABLE_PAS = 24.0
STRIP_PAS = 4.0
SPACING_PAS = 1.5
MODES = ("alternate", "classic")
PATH = Path(__file__).with_name("scenarios.yaml")


@lru_cache(maxsize=1)
def scenarios() -> Mapping[str, Mapping[str, Any]]:
    return yaml.safe_load(PATH.read_text(encoding="utf-8"))


def _terrain(raw: Sequence[Mapping[str, Any]]) -> list[TerrainPiece]:
    return [TerrainPiece(id=t["id"], kind=t["kind"], tags=list(t["tags"]),
                         points=[[float(x) * F.PAS, float(y) * F.PAS] for x, y in t["points"]],
                         height=float(t.get("height", 0.0)) * F.PAS)
            for t in raw]


def slots(where: str, n: int) -> list[tuple[float, float]]:
    """Centres (mm) for n figures: rows of up to 14 centred across the table, starting
    1 pas from the near edge ("near"), the far edge ("far") or on the middle line."""
    per_row = int((TABLE_PAS - 2) // SPACING_PAS)
    out = []
    for i in range(n):
        row, col = divmod(i, per_row)
        k = min(per_row, n - row * per_row)
        x = TABLE_PAS / 2 + (col - (k - 1) / 2) * SPACING_PAS
        y = 1.0 + row * SPACING_PAS
        if y > STRIP_PAS - 0.5:
            raise ValueError(f"{n} figures do not fit in the deployment strip")
        y = {"near": y, "far": TABLE_PAS - y, "middle": TABLE_PAS / 2 + row * SPACING_PAS}[where]
        out.append((x * F.PAS, y * F.PAS))
    return out


def setup(scenario: str, seed: int, options: Mapping[str, Any] | None = None) -> GameState:
    """The game before its first decision (the first picks, or the classic order roll)."""
    options = dict(options or {})
    data = scenarios()[scenario]
    mode = str(options.get("activation", "alternate"))
    if mode not in MODES:
        raise ValueError(f"activation option {mode!r}: expected one of {', '.join(MODES)}")
    size = TABLE_PAS * F.PAS
    st = GameState(ruleset="bonus_malus", ruleset_version=VERSION, scenario=scenario, seed=seed,
                   width=size, height=size, max_turns=int(options.get("max_turns", data["turns"])))
    st.terrain = _terrain(data["terrain"])
    cat = catalogue()
    for team in data["teams"]:
        side = int(team["side"])
        neutral = bool(team.get("neutral", False))
        agent = dict(team.get("agent") or {})
        if "radius" in agent:
            agent["radius"] = float(agent["radius"]) * F.PAS
        st.sides[side] = Side(id=side, roster=f"{scenario}_{side}", role="neutral" if neutral else "player",
                              name=team["name"]["fr"], neutral=neutral,
                              agent="neutral" if neutral else None,
                              extras={"agent": agent, "label": dict(team["name"])} if neutral
                              else {"label": dict(team["name"])})
        rows = [p for p in team["figures"] for _ in range(int(p.get("count", 1)))]
        where = "middle" if neutral else ("near" if side == 1 else "far")
        facing = 90.0 if where == "near" else 270.0
        for i, (prof, (x, y)) in enumerate(zip(rows, slots(where, len(rows)))):
            fid = f"b{side}_{i:02d}_{prof['profile']}"
            st.figures[fid] = F.make(fid, side, x, y, prof["profile"], prof, facing=facing, cat=cat)
    st.extras["bm"] = {"mode": mode, "order": [], "picks": {}, "queue": []}
    return st
