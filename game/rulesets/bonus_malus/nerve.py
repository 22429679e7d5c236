"""A figure's nerve on the table: Démoralisation, fleeing for good, fear and terror.

- Démoralisation (B-R8, B-R44): a group that has just lost more than half its figures (out
  of action or fled) owes a Moral test from each of the others, taken at the start of
  their next activation; failing means fleeing for good.
- Fleeing for good (B-R13): at the start of each activation, a figure that is not engaged
  runs for the nearest edge at run speed by the shortest way, leaving the table on
  reaching it; that is its whole activation. Engaged, it acts normally.
- Terror (B-R48): a figure starting its activation within 10 pas of an enemy causing
  terror (Terrifiant) tests Moral; failing, it flees that enemy the run distance straight
  away (free attacks first if engaged), which takes its whole activation.
- Fear (B-R47): a move that would end in base contact with an enemy causing fear
  (Effrayant, and Terrifiant, Démoniaque, Lycan which carry it) tests Moral first;
  failing, the figure stops where its path first comes within one pas of that enemy.

A figure that causes terror fears no terror, and one that causes fear no fear. Leaders'
auras count in every Moral test."""
from __future__ import annotations

import math
from collections.abc import Sequence

from game.core.context import RuleContext
from game.core.events import Moved, Note
from game.core.state import Figure, GameState
from game.geometry.table import Table
from game.rulesets._shared.engagement import enemies
from game.rulesets._shared.flee import Flight, flee_from, flee_to_edge
from game.rulesets._shared.tables import base_of

from . import actions as A
from . import deeds, stealth
from . import figures as F
from .effects import flags
from .morale import demoralisation_test, demoralised, morale_test

TERROR_PAS = 10.0
STOP_PAS = 1.0
BISECTIONS = 40

Point2 = tuple[float, float]


def _holds(state: GameState, ctx: RuleContext, fig: Figure) -> bool:
    return morale_test(ctx, F.fighter(fig), F.aura(state, ctx.table, fig, "moral")).success


# ------------------------------------------------------------------ Démoralisation
def after_losses(state: GameState, ctx: RuleContext) -> None:
    """After figures were lost: each group newly past half lost owes its Moral tests."""
    for sid in state.side_ids():
        side = state.sides[sid]
        group = [F.fighter(f) for f in state.figures.values() if f.side == sid]
        if side.extras.get("demoralised") or not demoralised(group):
            continue
        side.extras["demoralised"] = True
        ctx.emit(Note(key="bm.log.demoralised", args={"side": sid}))
        for f in state.figures_of(sid):
            f.status["morale_due"] = True


def at_activation_start(state: GameState, ctx: RuleContext, fig: Figure) -> bool:
    """The tests and flights due as the figure's activation starts; True when they used
    the whole activation."""
    if fig.status.get("morale_due") and not fig.status.get("morale_tested"):
        fig.status.pop("morale_due")
        held = demoralisation_test(ctx, F.fighter(fig), F.aura(state, ctx.table, fig, "moral"))
        ctx.emit(Note(key="bm.log.morale_held" if held else "bm.log.flees_for_good", args={"who": fig.id}))
    if fig.status.get("fleeing"):
        if A.engaged(state, ctx.table, fig):
            return False
        _flee_for_good(ctx, fig)
        return True
    return _terrified(state, ctx, fig)


def _flee_for_good(ctx: RuleContext, fig: Figure) -> None:
    flight = flee_to_edge(ctx.table, base_of(fig), A.move_mm(fig, A.RUN))
    _fled(ctx, fig, flight)


def _fled(ctx: RuleContext, fig: Figure, flight: Flight) -> None:
    """Place the figure where its flight ended (off the table if it got there); the flight
    takes its whole activation."""
    start = fig.pos
    fig.x, fig.y = flight.end
    pts = [start, *flight.path]
    ctx.emit(Moved(figure=fig.id, path=tuple(flight.path),
                   cost=sum(math.dist(a, b) for a, b in zip(pts, pts[1:])), mode="flee"))
    fig.status["spent"] = F.allowance(fig)[0]
    stealth.moved(ctx.table, fig)
    if flight.left_table:
        fig.out = True
        fig.status["fled"] = True
        ctx.emit(Note(key="bm.log.fled", args={"who": fig.id}))


