"""Moving figures: checking paths (terrain, other bases, hidden foes, difficult ground),
applying moves and their side effects (prone, cover and hiding lost, tokens carried and
delivered, escapes), fear on engaging, and where an interrupted charge stops."""
from __future__ import annotations

import math

from shapely.geometry import LineString, Point

from game.core.context import RuleContext
from game.core.errors import Refusal
from game.core.events import Moved, StatusChanged, TokenChanged
from game.core.state import Figure, GameState
from game.rulesets._shared.tables import base_of
from game.rulesets.evenor import stats
from game.rulesets.evenor.stats import HIDE_APPROACH, HIDE_KNOWN, PAS


def full_path(fig: Figure, path) -> list[tuple[float, float]]:
    pts = [tuple(p) for p in path]
    if not pts or math.dist(pts[0], fig.pos) > 1e-6:
        pts.insert(0, fig.pos)
    return pts


def hidden_zones(state: GameState, table, fig: Figure) -> list:
    """Hidden foes may not be approached within 1 pas unless the mover started its
    activation within 4 pas of them."""
    act = state.activation
    start = fig.pos
    if act and fig.id in act["members"]:
        start = tuple(act["members"][fig.id]["start"])
    zones = []
    for e in state.enemies_of(fig):
        if not e.status.get("hidden"):
            continue
        if math.dist(start, e.pos) - fig.radius - e.radius <= HIDE_KNOWN + 1e-6:
            continue
        zones.append(base_of(e).polygon().buffer(HIDE_APPROACH - 0.01))
    return zones


def check_path(state: GameState, table, fig: Figure, path, allowance: float, *,
               end_contact: str | None = None, no_enemy_contact: bool = False) -> Refusal | None:
    pts = full_path(fig, path)
    if len(pts) < 2:
        return Refusal("refused.path_required")
    res = table.check_path(base_of(fig), pts, allowance,
                           ignore_terrain=stats.ignores_terrain(fig),
                           ignore_difficult=stats.ignores_difficult(fig),
                           extra_blockers=hidden_zones(state, table, fig))
    if not res.ok:
        return Refusal(f"refused.path.{(res.reason or 'blocked').split(':')[0]}",
                       {"cost": round(res.cost / PAS, 1), "allowance": round(allowance / PAS, 1)})
    end = base_of(fig).moved(*pts[-1])
    if stats.ignores_terrain(fig) and table.in_blocking_terrain(end):
        return Refusal("refused.path.terrain")
    if end_contact is not None and not table.contact(end, state.figures[end_contact].id):
        return Refusal("refused.path.no_contact")
    if no_enemy_contact:
        for e in state.enemies_of(fig):
            if table.contact(end, e.id):
                return Refusal("refused.path.enemy_contact")
    return None


def contacts_at(state: GameState, table, fig: Figure, point) -> list[Figure]:
    end = base_of(fig).moved(*point)
    return [e for e in state.enemies_of(fig) if table.contact(end, e.id)]


def stop_point(fig: Figure, pts, target: Figure, distance: float):
    """Where a figure moving along pts first comes within ``distance`` (edge to edge) of
    ``target``; its start if it began closer. Used for fear and counter-charge shots."""
    reach = distance + fig.radius + target.radius
    if math.dist(pts[0], target.pos) <= reach + 1e-6:
        return pts[0]
    line = LineString(pts)
    circle = target_circle(target, reach)
    hit = line.intersection(circle.exterior)
    if hit.is_empty:
        return pts[-1]
    best = min((line.project(g) for g in getattr(hit, "geoms", [hit])), default=line.length)
    p = line.interpolate(max(0.0, best - 0.01))
    return (p.x, p.y)


def target_circle(target: Figure, radius: float):
    return Point(target.x, target.y).buffer(radius, quad_segs=16)


def truncate(pts, point) -> list[tuple[float, float]]:
    """The part of pts up to ``point`` (which lies on it)."""
    line = LineString(pts)
    cut = line.project(Point(point))
    out = [pts[0]]
    run = 0.0
    for a, b in zip(pts, pts[1:]):
        seg = math.dist(a, b)
        if run + seg >= cut - 1e-9:
            break
        out.append(b)
        run += seg
    if math.dist(out[-1], point) > 1e-6:
        out.append(tuple(point))
    return out


