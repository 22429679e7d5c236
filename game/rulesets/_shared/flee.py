"""Flight: a figure running straight away from a threat, or making for the nearest table
edge, and whether it got off the table.

A straight flight stops at the first obstacle (another base, movement-blocking terrain) as a
push does (:mod:`.push`); reaching the table edge is leaving the table. A flight to the edge
follows the shortest legal path (round obstacles, difficult ground costing as the table
counts it) and leaves the table when it reaches the edge within the distance allowed.
Nothing is moved: the ruleset places the figure (or takes it off) from the result.
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from game.geometry.shapes import Base
from game.geometry.table import BaseRef, Table
from game.geometry.tolerances import EDGE_EPS
from game.rulesets._shared.push import away, push_path

Point2 = tuple[float, float]
EDGE_TOUCH = 0.5   # mm: a base this close to the edge touches it
BISECTIONS = 32


@dataclass(frozen=True)
class Flight:
    """``path``: the centre points after the start (the last is where the figure ends);
    ``travelled``: the movement spent (mm; difficult ground as the table counts it on a path
    to the edge, plain length on a straight flight); ``blocker``/``blocker_id`` as in
    :class:`.push.PushResult` (None when it ran the whole distance or off the table)."""

    path: tuple[Point2, ...]
    travelled: float
    left_table: bool
    blocker: str | None = None
    blocker_id: str | None = None

    @property
    def end(self) -> Point2:
        return self.path[-1]


def edge_gap(table: Table, base: Base) -> float:
    """Distance from the base's edge to the nearest table edge."""
    minx, miny, maxx, maxy = (base.x - base.radius, base.y - base.radius,
                              base.x + base.radius, base.y + base.radius) if base.is_round \
        else base.polygon().bounds
    return max(0.0, min(minx, miny, table.width - maxx, table.height - maxy))


def touches_edge(table: Table, base: Base) -> bool:
    return edge_gap(table, base) <= EDGE_TOUCH


def edge_goals(table: Table, base: Base) -> list[tuple[float, Point2]]:
    """For each table edge (nearest first), the distance to it and the centre position that
    touches it straight across."""
    minx, miny, maxx, maxy = base.polygon().bounds
    x, y = base.x, base.y
    goals = [(minx, (x - minx, y)), (table.width - maxx, (x + table.width - maxx, y)),
             (miny, (x, y - miny)), (table.height - maxy, (x, y + table.height - maxy))]
    return sorted(((max(0.0, d), p) for d, p in goals), key=lambda g: g[0])


def flee_from(table: Table, base: Base, threat: Point2, distance: float, *,
              others: Sequence[BaseRef] | None = None) -> Flight:
    """Run ``distance`` mm straight away from ``threat`` (a point: the source's centre),
    stopping at the first obstacle; reaching the table edge leaves the table. A threat on
    the very centre sends the figure to the nearest edge."""
    direction = away(threat, (base.x, base.y))
    if direction == (0.0, 0.0):
        _, goal = edge_goals(table, base)[0]
        direction = away((base.x, base.y), goal)
    return straight(table, base, direction, distance, others=others)


def straight(table: Table, base: Base, direction: tuple[float, float], distance: float, *,
             others: Sequence[BaseRef] | None = None) -> Flight:
    """A straight flight along a unit vector (see ``flee_from``)."""
    res = push_path(table, base, direction, distance, others=others)
    moved = base.moved(*res.end)
    left = res.blocker == "edge" or (res.travelled > 0.0 and touches_edge(table, moved)
                                     and _heads_out(table, moved, direction))
    blocker, who = (None, None) if left else (res.blocker, res.blocker_id)
    return Flight((res.end,), res.travelled, left, blocker, who)


def _heads_out(table: Table, base: Base, direction: tuple[float, float]) -> bool:
    """The edge the base touches is the one it runs towards."""
    gap = EDGE_TOUCH + EDGE_EPS
    minx, miny, maxx, maxy = base.polygon().bounds
    return (minx <= gap and direction[0] < 0) or (table.width - maxx <= gap and direction[0] > 0) \
        or (miny <= gap and direction[1] < 0) or (table.height - maxy <= gap and direction[1] > 0)


def flee_to_edge(table: Table, base: Base, distance: float, *,
                 others: Sequence[BaseRef] | None = None, ignore_difficult: bool = False) -> Flight:
    """Make for the table edge that is cheapest to reach (by the shortest legal path to
    the point touching it straight across), going at most ``distance`` mm of movement; the
    figure leaves the table when it gets there. With no path to any edge, a straight flight
    towards the nearest one."""
    goals = edge_goals(table, base)
    if goals[0][0] <= EDGE_TOUCH:
        return Flight(((base.x, base.y),), 0.0, True)
    best = None
    for _, goal in goals:
        found = table.shortest_path(base, goal, others=others, ignore_difficult=ignore_difficult)
        if found is not None and (best is None or found[1] < best[1]):
            best = found
    if best is None:
        return straight(table, base, away((base.x, base.y), goals[0][1]), distance, others=others)
    path, cost = best
    path = list(path[1:]) if path and math.dist(path[0], (base.x, base.y)) <= 1e-9 \
        else list(path)
    if cost <= distance + EDGE_EPS:
        return Flight(tuple(path), cost, True)
    walked, spent = _walk(table, base, path, distance, ignore_difficult)
    return Flight(tuple(walked) or ((base.x, base.y),), spent, False)


def _walk(table: Table, base: Base, path: Sequence[Point2], budget: float,
          ignore_difficult: bool) -> tuple[list[Point2], float]:
    """The part of a legal path (points after the start) that ``budget`` mm of movement
    pays for, and its cost."""

    def cost(a: Point2, b: Point2) -> float:
        return table.check_path(base.moved(*a), [b], None, ignore_difficult=ignore_difficult,
                                others=()).cost

    out: list[Point2] = []
    spent = 0.0
    here = (base.x, base.y)
    for p in path:
        leg = cost(here, p)
        if spent + leg <= budget + EDGE_EPS:
            out.append(p)
            spent += leg
            here = p
            continue
        lo, hi = 0.0, 1.0
        for _ in range(BISECTIONS):
            mid = (lo + hi) / 2.0
            if spent + cost(here, _along(here, p, mid)) <= budget + EDGE_EPS:
                lo = mid
            else:
                hi = mid
        if lo > 0.0:
            q = _along(here, p, lo)
            out.append(q)
            spent += cost(here, q)
        break
    return out, spent


def _along(a: Point2, b: Point2, t: float) -> Point2:
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)
