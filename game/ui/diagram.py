"""A rules page's diagram: its situation (game.data.situations) set up by the engine and
drawn by the table's own renderer (terrain, figures, the selected figure's overlays),
framed on the situation's view. The overlays are computed at once (no background worker)."""
from __future__ import annotations

from dataclasses import replace

import pygame

from game.core.engine import Engine
from game.data.situations import Situation, game_options, step_actions
from game.ui.overlays import OverlayLayer
from game.ui.rules_info import info_for
from game.ui.scenario_hud import underlay_of
from game.ui.table_view import TableView
from game.ui.worker import Worker


def situation_engine(sit: Situation) -> Engine:
    """The game a situation stands for, its steps played (its options and decisions are
    recorded: it saves and replays)."""
    engine = Engine.new(sit.ruleset, sit.scenario, sit.seed, game_options(sit))
    for action in step_actions(sit, engine.ruleset.info.unit_mm):
        engine.step(action)
    return engine


def render(sit: Situation, size: tuple[int, int], fonts, settings, lang: str) -> pygame.Surface:
    """The situation drawn on a surface of ``size``, its view (or the whole table) fitted,
    with the scenario's zones and objectives under the figures when it asks for them."""
    engine = situation_engine(sit)
    state = engine.state
    adapter = info_for(sit.ruleset)
    view = TableView(fonts, settings)
    view.set_units(adapter)
    view.all_names = sit.view is not None      # a close view names everyone; the whole table would crowd
    rect = pygame.Rect(0, 0, *size)
    view.set_rect(rect, state, refit=True)
    if sit.view is not None:
        unit = engine.ruleset.info.unit_mm
        x, y, w, h = (v * unit for v in sit.view)
        cam = view.camera
        cam.fit(w, h, (0, 0, size[0], size[1] - view.reserved), margin=4)
        cam.ox -= x * cam.scale
        cam.oy -= y * cam.scale
    overlays = OverlayLayer(Worker(threaded=False))
    data = overlays.update(state, sit.select, lang, False)
    if data is not None:
        overlays.data = _framed(data, sit, state, engine.ruleset.info.unit_mm)
    overlays.advance(view, state)
    view.underlay = underlay_of(adapter, state) if sit.zones else ()
    surf = pygame.Surface(size)
    surf.fill((0, 0, 0))
    view.draw_scene(surf, state, overlays, None, version=0, selected=sit.select)
    return surf


def _framed(data, sit: Situation, state, unit: float):
    """The overlays the diagram shows: none the situation hides (what its page is not
    about), and with a close view, no sight line or threat of a figure outside it."""
    data = replace(data, **{k: None if k in ("bubble", "mist", "facing") else type(getattr(data, k))()
                            for k in sit.hide})
    if sit.view is None:
        return data
    x, y, w, h = (v * unit for v in sit.view)

    def inside(fid: str) -> bool:
        f = state.figures[fid]
        return x <= f.x <= x + w and y <= f.y <= y + h

    return replace(data, los={k: v for k, v in data.los.items() if inside(k)},
                   threats={k: v for k, v in data.threats.items() if inside(k)})
