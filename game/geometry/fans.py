"""Fans of rays from one point to points evenly spread across the target.

A convex cell or a disc in front of the fan blocks a contiguous run of its
rays, found from its angular extent (:func:`.convex.fan_range`,
:func:`.convex.fan_disc`) rather than ray by ray. The silhouette is one fan
(from the viewer's centre).
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right

import shapely

from .convex import fan_disc, fan_range
from .corridor import _SIL_LIST, _TRUE, SILHOUETTE_SAMPLES, SILHOUETTE_TEMPLATE, _Pair


def _fan_cells(cells: list[tuple[complex, ...]], origin: complex, cu: complex, length: float,
               offsets: list[float], blocked: list[bool], stop_when_full: bool = False) -> list[int]:
    """Mark the fan's rays (origin -> points at ``length`` along the frame axis,
    ``offsets`` across it, ascending) blocked by each closed convex cell (its
    vertices); the positions in ``cells`` of those blocking some ray (only up
    to a cell blocking them all if ``stop_when_full``)."""
    hit = []
    m = len(offsets)
    for j, zs in enumerate(cells):
        span = fan_range(zs, origin, cu, length)
        if span is None:
            continue
        j0, j1 = bisect_left(offsets, span[0]), bisect_right(offsets, span[1])
        if j0 < j1:
            blocked[j0:j1] = _TRUE[:j1 - j0]
            hit.append(j)
            if stop_when_full and j0 == 0 and j1 == m:
                break
    return hit


def _fan_discs(p: _Pair, origin: complex, offsets: list[float], blocked: list[bool]) -> list[int]:
    """The same for the candidate bases: a disc wholly between the fan's start
    and ends blocks a run of rays (:func:`fan_disc`); others ray by ray."""
    cu, length = p.cu, p.length
    hit = []
    for _, z, _, i, rs, rnd in p.discs:
        c = (z - origin) * cu
        if rnd and rs <= c.real <= length - rs:
            span = fan_disc(c, rs, length)
            if span is None:
                continue
            j0, j1 = bisect_right(offsets, span[0]), bisect_left(offsets, span[1])
            if j0 >= j1:
                continue
            blocked[j0:j1] = _TRUE[:j1 - j0]
        else:
            ends = [complex(length, o) for o in offsets]
            if rnd:  # distance from the centre to each ray (frame coordinates)
                hits = [abs(c - min(max((c * e.conjugate()).real / (length * length + e.imag * e.imag),
                                        0.0), 1.0) * e) < rs for e in ends]
            else:
                u = cu.conjugate()
                hits = [p._blocks(i, origin.real, origin.imag, w.real, w.imag)
                        for w in (origin + u * e for e in ends)]
            if not any(hits):
                continue
            blocked[:] = [a or b for a, b in zip(blocked, hits)]
        hit.append(i)
    return hit


def silhouette(p: _Pair) -> tuple[float, tuple[str, ...], tuple[str, ...]]:
    """Silhouette rays from the viewer's centre to 16 points across the target.

    Each convex cell (per piece, to name the pieces) or disc near the fan blocks
    a contiguous run of rays, found from its angular extent."""
    length = p.length
    if length <= 1e-9:
        return silhouette_rays(p)
    table = p.table
    zv, cu, ht = p.zv, p.cu, p.ht
    offsets = [s * ht for s in _SIL_LIST]
    blocked = [False] * SILHOUETTE_SAMPLES
    near = []
    for cell in table.sight_piece_cells.near(zv, p.zt, ht):
        w = (cell[1] - zv) * cu
        a, rad = w.real, cell[2]
        if a < -rad or a > length + rad or abs(w.imag) > rad + ht:
            continue
        near.append(cell)
    pieces = {near[j][3] for j in _fan_cells([c[0] for c in near], zv, cu, length, offsets, blocked)}
    figure_ids = tuple(table.bset.ids[i] for i in _fan_discs(p, zv, offsets, blocked))
    terrain_ids = tuple(table.sight_ids[k] for k in sorted(pieces))
    return sum(blocked) / SILHOUETTE_SAMPLES, terrain_ids, figure_ids


def silhouette_rays(p: _Pair) -> tuple[float, tuple[str, ...], tuple[str, ...]]:
    """``silhouette`` ray by ray with shapely (coincident centres: no frame)."""
    table = p.table
    coords = p.ray_coords(SILHOUETTE_TEMPLATE)
    n = SILHOUETTE_SAMPLES
    blocked = [False] * n
    terrain_ids: tuple[str, ...] = ()
    if table.sight_union is not None:
        lines = shapely.linestrings(coords)
        blocked = shapely.intersects(table.sight_union, lines).tolist()
        m = shapely.intersects(table.sight_shrunk[:, None], lines[None, :])
        terrain_ids = tuple(table.sight_ids[k] for k, h in enumerate(m.any(axis=1).tolist()) if h)
    figure_ids = []
    if p.cands:
        segs = [(p.vx, p.vy, x, y) for x, y in coords[:, 1].tolist()]
        for i, hits in zip(p.cands, p.base_blockers(segs)):
            if any(hits):
                figure_ids.append(table.bset.ids[i])
                blocked = [a or b for a, b in zip(blocked, hits)]
    return sum(blocked) / n, terrain_ids, tuple(figure_ids)


def silhouette_with(p: _Pair, extra) -> tuple[float, tuple[int, ...]]:
    """``silhouette`` with more pieces stopping the rays (``extra``: shapely geometries,
    e.g. terrain that gives cover without blocking sight): the hidden fraction, and the
    indexes of the extra pieces that stop at least one ray."""
    table = p.table
    coords = p.ray_coords(SILHOUETTE_TEMPLATE)
    lines = shapely.linestrings(coords)
    blocked = [False] * SILHOUETTE_SAMPLES
    if table.sight_union is not None:
        blocked = shapely.intersects(table.sight_union, lines).tolist()
    if p.cands:
        segs = [(p.vx, p.vy, x, y) for x, y in coords[:, 1].tolist()]
        for hits in p.base_blockers(segs):
            blocked = [a or b for a, b in zip(blocked, hits)]
    hit = []
    for k, geom in enumerate(extra):
        stops = shapely.intersects(geom, lines).tolist()
        if any(stops):
            hit.append(k)
            blocked = [a or b for a, b in zip(blocked, stops)]
    return sum(blocked) / SILHOUETTE_SAMPLES, tuple(hit)
