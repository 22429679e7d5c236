"""Figures put where an authored layout wants them: the ``placements`` option of a new game
(a rules page's situation, a guided game) moves figures after the ruleset's own setup, in
the ruleset's unit, so such a game saves and replays like any other (the option is
recorded). Each figure id maps to ``[x, y]`` or to ``{at: [x, y], facing, status}``."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.core.errors import UserError
from game.core.state import GameState


def _spot(spec: Any) -> tuple[Any, Mapping[str, Any]]:
    if isinstance(spec, Mapping):
        return spec.get("at"), spec
    return spec, {}


def place(state: GameState, placements: Mapping[str, Any], unit_mm: float) -> None:
    """Move each named figure to its place (unit), turn it to ``facing`` (degrees) and set
    its ``status`` entries; a UserError names a figure the game lacks or a bad place."""
    if not isinstance(placements, Mapping):
        raise UserError("placements must map figure ids to [x, y]")
    for fid, spec in placements.items():
        at, extra = _spot(spec)
        fig = state.figures.get(fid)
        ok = isinstance(at, (list, tuple)) and len(at) == 2 and all(
            isinstance(v, (int, float)) and not isinstance(v, bool) for v in at)
        if fig is None or not ok:
            raise UserError(f"placements: no figure '{fid}' or no [x, y] for it")
        fig.x, fig.y = float(at[0]) * unit_mm, float(at[1]) * unit_mm
        if extra.get("facing") is not None:
            fig.facing = float(extra["facing"])
        fig.status.update(dict(extra.get("status") or {}))