def place(ctx: RuleContext, state: GameState, fig: Figure, pts, mode: str, *, dynamic: bool) -> None:
    """Put the figure at the end of pts and apply what moving changes."""
    pts = [tuple(p) for p in pts]
    cost = sum(math.dist(a, b) for a, b in zip(pts, pts[1:]))
    fig.x, fig.y = pts[-1]
    ctx.emit(Moved(figure=fig.id, path=tuple(pts), cost=cost, mode=mode))
    for key in ("cover", "hidden") if cost > 1e-6 else ():
        if fig.status.pop(key, None):
            ctx.emit(StatusChanged(figure=fig.id, status=key, value=False))
    if cost > 1e-6:
        fig.status.pop("cover_vs", None)     # cover taken in reaction: off the piece now
    if dynamic and fig.status.pop("prone", None):
        ctx.emit(StatusChanged(figure=fig.id, status="prone", value=False))
    after_move(ctx, state, fig)


def after_move(ctx: RuleContext, state: GameState, fig: Figure) -> None:
    """Tokens follow their carrier and score in its zone; stealthy figures hide; fugitives
    touching their exit edge leave the table."""
    table = ctx.table
    for tok in state.tokens:
        if tok.carrier == fig.id:
            tok.x, tok.y = fig.x, fig.y
            if in_own_zone(state, fig):
                tok.carrier = None
                tok.delivered_by = fig.side
                state.sides[fig.side].score += 1
                ctx.emit(TokenChanged(token=tok.id, change="delivered", figure=fig.id))
    if stats.has(fig, "furtif") and not fig.status.get("hidden") and can_hide(table, fig):
        fig.status["hidden"] = True
        ctx.emit(StatusChanged(figure=fig.id, status="hidden", value=True))
    escape_check(ctx, state, fig)


def can_hide(table, fig: Figure) -> bool:
    return bool(table.terrain_in_contact(base_of(fig), min_extent=stats.TERRAIN_MIN_EXTENT))


def in_own_zone(state: GameState, fig: Figure) -> bool:
    for x, y, w, h in state.extras["zones"][str(fig.side)]:
        if x * PAS <= fig.x <= (x + w) * PAS and y * PAS <= fig.y <= (y + h) * PAS:
            return True
    return False


def touches_exit(state: GameState, fig: Figure, pos, edges=None) -> bool:
    """Would ``fig`` standing at ``pos`` touch one of the exit ``edges`` (an ambush's;
    left and right unless the scenario names others), within half a millimetre?"""
    r, tol = fig.radius, 0.5
    touching = {"left": pos[0] - r <= tol, "right": pos[0] + r >= state.width - tol,
                "top": pos[1] - r <= tol, "bottom": pos[1] + r >= state.height - tol}
    return any(touching.get(e) for e in edges or ["left", "right"])


def escape_check(ctx: RuleContext, state: GameState, fig: Figure) -> None:
    vic = state.extras.get("victory", {})
    if vic.get("type") != "escape" or state.sides[fig.side].role != vic.get("role"):
        return
    if touches_exit(state, fig, fig.pos, vic.get("exit_edges")):
        fig.out = True
        fig.status["escaped"] = True
        if state.activation and fig.id in state.activation["members"]:
            state.activation["members"][fig.id].update(left=0, step=0.0)
        state.extras.setdefault("escaped", []).append(fig.id)
        ctx.emit(StatusChanged(figure=fig.id, status="escaped", value=True))


def brave_step(ctx: RuleContext, state: GameState, fig: Figure, pts) -> list:
    """The free step of a static action that would bring the figure into contact with a
    frightening enemy takes the courage roll like any move that engages it; on a failure
    the figure stops 4 pas from that enemy (where it stands, if it began closer)."""
    pts = [tuple(p) for p in pts]
    table = ctx.table
    before = {e.id for e in stats.engaged_with(state, table, fig)}
    for foe in contacts_at(state, table, fig, pts[-1]):
        if foe.id in before:
            continue
        if fear_on_engage(ctx, state, fig, foe):
            return truncate(pts, stop_point(fig, pts, foe, stats.FEAR_STOP))
    return pts


def fear_on_engage(ctx: RuleContext, state: GameState, fig: Figure, target: Figure) -> bool:
    """Engaging a frightening figure takes a courage roll; returns True when it fails."""
    if not stats.frightens(target, fig):
        return False
    t = stats.courage(state, fig)
    face = ctx.roll(fig.id, "fear", 1, target=t, judge=lambda fs: fs[0] >= t, against=target.id)[0]
    return face < t
