"""Deployment in alternating phases decided by Volonté tests, with its two distance limits
(nearer than the mist to a companion, farther than the mist from every enemy), and the
choice of the fighter each side designates for a Volonté test.

Game options (both default to "auto", so headless games need no decision):
- ``"deployment": "auto" | "choose"``: "auto" places every fighter at setup (seeded); with
  "choose" the players deploy through decisions.
- ``"designation": "auto" | "choose"``: "auto" designates the fighter with the best
  Volonté; with "choose" each side designates its fighter for the hand test of every turn
  (and for the deployment tests when deployment is "choose").

Decision templates (``legal_actions`` while such a decision is pending; ``check`` refuses
a placement that breaks a limit with a readable reason):
- ``designate``: ``ActionChoice("designate", None, targets=<the side's candidates>,
  min_targets=1, hints={"test": "hand" | "deploy"})``; answer
  ``Action("designate", targets=(fighter,))``. Side 1 designates first, then side 2.
- ``deploy_order``: the winner of a deployment test; ``values=("place", "impose")``:
  place its designated fighter now, or make the opponent place its own first; hints
  ``{"safe": True, "designated": {"1": id, "2": id}}``.
- ``deploy``, two templates per fighter the side may place now (its designated fighter
  during the alternating phases; any undeployed one once the other side is done):
  * explicit: ``ActionChoice("deploy", fighter, values=FACINGS (degrees), move=MoveSpec(
    allowance=<reaches the whole zone>, required=True, ignore_terrain=True))``; the last
    point of ``path`` is where the base's centre goes, ``value`` its facing. Hints:
    ``{"zones": [[x0, y0, x1, y1], ...] (mm), "mist": mm, "near": [companion ids placed],
    "far": [enemy ids placed]}``: the base must lie inside a zone, on open ground, overlap
    nobody, be nearer than ``mist`` to a placed companion (if any) and farther than
    ``mist`` from every placed enemy.
  * automatic: ``ActionChoice("deploy", fighter, hints={"safe": True, "auto": True})``:
    ``Action("deploy", fighter)`` with no path lets the game pick a legal spot.
While a fighter waits to be deployed it is off the table: ``out`` with the status
``undeployed`` (not targetable, not seen, no base on the table)."""
from __future__ import annotations

import math

from shapely.geometry import Polygon, box

from game.core.actions import Action, ActionChoice, MoveSpec
from game.core.context import RuleContext
from game.core.dice import Stream
from game.core.errors import Refusal, UserError
from game.core.events import Moved, Note
from game.core.state import Decision, Figure, GameState
from game.geometry.shapes import Base
from game.rulesets._shared.aptitude import pool, roll_aptitude
from game.rulesets.mortebrume import stats
from game.rulesets.mortebrume.stats import CM

MODES = ("auto", "choose")
ORDER = ("place", "impose")


def mode(options: dict, key: str) -> str:
    value = str(options.get(key) or "auto")
    if value not in MODES:
        raise UserError(f"option '{key}': expected one of {', '.join(MODES)}, got '{value}'")
    return value


def choosing(state: GameState, key: str) -> bool:
    return state.extras.get(key) == "choose"


# --------------------------------------------------------------------------- placement


def _zones(state: GameState, side: int) -> list[Polygon]:
    return [box(*z) for z in state.extras["zones"][str(side)]]


def _placed(state: GameState) -> list[Figure]:
    return [f for f in state.figures.values() if not f.out]


def undeployed(state: GameState, side: int) -> list[Figure]:
    return sorted((f for f in state.figures_of(side, alive=False) if f.status.get("undeployed")),
                  key=lambda f: (-stats.will(f), f.id))


def refusal(state: GameState, table, fig: Figure, b: Base, relaxed: bool = False) -> Refusal | None:
    """Why the base cannot stand there (zone, ground, overlap, the two limits), or None."""
    poly = b.polygon()
    if not any(z.buffer(stats.EPS).contains(poly) for z in _zones(state, fig.side)):
        return Refusal("mb.refused.deploy_zone")
    if not table.on_table(b) or table.in_blocking_terrain(b):
        return Refusal("mb.refused.deploy_ground")
    placed = _placed(state)
    if any(table.distance(b, o.id) < 0.5 * CM for o in placed):
        return Refusal("mb.refused.deploy_overlap")
    mist = stats.mist_radius(state)
    friends = [table.distance(b, o.id) for o in placed if o.side == fig.side]
    foes = [table.distance(b, o.id) for o in placed if o.side != fig.side]
    if friends and not relaxed and min(friends) >= mist:
        return Refusal("mb.refused.deploy_companion", {"cm": round(mist / CM)})
    if foes and min(foes) <= mist:
        return Refusal("mb.refused.deploy_enemy", {"cm": round(mist / CM)})
    return None


