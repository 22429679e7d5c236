"""Terrain part of the path-finding visibility graph (cached per radius and flags).

Movement-blocking terrain is inflated by the mover's radius + NAV_MARGIN with
a polygon buffer whose arcs (quad_segs=4) are enlarged by 1/cos(pi/16), so
that every chord stays outside the true offset. Nodes are the reflex
vertices of the free region (the only places where shortest paths bend)
plus corners just outside difficult ground (approximating bends at its
boundary). Node-to-node validity, tangency and costs are computed once.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import numpy as np
import shapely

from .tolerances import NAV_EXACT_EPS, NAV_MARGIN
from .vecmath import all_vertices, inside_lengths, polygon_edges, polygon_parts, reflex_vertices, tangent_at

if TYPE_CHECKING:
    from .table import Table

QUAD_SEGS = 4
ARC_FACTOR = 1.0 / math.cos(math.pi / (4 * QUAD_SEGS))
EDGE_SHRINK = 0.002  # edge tests use the inflated polygons shrunk by this


def segment_lines(starts: np.ndarray, ends: np.ndarray) -> np.ndarray:
    return shapely.linestrings(np.stack([starts, ends], axis=1))


def movement_costs(table: Table, starts: np.ndarray, ends: np.ndarray,
                   count_difficult: bool) -> np.ndarray:
    """Length of each centre segment, plus its length inside difficult ground."""
    d = ends - starts
    cost = np.hypot(d[:, 0], d[:, 1])
    if count_difficult and table.difficult_union is not None and len(starts):
        touch = shapely.intersects(table.difficult_union, segment_lines(starts, ends))
        if touch.any():
            cost[touch] += inside_lengths(starts[touch], ends[touch], *table.difficult_edges,
                                          table.difficult_union)
    return cost


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
        nodes, prev, nxt = reflex_vertices(free)
        if self.count_difficult:
            # corners just outside difficult ground: no obstacle there, never pruned
            ring = table.difficult_union.buffer(0.1, join_style="mitre", mitre_limit=3.0)
            dn = all_vertices(ring)
            dn = dn[shapely.contains_xy(free, dn[:, 0], dn[:, 1])] if len(dn) else dn
            nan = np.full_like(dn, np.nan)
            nodes, prev, nxt = (np.concatenate([nodes, dn]), np.concatenate([prev, nan]),
                                np.concatenate([nxt, nan]))
        self.nodes, self.prev, self.next = nodes, prev, nxt
        # walls for reach's ray casting; owner = index of the inflated part, -1 = table edge
        self.node_parts = polygon_parts(self.node_poly)
        wa, wb, wo = polygon_edges(self.node_poly)
        ra, rb, _ = polygon_edges(self.node_rect)
        self.walls = (np.concatenate([wa, ra]), np.concatenate([wb, rb]))
        self.wall_owner = np.concatenate([wo, np.full(len(ra), -1)])
        self._build_matrix()

    def _build_matrix(self) -> None:
        """Validity and cost between nodes, for the pairs tangent at both ends
        (``tangent``); other pairs are left to NavContext to test on demand."""
        n = len(self.nodes)
        self.valid = np.zeros((n, n), dtype=bool)
        self.tangent = np.zeros((n, n), dtype=bool)
        self.cost = np.full((n, n), np.inf)
        if n < 2:
            return
        i, j = np.triu_indices(n, 1)
        a, b = self.nodes[i], self.nodes[j]
        useful = tangent_at(a, self.prev[i], self.next[i], b) & \
            tangent_at(b, self.prev[j], self.next[j], a)
        i, j, a, b = i[useful], j[useful], a[useful], b[useful]
        self.tangent[i, j] = self.tangent[j, i] = True
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
        segs = segment_lines(a, b)
        if exact:
            return ~shapely.dwithin(self.blockers, segs, self.exact)
        return ~shapely.intersects(self.edge_poly, segs)

    def near_terrain(self, p: np.ndarray) -> bool:
        return self.edge_poly is not None and bool(shapely.intersects_xy(self.edge_poly, p[0], p[1]))
