"""The warning of a move preview: ending there, the figure would stand in the way of a
shot or a charge a friend may still make this turn. The ruleset says which lanes are open
(Presentation.open_lanes, once per state and mover) and whether one stays open with the
figure at the end of the path (lane_open, on a view of the state where it stands there);
only lanes whose corridor the end point touches are tested again."""
from __future__ import annotations

import copy
import dataclasses
import math

import numpy as np

from game.core.presentation import Lane
from game.core.state import GameState
from game.core.text import t
from game.geometry.vecmath import point_segment_distance


def moved_view(state: GameState, fid: str, end) -> GameState:
    """A read-only view of ``state`` with the figure ``fid`` standing at ``end``."""
    view = copy.copy(state)
    view.figures = dict(state.figures)
    view.figures[fid] = dataclasses.replace(state.figures[fid], x=float(end[0]), y=float(end[1]))
    return view


def in_corridor(state: GameState, lane: Lane, fid: str, end) -> bool:
    """Whether the figure's base at ``end`` touches the band between the lane's two bases."""
    a, b, me = state.figures[lane.friend], state.figures[lane.enemy], state.figures[fid]
    gap = point_segment_distance(np.asarray(end, float), np.asarray([a.pos], float), np.asarray([b.pos], float))[0]
    return gap <= _reach(me) + max(_reach(a), _reach(b))


def _reach(fig) -> float:
    """How far a base reaches from its centre, whatever its turn (a square's corner)."""
    return fig.radius * (math.sqrt(2.0) if fig.shape == "square" else 1.0)


class LaneHint:
    """The warning for the move being previewed, cached per state, mover and end point."""

    def __init__(self):
        self._lanes_key, self._lanes = None, []
        self._key, self._text = None, None

    def text(self, session, pres, fid: str, end, lang: str) -> str | None:
        engine = session.engine
        state = engine.state
        if pres is None or fid not in state.figures:
            return None
        lanes_key = (session.version, fid)
        if lanes_key != self._lanes_key:
            self._lanes_key = lanes_key
            try:
                self._lanes = list(pres.open_lanes(state, engine.ruleset.table_for(state), fid))
            except Exception:   # a warning must never stop play: the rules still decide
                self._lanes = []
        key = (lanes_key, round(end[0], 1), round(end[1], 1), lang)
        if key == self._key:
            return self._text
        self._key, self._text = key, None
        near = [ln for ln in self._lanes if in_corridor(state, ln, fid, end)]
        if not near:
            return None
        view = moved_view(state, fid, end)
        try:
            table = engine.ruleset.table_for(view)
            shut = [ln for ln in near if not pres.lane_open(view, table, ln)]
        except Exception:
            shut = []
        if shut:
            first = shut[0]
            text = t(f"ui.lane.{first.kind}", lang, friend=pres.name_of(state, first.friend, lang),
                     enemy=pres.name_of(state, first.enemy, lang))
            if len(shut) > 1:
                text += " " + t("ui.lane.more", lang, n=len(shut) - 1)
            self._text = text
        return self._text
