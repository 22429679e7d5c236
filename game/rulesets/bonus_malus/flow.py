"""The turn as actions (not registered yet).

Alternated system (the default, B-R9): every side with a figure still to play owes a
secret ``pick`` (a pending decision, hidden from the others until all have picked,
``Ruleset.conceal``); the picked figures then roll Initiative (ties rolled again) and
activate in that order, each side starting its own (``activate``, the figure due as the
only choice); then the next round of picks, until no side has a figure left and the turn
ends. The neutral side picks and rolls like the players (B-R23).

Classic system (option ``activation: classic``): one ``initiative`` action at the start of
the game rolls a D6 per side (ties rolled again) for a fixed order; each side in turn then
``activate``s its figures one by one, in the order it wants.

An activation: the figure takes actions until its allowance is spent (``nothing`` spends
one); a Héros or Légende vivante may ``end`` early and come back in a later pick with what
is left (B-R18). At its start, saves from running or crawling lapse and the figure's nerve
is tried (``nerve``: Démoralisation, fleeing for good, terror); a move ending on a
frightening enemy tests Moral first.

Decisions owed in between (pending, answered before play goes on): ``face`` (an engaged
figure that cannot keep all its enemies in front chooses whom to face, B-R42) and
``gardien`` (a guardian on alert answers an enemy coming into view, ``guard``).

State: ``state.extras["bm"]`` holds the mode, the classic order, the picks made this round
(secret) and the queue of picked figures; ``state.activation`` the running activation."""
from __future__ import annotations

import math
from typing import Any

from game.core.actions import Action
from game.core.context import RuleContext
from game.core.events import (
    ActionDeclared,
    Activated,
    ActivationEnded,
    Moved,
    Note,
    OutOfAction,
    StatusChanged,
    TurnStarted,
    Wounded,
)
from game.core.state import Decision, Figure, GameState
from game.rulesets._shared.keep import roll_level

from . import actions as A
from . import deeds, feats, guard, nerve, stealth
from . import figures as F
from .activation import action_type, initiative_order

KEY = "bm"
PICK, ORDER, ACTIVATE, FACE, GUARD = "pick", "initiative", "activate", "face", guard.DECISION
STATES = ("down", "stunned")


def data(state: GameState) -> dict[str, Any]:
    return state.extras.setdefault(KEY, {"mode": "alternate", "order": [], "picks": {}, "queue": []})


def classic(state: GameState) -> bool:
    return data(state)["mode"] == "classic"


def ready(state: GameState, side: int) -> list[str]:
    return [f.id for f in state.figures_of(side) if F.can_activate(f)]


def ready_sides(state: GameState) -> list[int]:
    return [s for s in state.side_ids() if ready(state, s)]


# ------------------------------------------------------------------ turns
def start(state: GameState, ctx: RuleContext) -> None:
    """The first decisions of a turn: the classic order roll once, else the next pick."""
    first = data(state)["order"][0] if classic(state) and data(state)["order"] else state.side_ids()[0]
    ctx.emit(TurnStarted(turn=state.turn, first_side=first))
    proceed(state, ctx)


def roll_order(state: GameState, action: Action, ctx: RuleContext) -> None:
    """Classic system: a D6 per side, highest first, ties rolled again among the tied."""
    data(state)["order"] = _order(ctx, state.side_ids())
    ctx.emit(Note(key="bm.log.order", args={"order": " > ".join(str(s) for s in data(state)["order"])}))
    state.to_act = data(state)["order"][0]
    start(state, ctx)


def _order(ctx: RuleContext, sides: list[int], depth: int = 0) -> list[int]:
    rolls = {s: roll_level(ctx, str(s), "side_order", 0).value for s in sides}
    out: list[int] = []
    for v in sorted(set(rolls.values()), reverse=True):
        tied = [s for s in sides if rolls[s] == v]
        out += _order(ctx, tied, depth + 1) if len(tied) > 1 and depth < 20 else tied
    return out


