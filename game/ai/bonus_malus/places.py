"""Where a Bonus / Malus figure may end a move, as the planner proposes it: random points
within the allowance, contact with the enemies in reach, shooting spots, points hugging
cover, the way to the objective along the shortest path (the beacon, the carrier's edge,
the nest) and away from the nearest danger; and the paths of the chosen ones, found only
when an option is tried (``Option.resolve``)."""
from __future__ import annotations

import math

from game.ai.bonus_malus.world import PAS, World, _toward
from game.core.actions import Action
from game.geometry.shapes import Base
from game.rulesets._shared.tables import base_of


class Places:
    """Mixed into the options builder (``self.w``, ``self.table``, ``self.rng``,
    ``self.few``, ``self.engine``, ``self.cover_points``)."""

    def points_for(self, fig, allowance: float, n_random: int) -> list[tuple[tuple[float, float], object]]:
        """Candidate end points of a move: random reachable points, contact with enemies in
        reach, shooting spots, cover, the objective, away from danger. (point, foe to
        charge or None)."""
        w = self.w
        base = base_of(fig)
        out: list = []
        pts = []
        # points beyond an edge are mirrored back onto the table (nearer the figure, so still
        # within its allowance): a figure by an edge or in a corner keeps its full choice
        inside = self.on_table(fig)
        for _ in range(n_random):
            r = allowance * math.sqrt(0.1 + 0.85 * self.rng.random())
            a = self.rng.uniform(0.0, 2.0 * math.pi)
            pts.append(inside((fig.x + r * math.cos(a), fig.y + r * math.sin(a))))
        out += [(p, None) for p in pts]
        reach_pas = allowance / PAS
        for e in w.enemies:
            d = w.gap(fig, fig.pos, e)
            if d <= reach_pas + 0.1 and not w.engaged(fig) or (w.engaged(fig) and e not in w.engaged(fig)
                                                              and d <= reach_pas):
                cps = self.table.contact_points(base, base_of(e), n=8)
                cps.sort(key=lambda c: math.dist(c, fig.pos))
                for c in cps[:2 if not self.few else 1]:
                    if math.dist(c, fig.pos) <= allowance + 1e-6:
                        out.append((c, e))
            guns = w.guns(fig)
            if guns and d > 0.5:
                rng = max(g.range for g in guns)
                step = min(allowance, max(0.0, (d - rng + 0.5) * PAS))
                if step > PAS:
                    out.append((_toward(fig.pos, e.pos, step), None))
        goal = self.goal_point(fig)
        if goal is not None:
            end = self.along(fig, goal, allowance)
            if end is not None:
                out.append((end, None))
        if w.enemies:
            near = min(w.enemies, key=lambda e: math.dist(e.pos, fig.pos))
            away = _toward(near.pos, fig.pos, math.dist(near.pos, fig.pos) + allowance * 0.9)
            out.append((inside(away), None))
        if not self.few:
            for piece in w.state.terrain:
                if "cover" not in piece.tags and "blocks_sight" not in piece.tags:
                    continue
                from shapely.geometry import Point, Polygon

                poly = Polygon(piece.points)
                if poly.distance(Point(fig.pos)) > allowance:
                    continue
                ring = poly.buffer(fig.radius + 1.0, quad_segs=4).exterior
                for frac in (0.0, 0.25, 0.5, 0.75):
                    q = ring.interpolate(ring.project(Point(fig.pos)) + frac * ring.length)
                    if math.dist((q.x, q.y), fig.pos) <= allowance:
                        out.append(((q.x, q.y), None))
                        self.cover_points.add((q.x, q.y))
        clean = []
        for p, e in out:
            r = fig.radius
            if not (r <= p[0] <= w.state.width - r and r <= p[1] <= w.state.height - r):
                continue
            if math.dist(p, fig.pos) < 0.3 * PAS:
                continue
            if e is None and any(math.dist(p, o.pos) < fig.radius + o.radius + 0.5
                                 for o in w.state.figures.values() if not o.out and o.id != fig.id):
                continue
            if self.table.in_blocking_terrain(Base(id=fig.id, x=p[0], y=p[1], size=fig.size, shape=fig.shape)):
                continue
            clean.append((p, e))
        return clean

    def on_table(self, fig):
        """A point beyond an edge mirrored back onto the table where the figure's base fits
        (then kept within it): never farther from the figure, which stands on it."""
        lo, hx, hy = fig.radius + 1.0, self.w.state.width - fig.radius - 1.0, self.w.state.height - fig.radius - 1.0

        def fold(v: float, top: float) -> float:
            v = 2 * lo - v if v < lo else 2 * top - v if v > top else v
            return min(max(v, lo), top)

        def inside(p):
            return (fold(p[0], hx), fold(p[1], hy))
        return inside

    def goal_point(self, fig):
        """Where the objective calls the figure: the opposing edge for the carrier, the
        carrier for the others once it is picked up, else the beacon or the nest."""
        obj = self.w.objective
        if not (obj.get("point") and obj.get("type") in ("extraction", "nest")):
            return None
        holder = self.w.state.figures.get(str(obj.get("holder") or ""))
        if holder is not None and holder.id == fig.id:
            return _carry_goal(self.w, fig)
        if holder is not None:
            return holder.pos
        return tuple(obj["point"])

    def along(self, fig, goal, allowance: float):
        """The farthest point within the allowance on the shortest way to ``goal`` (which
        may lie beyond it); None when there is no way."""
        key = ("along", fig.id, round(goal[0]), round(goal[1]), round(allowance))
        cache = self.w._cache
        if key not in cache:
            res = self.table.shortest_path(base_of(fig), goal)
            if res is None:
                for r in (1.0, 2.0, 3.0):
                    q = self.table.nearest_free_point(base_of(fig), goal, r * PAS)
                    res = self.table.shortest_path(base_of(fig), q) if q is not None else None
                    if res is not None:
                        break
            cache[key] = None if res is None else _cut([fig.pos, *res[0]], allowance * 0.97)
            # the path's first corner past the figure's own place (the path may begin
            # where the figure stands): where a straight run toward the goal turns
            corners = [] if res is None else [q for q in res[0] if math.dist(q, fig.pos) >= 1.0]
            cache[("leg",) + key[1:]] = tuple(corners[0]) if corners else None
        return cache[key]

    def run_room(self, fig, heading_deg: float, length: float) -> float:
        """How far a straight run may go along ``heading_deg`` (up to ``length``) before
        the figure's base meets movement-blocking terrain (the rules refuse a run through
        it): the length, or what is left of it short of the first such piece."""
        import shapely
        from shapely.geometry import LineString, Point
        from shapely.ops import unary_union

        key = ("blocking", fig.radius)
        cache = self.w._cache
        if key not in cache:
            polys = [t.polygon() for t in self.table.terrain if "blocks_movement" in t.tags]
            cache[key] = unary_union([q.buffer(fig.radius, quad_segs=4) for q in polys]) if polys else None
        zone = cache[key]
        if zone is None or length <= 0:
            return length
        ux, uy = math.cos(math.radians(heading_deg)), math.sin(math.radians(heading_deg))
        seg = LineString([fig.pos, (fig.x + length * ux, fig.y + length * uy)])
        if not seg.intersects(zone):
            return length
        if zone.contains(seg.interpolate(0.0)):
            return length        # already touching it: the rules' own check decides
        hit = shapely.get_coordinates(seg.intersection(zone))
        first = min(seg.project(Point(c)) for c in hit)
        return max(0.0, first - 1.0)

    def first_leg(self, fig, goal, allowance: float):
        """The first corner of the shortest way to ``goal`` (a run goes straight)."""
        self.along(fig, goal, allowance)
        return self.w._cache.get(("leg", fig.id, round(goal[0]), round(goal[1]), round(allowance)))

    def _resolver(self, fig, kind: str, p, facing, allowance: float, ignore_terrain: bool = False):
        engine = self.engine

        def resolve():
            table = engine.ruleset.table_for(engine.state)
            res = table.shortest_path(base_of(fig), p, max_cost=allowance, ignore_terrain=ignore_terrain)
            if res is None:
                return None
            return Action(kind, fig.id, path=tuple(tuple(q) for q in res[0]), value=facing)
        return resolve

    def _checked(self, action: Action):
        engine = self.engine

        def resolve():
            return action if engine.check(action) is None else None
        return resolve

    # ------------------------------------------------------------------ the activation

def _edge_is_top(w: World, fig) -> bool:
    zones = (w.state.extras.get("zones") or {}).get(str(fig.side)) or []
    return not zones or (zones[0][1] + zones[0][3] / 2) * PAS <= w.state.height / 2


def _carry_goal(w: World, fig):
    """Where the carrier heads: straight for the opposing edge."""
    return (fig.x, w.state.height if _edge_is_top(w, fig) else 0.0)


def _crosses(a, b, c, r: float) -> bool:
    """The segment a-b passes within ``r`` of c."""
    ax, ay = a
    dx, dy = b[0] - ax, b[1] - ay
    L2 = dx * dx + dy * dy
    t = 0.0 if L2 <= 1e-12 else max(0.0, min(1.0, ((c[0] - ax) * dx + (c[1] - ay) * dy) / L2))
    return math.dist((ax + t * dx, ay + t * dy), c) < r


def _cut(path, length: float):
    """The point ``length`` along the polyline (its end when shorter)."""
    for a, b in zip(path, path[1:]):
        d = math.dist(a, b)
        if d >= length:
            return _toward(a, b, length)
        length -= d
    return tuple(path[-1])

