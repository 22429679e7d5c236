"""Turning what the mouse points at into concrete actions: the templates of a figure,
real paths to a clicked destination (around terrain, through waypoints), paths into contact
for an attack, paths to a move's goal (cover). Geometry only proposes; the engine checks
every action."""
from __future__ import annotations

import math
from dataclasses import dataclass

from game.core.actions import Action, ActionChoice, MoveSpec
from game.rulesets._shared.splits import even_splits
from game.rulesets._shared.tables import base_of


def table_of(engine):
    return engine.ruleset.table_for(engine.state)


def templates_for(engine, fid: str | None) -> list[ActionChoice]:
    return [c for c in engine.legal_actions() if c.actor == fid]


def flags(move: MoveSpec) -> dict:
    return {"ignore_terrain": move.ignore_terrain, "ignore_difficult": move.ignore_difficult}


def seen_others(state, visible, fid: str | None = None):
    """The bases a path may go around when the player does not see everything: only the
    figures they see (None: every base, as the geometry does by default)."""
    if visible is None:
        return None
    return [f.id for f in state.figures.values() if f.id in visible and not f.out and f.id != fid]


def route(engine, fid: str, points: list[tuple[float, float]], move: MoveSpec, others=None):
    """The shortest real path through the given points, with its cost in mm, or None."""
    return route_on(engine.state, table_of(engine), fid, points, move, others)


def route_on(state, table, fid: str, points, move: MoveSpec, others=None):
    fig = state.figures[fid]
    base = base_of(fig)
    path: list[tuple[float, float]] = [fig.pos]
    cost = 0.0
    for goal in points:
        res = table.shortest_path(base.moved(*path[-1]), goal, others=others, **flags(move))
        if res is None:
            return None
        pts, c = res
        path.extend(tuple(p) for p in pts[1:])
        cost += c
    return tuple(path), cost


def keep_on_table(state, fid: str, pt) -> tuple[float, float]:
    """A clicked destination brought back onto the table by the figure's base: a click by
    the edge means "to the edge" (the base cannot hang over it; routed as clicked, no path
    ended there and the player read "no path possible")."""
    r = base_of(state.figures[fid]).circumradius + 0.01   # whatever way a square base turns
    x = min(max(pt[0], r), state.width - r)
    y = min(max(pt[1], r), state.height - r)
    return (x, y)


def snap_to_contact(state, fid: str, pt, tolerance: float) -> tuple[float, float]:
    """A move's clicked destination on (or within ``tolerance`` mm of) another figure's
    base, moved to the point where the two bases touch, on the line from that figure's
    centre through the click: a mouse cannot place a base to the half-millimetre that
    base contact asks. Elsewhere the point is kept."""
    fig = state.figures[fid]
    best = None
    for other in state.figures.values():
        if other.id == fid or other.out:
            continue
        reach = fig.radius + other.radius
        d = math.dist(pt, other.pos)
        if d < reach + tolerance and (best is None or d - reach < best[0]):
            best = (d - reach, other, d)
    if best is None:
        return tuple(pt)
    _, other, d = best
    if d < 1e-9:
        ux, uy = fig.x - other.x, fig.y - other.y
        n = math.hypot(ux, uy) or 1.0
        ux, uy = ux / n, uy / n
    else:
        ux, uy = (pt[0] - other.x) / d, (pt[1] - other.y) / d
    reach = fig.radius + other.radius
    return (other.x + ux * reach, other.y + uy * reach)