def auto_spot(state: GameState, table, fig: Figure, s: Stream) -> Base:
    """A seeded legal spot in the side's zones; in a very crowded zone the companion limit
    is relaxed first, then (last resort) the enemy limit."""
    zones = _zones(state, fig.side)
    centre = (state.width / 2, state.height / 2)
    last = None
    for attempt in range(600):
        zone = zones[s.below(len(zones))]
        x0, y0, x1, y1 = zone.bounds
        r = fig.size * 0.75
        if x1 - x0 < 2 * r or y1 - y0 < 2 * r:
            continue
        x, y = s.uniform(x0 + r, x1 - r), s.uniform(y0 + r, y1 - r)
        face = math.degrees(math.atan2(centre[1] - y, centre[0] - x)) % 360.0
        b = Base(id=fig.id, x=x, y=y, size=fig.size, shape="square", facing=face)
        why = refusal(state, table, fig, b, relaxed=attempt > 400)
        if why is None:
            return b
        if attempt >= 590 and why.code == "mb.refused.deploy_enemy":
            last = b
    if last is not None:
        return last
    raise UserError(f"no room to deploy {fig.name} in side {fig.side}'s zone")


def set_down(state: GameState, fig: Figure, b: Base) -> None:
    fig.x, fig.y, fig.facing = b.x, b.y, b.facing
    fig.out = False
    fig.status.pop("undeployed", None)


def will_test(s: Stream, fig: Figure) -> tuple[int, bool]:
    """A Volonté test rolled from the setup stream: (total, automatic failure)."""
    n, sides = pool(stats.will(fig))
    faces = [1 + s.below(sides) for _ in range(n)]
    return stats.will(fig) + sum(faces), all(f == 1 for f in faces)


def deploy_all(state: GameState, s: Stream) -> None:
    """Automatic deployment: each side designates its undeployed fighter of best Volonté,
    both test Volonté (ties and double automatic failures rolled again); the winner makes
    the loser place first."""
    from game.rulesets._shared.tables import table_for
    from game.rulesets.mortebrume.flow import volonte_winner

    while undeployed(state, 1) or undeployed(state, 2):
        todo = {side: undeployed(state, side) for side in (1, 2)}
        if todo[1] and todo[2]:
            win = None
            for _ in range(50):
                win = volonte_winner(will_test(s, todo[1][0]), will_test(s, todo[2][0]))
                if win is not None:
                    break
            side = 3 - (win or 1)  # the winner has the loser place first
        else:
            side = 1 if todo[1] else 2
        fig = todo[side][0]
        set_down(state, fig, auto_spot(state, table_for(state), fig, s))


def park(state: GameState, zones: dict[int, list[list[float]]]) -> None:
    """Every fighter starts off the table, waiting at its zone's centre."""
    state.extras["zones"] = {str(s): z for s, z in zones.items()}
    for f in state.figures.values():
        x0, y0, x1, y1 = zones[f.side][0]
        f.x, f.y = (x0 + x1) / 2, (y0 + y1) / 2
        f.facing = math.degrees(math.atan2(state.height / 2 - f.y, state.width / 2 - f.x)) % 360
        f.out = True
        f.status["undeployed"] = True


# --------------------------------------------------------------------------- decisions


def next_phase(state: GameState, ctx: RuleContext) -> None:
    """The next decision of the chosen deployment, or the first turn once everybody is on
    the table."""
    from game.rulesets.mortebrume import flow

    todo = {side: undeployed(state, side) for side in (1, 2)}
    info = state.extras["deploy"]
    if not todo[1] and not todo[2]:
        del state.extras["deploy"]
        flow.begin_turn(state, ctx)
        return
    if not (todo[1] and todo[2]):
        side = 1 if todo[1] else 2
        state.pending.append(Decision(kind="deploy", side=side, options=[f.id for f in todo[side]]))
        return
    need = [side for side in (1, 2) if info["designated"].get(str(side)) is None]
    if need and choosing(state, "designation"):
        for side in reversed(need):
            state.pending.append(Decision(kind="designate", side=side,
                                          options=[f.id for f in todo[side]],
                                          context={"test": "deploy"}))
        return
    for side in need:
        info["designated"][str(side)] = todo[side][0].id
    _deploy_test(state, ctx)


