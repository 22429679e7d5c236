"""Dragging a figure: a pymunk space where the dragged base slides around terrain and
other bases (a kinematic control body pulls it through a pivot joint, so it cannot tunnel
through walls). Pymunk only proposes the trail; the engine validates the final path."""
from __future__ import annotations

import math

import pymunk
from shapely.geometry import Polygon
from shapely.ops import triangulate


class FigureDrag:
    def __init__(self, state, fid: str, ignore_terrain: bool = False, visible=None):
        fig = state.figures[fid]
        self.fid = fid
        self.space = pymunk.Space()
        self.space.gravity = (0, 0)
        self.space.damping = 0.01
        self.space.collision_slop = 0.05   # mm of overlap tolerated (default 0.1)
        static = self.space.static_body
        w, h = state.width, state.height
        edges = [((0, 0), (w, 0)), ((w, 0), (w, h)), ((w, h), (0, h)), ((0, h), (0, 0))]
        for a, b in edges:
            self.space.add(pymunk.Segment(static, a, b, 1.0))
        if not ignore_terrain:
            for piece in state.terrain:
                if "blocks_movement" not in piece.tags or len(piece.points) < 3:
                    continue
                poly = Polygon(piece.points)
                # pymunk.Poly takes the convex hull: decompose non-convex pieces
                parts = [poly] if poly.convex_hull.area - poly.area < 1e-6 else \
                    [t for t in triangulate(poly) if t.representative_point().within(poly)]
                for part in parts:
                    self.space.add(pymunk.Poly(static, list(part.exterior.coords)[:-1]))
        for other in state.figures.values():
            if other.out or other.id == fid or (visible is not None and other.id not in visible):
                continue   # a base the player cannot see must not push the figure away
            self.space.add(pymunk.Circle(static, other.radius, (other.x, other.y)))
        self.body = pymunk.Body(1.0, float("inf"))
        self.body.position = fig.pos
        self.shape = pymunk.Circle(self.body, fig.radius - 0.3)
        self.shape.friction = 0.0
        self.control = pymunk.Body(body_type=pymunk.Body.KINEMATIC)
        self.control.position = fig.pos
        joint = pymunk.PivotJoint(self.control, self.body, (0, 0), (0, 0))
        joint.max_bias = 30000.0
        joint.max_force = 1e7
        self.space.add(self.body, self.shape, self.control, joint)
        self.trail: list[tuple[float, float]] = [fig.pos]

    def pull(self, target: tuple[float, float], dt: float = 1 / 60, steps: int = 6) -> None:
        self.control.position = target
        for _ in range(steps):
            self.space.step(dt / steps)
        p = (float(self.body.position.x), float(self.body.position.y))
        if math.dist(p, self.trail[-1]) > 2.0:
            self.trail.append(p)

    def settle(self, target: tuple[float, float], rounds: int = 40) -> None:
        """On release: let the base catch up with the cursor (or stop against an obstacle)."""
        last = self.position
        for _ in range(rounds):
            self.pull(target)
            p = self.position
            if math.dist(p, target) < 0.5 or math.dist(p, last) < 0.05:
                break
            last = p

    @property
    def position(self) -> tuple[float, float]:
        return float(self.body.position.x), float(self.body.position.y)

    def path(self, tolerance: float = 3.0) -> tuple[tuple[float, float], ...]:
        """The trail simplified (the start stays exact)."""
        from shapely.geometry import LineString

        pts = self.trail + [self.position]
        if len(pts) < 2 or math.dist(pts[0], pts[-1]) < 1.0:
            return ()
        line = LineString(pts).simplify(tolerance, preserve_topology=False)
        out = [tuple(p) for p in line.coords]
        out[0] = pts[0]
        return tuple(out)


def play_drop(scene, drag: FigureDrag) -> None:
    """The dragged figure is dropped: play its trail, else a real path to that spot, else
    to the nearest free spot; the engine checks each and the first legal one is played."""
    from game.core.text import refusal_text, t
    from game.rulesets._shared.tables import base_of
    from game.ui.intent import farthest_legal, first_legal, route, simple, table_of

    ctl = scene.controller
    choice = scene.drag_choice
    path = drag.path()
    if not path:
        return
    ctl.mode = None
    engine = scene.session.engine
    # a move that ends with a facing: find the path with any facing, then ask for the facing
    facing = choice.gather == "facing" and bool(choice.values)
    probe = {"value": choice.values[0]} if facing else {}
    tries = [simple(choice, path=path, **probe)]
    goals = [path[-1]]
    fig = engine.state.figures[choice.actor]
    others = ctl.others(fig.id)
    free = table_of(engine).nearest_free_point(base_of(fig), path[-1], fig.radius * 2,
                                               others=others)
    if free is not None:
        goals.append(tuple(free))
    routes = []
    for goal in goals:
        routed = route(engine, choice.actor, [goal], choice.move, others)
        if routed is not None:
            tries.append(simple(choice, path=routed[0], **probe))
            routes.append(routed[0])
    action, why = first_legal(engine, tries)
    if action is not None:
        if facing:
            _then_face(ctl, choice, action.path)
        else:
            ctl.play(action)
        return
    # beyond the allowance: as far as the rules allow along the route (else the trail)
    for p in routes + [path]:
        shorter = farthest_legal(engine, choice, p, **probe)
        if shorter is not None and facing:
            _then_face(ctl, choice, shorter.path)
            return
        if shorter is not None and ctl.play(shorter):
            ctl.say(t("ui.move_clamped", scene.app.lang))
            return
    ctl.say(refusal_text(why, scene.app.lang), refused=True)


def _then_face(ctl, choice, path) -> None:
    """After dropping a figure whose move ends with a facing: the path is kept and the
    player points the facing from its end."""
    from game.core.text import t
    from game.ui.controller import Mode

    ctl.mode = Mode(choice, "facing", path=tuple(tuple(p) for p in path))
    ctl.say(t(ctl.presentation.input_hint(choice, "facing"), ctl.lang))
