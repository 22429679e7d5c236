"""Immutable table objects: figure bases and terrain pieces (millimetres)."""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from functools import cached_property

import numpy as np
import shapely
from shapely.geometry.base import BaseGeometry

BASE_SHAPES = ("round", "square")
CIRCLE_QUAD_SEGS = 8
_ANGLES = np.linspace(0.0, 2.0 * math.pi, 4 * CIRCLE_QUAD_SEGS, endpoint=False)
UNIT_CIRCLE = np.column_stack([np.cos(_ANGLES), np.sin(_ANGLES)])

TERRAIN_TAGS = frozenset({"blocks_sight", "blocks_movement", "difficult", "cover"})


def circle_polygon(x: float, y: float, radius: float) -> shapely.Polygon:
    """Polygon with the same vertices as ``Point(x, y).buffer(radius, quad_segs=8)``."""
    return shapely.polygons(UNIT_CIRCLE * radius + (x, y))


def arc_contains(x: float, y: float, facing: float, point: tuple[float, float], arc: float,
                 eps: float = 1e-9) -> bool:
    """Is ``point`` within ``arc`` degrees centred on heading ``facing`` (degrees, 0 = +x,
    towards +y) seen from (x, y)? The arc's rims count as inside (``eps`` mm of slack); 180
    degrees is the front half-plane, 360 or more everything, the centre itself is inside."""
    if arc >= 360.0:
        return True
    a = math.radians(facing)
    dx, dy = point[0] - x, point[1] - y
    dot = dx * math.cos(a) + dy * math.sin(a)
    if arc == 180.0:
        return dot >= -eps
    return dot >= math.hypot(dx, dy) * math.cos(math.radians(arc) / 2.0) - eps


@dataclass(frozen=True)
class Base:
    """A figure's base. ``size`` is the diameter (round) or side length (square).

    ``facing`` is in degrees, 0 = facing +x, counted towards +y.
    """

    id: str
    x: float
    y: float
    size: float
    shape: str = "round"
    facing: float = 0.0

    def __post_init__(self) -> None:
        if self.shape not in BASE_SHAPES:
            raise ValueError(f"unknown base shape {self.shape!r}; expected one of {BASE_SHAPES}")
        if not self.size > 0:
            raise ValueError(f"base size must be positive, got {self.size!r}")

    @property
    def is_round(self) -> bool:
        return self.shape == "round"

    @property
    def center(self) -> tuple[float, float]:
        return (self.x, self.y)

    @property
    def radius(self) -> float:
        """Half the size: the radius of a round base, the inscribed radius of a square."""
        return self.size / 2.0

    @property
    def circumradius(self) -> float:
        """Radius of the smallest circle around the centre containing the whole base."""
        return self.size / 2.0 if self.is_round else self.size * math.sqrt(0.5)

    @cached_property
    def _polygon(self) -> shapely.Polygon:
        # cached_property stores in the instance __dict__ without calling
        # __setattr__, so it works on this frozen (non-slots) dataclass; the
        # cache is not a field and takes no part in eq/hash/replace.
        if self.is_round:
            return circle_polygon(self.x, self.y, self.radius)
        return shapely.polygons(self.outline_coords())

    def polygon(self) -> shapely.Polygon:
        """The base's footprint (circles have 32 vertices, quad_segs=8). Cached."""
        return self._polygon

    def outline_coords(self, at: tuple[float, float] | None = None) -> np.ndarray:
        """Footprint vertices (k, 2), optionally translated to centre ``at``."""
        cx, cy = (self.x, self.y) if at is None else at
        if self.is_round:
            return UNIT_CIRCLE * self.radius + (cx, cy)
        h = self.size / 2.0
        a = math.radians(self.facing)
        ca, sa = math.cos(a), math.sin(a)
        local = np.array([[h, h], [-h, h], [-h, -h], [h, -h]])
        rot = np.array([[ca, sa], [-sa, ca]])
        return local @ rot + (cx, cy)

    def half_chord(self, nx: float, ny: float) -> float:
        """Half-length of the chord through the centre along unit direction (nx, ny)."""
        if self.is_round:
            return self.radius
        a = math.radians(self.facing)
        u = abs(nx * math.cos(a) + ny * math.sin(a))
        v = abs(-nx * math.sin(a) + ny * math.cos(a))
        return (self.size / 2.0) / max(u, v, 1e-12)

    def moved(self, x: float, y: float, facing: float | None = None) -> Base:
        return replace(self, x=float(x), y=float(y),
                       facing=self.facing if facing is None else float(facing))

    def front_arc_contains(self, point: tuple[float, float], arc: float | None = None) -> bool:
        """Is ``point`` inside the arc of ``arc`` degrees centred on ``facing`` (seen from
        the centre)? Default: 180 degrees for square bases, all round (360) for round ones."""
        if arc is None:
            arc = 360.0 if self.is_round else 180.0
        return arc_contains(self.x, self.y, self.facing, point, arc)


def _polygonal(geom: BaseGeometry) -> BaseGeometry:
    """Keep only the polygonal parts of a geometry (after make_valid)."""
    if geom.geom_type in ("Polygon", "MultiPolygon"):
        return geom
    parts = [g for g in getattr(geom, "geoms", []) if g.geom_type in ("Polygon", "MultiPolygon")]
    return shapely.union_all(parts) if parts else shapely.Polygon()


@dataclass(frozen=True)
class Terrain:
    """A terrain piece: a (possibly non-convex) polygon with rule tags.

    Tags used by the geometry: ``blocks_sight``, ``blocks_movement``, ``difficult``, ``cover``.
    """

    id: str
    kind: str
    points: tuple[tuple[float, float], ...]
    tags: frozenset[str]
    height: float = 0.0

    def __post_init__(self) -> None:
        pts = tuple((float(x), float(y)) for x, y in self.points)
        if len(pts) < 3:
            raise ValueError(f"terrain {self.id!r} needs at least 3 points")
        object.__setattr__(self, "points", pts)
        object.__setattr__(self, "tags", frozenset(self.tags))

    @cached_property
    def _polygon(self) -> BaseGeometry:
        poly = shapely.Polygon(self.points)
        if not poly.is_valid:
            poly = _polygonal(shapely.make_valid(poly))
        return poly

    def polygon(self) -> BaseGeometry:
        """The piece as a valid shapely polygon (self-intersections repaired). Cached."""
        return self._polygon

    @property
    def extent(self) -> float:
        """Largest side of the bounding box."""
        minx, miny, maxx, maxy = self.polygon().bounds
        return max(maxx - minx, maxy - miny)

    @property
    def blocks_sight(self) -> bool:
        return "blocks_sight" in self.tags

    @property
    def blocks_movement(self) -> bool:
        return "blocks_movement" in self.tags

    @property
    def difficult(self) -> bool:
        return "difficult" in self.tags

    @property
    def cover(self) -> bool:
        return "cover" in self.tags
