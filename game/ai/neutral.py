"""The scripted agent of neutral sides (beasts, guardians, hazards): a scenario names it for
a side (``Side.agent = "neutral"``) with its parameters in ``Side.extras["agent"]``:

- ``radius`` (mm, edge to edge): it turns on the nearest figure of any other side it can
  see within this distance (a tie drawn from its stream), attacking it when a template allows (a template listing that
  figure among its targets), else moving towards it along a legal path;
- asked to choose one of its own figures (a template with no actor listing only its
  figures, such as a secret pick), it takes the one nearest to a prey, else any;
- ``guard`` ([x, y] in mm, optional) and ``leash`` (mm): it never walks out of the leash
  round the guarded point (it attacks what comes within reach, chases no further), with no
  prey it walks back when it strayed, else holds; without a guard point it wanders to
  random reachable spots.

It decides from its side's view only (``game.core.view.side_view``), draws its randomness
from its own seeded stream (same seed, same game) and acts only through the engine's
templates (targets, ``MoveSpec`` allowance and goal, values): it never names an action
kind. Every candidate is checked by the engine; nothing legal found, it falls back on
``candidates.fallback`` (a template marked ``hints["safe"]`` first)."""
from __future__ import annotations

import math
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from game.ai import candidates
from game.core.actions import Action, ActionChoice, MoveSpec
from game.core.dice import Stream
from game.core.errors import UserError
from game.core.state import Figure, GameState
from game.core.view import side_view
from game.rulesets._shared.tables import base_of

STREAM = 211                            # the neutral agents' own dice-free stream
FRACTIONS = (1.0, 0.75, 0.5, 0.25)      # of the allowance, when a full step is refused
MIN_STEP = 2.0                          # mm: a shorter move is not worth making

# what the agent is doing, best first (also ``agent.last_reason`` after a decision)
ATTACK, APPROACH, ACTIVATE_HUNTER, RETURN, WANDER, ACTIVATE, HOLD = range(7)
REASONS = ("attack", "approach", "activate", "return", "wander", "activate", "hold")


@dataclass(frozen=True)
class NeutralParams:
    radius: float = 250.0                         # mm, edge to edge
    guard: tuple[float, float] | None = None      # mm; None: it wanders
    leash: float = 100.0                          # mm from the guard point to its centre

    @classmethod
    def from_data(cls, data: Mapping[str, Any] | None) -> NeutralParams:
        """From a side's ``extras["agent"]`` (UserError naming a bad field)."""
        data = dict(data or {})
        unknown = sorted(set(data) - {"radius", "guard", "leash"})
        if unknown:
            raise UserError(f"neutral agent: unknown parameter(s) {', '.join(unknown)} "
                            "(accepted: radius, guard, leash)")
        try:
            guard = data.get("guard")
            return cls(radius=float(data.get("radius", cls.radius)),
                       guard=None if guard is None else (float(guard[0]), float(guard[1])),
                       leash=float(data.get("leash", cls.leash)))
        except (TypeError, ValueError, IndexError, KeyError):
            raise UserError(f"neutral agent: bad parameters {data!r} (radius and leash in mm, "
                            "guard as [x, y] in mm)") from None


class NeutralAgent:
    """See the module docstring. ``params`` (a mapping as in ``Side.extras["agent"]``)
    overrides the side's own data."""

    name = "neutral"
    timed = False

    def __init__(self, seed: int = 0, params: Mapping[str, Any] | None = None):
        self.rng = Stream(seed, stream=STREAM)
        self.params = None if params is None else NeutralParams.from_data(params)
        self.last_reason: str | None = None
        self.last_prey: str | None = None

    def choose(self, engine) -> Action:
        side = engine.decider()
        view = side_view(engine.ruleset, engine.state, side)
        params = self.params or NeutralParams.from_data(view.sides[side].extras.get("agent"))
        plan = _Plan(engine, view, side, params, self.rng)
        options = sorted(plan.options(engine.legal_actions()), key=lambda o: o[:2])
        for rank, _, make in options:
            for action in make():             # made on its side's view, then checked
                if engine.check(action) is None:
                    self.last_reason = REASONS[rank]
                    self.last_prey = plan.prey_of(action.actor)
                    return action
        self.last_reason, self.last_prey = "fallback", None
        return candidates.fallback(engine)


