"""The table: static terrain structures, the current figures and basic queries.

Sight queries live in :mod:`game.geometry.sight`, movement in
:mod:`game.geometry.paths` and :mod:`game.geometry.reach`; the methods of
:class:`Table` below delegate to them.
"""

from __future__ import annotations

import copy
import math
from collections.abc import Callable, Collection, Iterable, Sequence
from typing import TYPE_CHECKING

import numpy as np
import shapely

from . import corridor as _corridor
from . import paths as _paths
from . import reach as _reach
from . import sight as _sight
from .convex import CellFrame, cell_frames
from .shapes import Base, Terrain
from .slabs import SlabIndex
from .tolerances import EDGE_EPS, OVERLAP_EPS, SIGHT_EPS
from .vecmath import convex_parts, polygon_edges

if TYPE_CHECKING:
    from shapely.geometry.base import BaseGeometry

BaseRef = Base | str
Point2 = tuple[float, float]


def _prepared(geom: BaseGeometry | None) -> BaseGeometry | None:
    if geom is None or geom.is_empty:
        return None
    shapely.prepare(geom)
    return geom


class BaseSet:
    """Snapshot of the figures on the table, as numpy arrays for vectorised tests."""

    def __init__(self, bases: Sequence[Base]) -> None:
        self.by_id: dict[str, Base] = {}
        for b in bases:
            self.by_id[b.id] = b
        self.bases: list[Base] = list(self.by_id.values())
        self.ids: list[str] = [b.id for b in self.bases]
        self.index: dict[str, int] = {bid: i for i, bid in enumerate(self.ids)}
        n = len(self.bases)
        self.centres = np.array([(b.x, b.y) for b in self.bases], dtype=float).reshape(n, 2)
        self.radii = np.array([b.radius for b in self.bases], dtype=float)
        self.round = np.array([b.is_round for b in self.bases], dtype=bool)
        self.sight_radii = self.radii - SIGHT_EPS
        # plain-python view for single-segment loops (faster than numpy below ~30 bases)
        self.circles: list[tuple[str, float, float, float, float, bool, int]] = [
            (b.id, b.x, b.y, b.radius - SIGHT_EPS, b.circumradius, b.is_round, i)
            for i, b in enumerate(self.bases)]
        # (id, centre, circumradius, index, sight radius, round): sight queries' corridor filter
        self.zcircles: SlabIndex[tuple[str, complex, float, int, float, bool]] = SlabIndex(
            [(b.id, complex(b.x, b.y), b.circumradius, i, b.radius - SIGHT_EPS, b.is_round)
             for i, b in enumerate(self.bases)],
            lambda c: c[1], lambda c: c[2])
        self._shrunk: dict[int, BaseGeometry] = {}
        # exact sight searches done with these figures: (viewer, target, ignored) -> the
        # witness segment or None (see sight.free_segment_cached)
        self.sight_searches: dict[tuple, tuple[complex, complex] | None] = {}

    def mask_excluding(self, ids: Iterable[str]) -> np.ndarray:
        mask = np.ones(len(self.bases), dtype=bool)
        for bid in ids:
            i = self.index.get(bid)
            if i is not None:
                mask[i] = False
        return mask

    def shrunk_polygon(self, i: int) -> BaseGeometry:
        """Non-round base i shrunk by SIGHT_EPS, prepared (cached)."""
        geom = self._shrunk.get(i)
        if geom is None:
            geom = self.bases[i].polygon().buffer(-SIGHT_EPS, join_style="mitre")
            shapely.prepare(geom)
            self._shrunk[i] = geom
        return geom


