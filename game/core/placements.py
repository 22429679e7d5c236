"""Figures put where a situation wants them: the ``placements`` option of a new game moves
figures after the ruleset's own setup (positions in the ruleset's unit), so a game opened
from a rules page's situation saves and replays like any other (the option is recorded)."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.core.state import GameState


def place(state: GameState, placements: Mapping[str, Mapping[str, Any]], unit_mm: float) -> None:
    """Move each named figure to ``at`` (unit), turn it to ``facing`` (degrees) and set its
    ``status`` entries (a situation names them all: game.data.situations checks it)."""
    for fid, spec in placements.items():
        fig = state.figures[fid]
        x, y = spec["at"]
        fig.x, fig.y = float(x) * unit_mm, float(y) * unit_mm
        if spec.get("facing") is not None:
            fig.facing = float(spec["facing"])
        fig.status.update(dict(spec.get("status") or {}))