class _Plan:
    """One decision: the prey of each figure, then the candidate actions of each template."""

    def __init__(self, engine, view: GameState, side: int, params: NeutralParams, rng: Stream):
        self.engine, self.view, self.side, self.p, self.rng = engine, view, side, params, rng
        self._prey: dict[str, tuple[Figure, float] | None] = {}
        self._attackable: set[str] = set()
        self._n = 0

    @property
    def table(self):
        """The table as the side sees it (the engine's checks place every figure on the
        shared table in between: asked anew before each use)."""
        return self.engine.ruleset.table_for(self.view)

    def mine(self, fid: str | None) -> Figure | None:
        fig = self.view.figures.get(fid) if fid else None
        return fig if fig is not None and fig.side == self.side and not fig.out else None

    def prey_of(self, fid: str | None) -> str | None:
        hunt = self.prey(self.view.figures[fid]) if self.mine(fid) else None
        return hunt[0].id if hunt else None

    def prey(self, fig: Figure) -> tuple[Figure, float] | None:
        """The nearest figure of another side it sees within the radius (ties: one it can
        attack first, then one drawn from its stream, so that no side is the tie's loser by
        its number), with its distance edge to edge."""
        if fig.id not in self._prey:
            near = []
            table = self.table
            for other in self.view.figures.values():
                if other.side == fig.side or other.out:
                    continue
                d = table.distance(fig.id, other.id)
                if d <= self.p.radius + 1e-6 and table.can_see(fig.id, other.id):
                    near.append((round(d, 1), other.id not in self._attackable, other.id, other, d))
            near.sort(key=lambda n: n[:3])
            tied = [n for n in near if n[:2] == near[0][:2]]
            best = tied[self.rng.below(len(tied))] if len(tied) > 1 else near[0] if near else None
            self._prey[fig.id] = (best[3], best[4]) if best else None
        return self._prey[fig.id]

    def options(self, choices: list[ActionChoice]) -> Iterator[tuple]:
        """(rank, tiebreak, maker) per useful template: a maker returns concrete actions
        (made when first needed, on the side's view)."""
        self._attackable = {t for c in choices for t in c.targets}
        for c in choices:
            fig = self.mine(c.actor)
            if c.hints.get("safe"):
                yield (HOLD, self._next(), lambda c=c: [self._simple(c)])
                continue
            if fig is None:
                if not c.move and not c.targets:
                    yield (ACTIVATE, self._next(), lambda c=c: [self._simple(c)])
                elif c.targets and c.max_targets == 1 and all(self.mine(t) for t in c.targets):
                    yield from self._picks(c)     # which of its figures acts (a secret pick)
                continue
            hunt = self.prey(fig)
            if hunt is not None and hunt[0].id in c.targets:
                yield (ATTACK, hunt[1], lambda c=c, fig=fig, prey=hunt[0]: self._attack(c, fig, prey))
            elif c.targets and c.min_targets > 0:
                continue                        # an action on something else: not its business
            elif c.move is not None and not c.move.goal:
                yield from self._moves(c, fig, hunt)
            elif not c.move and not c.targets:  # starting an activation, most likely
                rank = ACTIVATE_HUNTER if hunt is not None else ACTIVATE
                yield (rank, hunt[1] if hunt else self._next(), lambda c=c: [self._simple(c)])

    def _picks(self, c: ActionChoice) -> Iterator[tuple]:
        """A choice of one of its own figures: those with a prey first, the nearest to its
        prey first; then the others."""
        for t in c.targets:
            hunt = self.prey(self.view.figures[t])
            rank = ACTIVATE_HUNTER if hunt is not None else ACTIVATE
            yield (rank, hunt[1] if hunt else self._next(),
                   lambda c=c, t=t: [Action(kind=c.kind, actor=c.actor, targets=(t,), value=self._value(c))])

    def _moves(self, c: ActionChoice, fig: Figure, hunt) -> Iterator[tuple]:
        p = self.p
        if hunt is not None:
            if hunt[1] <= 1.0:
                return                          # already in contact: nothing to walk for
            yield (APPROACH, hunt[1], lambda: self._towards(c, fig, hunt[0]))
        elif p.guard is not None and math.dist(fig.pos, p.guard) > p.leash:
            yield (RETURN, math.dist(fig.pos, p.guard), lambda: self._towards(c, fig, None))
        elif p.guard is None:
            yield (WANDER, self._next(), lambda: self._wander(c, fig))

    # --- concrete actions
    def _next(self) -> float:
        self._n += 1
        return float(self._n)

    def _value(self, c: ActionChoice):
        return self.rng.choice(list(c.values)) if c.values else None

    def _simple(self, c: ActionChoice) -> Action:
        return Action(kind=c.kind, actor=c.actor, value=self._value(c),
                      targets=tuple(c.targets[:c.min_targets]))

    def _attack(self, c: ActionChoice, fig: Figure, prey: Figure) -> list[Action]:
        """The prey as the target (with more targets if the template needs them), from
        where it stands, else after a path into contact when the template moves."""
        extra = tuple(t for t in c.targets if t != prey.id)[:max(0, c.min_targets - 1)]
        targets = (prey.id,) + extra
        value = self._value(c)
        out = []
        if c.move is None or not (c.move.required or c.move.goal):
            out.append(Action(kind=c.kind, actor=c.actor, targets=targets, value=value))
        if c.move is not None:
            table = self.table
            for goal in self._contact_goals(table, fig, prey):
                res = table.shortest_path(base_of(fig), goal, max_cost=c.move.allowance,
                                          **_flags(c.move))
                if res is not None:
                    out.append(Action(kind=c.kind, actor=c.actor, targets=targets, value=value,
                                      path=tuple(tuple(q) for q in res[0])))
        return out

    @staticmethod
    def _contact_goals(table, fig: Figure, prey: Figure) -> list[tuple[float, float]]:
        pts = table.contact_points(base_of(fig), base_of(prey), n=12)
        return sorted(pts, key=lambda q: math.dist(q, fig.pos))[:3]

    def _towards(self, c: ActionChoice, fig: Figure, prey: Figure | None) -> list[Action]:
        """Along the shortest legal path towards the prey (a contact spot), else back to
        the guarded point, as far as the allowance goes (then shorter steps, in case the
        engine refuses the full one)."""
        table, move = self.table, c.move
        if prey is not None:
            goals = self._contact_goals(table, fig, prey) or [prey.pos]
        else:
            goals = [table.nearest_free_point(base_of(fig), self.p.guard, self.p.leash)
                     or self.p.guard]
        for goal in goals:
            res = table.shortest_path(base_of(fig), goal, **_flags(move))
            if res is None:
                continue
            paths = [_cut(res[0], move.allowance * frac - 0.5) for frac in FRACTIONS]
            if prey is not None and self.p.guard is not None:    # a guardian keeps its leash
                paths = [_leashed(p, self.p.guard, self.p.leash) for p in paths]
            return [self._moving(c, p) for p in paths if _length(p) >= MIN_STEP]
        return []

    def _wander(self, c: ActionChoice, fig: Figure, tries: int = 8) -> list[Action]:
        """Up to three paths to random spots within the allowance."""
        table, move = self.table, c.move
        out = []
        for _ in range(tries):
            r = move.allowance * math.sqrt(self.rng.random())
            a = self.rng.uniform(0.0, 2.0 * math.pi)
            goal = (fig.x + r * math.cos(a), fig.y + r * math.sin(a))
            res = table.shortest_path(base_of(fig), goal, max_cost=move.allowance, **_flags(move))
            if res is not None and _length(res[0]) >= MIN_STEP:
                out.append(self._moving(c, res[0]))
                if len(out) >= 3:
                    break
        return out

    def _moving(self, c: ActionChoice, path) -> Action:
        return Action(kind=c.kind, actor=c.actor, path=tuple(tuple(q) for q in path),
                      value=self._value(c))


