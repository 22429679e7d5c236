"""Micro-benchmark of the geometry package on a seeded random skirmish table.

Run: ``python -m game.geometry.bench``.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable

import numpy as np

from .shapes import Base, Terrain
from .table import Table

TABLE_MM = 600.0
KINDS = {
    "wood": frozenset({"blocks_sight", "difficult", "cover"}),
    "house": frozenset({"blocks_sight", "blocks_movement"}),
    "ruin": frozenset({"blocks_sight", "blocks_movement", "cover"}),
    "rocks": frozenset({"blocks_sight", "blocks_movement", "cover"}),
    "low_wall": frozenset({"cover", "difficult"}),
    "rough": frozenset({"difficult"}),
}
# a fixed mix for 12 pieces: 8 block sight, 5 block movement, 7 are difficult ground
TABLE_MIX = ["wood", "wood", "wood", "house", "house", "ruin", "ruin", "rocks",
             "low_wall", "low_wall", "rough", "rough"]


def _rotate(pts: np.ndarray, angle: float) -> np.ndarray:
    c, s = math.cos(angle), math.sin(angle)
    return pts @ np.array([[c, s], [-s, c]])


def random_terrain_piece(rng: np.random.Generator, tid: str, kind: str) -> Terrain:
    """One piece of 50-100 mm extent centred at a random point of the table."""
    size = rng.uniform(50.0, 100.0)
    if kind == "low_wall":
        pts = np.array([[-0.5, -0.05], [0.5, -0.05], [0.5, 0.05], [-0.5, 0.05]]) * size
    elif kind == "house":
        w, h = size, size * rng.uniform(0.5, 1.0)
        pts = np.array([[-w, -h], [w, -h], [w, h], [-w, h]]) / 2
    elif kind == "ruin":  # non-convex L
        pts = np.array([[0, 0], [1, 0], [1, 0.15], [0.15, 0.15], [0.15, 0.8], [0, 0.8]]) * size
        pts = pts - pts.mean(axis=0)
    else:
        ang = np.sort(rng.uniform(0, 2 * math.pi, 9))
        rad = size / 2 * rng.uniform(0.7, 1.0, 9)
        pts = np.column_stack([rad * np.cos(ang), rad * np.sin(ang)])
    centre = rng.uniform(60.0, TABLE_MM - 60.0, 2)
    pts = _rotate(pts, rng.uniform(0, math.pi)) + centre
    return Terrain(tid, kind, tuple(map(tuple, pts)), KINDS[kind])


def random_table(seed: int = 1, n_terrain: int = 12, n_bases: int = 16) -> tuple[Table, list[Base]]:
    rng = np.random.default_rng(seed)
    kinds = [TABLE_MIX[i % len(TABLE_MIX)] for i in range(n_terrain)]
    terrain = [random_terrain_piece(rng, f"t{i}", kind) for i, kind in enumerate(kinds)]
    table = Table(TABLE_MM, TABLE_MM, terrain)
    bases: list[Base] = []
    while len(bases) < n_bases:
        size = float(rng.choice([25.0, 30.0, 40.0]))
        x, y = rng.uniform(size / 2, TABLE_MM - size / 2, 2)
        b = Base(f"b{len(bases)}", float(x), float(y), size)
        if table.in_blocking_terrain(b) or table.terrain_in_contact(b, tol=0.0) and any(
                table.terrain_by_id[t].blocks_sight for t in table.terrain_in_contact(b, tol=0.0)):
            continue
        if table.overlaps_any(b, bases, tol=-1.0) is None:
            bases.append(b)
    table.set_bases(bases)
    return table, bases


def _median_us(fn: Callable[[], object], reps: int) -> float:
    times = []
    for _ in range(reps):
        t0 = time.perf_counter_ns()
        fn()
        times.append(time.perf_counter_ns() - t0)
    return float(np.median(times)) / 1000.0


def _each_median_us(calls: list[Callable[[], object]]) -> float:
    times = []
    for fn in calls:
        t0 = time.perf_counter_ns()
        fn()
        times.append(time.perf_counter_ns() - t0)
    return float(np.median(times)) / 1000.0


def run_geometry_bench() -> dict:
    """Medians on a seeded 600 x 600 mm table with 12 terrain pieces and 16 bases.

    ``shortest_path_ms_median`` is measured right after ``set_bases`` (figure
    caches cold, terrain graph warm); ``..._warm_...`` reuses the figure caches.
    """
    table, bases = random_table(1)
    rng = np.random.default_rng(1)
    ids = [b.id for b in bases]
    pairs = [tuple(rng.choice(ids, 2, replace=False)) for _ in range(3000)]

    for a, b in pairs[:200]:  # warm-up
        table.can_see(a, b)
    los = _each_median_us([lambda a=a, b=b: table.can_see(a, b) for a, b in pairs])
    centre_clear = [bool(table.rays_clear([table.bases[a].center], [table.bases[b].center], (a, b))[0])
                    for a, b in pairs]
    los_fast = _each_median_us([lambda a=a, b=b: table.can_see(a, b)
                                for (a, b), clear in zip(pairs, centre_clear) if clear])
    visible = float(np.mean([table.can_see(a, b) for a, b in pairs[:1000]]))

    n_rays = 2000
    starts = rng.uniform(0, TABLE_MM, (n_rays, 2))
    ends = rng.uniform(0, TABLE_MM, (n_rays, 2))
    batch = _median_us(lambda: table.rays_clear(starts, ends, ids[:2]), 30) / n_rays

    hidden = _each_median_us([lambda a=a, b=b: table.hidden_fraction(a, b) for a, b in pairs])
    sight = _each_median_us([lambda a=a, b=b: table.sight(a, b) for a, b in pairs[:1000]])
    # terrain of every kind and bases meeting the corridor, beyond half a toise round the viewer
    corridor = _each_median_us([lambda a=a, b=b: table.corridor_pieces(a, b, 20.0)
                                for a, b in pairs[:1000]])

    points = rng.uniform(50, TABLE_MM - 50, (200, 2))
    vis = _each_median_us([lambda p=p: table.visibility_polygon(tuple(p), 250.0) for p in points])

    goals = []
    while len(goals) < 150:
        mover = bases[int(rng.integers(len(bases)))]
        goal = tuple(rng.uniform(mover.radius, TABLE_MM - mover.radius, 2))
        if table.nearest_free_point(mover, goal, 0.0) is not None:
            goals.append((mover, goal))
    for size in (25.0, 30.0, 40.0):  # terrain graph per radius: built once per table
        table.shortest_path(Base("warm", 300, 300, size), (301, 301), others=())

    def cold(m: Base, g: tuple) -> None:
        table.set_bases(bases)  # figures moved: per-figure caches dropped
        table.shortest_path(m, g)

    sp_cold = _each_median_us([lambda m=m, g=g: cold(m, g) for m, g in goals]) / 1000.0
    sp_warm = _each_median_us([lambda m=m, g=g: table.shortest_path(m, g) for m, g in goals]) / 1000.0
    found = sum(table.shortest_path(m, g) is not None for m, g in goals) / len(goals)
    return {
        "los_us_median": round(los, 2),
        "los_batch_us_per_ray": round(batch, 3),
        "hidden_fraction_us_median": round(hidden, 2),
        "visibility_polygon_ms_median": round(vis / 1000.0, 3),
        "shortest_path_ms_median": round(sp_cold, 3),
        # extra diagnostics
        "los_centre_line_blocked_fraction": round(1.0 - float(np.mean(centre_clear)), 3),
        "los_visible_fraction": round(visible, 3),
        "los_fast_path_us_median": round(los_fast, 2),
        "sight_us_median": round(sight, 2),
        "corridor_pieces_us_median": round(corridor, 2),
        "shortest_path_warm_ms_median": round(sp_warm, 3),
        "shortest_path_found_fraction": round(found, 3),
        "python_loop_1e6_ms": round(_python_speed_ms(), 1),  # machine speed reference
    }


def _python_speed_ms() -> float:
    """Time of a plain 1e6-iteration python loop (~40-60 ms on a recent desktop)."""
    best = math.inf
    for _ in range(3):
        t0 = time.perf_counter()
        total = 0
        for i in range(1_000_000):
            total += i
        best = min(best, time.perf_counter() - t0)
    return best * 1000.0


if __name__ == "__main__":
    t0 = time.perf_counter()
    for key, value in run_geometry_bench().items():
        print(f"{key}: {value}")
    print(f"bench time: {time.perf_counter() - t0:.1f} s")
