"""Movement: walk, run (never under a movement penalty), the whole-centimetre count,
difficult ground and slopes counting double, stepping over fighters out of combat (double;
not over a base twice the mover's or more), the 3 cm minimum, and the "impossible action"
rule: a declared path is followed until the allowance runs out."""
from __future__ import annotations

import math

from shapely.geometry import LineString, Point

from game.core.state import Figure, GameState
from game.rulesets._shared import facing as shared_facing
from game.rulesets._shared.tables import base_of
from game.rulesets.mortebrume import stats
from game.rulesets.mortebrume.stats import CM, EPS


def whole_cm(cost_mm: float) -> float:
    """A centimetre begun counts as a whole one."""
    if math.isinf(cost_mm):
        return cost_mm
    return math.ceil(cost_mm / CM - 1e-6) * CM


def _segment_cost(table, state: GameState, fig: Figure, a, b) -> float:
    """Cost of one straight leg: difficult ground double (the table's own count), plus the
    length crossing fallen fighters once more."""
    if math.dist(a, b) < 1e-9:
        return 0.0
    cost = table.check_path(base_of(fig).moved(a[0], a[1]), [b], None).cost
    line = LineString([a, b])
    for t in state.terrain:
        if _descending(state, t, a, b):  # going down: half instead of the difficult double
            cost -= 1.5 * line.intersection(_polygon(t)).length
    for f in state.figures.values():
        if f.out and not f.status.get("dead") and not f.status.get("undeployed"):
            poly = base_of(f).polygon()
            over = line.intersection(poly).length
            if over > EPS and f.size >= 2 * fig.size and not poly.contains(Point(a)):
                return math.inf  # a base twice the mover's or more cannot be stepped over
            cost += over  # stepping over: double
    return cost


def _descending(state: GameState, piece, a, b) -> bool:
    """Is the leg a -> b going down the slope ``piece`` (a slope given a heading)?"""
    uphill = (state.extras.get("uphill") or {}).get(piece.id)
    if uphill is None:
        return False
    heading = math.atan2(b[1] - a[1], b[0] - a[0])
    return math.cos(heading - math.radians(uphill)) < -EPS


def penalised(state: GameState, fig: Figure, path) -> bool:
    """Does the path cross ground that costs more than its length: difficult ground, a
    slope climbed or crossed level, a fighter out of combat stepped over? (No run then.)"""
    pts = [fig.pos] + [tuple(p) for p in path]
    hard = [t for t in state.terrain if "difficult" in t.tags]
    fallen = [f for f in state.figures.values() if f.out and not f.status.get("dead")
              and not f.status.get("undeployed")]
    for a, b in zip(pts, pts[1:]):
        if math.dist(a, b) < 1e-9:
            continue
        line = LineString([a, b])
        for t in hard:
            if line.intersection(_polygon(t)).length > EPS and not _descending(state, t, a, b):
                return True
        if any(line.intersection(base_of(f).polygon()).length > EPS for f in fallen):
            return True
    return False


def in_rough_ground(state: GameState, fig: Figure) -> bool:
    """Does the fighter stand in difficult ground that no way out of is free of it (any
    difficult ground but a slope, which it may go down)?"""
    kinds = stats.catalogue().terrain_kinds
    here = Point(fig.pos)
    return any("difficult" in t.tags and not kinds[t.kind].slope and _polygon(t).covers(here)
               for t in state.terrain)


def _polygon(piece):
    from shapely.geometry import Polygon

    return Polygon(piece.points)


def path_cost(table, state: GameState, fig: Figure, path) -> float:
    pts = [fig.pos] + [tuple(p) for p in path]
    return sum(_segment_cost(table, state, fig, pts[i], pts[i + 1]) for i in range(len(pts) - 1))


def truncate(table, state: GameState, fig: Figure, path, allowance: float, floor_mm: float = 0.0):
    """The part of ``path`` the figure can follow with ``allowance`` (mm of cost), plus the
    cost paid (whole centimetres). ``floor_mm``: a straight length always allowed whatever
    the cost (the 3 cm minimum)."""
    pts = [fig.pos] + [tuple(p) for p in path]
    out, spent, length = [], 0.0, 0.0
    for i in range(len(pts) - 1):
        a, b = pts[i], pts[i + 1]
        seg = _segment_cost(table, state, fig, a, b)
        seg_len = math.dist(a, b)
        if spent + seg <= allowance + EPS or (
                seg < math.inf and length + seg_len <= floor_mm + EPS):
            out.append(b)
            spent += seg
            length += seg_len
            continue
        lo, hi = 0.0, 1.0
        for _ in range(20):
            mid = (lo + hi) / 2
            p = (a[0] + (b[0] - a[0]) * mid, a[1] + (b[1] - a[1]) * mid)
            c = _segment_cost(table, state, fig, a, p)
            if spent + c <= allowance + EPS or (
                    c < math.inf and length + seg_len * mid <= floor_mm + EPS):
                lo = mid
            else:
                hi = mid
        if lo > 1e-6:
            p = (a[0] + (b[0] - a[0]) * lo, a[1] + (b[1] - a[1]) * lo)
            out.append(p)
            spent += _segment_cost(table, state, fig, a, p)
        break
    return out, whole_cm(spent)


def end_facing(fig: Figure, path) -> float:
    pts = [fig.pos] + [tuple(p) for p in path]
    for i in range(len(pts) - 1, 0, -1):
        a, b = pts[i - 1], pts[i]
        if math.dist(a, b) > 0.5:
            return math.degrees(math.atan2(b[1] - a[1], b[0] - a[0])) % 360.0
    return fig.facing


def place(table, fig: Figure, x: float, y: float, facing: float | None) -> None:
    """Move the figure; it turns to ``facing`` unless its square base would then overlap."""
    fig.x, fig.y = x, y
    if facing is not None and can_turn(table, fig, facing):
        fig.facing = facing


def can_turn(table, fig: Figure, facing: float) -> bool:
    return shared_facing.can_face(table, fig, facing)


def free_step_possible(table, fig: Figure, dist: float = stats.DODGE_STEP) -> tuple | None:
    """A free straight step of ``dist`` in one of eight directions, or None."""
    for k in range(8):
        a = math.radians(fig.facing + 180 + 45 * k)
        p = (fig.x + dist * math.cos(a), fig.y + dist * math.sin(a))
        if table.check_path(base_of(fig), [p], None).ok:
            return p
    return None
