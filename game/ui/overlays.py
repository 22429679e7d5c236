"""Overlays of the selected figure (see overlay_data), asked of the geometry worker and
cached until something moves; drawn to a cached per-pixel-alpha layer per camera."""
from __future__ import annotations

import math

import numpy as np
import pygame

from game.ui import theme
from game.ui.overlay_data import OverlayData, OverlayJob, positions_key

SIGHT_LINES_PER_STEP = 4     # lines of sight drawn per frame while a layer is sliced


class OverlayLayer:
    """Asks the worker for the data per (figure, positions); caches the drawn layer per camera.

    When the worker computes in the background, a new figure's layer is also drawn over a few
    frames, one part a frame (no frame pays for all of it), from the frame after its data came
    to the frame before it is handed over, complete. A layer that only follows the camera
    (pan, zoom) is drawn at once, so it never lags the table."""

    def __init__(self, worker):
        self.worker = worker
        self.sliced = worker.background
        self.data: OverlayData | None = None
        self._data_key = None
        self._surf = None
        self._surf_key = None
        self._steps = None            # the parts still to draw: (key, generator)
        self._made = None             # where the generator leaves the finished layer
        self._spare = None            # the layer shown before, to draw the next one on
        self._places = (None, None, None)   # (id(state), version, positions_key)

    def update(self, state, fid: str | None, lang: str, strict: bool, visible=None,
               extra=None, version=None) -> OverlayData | None:
        """`visible`: the figures the viewing side can see (None: all); `extra`: anything
        else the overlay depends on (the activation's allowance left, for instance);
        `version`: a number that changes whenever the state does (the figures' places are
        then read once per version, not every frame)."""
        if fid is None or fid not in state.figures or state.figures[fid].out:
            self.data, self._data_key = None, None
            return None
        seen = None if visible is None else frozenset(visible)
        if version is None or self._places[:2] != (id(state), version):
            self._places = (id(state), version, positions_key(state))
        places = self._places[2]
        key = (fid, places, strict) if seen is None and extra is None else \
            (fid, places, strict, seen, extra)
        if key != self._data_key:
            self.worker.request("overlay", key, state, OverlayJob(fid, lang, strict, seen))
            got = self.worker.result("overlay", key)
            if isinstance(got, OverlayData):
                self.data, self._data_key, self._surf_key = got, key, None
            elif got is not None:          # the computation failed: draw nothing, stay up
                self.data, self._data_key = None, key
            else:
                self.data = None
        return self.data

    def computing(self) -> bool:
        return (self.data is None and self.worker.pending()) or self._steps is not None

    def advance(self, view, state) -> None:
        """Draw the next part of a layer being made (once a frame); all of it when not
        sliced or when the layer only follows the camera."""
        key = self._key(view)
        if key is None or key == self._surf_key:
            self._steps = None
            return
        if self._steps is None or self._steps[0] != key:
            self._steps = (key, self._render(view, state))
            if self.sliced and not self._follows(key):
                return                     # the frame that brought the data has done enough
        if not self.sliced or self._follows(key):
            for _ in self._steps[1]:
                pass
        elif next(self._steps[1], None) is not None:
            return
        self._spare = self._surf          # two layers in turn: no fresh memory each time
        self._surf, self._surf_key, self._steps = self._made, key, None

    def _key(self, view):
        if self.data is None:
            return None
        return (self._data_key, view.camera.version, tuple(view.rect))

    def _follows(self, key) -> bool:
        """The same data as the layer shown, another camera or view size."""
        return self._surf_key is not None and self._surf_key[0] == key[0]

    def layer(self, view, state):
        """(key, per-pixel-alpha surface of the view's size) or (None, None) when there is
        none or it is still being drawn."""
        key = self._key(view)
        if key is None:
            return None, None
        if key != self._surf_key and (not self.sliced or self._follows(key)):
            self.advance(view, state)
        return (key, self._surf) if key == self._surf_key else (None, None)

    def _render(self, view, state):
        """A generator drawing the layer one part per step; leaves it in self._made."""
        cam, rect = view.camera, view.rect
        layer = self._spare if self._spare is not None and self._spare is not self._surf \
            and self._spare.get_size() == rect.size else None
        if layer is None:
            layer = pygame.Surface(rect.size, pygame.SRCALPHA)
        else:
            layer.set_clip(None)          # (a layer left half drawn keeps its clip)
            layer.fill((0, 0, 0, 0))      # the layer before the shown one, drawn again
        data = self.data
        fig = state.figures[data.fid]

        def sp(x, y):
            sx, sy = cam.to_screen(x, y)
            return sx - rect.x, sy - rect.y

        # nothing is drawn past the table's edge (zones, rings, arcs, sight lines)
        table = pygame.Rect(sp(0, 0), (round(cam.length(state.width)), round(cam.length(state.height))))
        layer.set_clip(table)

        ox, oy = cam.ox - rect.x, cam.oy - rect.y

        def ring(coords, dx=0, dy=0):   # world ring -> screen points, in one numpy operation
            a = np.asarray(coords) * cam.scale + (ox - dx, oy - dy)
            return a.round().astype(int).tolist()

        tolerance = 0.6 / cam.scale   # simplify to below a pixel before drawing
        bare = True                   # nothing drawn on the layer yet
        for name in ("sprint", "walk", "assault"):   # the widest first
            geom = data.reach.get(name)
            if geom is None or geom.is_empty:
                continue
            yield name
            geom = geom.simplify(tolerance)
            # drawn on a surface the size of the region's bounds only, then blended in; the
            # first straight onto the bare layer (a blend over nothing is a copy)
            x0, y0, x1, y1 = geom.bounds
            box = pygame.Rect(int(x0 * cam.scale + ox) - 2, int(y0 * cam.scale + oy) - 2,
                              int((x1 - x0) * cam.scale) + 5, int((y1 - y0) * cam.scale) + 5)
            box = box.clip(layer.get_rect())
            if box.w <= 0 or box.h <= 0:
                continue
            part, dx, dy = (layer, 0, 0) if bare else (pygame.Surface(box.size, pygame.SRCALPHA), box.x, box.y)
            polys = getattr(geom, "geoms", [geom])
            colour = theme.REACH[name]
            for poly in polys:
                if not hasattr(poly, "exterior") or poly.is_empty:
                    continue
                outline = ring(poly.exterior.coords, dx, dy)
                pygame.draw.polygon(part, colour, outline)
                for hole in poly.interiors:
                    pygame.draw.polygon(part, (0, 0, 0, 0), ring(hole.coords, dx, dy))
                pygame.draw.lines(part, (*colour[:3], 200), True, outline, 2)
            if not bare:
                yield name                 # a wide region: blended in on the next frame
                layer.blit(part, box)
            bare = False
        yield "bands"
        centre = sp(fig.x, fig.y)
        front = math.radians(data.facing) if data.facing is not None else None
        for bands in data.bands:          # a figure with a facing shoots only ahead: the front half
            for colour, r in zip(theme.RANGE_BANDS, bands):
                radius = int(cam.length(r + fig.radius))
                if front is None:
                    pygame.draw.circle(layer, (*colour, 170), centre, radius, 1)
                else:
                    _half_ring(layer, (*colour, 200), centre, radius, front, 2)
        for r in data.auras:
            _dashed_arc(layer, (*theme.SKY, 200), centre, int(cam.length(r + fig.radius)), None)
        for key, (rx, ry), r in getattr(data, "rings", ()):   # a leader's aura, terrifying zones
            if key == "terror":
                pygame.draw.circle(layer, (*theme.VERMILLION, 200), sp(rx, ry), int(cam.length(r)), 2)
            else:
                _dashed_arc(layer, (*theme.SKY, 220), sp(rx, ry), int(cam.length(r)), None)
        if data.watch and front is not None:
            _half_ring(layer, (*theme.YELLOW, 220), centre, int(cam.length(data.watch + fig.radius)), front, 2)
        if data.facing is not None or data.mist or data.melee or data.shots:
            _draw_mist_overlays(layer, cam, data, fig, centre)
        if data.bubble:
            pygame.draw.circle(layer, (*theme.SKY, 200), centre, int(cam.length(data.bubble + fig.radius)), 2)
        yield "sight"
        for n, (eid, cls) in enumerate(data.los.items()):
            if n and n % SIGHT_LINES_PER_STEP == 0:
                yield "sight"              # a long list of lines: a few per frame
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
            if "melee" in kinds:
                pygame.draw.circle(layer, (*theme.VERMILLION, 230), (ex, ey), r + 3, 1)
        layer.set_clip(None)
        self._made = layer
        yield "done"                       # handed over on its own frame


