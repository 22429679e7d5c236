"""Turning action templates into concrete actions: targets, options, partners, and
destinations on real paths (sampled reachable points, contact points for charges, the edge
of cover for cover moves). Shared by every agent.

``engine`` is whatever the caller decides through: agents pass their side's view engine
(``game.core.view.SideEngine``), so states, tables and checks here are the view's; the
referee passes the true engine to ``fallback`` only (``game.ai.agents.settle``)."""
from __future__ import annotations

import math

from game.core.actions import Action, ActionChoice, MoveSpec
from game.core.dice import Stream
from game.rulesets._shared.splits import even_splits
from game.rulesets._shared.tables import base_of


def _sample_targets(choice: ActionChoice, rng: Stream) -> tuple[str, ...]:
    if not choice.targets or choice.max_targets == 0:
        return ()
    lo = max(choice.min_targets, 0)
    hi = min(choice.max_targets, len(choice.targets))
    k = lo + rng.below(hi - lo + 1) if hi >= lo else 0
    pool = list(choice.targets)
    rng.shuffle(pool)
    return tuple(pool[:k])


def _subset(items, rng: Stream, at_least: int = 0) -> tuple[str, ...]:
    pool = [p for p in items if rng.random() < 0.5]
    if len(pool) < at_least and items:
        pool = [rng.choice(list(items))]
    return tuple(pool)


def _flags(move: MoveSpec) -> dict:
    return {"ignore_terrain": move.ignore_terrain, "ignore_difficult": move.ignore_difficult}


def random_point_path(engine, fig, move: MoveSpec, rng: Stream, n: int = 4, tries: int = 8):
    """Up to n paths to random destinations within the allowance (uniform in the disc of
    the allowance, kept when a legal path that short exists)."""
    table = engine.ruleset.table_for(engine.state)
    allowance = move.allowance
    out = []
    for _ in range(tries):
        r = allowance * math.sqrt(rng.random())
        a = rng.uniform(0.0, 2.0 * math.pi)
        p = (fig.x + r * math.cos(a), fig.y + r * math.sin(a))
        res = table.shortest_path(base_of(fig), p, max_cost=allowance, **_flags(move))
        if res is not None:
            out.append(tuple(tuple(q) for q in res[0]))
            if len(out) >= n:
                break
    return out


def contact_paths(engine, fig, target, move: MoveSpec):
    table = engine.ruleset.table_for(engine.state)
    out = []
    for p in table.contact_points(base_of(fig), base_of(target), n=12):
        res = table.shortest_path(base_of(fig), p, max_cost=move.allowance, **_flags(move))
        if res is not None:
            out.append((res[1], tuple(tuple(q) for q in res[0])))
    out.sort()
    return [p for _, p in out]


def cover_paths(engine, fig, move: MoveSpec):
    """Short paths that end hugging a cover piece."""
    state = engine.state
    table = engine.ruleset.table_for(state)
    from shapely.geometry import Point, Polygon

    out = []
    for piece in state.terrain:
        if "cover" not in piece.tags:
            continue
        poly = Polygon(piece.points)
        if poly.distance(Point(fig.pos)) > move.allowance + fig.radius + 1:
            continue
        ring = poly.buffer(fig.radius + 0.2, quad_segs=4).exterior
        p = ring.interpolate(ring.project(Point(fig.pos)))
        res = table.shortest_path(base_of(fig), (p.x, p.y), max_cost=move.allowance, **_flags(move))
        if res is not None:
            out.append(tuple(tuple(q) for q in res[0]))
    return out


def instantiate(engine, choice: ActionChoice, rng: Stream, tries: int = 6):
    """A random legal concrete action of the template, or None if none was found."""
    state = engine.state
    for _ in range(tries):
        targets = _sample_targets(choice, rng)
        value = rng.choice(list(choice.values)) if choice.values else None
        partners: tuple[str, ...] = ()
        values: tuple[int, ...] = ()
        if choice.partners:
            partners = _subset(choice.partners, rng, int(choice.hints.get("partners_min", 0)))
        if "split_power" in choice.hints:
            partners = ()
            if len(targets) > 1:
                values = rng.choice(even_splits(choice.hints["split_power"], len(targets)))
        paths: list = [()]
        if choice.move is not None:
            fig = state.figures[choice.actor]
            move = choice.move
            if move.goal == "contact" and targets:
                paths = contact_paths(engine, fig, state.figures[targets[0]], move)[:2]
                partners = ()
            elif move.goal == "cover":
                paths = [()] + cover_paths(engine, fig, move)
            elif choice.move.required:
                paths = random_point_path(engine, fig, move, rng, 3)
            elif rng.random() < 0.3:
                paths = [()] + random_point_path(engine, fig, move, rng, 2)
        for path in paths:
            if choice.move is not None and choice.move.required and not path:
                continue
            if choice.hints.get("at_point") and path:   # where on the path the action happens
                values = (rng.below(len(path)),)
            action = Action(kind=choice.kind, actor=choice.actor, targets=targets,
                            path=tuple(path), value=value, values=values, partners=partners)
            if engine.check(action) is None:
                return action
    return None


def fallback(engine) -> Action:
    """A legal way forward without geometry: the first template that admits its simplest
    instance (no path, its first option, its first targets), preferring templates the
    ruleset marks with hints["safe"] (declining a reaction, ending an activation...)."""
    choices = sorted(engine.legal_actions(), key=lambda c: not c.hints.get("safe"))
    for c in choices:
        for value in (c.values or (None,)):
            a = Action(kind=c.kind, actor=c.actor, value=value,
                       targets=tuple(c.targets[:c.min_targets]))
            if engine.check(a) is None:
                return a
    raise RuntimeError("no legal action found")
