"""Visibility graph for moving a base's centre among terrain, figures and zones.

The terrain part is a :class:`~game.geometry.navstatic.StaticNav` (cached per
radius and flags, terrain never moves). A :class:`NavContext` adds the other
bases, as 12-gons circumscribed about their clearance circles (radius sum +
NAV_MARGIN), and extra blocking zones, inflated like terrain. Edges are
tested lazily, one vectorised call per expanded node (rows cached until the
next ``Table.set_bases``): against the inflated polygons between nodes, and
against the true clearances (radius sum - NAV_EXACT_EPS, terrain at radius -
NAV_EXACT_EPS) for the start and goal, so that every path found passes
``check_path`` (which tolerates OVERLAP_EPS > NAV_EXACT_EPS).

A* (Euclidean heuristic, admissible since difficult ground only adds cost)
only follows edges tangent to the obstacle corners at both ends, the only
ones a shortest path can bend along, unless the start or goal lies inside an
inflated obstacle (e.g. in base contact), where plain waypoints may help.
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np
import shapely

from .navstatic import EDGE_SHRINK, QUAD_SEGS, StaticNav, movement_costs, segment_lines
from .tolerances import NAV_EXACT_EPS, NAV_MARGIN
from .vecmath import polygon_edges, polygon_parts, reflex_vertices, segment_circle_hits, tangent_at

if TYPE_CHECKING:
    from shapely.geometry.base import BaseGeometry

    from .shapes import Base
    from .table import Table

BASE_SIDES = 12
MAX_CONTEXTS = 64
_START = -2


class NavContext:
    """StaticNav plus the current other bases and extra blockers, with lazy rows."""

    def __init__(self, static: StaticNav, others: Sequence[Base], extra: Sequence[BaseGeometry]):
        self.static = st = static
        self.table = static.table
        r = st.radius
        self.centres = np.array([(b.x, b.y) for b in others], dtype=float).reshape(-1, 2)
        radii = np.array([b.circumradius for b in others], dtype=float)
        self.exact_radii = r + radii - NAV_EXACT_EPS
        self.node_radii = node_radii = r + radii + NAV_MARGIN
        self.extra: BaseGeometry | None = None
        self.extra_edge: BaseGeometry | None = None
        self._obstacles: BaseGeometry | None = None
        self._free: BaseGeometry | None = None
        # nodes (with obstacle-corner neighbours for tangent pruning) and walls
        # (for reach's ray casting, owner = index in obstacle_parts, -1 = table edge)
        nodes = [(st.nodes, st.prev, st.next)]
        walls_a, walls_b, owners = [st.walls[0]], [st.walls[1]], [st.wall_owner]
        self.obstacle_parts: list[BaseGeometry] = list(st.node_parts)
        if extra:
            union = shapely.union_all(list(extra))
            if not union.is_empty:
                shapely.prepare(union)
                self.extra = union
                node_poly = union.buffer(st.d_node, quad_segs=QUAD_SEGS)
                self.extra_edge = union.buffer(st.d_node - EDGE_SHRINK, quad_segs=QUAD_SEGS)
                shapely.prepare(self.extra_edge)
                nodes.append(reflex_vertices(st.node_rect.difference(node_poly)))
                xa, xb, xo = polygon_edges(node_poly)
                walls_a.append(xa)
                walls_b.append(xb)
                owners.append(xo + len(self.obstacle_parts))
                self.obstacle_parts += polygon_parts(node_poly)
        # other bases: 12-gons circumscribed about their clearance circles
        k = len(self.centres)
        ang = np.linspace(0.0, 2.0 * math.pi, BASE_SIDES, endpoint=False) + math.pi / BASE_SIDES
        unit = np.column_stack([np.cos(ang), np.sin(ang)]) / math.cos(math.pi / BASE_SIDES)
        rings = self.centres[:, None, :] + node_radii[:, None, None] * unit[None, :, :]
        self.base_rings = rings
        after = np.roll(rings, -1, axis=1)
        nodes.append((rings.reshape(-1, 2), np.roll(rings, 1, axis=1).reshape(-1, 2),
                      after.reshape(-1, 2)))
        walls_a.append(rings.reshape(-1, 2))
        walls_b.append(after.reshape(-1, 2))
        first = len(self.obstacle_parts)
        owners.append(np.repeat(np.arange(first, first + k), BASE_SIDES))
        if k:
            self.obstacle_parts += list(shapely.polygons(rings))
        self.walls = (np.concatenate(walls_a), np.concatenate(walls_b))
        self.wall_owner = np.concatenate(owners)

        pts, prev, nxt = (np.concatenate([n[j] for n in nodes]) for j in range(3))
        static_idx = np.concatenate([np.arange(len(st.nodes)),
                                     np.full(len(pts) - len(st.nodes), -1)])
        keep = self._free_nodes(pts, node_radii - NAV_MARGIN / 2, static_idx >= 0)
        self.pts, self.prev, self.next = pts[keep], prev[keep], nxt[keep]
        self.static_idx = static_idx[keep]
        self.is_static = self.static_idx >= 0
        self._rows: dict[tuple[int, bool], tuple[np.ndarray, np.ndarray]] = {}

    def obstacles(self) -> BaseGeometry:
        """Union of all inflated obstacles (terrain, zones, bases), cached."""
        if self._obstacles is None:
            self._obstacles = shapely.union_all(self.obstacle_parts) if self.obstacle_parts \
                else shapely.Polygon()
            shapely.prepare(self._obstacles)
        return self._obstacles

    def free_region(self) -> BaseGeometry:
        """Centre positions clear of every inflated obstacle (table margin included)."""
        if self._free is None:
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
        """Centre position legal under the nav rules (a hair stricter than check_path)."""
        st = self.static
        if not st.in_rect(p.reshape(1, 2))[0]:
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
        """(valid, cost) for segments a[i] -> b[i]. ``terrain`` = precomputed terrain
        validity; ``exact`` tests true clearances instead of the inflated polygons."""
        st = self.static
        ok = st.terrain_clear(a, b, exact) if terrain is None else terrain.copy()
        if len(self.centres) and ok.any():
            ok[ok] = ~segment_circle_hits(a[ok], b[ok], self.centres, self.exact_radii).any(axis=1)
        if self.extra is not None and ok.any():
            segs = segment_lines(a[ok], b[ok])
            if exact:
                ok[ok] = ~shapely.dwithin(self.extra, segs, st.exact)
            else:
                ok[ok] = ~shapely.intersects(self.extra_edge, segs)
        cost = np.full(len(a), np.inf)
        cost[ok] = movement_costs(self.table, a[ok], b[ok], st.count_difficult)
        return ok, cost

    def row(self, u: int, prune: bool = True) -> tuple[np.ndarray, np.ndarray]:
        """Validity and cost of the edges from node u to every node (cached).

        With ``prune``, only edges tangent to the obstacle corners at both ends
        (the only ones a shortest path between two bends can use) are kept."""
        cached = self._rows.get((u, prune))
        if cached is not None:
            return cached
        st = self.static
        m = len(self.pts)
        a = np.broadcast_to(self.pts[u], (m, 2))
        cand = np.ones(m, dtype=bool)
        if prune:
            cand &= tangent_at(a, np.broadcast_to(self.prev[u], (m, 2)),
                               np.broadcast_to(self.next[u], (m, 2)), self.pts)
            cand &= tangent_at(self.pts, self.prev, self.next, a)
        cand[u] = False
        valid = np.zeros(m, dtype=bool)
        cost = np.full(m, np.inf)
        si = self.static_idx[u]
        rest = cand
        if si >= 0:
            # static pairs tangent at both ends come from the cached terrain matrix
            known = np.zeros(m, dtype=bool)
            known[self.is_static] = st.tangent[si, self.static_idx[self.is_static]]
            both = cand & known
            sj = self.static_idx[both]
            v1, _ = self.edges(a[both], self.pts[both], exact=False, terrain=st.valid[si, sj])
            valid[both] = v1
            cost[both] = np.where(v1, st.cost[si, sj], np.inf)
            rest = cand & ~known
        if rest.any():
            valid[rest], cost[rest] = self.edges(a[rest], self.pts[rest], exact=False)
        self._rows[(u, prune)] = (valid, cost)
        return valid, cost

    def endpoint_row(self, p: np.ndarray, prune: bool = True) -> tuple[np.ndarray, np.ndarray]:
        """Edges from a free point (start or goal) to every node, tangent at the node."""
        m = len(self.pts)
        a = np.broadcast_to(p, (m, 2))
        exact = self.static.near_terrain(p) or self._near_extra(p)
        if prune:
            cand = tangent_at(self.pts, self.prev, self.next, a)
        else:
            cand = np.ones(m, dtype=bool)
        valid = np.zeros(m, dtype=bool)
        cost = np.full(m, np.inf)
        valid[cand], cost[cand] = self.edges(a[cand], self.pts[cand], exact=exact)
        return valid, cost

    def inside_inflated(self, p: np.ndarray) -> bool:
        """The point lies within the inflated margin of some obstacle."""
        if self.static.near_terrain(p) or self._near_extra(p):
            return True
        outer = self.node_radii / math.cos(math.pi / BASE_SIDES)  # the polygons' vertices
        return len(self.centres) > 0 and bool((np.hypot(*(self.centres - p).T) < outer).any())

    def _near_extra(self, p: np.ndarray) -> bool:
        return self.extra_edge is not None and bool(shapely.intersects_xy(self.extra_edge, p[0], p[1]))

    # ---------------------------------------------------------- searches
    def search(self, start: np.ndarray, goal: np.ndarray | None, bound: float | None
               ) -> tuple[np.ndarray, np.ndarray, float, int]:
        """A* to ``goal`` over tangent edges, or (goal None) Dijkstra over all edges
        giving every node's cost from the start; both pruned at ``bound``.

        Returns (g, parent, goal_cost, goal_parent); parent -2 means the start.
        """
        m = len(self.pts)
        g = np.full(m, np.inf)
        parent = np.full(m, -1)
        closed = np.zeros(m, dtype=bool)
        best, best_parent = math.inf, -1
        limit = math.inf if bound is None else bound + 1e-9
        # tangent pruning is exact for bends at obstacle corners, but an endpoint
        # inside an inflated obstacle (e.g. base contact) may need other nodes as
        # plain waypoints: no pruning then
        prune = goal is not None and not self.inside_inflated(start) \
            and not self.inside_inflated(goal)
        if goal is not None:
            h = np.hypot(*(self.pts - goal).T)
            ok, c = self.edges(start[None, :], goal[None, :], exact=True)
            if ok[0]:
                best, best_parent = float(c[0]), _START
                if c[0] <= math.hypot(*(goal - start)) + 1e-9:
                    return g, parent, best, best_parent
            vg, cg = self.endpoint_row(goal, prune)
        else:
            h = np.zeros(m)
        vs, cs = self.endpoint_row(start, prune)
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
            valid, cost = self.row(u, prune)
            newg = g[u] + cost
            better = valid & ~closed & (newg < g - 1e-12)
            idx = np.nonzero(better)[0]
            g[idx] = newg[idx]
            parent[idx] = u
            for i in idx:
                heapq.heappush(heap, (g[i] + h[i], int(i)))
        if goal is None:
            g[g > limit] = np.inf
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