# ------------------------------------------------------------------ terror
def causes(fig: Figure, what: str) -> bool:
    return what in flags(F.fighter(fig))


def terrors_near(state: GameState, table: Table, fig: Figure) -> list[Figure]:
    """Enemies causing terror within 10 pas (edge to edge), nearest first."""
    if causes(fig, "terror"):
        return []
    near = [(table.distance(fig.id, e.id), e.id, e) for e in enemies(state, fig) if causes(e, "terror")]
    return [e for d, _, e in sorted(near) if d <= TERROR_PAS * F.PAS + 1e-6]


def _terrified(state: GameState, ctx: RuleContext, fig: Figure) -> bool:
    near = terrors_near(state, ctx.table, fig)
    if not near:
        return False
    if _holds(state, ctx, fig):
        ctx.emit(Note(key="bm.log.terror_held", args={"who": fig.id, "by": near[0].id}))
        return False
    ctx.emit(Note(key="bm.log.terrified", args={"who": fig.id, "by": near[0].id}))
    deeds.disengage(ctx, state, ctx.table, fig)
    fig.status["spent"] = F.allowance(fig)[0]
    if not fig.out:
        _fled(ctx, fig, flee_from(ctx.table, base_of(fig), near[0].pos, A.move_mm(fig, A.RUN)))
    return True


# ------------------------------------------------------------------ fear
def feared_contacts(state: GameState, fig: Figure, end: Point2) -> list[Figure]:
    """Enemies causing fear the figure would touch at ``end`` and does not touch now."""
    if causes(fig, "fear"):
        return []
    out = []
    for e in enemies(state, fig):
        if not causes(e, "fear"):
            continue
        now = math.dist(fig.pos, e.pos) - fig.radius - e.radius
        then = math.dist(end, e.pos) - fig.radius - e.radius
        if then <= F.CONTACT_MM and now > F.CONTACT_MM:
            out.append(e)
    return out


def dare(state: GameState, ctx: RuleContext, fig: Figure, path: list[Point2]) -> list[Point2]:
    """The path a move really follows: whole, unless it ends on a frightening enemy and
    the Moral test fails (then cut one pas short of it)."""
    feared = feared_contacts(state, fig, path[-1])
    if not feared:
        return path
    if _holds(state, ctx, fig):
        ctx.emit(Note(key="bm.log.fear_held", args={"who": fig.id, "by": feared[0].id}))
        return path
    ctx.emit(Note(key="bm.log.fear_stops", args={"who": fig.id, "by": feared[0].id}))
    return stop_short(fig.pos, path, fig.radius, feared) or [fig.pos]


def stop_short(start: Point2, path: Sequence[Point2], radius: float, feared: Sequence[Figure]) -> list[Point2]:
    """The path cut where the figure first comes within one pas of a feared enemy (edge to
    edge): the points before, then that spot."""
    def too_close(p: Point2) -> bool:
        return any(math.dist(p, e.pos) - radius - e.radius < STOP_PAS * F.PAS - 1e-6 for e in feared)

    out: list[Point2] = []
    here = start
    for p in path:
        if not too_close(p):
            out.append(p)
            here = p
            continue
        lo, hi = 0.0, 1.0
        for _ in range(BISECTIONS):
            mid = (lo + hi) / 2
            q = (here[0] + (p[0] - here[0]) * mid, here[1] + (p[1] - here[1]) * mid)
            lo, hi = (mid, hi) if not too_close(q) else (lo, mid)
        out.append((here[0] + (p[0] - here[0]) * lo, here[1] + (p[1] - here[1]) * lo))
        break
    return out