def _draw_mist_overlays(layer, cam, data, fig, centre) -> None:
    """Field of vision (front half, to the mist), mist radius, weapon reach and shooting
    bands: distances from the base edge, so drawn around the base."""
    half = fig.size / 2
    if data.facing is not None and data.mist:
        r = int(cam.length(data.mist + half))
        a = math.radians(data.facing)
        pts = [centre]
        for k in range(33):
            ang = a - math.pi / 2 + math.pi * k / 32
            pts.append((centre[0] + r * math.cos(ang), centre[1] + r * math.sin(ang)))
        _blend_polygon(layer, (*theme.FOV, 28), pts)   # over the reach, not instead of it
        pygame.draw.lines(layer, (*theme.FOV, 170), True, pts, 1)
    elif data.mist:
        pygame.draw.circle(layer, (*theme.FOV, 150), centre, int(cam.length(data.mist + half)), 1)
    for i, (lo, hi) in enumerate(data.melee):
        colour = theme.MELEE_BANDS[i % len(theme.MELEE_BANDS)]
        outer, inner = int(cam.length(hi + half)), int(cam.length(lo + half))
        pygame.draw.circle(layer, (*colour, 70), centre, outer, max(1, outer - inner))
        pygame.draw.circle(layer, (*colour, 220), centre, outer, 2)
    # shots only go where the fighter looks: the bands are drawn over its front half
    front = math.radians(data.facing) if data.facing is not None else None
    for close, ideal, far in data.shots:
        for colour, r in zip(theme.RANGE_BANDS, (close, ideal, far)):
            _dashed_arc(layer, (*colour, 220), centre, int(cam.length(r + half)), front)


