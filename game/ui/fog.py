"""The mist seen by one side: fog everywhere outside the union of what its standing figures
can see (the visibility polygon within the mist radius, cut to each figure's front half).
The geometry is rebuilt only when a figure moves or turns, or the viewing side changes; the
drawn layer is rendered small, smoothscaled for soft edges and converted, once per camera."""
from __future__ import annotations

import math

import pygame
from shapely.geometry import Polygon
from shapely.ops import unary_union

from game.ui import theme

FOG_ALPHA = 175
DOWNSCALE = 2          # draw the fog polygon at half the view size, blur through a quarter


def sight_area(table, fig, radius: float):
    """What one figure can see: sight-blocking terrain cut out, its back half removed."""
    area = table.visibility_polygon(fig.pos, radius)
    if fig.facing is None:
        return area
    a = math.radians(fig.facing)
    fx, fy = math.cos(a), math.sin(a)          # forward
    px, py = -fy, fx                           # perpendicular
    r = radius * 2
    x, y = fig.x, fig.y
    front = Polygon([(x + px * r, y + py * r), (x + px * r + fx * r, y + py * r + fy * r),
                     (x - px * r + fx * r, y - py * r + fy * r), (x - px * r, y - py * r)])
    return area.intersection(front)


def side_sight(state, table, side: int, mist: float):
    """The union of what the side's standing figures see (shapely geometry)."""
    from shapely.geometry import box

    parts = [sight_area(table, f, mist + f.size / 2) for f in state.figures.values()
             if f.side == side and not f.out]
    return unary_union(parts).intersection(box(0, 0, state.width, state.height)) if parts \
        else Polygon()


class FogLayer:
    def __init__(self):
        self.geom = None
        self._geom_key = None
        self._surf = None
        self._surf_key = None

    def update(self, state, table, side: int | None, mist: float | None) -> None:
        if side is None or mist is None:
            self.geom, self._geom_key = None, None
            return
        key = (side, mist, tuple((f.id, round(f.x, 2), round(f.y, 2), f.facing, f.out)
                                 for f in state.figures.values() if f.side == side))
        if key != self._geom_key:
            self.geom = side_sight(state, table, side, mist)
            self._geom_key, self._surf_key = key, None

    def layer(self, view):
        """(key, per-pixel-alpha surface of the view's size) or (None, None) without fog."""
        if self.geom is None:
            return None, None
        key = (self._geom_key, view.camera.version, tuple(view.rect))
        if key != self._surf_key:
            self._surf = self._render(view)
            self._surf_key = key
        return key, self._surf

    def _render(self, view):
        cam, rect = view.camera, view.rect
        w, h = max(1, rect.w // DOWNSCALE), max(1, rect.h // DOWNSCALE)
        small = pygame.Surface((w, h), pygame.SRCALPHA)
        small.fill((*theme.FOG, FOG_ALPHA))
        k = cam.scale / DOWNSCALE
        ox, oy = (cam.ox - rect.x) / DOWNSCALE, (cam.oy - rect.y) / DOWNSCALE
        clear = (*theme.FOG, 0)
        geom = self.geom.simplify(DOWNSCALE * 0.5 / max(cam.scale, 1e-6))
        for poly in getattr(geom, "geoms", [geom]):
            if not hasattr(poly, "exterior") or poly.is_empty:
                continue
            pygame.draw.polygon(small, clear, [(ox + x * k, oy + y * k) for x, y in poly.exterior.coords])
            for hole in poly.interiors:
                pygame.draw.polygon(small, (*theme.FOG, FOG_ALPHA),
                                    [(ox + x * k, oy + y * k) for x, y in hole.coords])
        # down once more then up: the staircase of the small polygon melts into a soft edge
        softer = pygame.transform.smoothscale(small, (max(1, w // 3), max(1, h // 3)))
        big = pygame.transform.smoothscale(softer, rect.size)
        return big.convert_alpha() if pygame.display.get_surface() else big

    def covers(self, point) -> bool:
        """Is this world point in the fog?"""
        from shapely.geometry import Point

        return self.geom is not None and not self.geom.contains(Point(point))