def proceed(state: GameState, ctx: RuleContext) -> None:
    """After an activation closed: the next one due, new picks, or the turn's end."""
    d = data(state)
    if state.pending:
        return                                       # a decision first (a facing)
    if classic(state):
        if not d["order"]:
            return                                   # the order roll comes first
        for side in d["order"]:
            if ready(state, side):
                state.to_act = side
                return
        end_turn(state, ctx)
        return
    while d["queue"]:
        fig = state.figures[d["queue"][0]]
        if F.can_activate(fig):
            state.to_act = fig.side                  # its side starts it (``activate``)
            return
        d["queue"].pop(0)
    sides = ready_sides(state)
    if not sides:
        end_turn(state, ctx)
        return
    for side in reversed(sides):                     # the first side in order answers first
        state.pending.append(Decision(kind=PICK, side=side, options=ready(state, side)))


def end_turn(state: GameState, ctx: RuleContext) -> None:
    for f in state.figures.values():
        F.new_turn(f)
    data(state)["queue"] = []
    state.turn += 1
    if state.turn <= state.max_turns and not over(state):
        start(state, ctx)


def over(state: GameState) -> bool:
    from .victory import decided

    return decided(state) is not None


# ------------------------------------------------------------------ picks
def pick(state: GameState, action: Action, ctx: RuleContext) -> None:
    d = state.pending.pop()
    data(state)["picks"][str(d.side)] = action.target
    ctx.emit(Note(key="bm.log.picked", args={"side": d.side}))
    if any(p.kind == PICK for p in state.pending):
        return
    picks = data(state)["picks"]
    figs = [state.figures[picks[str(s)]] for s in state.side_ids() if str(s) in picks]
    data(state)["picks"] = {}
    ctx.emit(Note(key="bm.log.revealed", args={"who": ", ".join(f.id for f in figs)}))
    if len(figs) > 1:
        extra = {f.id: F.aura(state, ctx.table, f, "initiative") for f in figs}
        order = initiative_order(ctx, [F.fighter(f) for f in figs], extra=extra)
    else:
        order = [figs[0].id]
    data(state)["queue"] = list(order)
    proceed(state, ctx)


def activate(state: GameState, action: Action, ctx: RuleContext) -> None:
    """A side starts one of its figures: the next picked one (alternated system), or any
    it has left (classic system). Every activation is so started by its own side."""
    queue = data(state)["queue"]
    if queue and queue[0] == action.actor:
        queue.pop(0)
    open_activation(state, ctx, action.actor)


# ------------------------------------------------------------------ activations
def open_activation(state: GameState, ctx: RuleContext, fid: str) -> None:
    fig = state.figures[fid]
    fig.status["activations"] = int(fig.status.get("activations", 0)) + 1
    state.activation = {"side": fig.side, "figure": fid, "origin": fig.pos}
    state.to_act = fig.side
    if fig.status["activations"] == 1:
        ctx.emit(Activated(side=fig.side, figures=(fid,), actions=F.actions_left(fig)))
    else:                                            # a hero coming back (B-R18)
        ctx.emit(Note(key="bm.log.resumes", args={"who": fid, "n": F.actions_left(fig)}))
    for key in ("ran", "crawled", "move_saves", "alert"):
        fig.status.pop(key, None)
    deeds.end_lent_saves(state, fid)
    state.activation["watched"] = guard.watching(state, ctx.table, fig)
    if nerve.at_activation_start(state, ctx, fig):
        close(state, ctx)


def close(state: GameState, ctx: RuleContext) -> None:
    act = state.activation
    if act is None:
        return
    ctx.emit(ActivationEnded(side=act["side"], figures=(act["figure"],)))
    guard.ask(state, ctx.table, act["figure"], act.get("watched", []))
    if act.get("prayer"):                               # the prayer's bonus ends with it
        levels = state.figures[act["figure"]].status.setdefault("turn_levels", {})
        levels["all"] = int(levels.get("all", 0)) - act["prayer"]
    state.activation = None
    ask_facing(state, ctx)
    proceed(state, ctx)


