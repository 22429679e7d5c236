"""Dynamic actions that move toward foes: fast moves that engage, charges (alone or
coordinated), with fear, disengaging, and the target's reactions (counter-charge,
counter-charge shot, flight)."""
from __future__ import annotations

import math

from game.core.actions import Action
from game.core.context import RuleContext
from game.core.errors import Refusal
from game.core.events import ActionDeclared, ReactionChosen
from game.core.state import Figure, GameState
from game.geometry.tolerances import EDGE_EPS
from game.rulesets._shared.tables import base_of
from game.rulesets.evenor import flow, melee, movement, reactions, shooting, stats
from game.rulesets.evenor.stats import FEAR_STOP, PAS


def approach_paths(state: GameState, table, fig: Figure, target: Figure, allowance: float,
                   limit: int = 1, contact_points: int = 16) -> list[tuple]:
    """Up to ``limit`` real paths into base contact with ``target`` within ``allowance``,
    each one the path check of a charge accepts (the same test as check())."""
    out: list[tuple] = []
    flags = {"ignore_terrain": stats.ignores_terrain(fig), "ignore_difficult": stats.ignores_difficult(fig)}
    zones = movement.hidden_zones(state, table, fig)
    # a straight line is the cheapest path: points beyond the allowance as the crow flies are
    # out of reach, and a straight leg the path check accepts needs no search
    pts = [p for p in table.contact_points(base_of(fig), base_of(target), n=contact_points)
           if math.dist(fig.pos, p) <= allowance + 1e-6]
    pts.sort(key=lambda p: math.dist(fig.pos, p))

    def keep(path) -> bool:
        if path and movement.check_path(state, table, fig, path, allowance, end_contact=target.id) is None:
            out.append(path)
        return len(out) >= limit

    for pt in pts[:2]:
        if keep((tuple(pt),)):
            return out
    for pt in pts:
        res = table.shortest_path(base_of(fig), pt, max_cost=allowance, extra_blockers=zones, **flags)
        if res is not None and tuple(res[0][-1]) not in {p[-1] for p in out} and \
                keep(tuple(tuple(q) for q in res[0][1:])):
            break
    return out


def charge_refusal(state: GameState, table, fig: Figure, target: Figure, allowance: float) -> Refusal | None:
    """Why ``fig`` cannot charge ``target`` now (None: a real path into contact exists)."""
    if target.out or target.side == fig.side:
        return Refusal("refused.bad_target", {"target": target.name})
    if table.contact(fig.id, target.id):
        return Refusal("refused.already_in_contact", {"target": target.name})
    if not approach_paths(state, table, fig, target, allowance):
        return Refusal("refused.no_charge_path", {"target": target.name,
                                                  "allowance": round(allowance / PAS, 1)})
    return None


def partner_paths(state: GameState, table, leader: Figure, leader_end, partners: list[Figure],
                  target: Figure, memo: dict | None = None):
    """Paths for coordinated chargers, each to the nearest free contact point of the target
    (earlier chargers already standing at their ends). None if one cannot reach.

    ``memo`` (a dict kept while the positions stay the same, e.g. one AI decision): each
    partner's path, keyed by the leader's end and the partners placed before it."""
    placed = {leader.id: base_of(leader).moved(*leader_end)}
    out = []
    for k, p in enumerate(partners):
        key = (leader.id, tuple(leader_end), tuple(q.id for q in partners[:k]), p.id, target.id)
        if memo is not None and key in memo:
            path = memo[key]
        else:
            path = _partner_path(state, table, p, target, placed)
            if memo is not None:
                memo[key] = path
        if path is None:
            return None
        placed[p.id] = base_of(p).moved(*path[-1])
        out.append(list(path))
    return out


