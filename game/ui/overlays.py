"""Overlays of the selected figure (see overlay_data), asked of the geometry worker and
cached until something moves; drawn to a cached per-pixel-alpha layer per camera."""
from __future__ import annotations

import numpy as np
import pygame
from shapely.geometry import Point

from game.ui import theme
from game.ui.overlay_data import OverlayData, OverlayJob, positions_key


class OverlayLayer:
    """Asks the worker for the data per (figure, positions); caches the drawn layer per camera."""

    def __init__(self, worker):
        self.worker = worker
        self.data: OverlayData | None = None
        self._data_key = None
        self._surf = None
        self._surf_key = None

    def update(self, state, fid: str | None, lang: str, strict: bool) -> OverlayData | None:
        if fid is None or fid not in state.figures or state.figures[fid].out:
            self.data, self._data_key = None, None
            return None
        key = (fid, positions_key(state), strict)
        if key != self._data_key:
            self.worker.request("overlay", key, state, OverlayJob(fid, lang, strict))
            got = self.worker.result("overlay", key)
            if isinstance(got, OverlayData):
                self.data, self._data_key, self._surf_key = got, key, None
            elif got is not None:          # the computation failed: draw nothing, stay up
                self.data, self._data_key = None, key
            else:
                self.data = None
        return self.data

    def computing(self) -> bool:
        return self.data is None and self.worker.pending()

    def layer(self, view, state):
        """(key, per-pixel-alpha surface of the view's size) or (None, None) when empty."""
        if self.data is None:
            return None, None
        key = (self._data_key, view.camera.version, tuple(view.rect))
        if key != self._surf_key:
            self._surf = self._render(view, state)
            self._surf_key = key
        return key, self._surf

    def _render(self, view, state):
        cam, rect = view.camera, view.rect
        layer = pygame.Surface(rect.size, pygame.SRCALPHA)
        data = self.data
        fig = state.figures[data.fid]

        def sp(x, y):
            sx, sy = cam.to_screen(x, y)
            return sx - rect.x, sy - rect.y

        ox, oy = cam.ox - rect.x, cam.oy - rect.y

        def ring(coords):   # world ring -> screen points, in one numpy operation
            a = np.asarray(coords) * cam.scale + (ox, oy)
            return a.round().astype(int).tolist()

        tolerance = 0.6 / cam.scale   # simplify to below a pixel before drawing
        for name in ("move", "charge"):
            geom = data.reach.get(name)
            if geom is None or geom.is_empty:
                continue
            geom = geom.simplify(tolerance)
            part = pygame.Surface(rect.size, pygame.SRCALPHA)
            polys = getattr(geom, "geoms", [geom])
            colour = theme.REACH[name]
            for poly in polys:
                if not hasattr(poly, "exterior") or poly.is_empty:
                    continue
                outline = ring(poly.exterior.coords)
                pygame.draw.polygon(part, colour, outline)
                for hole in poly.interiors:
                    pygame.draw.polygon(part, (0, 0, 0, 0), ring(hole.coords))
                pygame.draw.lines(part, (*colour[:3], 200), True, outline, 2)
            layer.blit(part, (0, 0))
        centre = sp(fig.x, fig.y)
        for bands in data.bands:
            for colour, r in zip(theme.RANGE_BANDS, bands):
                pygame.draw.circle(layer, (*colour, 170), centre, int(cam.length(r + fig.radius)), 1)
        if data.bubble:
            pygame.draw.circle(layer, (*theme.SKY, 200), centre, int(cam.length(data.bubble + fig.radius)), 2)
        for eid, cls in data.los.items():
            e = state.figures[eid]
            colour = theme.LOS[cls]
            end = sp(e.x, e.y)
            if cls == "blocked":
                _dashed(layer, (*colour, 150), centre, end)
            else:
                pygame.draw.line(layer, (*colour, 220), centre, end, 2)
        for eid, kinds in data.threats.items():
            e = state.figures[eid]
            ex, ey = sp(e.x, e.y)
            r = int(cam.length(e.radius)) + 6
            pygame.draw.circle(layer, (*theme.VERMILLION, 230), (ex, ey), r, 2)
            if "charge" in kinds:
                pygame.draw.circle(layer, (*theme.VERMILLION, 230), (ex, ey), r + 3, 1)
        return layer.convert_alpha() if pygame.display.get_surface() else layer


def _dashed(surf, colour, a, b, dash: int = 6) -> None:
    import math

    dx, dy = b[0] - a[0], b[1] - a[1]
    n = max(1, int(math.hypot(dx, dy) // dash))
    for i in range(0, n, 2):
        p = (a[0] + dx * i / n, a[1] + dy * i / n)
        q = (a[0] + dx * min(n, i + 1) / n, a[1] + dy * min(n, i + 1) / n)
        pygame.draw.line(surf, colour, p, q, 1)


def reach_contains(data: OverlayData | None, name: str, point) -> bool:
    geom = data.reach.get(name) if data else None
    return bool(geom is not None and geom.contains(Point(point)))
