"""Facing for any base shape: front arcs of any width, which arc an attacker stands in,
headings, and turning to face a point (or several) when the base may turn there.

Headings are in degrees, 0 = +x, counted towards +y (``Figure.facing``). Arcs are seen from
the base's centre, centred on its facing for the front and on the opposite heading for the
rear; points on an arc's rim count as inside it."""
from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Literal, Protocol

from game.core.state import Figure
from game.geometry.shapes import Base, arc_contains
from game.geometry.table import Table

Point2 = tuple[float, float]
Arc = Literal["front", "rear", "flank"]
ARC_EPS = 1e-6   # mm of slack on an arc's rim


class Facing(Protocol):
    """A figure or a base: a centre and a facing."""

    x: float
    y: float
    facing: float


def heading_to(origin: Point2, point: Point2) -> float:
    """Heading from ``origin`` to ``point``, in [0, 360)."""
    return math.degrees(math.atan2(point[1] - origin[1], point[0] - origin[0])) % 360.0


def in_front(fig: Facing, point: Point2, arc: float = 180.0) -> bool:
    """Is ``point`` inside the front arc of ``arc`` degrees (180: the front half-plane)?"""
    return arc_contains(fig.x, fig.y, fig.facing, point, arc, ARC_EPS)


def in_rear(fig: Facing, point: Point2, arc: float = 180.0) -> bool:
    """Is ``point`` inside the rear arc of ``arc`` degrees (centred behind the figure)?"""
    return arc_contains(fig.x, fig.y, fig.facing + 180.0, point, arc, ARC_EPS)


def arc_of(target: Facing, point: Point2, *, front: float = 180.0,
           rear: float | None = None) -> Arc:
    """Which of the target's arcs ``point`` (an attacker's centre) is in: the front arc of
    ``front`` degrees, else the rear arc of ``rear`` degrees (default: all the rest, so no
    flank), else a flank. The front wins on a shared rim."""
    if in_front(target, point, front):
        return "front"
    if rear is None or in_rear(target, point, rear):
        return "rear"
    return "flank"


def facing_all(fig: Facing, points: Sequence[Point2], arc: float = 180.0) -> float | None:
    """A facing that puts every point in the front arc: the middle of the narrowest angle
    holding them all, or None when that angle is wider than ``arc``. No points: the current
    facing."""
    here = (fig.x, fig.y)
    angles = sorted(heading_to(here, p) for p in points if math.dist(here, p) > 1e-9)
    if not angles:
        return fig.facing
    gaps = [(angles[(i + 1) % len(angles)] - a) % 360.0 for i, a in enumerate(angles)]
    if len(angles) == 1:
        gaps = [360.0]
    i = max(range(len(gaps)), key=lambda k: gaps[k])
    width = 360.0 - gaps[i]
    if width > arc + 1e-9:
        return None
    start = angles[(i + 1) % len(angles)]
    return (start + width / 2.0) % 360.0


def can_face(table: Table, fig: Figure, facing: float) -> bool:
    """May the figure turn to ``facing`` where it stands: its turned base stays on the
    table, off movement-blocking terrain and clear of every other base (only square bases
    can fail)."""
    if fig.shape == "round":
        return True          # the same footprint whatever the facing: where it stands is legal
    b = Base(id=fig.id, x=fig.x, y=fig.y, size=fig.size, shape=fig.shape, facing=facing)
    others = [o for o in table.bases.values() if o.id != fig.id]
    return table.overlaps_any(b, others) is None and not table.in_blocking_terrain(b) \
        and table.on_table(b)


def face(table: Table, fig: Figure, point: Point2) -> bool:
    """Turn the figure towards ``point`` if it can turn there; True when it turned."""
    want = heading_to(fig.pos, point)
    if can_face(table, fig, want):
        fig.facing = want
        return True
    return False