def _flags(move: MoveSpec) -> dict:
    return {"ignore_terrain": move.ignore_terrain, "ignore_difficult": move.ignore_difficult}


def _leashed(path, guard: tuple[float, float], leash: float) -> list[tuple[float, float]]:
    """The start of a path up to where it would leave the leash round the guarded point
    (the whole path when it stays inside; its first point alone when it starts outside)."""
    out = [tuple(path[0])]
    if math.dist(path[0], guard) > leash:
        return out
    for a, b in zip(path, path[1:]):
        if math.dist(b, guard) <= leash:
            out.append(tuple(b))
            continue
        lo, hi = 0.0, 1.0                       # where the segment crosses the circle
        for _ in range(30):
            mid = (lo + hi) / 2
            p = (a[0] + (b[0] - a[0]) * mid, a[1] + (b[1] - a[1]) * mid)
            lo, hi = (mid, hi) if math.dist(p, guard) <= leash else (lo, mid)
        if lo > 1e-6:
            out.append((a[0] + (b[0] - a[0]) * lo, a[1] + (b[1] - a[1]) * lo))
        break
    return out


def _length(path) -> float:
    return sum(math.dist(a, b) for a, b in zip(path, path[1:]))


def _cut(path, length: float) -> list[tuple[float, float]]:
    """The start of a polyline, ``length`` mm long (all of it when shorter)."""
    out = [tuple(path[0])]
    left = length
    for a, b in zip(path, path[1:]):
        seg = math.dist(a, b)
        if seg >= left:
            if left > 1e-6:
                k = left / seg
                out.append((a[0] + (b[0] - a[0]) * k, a[1] + (b[1] - a[1]) * k))
            return out
        out.append(tuple(b))
        left -= seg
    return out