def _partner_path(state: GameState, table, p: Figure, target: Figure, placed: dict):
    """The cheapest path of ``p`` to a free contact point of ``target`` within its slow
    move (the first of the contact points in their order among equal costs), the others
    standing where ``placed`` puts them; None if none is reachable. A path costs at least
    the straight line to its end, so a point farther than that than the best found (or
    than the move) is not searched."""
    others = [placed.get(f.id, base_of(f)) for f in state.figures.values()
              if not f.out and f.id != p.id]
    reach = stats.slow_move(p) + EDGE_EPS
    pts = table.contact_points(base_of(p), base_of(target), n=24)
    order = sorted(range(len(pts)), key=lambda i: math.dist(p.pos, pts[i]))
    best, best_i = None, -1
    for i in order:
        bound = math.dist(p.pos, pts[i]) - 1e-6
        if bound > reach or (best is not None and bound > best[1]):
            break
        res = table.shortest_path(base_of(p), pts[i], ignore_terrain=stats.ignores_terrain(p),
                                  ignore_difficult=stats.ignores_difficult(p),
                                  others=others, max_cost=stats.slow_move(p))
        if res is not None and (best is None or res[1] < best[1]
                                or (res[1] == best[1] and i < best_i)):
            best, best_i = res, i
    return None if best is None else tuple(tuple(pt) for pt in best[0])


def move(state: GameState, action: Action, ctx: RuleContext) -> None:
    fig = state.figures[action.actor]
    flow.spend(state, fig.id, static=False)
    ctx.emit(ActionDeclared(figure=fig.id, action="move"))
    pts = movement.full_path(fig, action.path)
    table = ctx.table
    before = {e.id for e in stats.engaged_with(state, table, fig)}
    if before:
        melee.opportunity_attacks(ctx, state, table, fig)
        if fig.out:
            return
    new = [e.id for e in movement.contacts_at(state, ctx.table, fig, pts[-1]) if e.id not in before]
    trig = {"type": "engage", "attackers": [fig.id], "path": [list(p) for p in pts],
            "queue": new}
    continue_engage(ctx, state, trig)


def continue_engage(ctx: RuleContext, state: GameState, trig: dict) -> None:
    """Walk the queue of figures engaged by a move: fear first, then each may react."""
    fig = state.figures[trig["attackers"][0]]
    pts = [tuple(p) for p in trig["path"]]
    while trig["queue"]:
        foe = state.figures[trig.pop("current", None) or trig["queue"].pop(0)]
        if foe.out:
            continue
        if movement.fear_on_engage(ctx, state, fig, foe):
            stop = movement.stop_point(fig, pts, foe, FEAR_STOP)
            movement.place(ctx, state, fig, movement.truncate(pts, stop), "move", dynamic=True)
            return
        trig["current"] = foe.id
        if reactions.offer(ctx, state, foe, trig):
            return
        trig.pop("current")
    movement.place(ctx, state, fig, pts, "move", dynamic=True)


def finish_engage(ctx: RuleContext, state: GameState, trig: dict, reaction: str, act: Action) -> None:
    fig = state.figures[trig["attackers"][0]]
    foe = state.figures[trig.pop("current")]
    pts = [tuple(p) for p in trig["path"]]
    if reaction == "flee":
        flee(ctx, state, foe, act)
    elif reaction == "countercharge_shot":
        if countercharge_shot(ctx, state, foe, fig, pts):
            return
        pts = [fig.pos] + [p for p in pts if _after(pts, fig.pos, p)]
        trig["path"] = [list(p) for p in pts]
    continue_engage(ctx, state, trig)


def _after(pts, here, p) -> bool:
    """Is p a vertex still ahead of ``here`` on pts? (here lies on the path)"""
    from shapely.geometry import LineString, Point

    line = LineString(pts)
    return line.project(Point(p)) > line.project(Point(here)) + 1e-6


def flee(ctx: RuleContext, state: GameState, fig: Figure, act: Action) -> None:
    movement.place(ctx, state, fig, movement.full_path(fig, act.path), "flee", dynamic=True)


