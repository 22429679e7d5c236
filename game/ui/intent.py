"""Turning what the mouse points at into concrete actions: the templates of a figure,
real paths to a clicked destination (around terrain, through waypoints), contact paths for
a charge, paths to cover. Geometry only proposes; the engine checks every action."""
from __future__ import annotations

from dataclasses import dataclass

from game.rulesets._shared.splits import even_splits
from game.core.actions import Action, ActionChoice, MoveSpec
from game.rulesets._shared.tables import base_of

# kinds whose template only asks "which one" (no path, no target): one click plays them
TARGET_KINDS = ("charge", "shoot", "move_shoot", "fight", "power", "pick_up")


def table_of(engine):
    return engine.ruleset.table_for(engine.state)


def templates_for(engine, fid: str | None) -> list[ActionChoice]:
    return [c for c in engine.legal_actions() if c.actor == fid]


def flags(move: MoveSpec) -> dict:
    return {"ignore_terrain": move.ignore_terrain, "ignore_difficult": move.ignore_difficult}


def route(engine, fid: str, points: list[tuple[float, float]], move: MoveSpec):
    """The shortest real path through the given points, with its cost in mm, or None."""
    return route_on(engine.state, table_of(engine), fid, points, move)


def route_on(state, table, fid: str, points, move: MoveSpec):
    fig = state.figures[fid]
    base = base_of(fig)
    path: list[tuple[float, float]] = [fig.pos]
    cost = 0.0
    for goal in points:
        res = table.shortest_path(base.moved(*path[-1]), goal, **flags(move))
        if res is None:
            return None
        pts, c = res
        path.extend(tuple(p) for p in pts[1:])
        cost += c
    return tuple(path), cost


def contact_route(engine, fid: str, target: str, move: MoveSpec, near=None):
    """Paths ending in contact with the target, the contact point nearest `near` first."""
    table = table_of(engine)
    fig, tgt = engine.state.figures[fid], engine.state.figures[target]
    pts = table.contact_points(base_of(fig), base_of(tgt), n=16)
    ref = near or fig.pos
    pts.sort(key=lambda p: (p[0] - ref[0]) ** 2 + (p[1] - ref[1]) ** 2)
    out = []
    for p in pts[:8]:
        res = table.shortest_path(base_of(fig), p, max_cost=move.allowance, **flags(move))
        if res is not None:
            out.append(tuple(tuple(q) for q in res[0]))
    return out


def cover_routes(engine, fid: str, move: MoveSpec):
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


def simple(choice: ActionChoice, **kw) -> Action:
    return Action(kind=choice.kind, actor=choice.actor, **kw)


def even_split(choice: ActionChoice, n: int) -> tuple[int, ...]:
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

    def __call__(self, state, table):
        return route_on(state, table, self.fid, list(self.points), self.move) or False