def _half_ring(surf, colour, centre, r: int, facing: float, width: int = 1, n: int = 48) -> None:
    """The front half of a circle (facing in radians, y down as on screen), closed by its
    diameter so the half-plane reads at a glance."""
    if r <= 1:
        return
    pts = [(centre[0] + r * math.cos(facing - math.pi / 2 + math.pi * k / n),
            centre[1] + r * math.sin(facing - math.pi / 2 + math.pi * k / n)) for k in range(n + 1)]
    pygame.draw.lines(surf, colour, False, pts, width)
    pygame.draw.line(surf, (*colour[:3], 90), pts[0], pts[-1], 1)


def _dashed_arc(surf, colour, centre, r: int, facing: float | None, n: int = 48) -> None:
    """A dashed circle, or its front half (facing in radians, y down as on screen)."""
    if r <= 1:
        return
    span = math.pi if facing is not None else 2 * math.pi
    start = (facing - math.pi / 2) if facing is not None else 0.0
    n = max(n, 2 * int(span * r / 20))          # dashes of about 10 px: a wide ring still reads as one
    for i in range(0, n, 2):
        a0, a1 = start + span * i / n, start + span * (i + 1) / n
        steps = 4
        pts = [(centre[0] + r * math.cos(a0 + (a1 - a0) * k / steps),
                centre[1] + r * math.sin(a0 + (a1 - a0) * k / steps)) for k in range(steps + 1)]
        pygame.draw.lines(surf, colour, False, pts, 2)


def _dashed(surf, colour, a, b, dash: int = 6) -> None:
    """A dashed line, the dash ends computed at once."""
    n = max(1, int(np.hypot(b[0] - a[0], b[1] - a[1]) // dash))
    i = np.arange(0, n, 2)
    t0, t1 = i / n, np.minimum(n, i + 1) / n
    ax, ay, dx, dy = a[0], a[1], b[0] - a[0], b[1] - a[1]
    ends = np.stack([ax + dx * t0, ay + dy * t0, ax + dx * t1, ay + dy * t1], axis=1).tolist()
    line = pygame.draw.line
    for x0, y0, x1, y1 in ends:
        line(surf, colour, (x0, y0), (x1, y1), 1)


def _blend_polygon(layer, colour, pts) -> None:
    """A translucent polygon blended over what the layer holds (pygame.draw on a per-pixel
    alpha surface replaces pixels: drawn straight on, it would erase the reach under it)."""
    xs, ys = [int(p[0]) for p in pts], [int(p[1]) for p in pts]
    box = pygame.Rect(min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1).clip(layer.get_rect())
    if box.w <= 0 or box.h <= 0:
        return
    part = pygame.Surface(box.size, pygame.SRCALPHA)
    pygame.draw.polygon(part, colour, [(x - box.x, y - box.y) for x, y in zip(xs, ys)])
    layer.blit(part, box)