def end_early(state: GameState, action: Action, ctx: RuleContext) -> None:
    close(state, ctx)


def act(state: GameState, action: Action, ctx: RuleContext) -> None:
    """One action of the running activation."""
    fig = state.figures[action.actor]
    cost = feats.cost(fig, action)
    perform(state, action, ctx)
    fig.status["spent"] = int(fig.status.get("spent", 0)) + (cost or action_type(action.kind)[1])
    # a charge taken with both actions is a run for the no-repeat rule (B-R57)
    done = A.RUN if cost == 2 else A.type_key(action.kind, action.value)
    fig.status.setdefault("done", []).append(done)
    ask_facing(state, ctx)
    if fig.out or F.actions_left(fig) <= 0 or fig.status.get("stunned"):
        close(state, ctx)


def react(state: GameState, action: Action, ctx: RuleContext) -> None:
    """A guardian's answer (B-R17): one action, which ends its alert, or ``wait``."""
    d = state.pending.pop()
    fig = state.figures[d.figure]
    fig.status.pop("reacting", None)
    if action.kind == A.WAIT:
        ctx.emit(Note(key="bm.log.guard_waits", args={"who": fig.id}))
    else:
        fig.status.pop("alert", None)
        ctx.emit(Note(key="bm.log.guard_acts", args={"who": fig.id, "target": d.context["intruder"]}))
        perform(state, action, ctx)
        ask_facing(state, ctx)
    if not state.pending and state.activation is None:
        proceed(state, ctx)


def perform(state: GameState, action: Action, ctx: RuleContext) -> None:
    """What an action does on the table (its bookkeeping is the caller's)."""
    fig = state.figures[action.actor]
    table = ctx.table
    kind = action.kind
    ctx.emit(ActionDeclared(figure=fig.id, action=kind, targets=action.targets))
    aimed = kind == A.AIM
    if kind in A.MOVES:
        _move(state, ctx, fig, action)
    elif kind == A.STAND:
        fig.status.pop("down", None)
    elif kind == A.AIM:
        fig.status["aimed"] = True
    elif kind in A.SHOTS:
        if kind == A.PRECISE:
            fig.status["aimed"] = True                  # a precise shot is an aimed one
        deeds.shoot_action(ctx, state, table, fig, [state.figures[t] for t in action.targets], str(action.value),
                           precise=kind == A.PRECISE)
    elif kind == A.AID:
        deeds.first_aid(ctx, fig, state.figures[action.target])
    elif kind == A.PRAYER:
        if deeds.pray(ctx, fig) and state.activation is not None:
            state.activation["prayer"] = int(A.attribute_actions(fig)[A.PRAYER].get("bonus", 1))
    elif kind == A.GUARD:
        fig.status["alert"] = True
    elif kind == A.FIGHT:
        deeds.fight(ctx, state, table, fig, state.figures[action.target])
    elif kind == A.PSI:
        deeds.use_power(ctx, state, table, fig, state.figures[action.target], str(action.value))
    elif feats.owns(fig, kind):
        feats.perform(ctx, state, table, fig, action)
    if not aimed:
        fig.status.pop("aimed", None)


def ask_facing(state: GameState, ctx: RuleContext) -> None:
    """Turn the engaged figures (who lose Furtif's cover, B-R56); a figure that cannot keep
    all its enemies in front leaves its side a ``face`` decision (which enemy to turn to),
    answered before play goes on."""
    stealth.expose_engaged(state, ctx.table)
    for fid, foes in reversed(A.face_engaged(state, ctx.table)):
        state.pending.append(Decision(kind=FACE, side=state.figures[fid].side, figure=fid, options=foes))