def contact_routes(engine, choice: ActionChoice, target: str, near=None, reach: float = 0.0,
                   cap: str | None = "allowance", others=None, far: float = 0.0) -> list[tuple]:
    """What an attack may walk first: nothing when the target is already within ``reach``
    (mm; the presentation's contact reach for the chosen value) or no move is allowed, else
    paths into contact, the contact point nearest ``near`` first (``near`` counts only off
    the target's base), capped by the allowance unless ``cap`` is None (the rules then follow
    a declared path until the move runs out); an optional move ends with "stay in place".
    ``reach`` > 0: stops within it come first, then contact, then stops within ``far`` (the
    farthest gap the rules still accept the attack from, with a penalty)."""
    move = choice.move
    table = table_of(engine)
    fig, tgt = engine.state.figures[choice.actor], engine.state.figures[target]
    if move is None or tgt.out or table.distance(fig.id, tgt.id) <= reach + 1e-6:
        return [()]
    max_cost = move.allowance if cap else None
    mover, goal = base_of(fig), base_of(tgt)
    tiers = [table.approach_points(mover, goal, 0.9 * reach, n=16)] if reach > 0 else []
    tiers.append(table.contact_points(mover, goal, n=16))
    if far > reach:          # an attack the rules still accept from farther (with a penalty)
        tiers.append(table.approach_points(mover, goal, 0.9 * far, n=16))
    ref = near if near is not None and math.dist(near, tgt.pos) > tgt.size else fig.pos
    limit = 8 if move.required else 3
    out: list[tuple] = []
    for pts in tiers:
        pts.sort(key=lambda p: (p[0] - ref[0]) ** 2 + (p[1] - ref[1]) ** 2)
        for p in pts[:8]:
            res = table.shortest_path(mover, p, max_cost=max_cost, others=others, **flags(move))
            if res is not None:
                out.append(tuple(tuple(q) for q in res[0]))
            if len(out) >= limit:
                break
        if len(out) >= limit:
            break
    return out if move.required else out + [()]


def goal_routes(engine, fid: str, move: MoveSpec):
    """Paths to the move's goal (cover within the allowance)."""
    from game.ai.candidates import cover_paths

    return cover_paths(engine, engine.state.figures[fid], move)


def first_legal(engine, actions) -> tuple[Action | None, object]:
    """The first action the engine accepts, else (None, the first refusal)."""
    first_refusal = None
    for a in actions:
        why = engine.check(a)
        if why is None:
            return a, None
        first_refusal = first_refusal or why
    return None, first_refusal


def prefix(path, length: float) -> tuple:
    """The first ``length`` mm of a polyline (its start included)."""
    out = [tuple(path[0])]
    run = 0.0
    for a, b in zip(path, path[1:]):
        seg = math.dist(a, b)
        if run + seg >= length:
            k = (length - run) / seg if seg > 0 else 0.0
            out.append((a[0] + (b[0] - a[0]) * k, a[1] + (b[1] - a[1]) * k))
            return tuple(out)
        out.append(tuple(b))
        run += seg
    return tuple(out)


CLAMP_STEPS = 14      # halvings of the path's length: well under a millimetre on any table


def farthest_legal(engine, choice: ActionChoice, path, **kw) -> Action | None:
    """A move carried out as far as the rules allow along ``path`` (a drop or click beyond
    the allowance): the longest start of the path the engine's own check accepts, or None.
    The engine is the judge at every length tried, so what the window draws and what the
    rules accept cannot disagree."""
    pts = [tuple(p) for p in path]
    if len(pts) < 2:
        return None
    total = sum(math.dist(a, b) for a, b in zip(pts, pts[1:]))
    lo, hi, best = 0.0, total, None
    for _ in range(CLAMP_STEPS):
        mid = (lo + hi) / 2
        cut = prefix(pts, mid)
        action = simple(choice, path=cut, **kw) if math.dist(cut[0], cut[-1]) > 0.5 else None
        if action is not None and engine.check(action) is None:
            lo, best = mid, action
        else:
            hi = mid
    return best


def simple(choice: ActionChoice, **kw) -> Action:
    return Action(kind=choice.kind, actor=choice.actor, **kw)


def even_split(choice: ActionChoice, n: int) -> tuple[int, ...]:
    """A power the template splits between its targets (hints["split_power"]), evenly."""
    power = choice.hints.get("split_power")
    if power is None or n < 2:
        return ()
    return even_splits(int(power), n)[0]


@dataclass(frozen=True)
class PathJob:
    """A picklable job for the geometry worker: the route under the cursor."""

    fid: str
    points: tuple
    move: MoveSpec
    others: tuple | None = None      # the bases to go around (None: all)

    def __call__(self, state, table):
        others = list(self.others) if self.others is not None else None
        return route_on(state, table, self.fid, list(self.points), self.move, others) or False