def _deploy_test(state: GameState, ctx: RuleContext) -> None:
    champs = {side: state.figures[state.extras["deploy"]["designated"][str(side)]] for side in (1, 2)}
    from game.rulesets.mortebrume.flow import volonte_winner

    win = None
    for _ in range(30):
        r = {s: roll_aptitude(ctx, f.id, "deploy", stats.will(f)) for s, f in champs.items()}
        win = volonte_winner((r[1].total, r[1].fumble), (r[2].total, r[2].fumble))
        if win is not None:
            break
    win = win or 1
    ctx.emit(Note(key="mb.note.deploy_test", args={"side": win}))
    state.pending.append(Decision(kind="deploy_order", side=win, options=list(ORDER)))


def _to_place(state: GameState, side: int) -> None:
    fid = state.extras["deploy"]["designated"][str(side)]
    state.pending.append(Decision(kind="deploy", side=side, options=[fid]))


def designate(state: GameState, action: Action, ctx: RuleContext) -> None:
    from game.rulesets.mortebrume import flow

    d = state.pending.pop()
    ctx.emit(Note(key="mb.note.designated", args={"side": d.side}))
    if d.context.get("test") == "hand":
        state.extras.setdefault("designated", {})[str(d.side)] = action.target
        if not any(p.kind == "designate" for p in state.pending):
            champs = {s: state.figures[state.extras["designated"][str(s)]] for s in (1, 2)}
            state.extras.pop("designated")
            flow.hand_test(state, ctx, champs)
        return
    state.extras["deploy"]["designated"][str(d.side)] = action.target
    if not any(p.kind == "designate" for p in state.pending):
        _deploy_test(state, ctx)


def order(state: GameState, action: Action, ctx: RuleContext) -> None:
    d = state.pending.pop()
    side = d.side if action.value == "place" else 3 - d.side
    ctx.emit(Note(key=f"mb.note.deploy_{action.value}", args={"side": d.side}))
    _to_place(state, side)


def deploy(state: GameState, action: Action, ctx: RuleContext) -> None:
    state.pending.pop()
    fig = state.figures[action.actor]
    if action.path:
        x, y = action.path[-1]
        b = Base(id=fig.id, x=x, y=y, size=fig.size, shape="square", facing=float(action.value))
    else:
        n = sum(1 for f in state.figures.values() if not f.status.get("undeployed"))
        b = auto_spot(state, ctx.table, fig, Stream(state.seed, stream=40 + n))
    set_down(state, fig, b)
    ctx.emit(Moved(figure=fig.id, path=((b.x, b.y),), cost=0.0, mode="deploy"))
    info = state.extras["deploy"]["designated"]
    if info.get(str(fig.side)) == fig.id:
        info[str(fig.side)] = None  # the side designates a new fighter; the other keeps its own
    next_phase(state, ctx)


def check(state: GameState, action: Action, ctx: RuleContext) -> Refusal | None:
    if not action.path:
        return None
    fig = state.figures[action.actor]
    x, y = action.path[-1]
    b = Base(id=fig.id, x=x, y=y, size=fig.size, shape="square", facing=float(action.value))
    return refusal(state, ctx.table, fig, b)


def choices(state: GameState, d: Decision) -> list[ActionChoice]:
    if d.kind == "designate":
        return [ActionChoice("designate", None, targets=tuple(d.options), min_targets=1, input="secret",
                             hints={"test": d.context.get("test")})]
    if d.kind == "deploy_order":
        return [ActionChoice("deploy_order", None, values=tuple(d.options),
                             hints={"safe": True,
                                    "designated": dict(state.extras["deploy"]["designated"])})]
    zones = state.extras["zones"][str(d.side)]
    placed = _placed(state)
    hints = {"zones": [list(z) for z in zones], "mist": stats.mist_radius(state),
             "near": [f.id for f in placed if f.side == d.side],
             "far": [f.id for f in placed if f.side != d.side]}
    out = []
    for fid in d.options:
        pos = state.figures[fid].pos
        reach = max(math.dist(pos, c) for z in zones for c in ((z[0], z[1]), (z[2], z[3]),
                                                                 (z[0], z[3]), (z[2], z[1])))
        out.append(ActionChoice("deploy", fid, values=tuple(stats.FACINGS), input="placement",
                                move=MoveSpec(allowance=reach, required=True, ignore_terrain=True),
                                hints=hints))
        out.append(ActionChoice("deploy", fid, hints={"safe": True, "auto": True}))
    return out