class Table:
    """A rectangular table (mm) with static terrain and movable bases."""

    def __init__(self, width: float, height: float, terrain: Sequence[Terrain]) -> None:
        self.width = float(width)
        self.height = float(height)
        self.terrain: tuple[Terrain, ...] = tuple(terrain)
        self.terrain_by_id = {t.id: t for t in self.terrain}
        if len(self.terrain_by_id) != len(self.terrain):
            raise ValueError("terrain ids must be unique")
        self._terrain_tree = shapely.STRtree([t.polygon() for t in self.terrain])
        self._terrain_extent = np.array([t.extent for t in self.terrain], dtype=float)

        sight = [t for t in self.terrain if t.blocks_sight]
        self.sight_ids: tuple[str, ...] = tuple(t.id for t in sight)
        raw = [t.polygon() for t in sight]
        raw_sight = shapely.union_all(raw) if sight else None
        # the blocking region: the pieces' union shrunk by SIGHT_EPS (grazing its edge never
        # blocks; pieces touching or overlapping block as one, without a crack between them)
        self.sight_union = _prepared(raw_sight.buffer(-SIGHT_EPS, join_style="mitre")) if sight else None
        # each piece's share of it (the piece shrunk, unless it touches another piece)
        touching = set()
        if self.sight_union is not None:
            a, b = shapely.STRtree(raw).query(raw, predicate="intersects")
            touching = {int(i) for i, j in zip(a, b) if i != j}
        shrunk = [g.intersection(self.sight_union) if j in touching
                  else g.buffer(-SIGHT_EPS, join_style="mitre") for j, g in enumerate(raw)]
        for g in shrunk:
            shapely.prepare(g)
        self.sight_shrunk = np.array(shrunk, dtype=object)
        self.sight_edges = polygon_edges(raw_sight)[:2]
        # convex cells exactly covering the (shrunk) sight blockers, for exact segment
        # tests: (vertices, centre, bounding radius), points as complex numbers
        self.sight_cell_frames: SlabIndex[CellFrame] = SlabIndex(
            cell_frames(convex_parts(self.sight_union)), lambda c: c[1], lambda c: c[2])
        # the same per piece (+ index k in sight_ids), to tell which pieces block
        self.sight_piece_cells: SlabIndex[tuple[tuple[complex, ...], complex, float, int]] = SlabIndex(
            [(*frame, k) for k, g in enumerate(shrunk) for frame in cell_frames(convex_parts(g))],
            lambda c: c[1], lambda c: c[2])

        moving = [t.polygon() for t in self.terrain if t.blocks_movement]
        self.move_union = _prepared(shapely.union_all(moving)) if moving else None
        difficult = [t.polygon() for t in self.terrain if t.difficult]
        self.difficult_union = _prepared(shapely.union_all(difficult)) if difficult else None
        self.difficult_edges = polygon_edges(self.difficult_union)[:2]

        # path-finding caches: terrain graphs per (radius, flags), figure contexts
        self._nav_static: dict = {}
        self._nav_contexts: dict = {}
        self.bset = BaseSet(())

    # ------------------------------------------------------------------ bases
    def set_bases(self, bases: Sequence[Base]) -> None:
        """Replace the figures on the table (cheap; call whenever figures moved)."""
        self.bset = BaseSet(bases)
        self._nav_contexts.clear()

    def with_bases(self, bases: Sequence[Base]) -> Table:
        """Another table over the same terrain with these figures: the static structures
        (terrain unions, prepared geometry, cell indexes, terrain nav graphs) are shared,
        the bases and the per-bases caches are its own (cheap: no terrain work)."""
        table = copy.copy(self)
        table.bset = BaseSet(bases)
        table._nav_contexts = {}
        return table

    @property
    def bases(self) -> dict[str, Base]:
        return self.bset.by_id

    def resolve(self, ref: BaseRef) -> Base:
        """A Base given itself or the id of a base already set."""
        if isinstance(ref, Base):
            return ref
        try:
            return self.bset.by_id[ref]
        except KeyError:
            raise KeyError(f"no base with id {ref!r} on the table") from None

    # ---------------------------------------------------------- basic queries
    def distance(self, a: BaseRef, b: BaseRef) -> float:
        """Edge-to-edge distance between two bases (0 when touching or overlapping)."""
        a, b = self.resolve(a), self.resolve(b)
        if a.is_round and b.is_round:
            return max(0.0, math.hypot(a.x - b.x, a.y - b.y) - a.radius - b.radius)
        return float(a.polygon().distance(b.polygon()))

    def distances(self, origin: BaseRef | Point2, others: Sequence[BaseRef]) -> np.ndarray:
        """Batch ``distance``: edge-to-edge distances from ``origin`` to each of ``others``
        (the values of ``distance``, to rounding). ``origin`` may be a point: its distance to each
        base's edge (0 inside)."""
        bases = [self.resolve(o) for o in others]
        out = np.zeros(len(bases), dtype=float)
        if not bases:
            return out
        if isinstance(origin, (Base, str)):
            me = self.resolve(origin)
            ox, oy, radius = me.x, me.y, me.radius
            geom = me.polygon()
            analytic = me.is_round
        else:
            ox, oy, radius = float(origin[0]), float(origin[1]), 0.0
            geom = shapely.Point(ox, oy)
            analytic = True
        rnd = np.array([b.is_round for b in bases], dtype=bool) if analytic \
            else np.zeros(len(bases), dtype=bool)
        if rnd.any():
            centres = np.array([(b.x, b.y) for b in bases])[rnd]
            radii = np.array([b.radius for b in bases])[rnd]
            gap = np.hypot(centres[:, 0] - ox, centres[:, 1] - oy) - radius - radii
            out[rnd] = np.maximum(gap, 0.0)
        rest = np.flatnonzero(~rnd)
        if len(rest):
            out[rest] = shapely.distance(geom, np.array([bases[i].polygon() for i in rest],
                                                        dtype=object))
        return out

    def contact(self, a: BaseRef, b: BaseRef, tol: float = 0.5) -> bool:
        return self.distance(a, b) <= tol

    def in_contact(self, base: BaseRef, candidates: Iterable[BaseRef], tol: float = 0.5) -> list[str]:
        """Ids of the candidates whose base touches ``base`` (edge distance <= tol)."""
        me = self.resolve(base)
        out = []
        for c in candidates:
            c = self.resolve(c)
            if c.id != me.id and self.distance(me, c) <= tol:
                out.append(c.id)
        return out

    def _terrain_near(self, base: Base, dist: float) -> np.ndarray:
        if not self.terrain:
            return np.empty(0, dtype=int)
        if base.is_round:
            geom, d = shapely.Point(base.x, base.y), base.radius + dist
        else:
            geom, d = base.polygon(), dist
        idx = self._terrain_tree.query(geom, predicate="dwithin", distance=d)
        return np.sort(idx)

    def terrain_in_contact(self, base: BaseRef, tol: float = 0.5, min_extent: float = 0.0) -> list[str]:
        """Terrain touching (or under) the base whose bounding extent is >= min_extent."""
        idx = self._terrain_near(self.resolve(base), tol)
        return [self.terrain[i].id for i in idx if self._terrain_extent[i] >= min_extent]

    def terrain_within(self, base: BaseRef, dist: float) -> list[str]:
        """Terrain pieces within ``dist`` mm of the base's edge."""
        return [self.terrain[i].id for i in self._terrain_near(self.resolve(base), dist)]

    def on_table(self, base: BaseRef) -> bool:
        b = self.resolve(base)
        if b.is_round:
            r = b.radius - EDGE_EPS
            return r <= b.x <= self.width - r and r <= b.y <= self.height - r
        minx, miny, maxx, maxy = b.polygon().bounds
        return (minx >= -EDGE_EPS and miny >= -EDGE_EPS
                and maxx <= self.width + EDGE_EPS and maxy <= self.height + EDGE_EPS)

    def in_blocking_terrain(self, base: BaseRef) -> bool:
        """True when the base overlaps the interior of movement-blocking terrain."""
        b = self.resolve(base)
        if self.move_union is None:
            return False
        if b.is_round:
            return bool(shapely.dwithin(self.move_union, shapely.Point(b.x, b.y),
                                        b.radius - OVERLAP_EPS))
        shrunk = b.polygon().buffer(-OVERLAP_EPS, join_style="mitre")
        return bool(self.move_union.intersects(shrunk))

    def overlaps_any(self, base: BaseRef, others: Iterable[BaseRef], tol: float = 0.01) -> str | None:
        """Id of the first other base overlapping ``base`` by more than ``tol``."""
        me = self.resolve(base)
        shrunk = None
        for o in others:
            o = self.resolve(o)
            if o.id == me.id:
                continue
            gap = math.hypot(me.x - o.x, me.y - o.y)
            if me.is_round and o.is_round:
                if gap < me.radius + o.radius - tol:
                    return o.id
            elif gap < me.circumradius + o.circumradius:   # else too far apart to touch
                if shrunk is None:
                    shrunk = me.polygon().buffer(-tol / 2, join_style="mitre")
                if shrunk.intersects(o.polygon().buffer(-tol / 2, join_style="mitre")):
                    return o.id
        return None

    # ------------------------------------------------------------------ sight
    def rays_clear(self, starts: np.ndarray, ends: np.ndarray,
                   exclude_ids: Collection[str] = ()) -> np.ndarray:
        """Batch: bool per ray (starts[i] -> ends[i]) not blocked by sight-blocking
        terrain nor by a set base whose id is not in ``exclude_ids``."""
        return _sight.rays_clear(self, starts, ends, exclude_ids)

    def can_see(self, viewer: BaseRef, target: BaseRef, ignore: Collection[str] = ()) -> bool:
        """Exact line-of-sight test (same answer as ``sight(...).visible``): some segment
        joins the two bases without crossing sight-blocking terrain or another base."""
        return _sight.can_see(self, viewer, target, ignore)

    def line_of_sight(self, viewer: BaseRef, target: BaseRef, ignore: Collection[str] = ()
                      ) -> tuple[Point2, Point2] | None:
        """A clear segment from the viewer's base to the target's (the witness of
        ``can_see``), or None when the target cannot be seen."""
        return _sight.line_of_sight(self, viewer, target, ignore)

    def hidden_fraction(self, viewer: BaseRef, target: BaseRef, ignore: Collection[str] = ()) -> float:
        """Fraction of the target's silhouette hidden from the viewer's centre."""
        return _sight.hidden_fraction(self, viewer, target, ignore)

    def hidden_fraction_with(self, viewer: BaseRef, target: BaseRef, extra: Sequence[BaseGeometry],
                             ignore: Collection[str] = ()) -> tuple[float, tuple[int, ...]]:
        """The hidden fraction with ``extra`` geometries hiding too (cover that does not
        block sight), and the indexes of those that hide part of the target."""
        return _sight.hidden_fraction_with(self, viewer, target, extra, ignore)

    def sight(self, viewer: BaseRef, target: BaseRef, ignore: Collection[str] = ()) -> _sight.Sight:
        return _sight.sight(self, viewer, target, ignore)

    def sight_many(self, viewer: BaseRef, targets: Sequence[BaseRef],
                   ignore: Collection[str] = ()) -> list[_sight.Sight]:
        return _sight.sight_many(self, viewer, targets, ignore)

    def corridor_pieces(self, viewer: BaseRef, target: BaseRef,
                        exclude_radius: float = 0.0) -> _corridor.CorridorPieces:
        """Terrain (any tags, with heights) and other bases meeting the corridor between
        the two bases, ignoring what lies within ``exclude_radius`` of the viewer's edge."""
        return _corridor.corridor_pieces(self, self.resolve(viewer), self.resolve(target),
                                         exclude_radius)

    def visibility_polygon(self, point: Point2, radius: float) -> BaseGeometry:
        """Region visible from ``point`` within ``radius`` (sight-blocking terrain only)."""
        return _sight.visibility_polygon(self, point, radius)

    # --------------------------------------------------------------- movement
    def check_path(self, base: BaseRef, path: Sequence[Point2], allowance: float | None, *,
                   ignore_terrain: bool = False, ignore_difficult: bool = False,
                   others: Sequence[BaseRef] | None = None,
                   extra_blockers: Sequence[BaseGeometry] = ()) -> _paths.PathCheck:
        return _paths.check_path(self, base, path, allowance, ignore_terrain=ignore_terrain,
                                 ignore_difficult=ignore_difficult, others=others,
                                 extra_blockers=extra_blockers)

    def shortest_path(self, base: BaseRef, goal: Point2, *, ignore_terrain: bool = False,
                      ignore_difficult: bool = False, others: Sequence[BaseRef] | None = None,
                      extra_blockers: Sequence[BaseGeometry] = (),
                      max_cost: float | None = None) -> tuple[list[Point2], float] | None:
        return _paths.shortest_path(self, base, goal, ignore_terrain=ignore_terrain,
                                    ignore_difficult=ignore_difficult, others=others,
                                    extra_blockers=extra_blockers, max_cost=max_cost)

    def contact_points(self, mover: BaseRef, target: BaseRef, n: int = 16) -> list[Point2]:
        return _paths.contact_points(self, mover, target, n)

    def approach_points(self, mover: BaseRef, target: BaseRef, gap: float, n: int = 16) -> list[Point2]:
        return _paths.approach_points(self, mover, target, gap, n)

    def nearest_free_point(self, base: BaseRef, point: Point2, max_dist: float, *,
                           others: Sequence[BaseRef] | None = None) -> Point2 | None:
        return _paths.nearest_free_point(self, base, point, max_dist, others=others)

    def reach(self, base: BaseRef, allowance: float, *, ignore_terrain: bool = False,
              ignore_difficult: bool = False, others: Sequence[BaseRef] | None = None,
              extra_blockers: Sequence[BaseGeometry] = ()) -> BaseGeometry:
        return _reach.reach(self, base, allowance, ignore_terrain=ignore_terrain,
                            ignore_difficult=ignore_difficult, others=others,
                            extra_blockers=extra_blockers)

    def sample_reachable(self, base: BaseRef, allowance: float, rng_float: Callable[[], float],
                         n: int, **kwargs) -> list[Point2]:
        return _reach.sample_reachable(self, base, allowance, rng_float, n, **kwargs)
