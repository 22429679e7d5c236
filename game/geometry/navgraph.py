"""Visibility graph for moving a base's centre among obstacles.

Obstacles are inflated by the mover's radius (+ NAV_MARGIN): terrain and
zones by a polygon buffer whose arcs (quad_segs=4) are enlarged so that their
chords stay outside the true offset, other bases by 12-gons circumscribed
about their clearance circle. Graph nodes are the convex corners of those
inflated obstacles (plus corners just outside difficult ground); edges are
tested lazily, one vectorised call per expanded node, and must keep the
centre at least ``radius - NAV_EXACT_EPS`` from terrain (a stricter rule than
``check_path``), so every path found passes ``check_path``.

The terrain part (nodes, node-to-node validity and costs) never moves and is
cached per (radius, flags) in :class:`StaticNav`; the per-figures part lives in
:class:`NavContext`, cached until the next ``Table.set_bases``.
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np
import shapely

from .shapes import regular_polygon_coords
from .tolerances import NAV_EXACT_EPS, NAV_MARGIN
from .vecmath import (all_vertices, inside_lengths, polygon_edges, polygon_parts,
                      reflex_vertices, segment_circle_hits)

if TYPE_CHECKING:
    from shapely.geometry.base import BaseGeometry

    from .shapes import Base
    from .table import Table

QUAD_SEGS = 4
ARC_FACTOR = 1.0 / math.cos(math.pi / (4 * QUAD_SEGS))
BASE_SIDES = 12
EDGE_SHRINK = 0.002
MAX_CONTEXTS = 64
_START = -2


def movement_costs(table: Table, starts: np.ndarray, ends: np.ndarray,
                   count_difficult: bool) -> np.ndarray:
    """Length of each centre segment, plus its length inside difficult ground."""
    d = ends - starts
    cost = np.hypot(d[:, 0], d[:, 1])
    if count_difficult and table.difficult_union is not None and len(starts):
        cost = cost + inside_lengths(starts, ends, *table.difficult_edges, table.difficult_union)
    return cost


def _lines(starts: np.ndarray, ends: np.ndarray) -> np.ndarray:
    return shapely.linestrings(np.stack([starts, ends], axis=1))


class StaticNav:
    """Terrain-only visibility graph for one mover radius and flag set."""

    def __init__(self, table: Table, radius: float, ignore_terrain: bool, ignore_difficult: bool):
        self.table = table
        self.radius = r = float(radius)
        self.count_difficult = not ignore_difficult and table.difficult_union is not None
        self.blockers = None if ignore_terrain else table.move_union
        self.d_node = (r + NAV_MARGIN) * ARC_FACTOR
        self.exact = r - NAV_EXACT_EPS
        w, h = table.width, table.height
        self.rect = (r, r, w - r, h - r)
        m = r + NAV_MARGIN
        self.node_rect = shapely.box(m, m, w - m, h - m) if w > 2 * m and h > 2 * m else shapely.Polygon()
        if self.blockers is not None:
            self.node_poly = self.blockers.buffer(self.d_node, quad_segs=QUAD_SEGS)
            self.edge_poly = self.blockers.buffer(self.d_node - EDGE_SHRINK, quad_segs=QUAD_SEGS)
            shapely.prepare(self.edge_poly)
            free = self.node_rect.difference(self.node_poly)
        else:
            self.node_poly = self.edge_poly = None
            free = self.node_rect
        shapely.prepare(free)
        self.free = free
        nodes = [reflex_vertices(free)]
        if self.count_difficult:
            ring = table.difficult_union.buffer(0.1, join_style="mitre", mitre_limit=3.0)
            dn = all_vertices(ring)
            if len(dn):
                nodes.append(dn[shapely.contains_xy(free, dn[:, 0], dn[:, 1])])
        self.nodes = np.unique(np.concatenate(nodes), axis=0) if nodes else np.empty((0, 2))
        # walls for reach's ray casting; owner = index of the inflated part, -1 = table edge
        self.node_parts = polygon_parts(self.node_poly)
        wa, wb, wo = polygon_edges(self.node_poly)
        ra, rb, _ = polygon_edges(self.node_rect)
        self.walls = (np.concatenate([wa, ra]), np.concatenate([wb, rb]))
        self.wall_owner = np.concatenate([wo, np.full(len(ra), -1)])
        self._build_matrix()

    def _build_matrix(self) -> None:
        n = len(self.nodes)
        self.valid = np.zeros((n, n), dtype=bool)
        self.cost = np.full((n, n), np.inf)
        if n < 2:
            return
        i, j = np.triu_indices(n, 1)
        a, b = self.nodes[i], self.nodes[j]
        ok = self.terrain_clear(a, b, exact=False)
        c = np.full(len(i), np.inf)
        c[ok] = movement_costs(self.table, a[ok], b[ok], self.count_difficult)
        self.valid[i, j] = self.valid[j, i] = ok
        self.cost[i, j] = self.cost[j, i] = c

    def in_rect(self, p: np.ndarray) -> np.ndarray:
        x0, y0, x1, y1 = self.rect
        return (p[:, 0] >= x0) & (p[:, 0] <= x1) & (p[:, 1] >= y0) & (p[:, 1] <= y1)

    def terrain_clear(self, a: np.ndarray, b: np.ndarray, exact: bool) -> np.ndarray:
        """Segments keeping the centre clear of movement-blocking terrain."""
        if self.blockers is None or len(a) == 0:
            return np.ones(len(a), dtype=bool)
        lines = _lines(a, b)
        if exact:
            return ~shapely.dwithin(self.blockers, lines, self.exact)
        return ~shapely.intersects(self.edge_poly, lines)

    def near_terrain(self, p: np.ndarray) -> bool:
        return self.edge_poly is not None and bool(shapely.intersects_xy(self.edge_poly, p[0], p[1]))


class NavContext:
    """StaticNav plus the current other bases and extra blockers, with lazy rows."""

    def __init__(self, static: StaticNav, others: Sequence[Base], extra: Sequence[BaseGeometry]):
        self.static = st = static
        self.table = static.table
        r = st.radius
        self.centres = np.array([(b.x, b.y) for b in others], dtype=float).reshape(-1, 2)
        radii = np.array([b.circumradius for b in others], dtype=float)
        self.exact_radii = r + radii - NAV_EXACT_EPS
        node_radii = r + radii + NAV_MARGIN
        self.extra = None
        self.extra_edge = None
        walls_a, walls_b = [st.walls[0]], [st.walls[1]]
        owners = [st.wall_owner]
        self.obstacle_parts: list[BaseGeometry] = list(st.node_parts)
        extra_nodes = np.empty((0, 2))
        if extra:
            union = shapely.union_all(list(extra))
            if not union.is_empty:
                shapely.prepare(union)
                self.extra = union
                node_poly = union.buffer(st.d_node, quad_segs=QUAD_SEGS)
                self.extra_edge = union.buffer(st.d_node - EDGE_SHRINK, quad_segs=QUAD_SEGS)
                shapely.prepare(self.extra_edge)
                extra_nodes = all_vertices(node_poly)
                xa, xb, xo = polygon_edges(node_poly)
                walls_a.append(xa)
                walls_b.append(xb)
                owners.append(xo + len(self.obstacle_parts))
                self.obstacle_parts += polygon_parts(node_poly)
        base_nodes = []
        for c, rn in zip(self.centres, node_radii):
            pts = regular_polygon_coords(c[0], c[1], rn, BASE_SIDES)
            base_nodes.append(pts)
            walls_a.append(pts)
            walls_b.append(np.roll(pts, -1, axis=0))
            owners.append(np.full(BASE_SIDES, len(self.obstacle_parts)))
            self.obstacle_parts.append(shapely.Polygon(pts))
        self.walls = (np.concatenate(walls_a), np.concatenate(walls_b))
        self.wall_owner = np.concatenate(owners)

        cand = [st.nodes, extra_nodes] + base_nodes
        pts = np.concatenate(cand) if cand else np.empty((0, 2))
        static_idx = np.concatenate([np.arange(len(st.nodes)),
                                     np.full(len(pts) - len(st.nodes), -1)])
        keep = self._free_nodes(pts, node_radii - NAV_MARGIN / 2, static_idx >= 0)
        self.pts = pts[keep]
        self.static_idx = static_idx[keep]
        self.is_static = self.static_idx >= 0
        self._rows: dict[int, tuple[np.ndarray, np.ndarray]] = {}

    def obstacles(self) -> BaseGeometry:
        """Union of all inflated obstacles (terrain, zones, bases), cached."""
        if not hasattr(self, "_obstacles"):
            self._obstacles = shapely.union_all(self.obstacle_parts) if self.obstacle_parts \
                else shapely.Polygon()
            shapely.prepare(self._obstacles)
        return self._obstacles

    def free_region(self) -> BaseGeometry:
        """Centre positions clear of every inflated obstacle (table margin included)."""
        if not hasattr(self, "_free"):
            self._free = self.static.node_rect.difference(self.obstacles())
        return self._free

    def _free_nodes(self, pts: np.ndarray, clear_radii: np.ndarray, is_static: np.ndarray) -> np.ndarray:
        st = self.static
        keep = np.ones(len(pts), dtype=bool)
        dyn = ~is_static
        if dyn.any():
            keep[dyn] = shapely.contains_xy(st.free, pts[dyn, 0], pts[dyn, 1])
        if len(self.centres):
            d2 = ((pts[:, None, :] - self.centres[None, :, :]) ** 2).sum(-1)
            keep &= ~(d2 < np.square(clear_radii)[None, :]).any(axis=1)
        if self.extra_edge is not None:
            keep &= ~shapely.intersects_xy(self.extra_edge, pts[:, 0], pts[:, 1])
        return keep

    # ---------------------------------------------------------- edge tests
    def point_legal(self, p: np.ndarray) -> bool:
        """Centre position legal under the (slightly strict) nav rules."""
        st = self.static
        q = p.reshape(1, 2)
        if not st.in_rect(q)[0]:
            return False
        if st.blockers is not None and shapely.dwithin(st.blockers, shapely.Point(p), st.exact):
            return False
        if len(self.centres) and (np.hypot(*(self.centres - p).T) < self.exact_radii).any():
            return False
        if self.extra is not None and shapely.dwithin(self.extra, shapely.Point(p), st.exact):
            return False
        return True

    def edges(self, a: np.ndarray, b: np.ndarray, exact: bool, terrain: np.ndarray | None = None
              ) -> tuple[np.ndarray, np.ndarray]:
        """(valid, cost) for segments a[i] -> b[i]. ``terrain`` = precomputed terrain validity."""
        st = self.static
        ok = st.terrain_clear(a, b, exact) if terrain is None else terrain.copy()
        if len(self.centres) and ok.any():
            ok[ok] = ~segment_circle_hits(a[ok], b[ok], self.centres, self.exact_radii).any(axis=1)
        if self.extra is not None and ok.any():
            lines = _lines(a[ok], b[ok])
            if exact:
                ok[ok] = ~shapely.dwithin(self.extra, lines, st.exact)
            else:
                ok[ok] = ~shapely.intersects(self.extra_edge, lines)
        cost = np.full(len(a), np.inf)
        cost[ok] = movement_costs(self.table, a[ok], b[ok], st.count_difficult)
        return ok, cost

    def row(self, u: int) -> tuple[np.ndarray, np.ndarray]:
        """Validity and cost of the edges from node u to every node (cached)."""
        cached = self._rows.get(u)
        if cached is not None:
            return cached
        st = self.static
        m = len(self.pts)
        a = np.broadcast_to(self.pts[u], (m, 2))
        valid = np.zeros(m, dtype=bool)
        cost = np.full(m, np.inf)
        si = self.static_idx[u]
        if si >= 0:
            both = self.is_static.copy()
            sj = self.static_idx[both]
            terrain = st.valid[si, sj]
            v1, _ = self.edges(a[both], self.pts[both], exact=False, terrain=terrain)
            valid[both] = v1
            cost[both] = np.where(v1, st.cost[si, sj], np.inf)
            rest = ~both
        else:
            rest = np.ones(m, dtype=bool)
        if rest.any():
            valid[rest], cost[rest] = self.edges(a[rest], self.pts[rest], exact=False)
        valid[u] = False
        cost[u] = np.inf
        self._rows[u] = (valid, cost)
        return valid, cost

    def endpoint_row(self, p: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Edges from a free point (start or goal) to every node."""
        m = len(self.pts)
        a = np.broadcast_to(p, (m, 2))
        return self.edges(a, self.pts, exact=self.static.near_terrain(p) or self._near_extra(p))

    def _near_extra(self, p: np.ndarray) -> bool:
        return self.extra_edge is not None and bool(shapely.intersects_xy(self.extra_edge, p[0], p[1]))

    # ---------------------------------------------------------- searches
    def search(self, start: np.ndarray, goal: np.ndarray | None, bound: float | None
               ) -> tuple[np.ndarray, np.ndarray, float, int]:
        """A* to ``goal`` (or Dijkstra over all nodes when goal is None), pruned at ``bound``.

        Returns (g, parent, goal_cost, goal_parent); parent -2 means the start.
        """
        m = len(self.pts)
        g = np.full(m, np.inf)
        parent = np.full(m, -1)
        closed = np.zeros(m, dtype=bool)
        best, best_parent = math.inf, -1
        limit = math.inf if bound is None else bound + 1e-9
        if goal is not None:
            h = np.hypot(*(self.pts - goal).T)
            exact = self.static.near_terrain(start) or self.static.near_terrain(goal) \
                or self._near_extra(start) or self._near_extra(goal)
            ok, c = self.edges(start[None, :], goal[None, :], exact=exact)
            if ok[0]:
                best, best_parent = float(c[0]), _START
                if c[0] <= math.hypot(*(goal - start)) + 1e-9:
                    return g, parent, best, best_parent
            vg, cg = self.endpoint_row(goal)
        else:
            h = np.zeros(m)
        vs, cs = self.endpoint_row(start)
        g[vs] = cs[vs]
        parent[vs] = _START
        heap = [(g[i] + h[i], int(i)) for i in np.nonzero(vs)[0]]
        heapq.heapify(heap)
        while heap:
            f, u = heapq.heappop(heap)
            if closed[u] or f > g[u] + h[u] + 1e-9:
                continue
            if f >= best or f > limit:
                break
            closed[u] = True
            if goal is not None and vg[u] and g[u] + cg[u] < best:
                best, best_parent = float(g[u] + cg[u]), u
            valid, cost = self.row(u)
            newg = g[u] + cost
            better = valid & ~closed & (newg < g - 1e-12)
            idx = np.nonzero(better)[0]
            g[idx] = newg[idx]
            parent[idx] = u
            for i in idx:
                heapq.heappush(heap, (g[i] + h[i], int(i)))
        if goal is None:
            g[~closed] = np.where(g[~closed] <= limit, g[~closed], np.inf)
        return g, parent, best, best_parent

    def path_to(self, start: np.ndarray, goal: np.ndarray, parent: np.ndarray,
                goal_parent: int) -> list[tuple[float, float]]:
        chain = [goal]
        u = goal_parent
        while u != _START:
            chain.append(self.pts[u])
            u = parent[u]
        chain.append(start)
        return [(float(x), float(y)) for x, y in reversed(chain)]


def nav_context(table: Table, radius: float, ignore_terrain: bool, ignore_difficult: bool,
                others: Sequence[Base], extra: Sequence[BaseGeometry]) -> NavContext:
    """Cached NavContext for the current figures (uncached when extra blockers are given)."""
    skey = (round(float(radius), 4), bool(ignore_terrain), bool(ignore_difficult))
    static = table._nav_static.get(skey)
    if static is None:
        static = StaticNav(table, radius, ignore_terrain, ignore_difficult)
        table._nav_static[skey] = static
    if extra:
        return NavContext(static, others, extra)
    key = (skey, tuple(others))
    ctx = table._nav_contexts.get(key)
    if ctx is None:
        if len(table._nav_contexts) >= MAX_CONTEXTS:
            table._nav_contexts.clear()
        ctx = NavContext(static, others, ())
        table._nav_contexts[key] = ctx
    return ctx