def countercharge_shot(ctx: RuleContext, state: GameState, shooter: Figure, mover: Figure, pts) -> bool:
    """Shot before the charge lands, at short range. The mover is first brought to where it
    enters the weapon's short range. True when the mover is stopped (out or knocked down)."""
    idx = shooting.best_weapon(state, ctx.table, shooter, mover)
    if idx is None:
        idx = stats.ranged_weapons(shooter)[0][0]
    weapon = stats.profile(shooter).weapons[idx]
    stop = movement.stop_point(mover, pts, shooter, weapon.range[0] * PAS)
    if math.dist(stop, mover.pos) > 1e-6:
        movement.place(ctx, state, mover, movement.truncate(pts, stop), "charge", dynamic=True)
    shooting.shoot(ctx, state, shooter, mover, idx, countercharge=True)
    return mover.out or bool(mover.status.get("prone"))


def charge(state: GameState, action: Action, ctx: RuleContext) -> None:
    fig = state.figures[action.actor]
    target = state.figures[action.target]
    pts = movement.full_path(fig, action.path)
    partners = [state.figures[p] for p in action.partners]
    plans = partner_paths(state, ctx.table, fig, pts[-1], partners, target) if partners else []
    for f in [fig] + partners:
        flow.spend(state, f.id, static=False)
    ctx.emit(ActionDeclared(figure=fig.id, action="charge", targets=(target.id,),
                            partners=action.partners))
    chargers = []
    for f, path in zip([fig] + partners, [pts] + (plans or [])):
        table = ctx.table
        if stats.engaged_with(state, table, f):
            melee.opportunity_attacks(ctx, state, table, f)
            if f.out:
                continue
        if movement.fear_on_engage(ctx, state, f, target):
            stop = movement.stop_point(f, path, target, FEAR_STOP)
            movement.place(ctx, state, f, movement.truncate(path, stop), "charge", dynamic=True)
            continue
        chargers.append({"id": f.id, "path": [list(p) for p in path]})
    if not chargers:
        return
    trig = {"type": "charge", "attackers": [c["id"] for c in chargers], "chargers": chargers,
            "target": target.id}
    if reactions.offer(ctx, state, target, trig):
        return
    finish_charge(ctx, state, trig, reactions.NONE, None)


def finish_charge(ctx: RuleContext, state: GameState, trig: dict, reaction: str, act: Action | None) -> None:
    target = state.figures[trig["target"]]
    chargers = [(state.figures[c["id"]], [tuple(p) for p in c["path"]]) for c in trig["chargers"]]
    if reaction == "flee":
        flee(ctx, state, target, act)
        for f, path in chargers:
            movement.place(ctx, state, f, path, "charge", dynamic=True)
        return
    if reaction == "countercharge_shot":
        against = act.target if act is not None and act.target else chargers[0][0].id
        for i, (f, path) in enumerate(chargers):
            if f.id == against and countercharge_shot(ctx, state, target, f, path):
                chargers.pop(i)
                break
    for f, path in chargers:
        if not f.out:
            rest = [f.pos] + [p for p in path if _after(path, f.pos, p)] if math.dist(f.pos, path[0]) > 1e-6 else path
            movement.place(ctx, state, f, rest, "charge", dynamic=True)
    fighters = [f for f, _ in chargers if not f.out and ctx.table.contact(f.id, target.id)]
    if not fighters or target.out:
        return
    countered = reaction == "counter_charge"
    if len(fighters) > 1 and stats.is_monster(target):
        melee.combat(ctx, state, ctx.table, fighters, target, attack_charged=True,
                     defence_charged=countered)
        return
    for f in fighters:
        if not f.out and not target.out:
            melee.combat(ctx, state, ctx.table, [f], target, attack_charged=True,
                         defence_charged=countered)


def react_event(ctx: RuleContext, fig: Figure, reaction: str, against: str | None) -> None:
    ctx.emit(ReactionChosen(figure=fig.id, reaction=reaction, against=against))