def face(state: GameState, action: Action, ctx: RuleContext) -> None:
    d = state.pending.pop()
    fig = state.figures[d.figure]
    A.face_towards(state, ctx.table, fig, state.figures[action.target])
    ctx.emit(StatusChanged(figure=fig.id, status="facing", value=fig.facing))
    if not state.pending and state.activation is None:
        proceed(state, ctx)


def _move(state: GameState, ctx: RuleContext, fig: Figure, action: Action) -> None:
    move_figure(state, ctx, fig, action, action.kind)


def move_figure(state: GameState, ctx: RuleContext, fig: Figure, action: Action, mode: str) -> None:
    """A move of the figure's own along the action's path, as ``mode`` (move, run, crawl,
    zigzag, leap): disengaging first (B-R40), fear and unseen enemies cutting it short
    (B-R47, B-R56), its facing (chosen, or the way a straight move went, or toward the
    enemy charged), its saves, then a backstab on an enemy whose rear it reached (B-R58)."""
    table = ctx.table
    if A.engaged(state, table, fig):
        deeds.disengage(ctx, state, table, fig)
        if fig.out:
            return
    start = fig.pos
    before = {e.id for e in A.engaged(state, table, fig)}
    path = [tuple(p) for p in action.path]
    end = path[-1]
    path = nerve.dare(state, ctx, fig, path)
    origin = tuple(state.activation["origin"]) if state.activation and state.activation.get("figure") == fig.id \
        else fig.pos
    hidden = stealth.unseen_stops(state, table, fig, origin, path[-1])
    if hidden:
        ctx.emit(Note(key="bm.log.unseen_stops", args={"who": fig.id}))
        path = nerve.stop_short(fig.pos, path, fig.radius, hidden) or [fig.pos]
    fig.x, fig.y = path[-1]
    if mode in A.STRAIGHT:
        fig.facing = math.degrees(math.atan2(end[1] - start[1], end[0] - start[0])) % 360.0
    elif isinstance(action.value, (int, float)):
        fig.facing = float(action.value) % 360.0
    elif action.target in state.figures:
        t = state.figures[action.target].pos
        fig.facing = math.degrees(math.atan2(t[1] - fig.y, t[0] - fig.x)) % 360.0
    if mode == A.RUN:
        fig.status["ran"] = True
    elif mode == A.ZIGZAG:
        fig.status["move_saves"] = {A.ZIGZAG: int(A.attribute_actions(fig)[A.ZIGZAG].get("save", -1))}
    elif mode == A.CRAWL:
        fig.status["crawled"] = True
    pts = [start, *path]
    ctx.emit(Moved(figure=fig.id, path=tuple(path), cost=sum(math.dist(a, b) for a, b in zip(pts, pts[1:])),
                   mode=mode))
    table = ctx.table                     # asked again: the figure has moved
    stealth.moved(table, fig)
    deeds.backstab(ctx, state, table, fig, before)


# ------------------------------------------------------------------ what changed
def snapshot(state: GameState) -> dict[str, tuple]:
    return {f.id: (f.vitality, f.out, tuple(bool(f.status.get(s)) for s in STATES))
            for f in state.figures.values()}


def report(state: GameState, ctx: RuleContext, before: dict[str, tuple]) -> None:
    """Wounds, falls and states an action changed, as events; then the Démoralisation of
    the groups that lost figures (``nerve.after_losses``)."""
    lost = False
    for fid, (vit, out, flags) in before.items():
        f = state.figures[fid]
        if f.vitality < vit:
            ctx.emit(Wounded(figure=fid, amount=vit - f.vitality, vitality=f.vitality))
        if f.out and not out:
            lost = True
            if not f.status.get("fled"):
                ctx.emit(OutOfAction(figure=fid))
        for name, was in zip(STATES, flags):
            now = bool(f.status.get(name))
            if now != was and not f.out:
                ctx.emit(StatusChanged(figure=fid, status=name, value=now))
    if lost:
        nerve.after_losses(state, ctx)
