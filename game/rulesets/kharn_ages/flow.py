"""The turn as actions.

Turn: sides alternate, one figure each (``activate``, any figure of the side not yet
activated this turn); a side with nobody left lets the other finish (``turns.next_side``).
Turn 1 starts with the initiative side (K-R13, settled at setup); later turns with the side
with fewer figures in play, else the side that did not make the last activation (K-R14).

Activation: the book's steps (``states.begin_activation``: lasting effects, stunned and
knocked out wear off, PA and mastery dice back), then actions paid in PA until the figure
``end``s or has nothing left to do: ``walk`` (the first free, then 1, 2, 3... PA; stops
entering an enemy zone), ``stand``, ``attack`` (a build of 1-3 characteristics on an enemy
in reach), ``assault`` (a move into contact and the activation's first attack, the stature
added), ``alert`` (1 PA: one characteristic more, free, on the next defence), ``bandage``
(2 or 4 PA against the figure's own bleeding), ``devour`` (a carnivore, free, spends the PA
it chooses on a carcass within its zone: 2 hit points each, K-R41), and the generic actions and
skills of ``generic_flow`` (detect, antidote, fire, armour, loot and food, Chef de guerre,
Sacrifice); then step 8 (``states.end_activation``). A shot may first owe the target's side a
``warn`` decision (``warning``).

Decisions owed on the way (``state.pending``, answered first): the re-roll prompts
(``roll``: ``reroll`` a die with a mastery die, ``master`` with Maître, or ``keep``), the
defender's ``defend``, the winner's ``free_move`` and ``free_attack`` (or ``skip``): see
``fight``.

State: ``state.extras["ka"]``: ``cards`` (profiles), ``done`` (figures activated this
turn), ``last`` (the side of the last activation), ``first`` (the side that began the
turn), ``initiative``, ``fight`` (the exchange running)."""
from __future__ import annotations

import math
from typing import Any

from game.core.actions import Action
from game.core.events import ActionDeclared, ActivationEnded, Moved, Note, TurnStarted
from game.core.state import GameState

from . import carcass, duel, generic, turns, warning, zones
from . import cover as CV
from . import fight as FT
from . import generic_flow as GF
from . import morale_flow as MF
from . import ranged_fight as RF
from .cards import KEY, fighter, fighters
from .casting import CAST, start_cast
from .fighter import TOISE
from .moves import action_cost, next_walk_cost, spend, stand_up
from .shooting import reload
from .spells import expire
from .states import end_activation, lasting_effects

ACTIVATE, END = "activate", "end"
WALK, STAND, ATTACK, ASSAULT, ALERT, BANDAGE = "walk", "stand", "attack", "assault", "alert", "bandage"
DEVOUR = "devour"
SHOOT, RELOAD, THROW, HIDE = "shoot", "reload", "throw", "hide"
KEEP_HIDING = (HIDE, ALERT, RELOAD, BANDAGE, *GF.KEEP_HIDING)   # a hidden figure stays hidden


def data(state: GameState) -> dict[str, Any]:
    return state.extras.setdefault(KEY, {})


def ready(state: GameState, side: int) -> list[str]:
    done = set(data(state).get("done", ()))
    return [f.id for f in state.figures_of(side) if f.id not in done]


# ------------------------------------------------------------------ turns
def start_turn(state: GameState, ctx) -> None:
    d = data(state)
    d["done"] = []
    if state.turn == 1:
        first = int(d["initiative"])
    else:
        counts = {s: len(state.figures_of(s)) for s in state.side_ids()}
        first = turns.first_side(counts, int(d.get("last", state.side_ids()[-1])))
    d["first"] = first
    state.to_act = first
    MF.turn_started(state)
    ctx.emit(TurnStarted(turn=state.turn, first_side=first))
    if not ready(state, first):
        proceed(state, ctx)


def proceed(state: GameState, ctx) -> None:
    """After an activation closed: the next side to activate, or the turn's end."""
    if state.pending or state.activation is not None or state.outcome is not None:
        return
    left = {s: len(ready(state, s)) for s in state.side_ids()}
    current = int(data(state).get("last", state.to_act))
    nxt = turns.next_side(current, left) if current in left else None
    if nxt is None and any(left.values()):
        nxt = next(s for s in state.side_ids() if left[s])
    if nxt is None:
        end_turn(state, ctx)
    else:
        state.to_act = nxt


def end_turn(state: GameState, ctx) -> None:
    from .victory import decided

    state.turn += 1
    if state.turn <= state.max_turns and decided(state) is None:
        start_turn(state, ctx)


# ------------------------------------------------------------------ activations
def activate(state: GameState, action: Action, ctx) -> None:
    fig = state.figures[action.actor]
    f = fighter(state, fig)
    data(state).setdefault("done", []).append(fig.id)
    f.status.pop("thrown", None)
    state.activation = {"side": fig.side, "figure": fig.id}
    state.to_act = fig.side
    expire(state, ctx, fig.id)                   # its spells end as it acts again (K-R94)
    if not lasting_effects(ctx, f) or fig.out:   # lasting effects may fell it first
        close(state, ctx)
        return
    MF.open_activation(state, ctx, f)            # step 4, then the refill (``Activated``)


def close(state: GameState, ctx) -> None:
    act = state.activation
    if act is None:
        return
    fig = state.figures[act["figure"]]
    if not fig.out:
        end_activation(ctx, fighter(state, fig))
    ctx.emit(ActivationEnded(side=act["side"], figures=(fig.id,)))
    data(state)["last"] = act["side"]
    state.activation = None
    proceed(state, ctx)


def after(state: GameState, ctx, has_moves) -> None:
    """Once an answer or an action has played out: the fight goes on, then the running
    activation ends when its figure fell or has nothing left to do (``has_moves``)."""
    FT.resume(state, ctx)
    if MF.resume(state, ctx):                    # morale tests waiting on a free attack
        FT.resume(state, ctx)
    state.pending[:] = [p for p in state.pending if p.figure is None or not state.figures[p.figure].out]
    _hiding(state, ctx)
    if state.pending or FT.current(state) is not None or MF.busy(state):
        return
    act = state.activation
    if act is not None:
        fig = state.figures[act["figure"]]
        if fig.out or not has_moves(state, ctx, fig.id):
            close(state, ctx)


# ------------------------------------------------------------------ actions
def perform(state: GameState, action: Action, ctx) -> None:
    """One action of the running activation (what it does; ``after`` follows)."""
    kind = action.kind
    if kind == warning.WARN:                     # the target's side answers the warning decision
        warning.answer(state, ctx, action.value)
        return
    if kind == duel.BRETTEUR:                    # decisions inside an exchange (``duel``)
        duel.answer_bretteur(state, ctx, tuple(action.values) or ((action.value,) if action.value is not None else ()))
        return
    if kind == duel.SADIQUE:
        duel.answer_sadique(state, ctx, int(action.value))
        return
    fig = state.figures[action.actor]
    f = fighter(state, fig)
    if kind not in GF.OPENING and state.activation is not None:
        state.activation["acted"] = True
    ctx.emit(ActionDeclared(figure=fig.id, action=kind, targets=action.targets))
    if kind not in KEEP_HIDING and f.status.pop(CV.HIDDEN, None):
        ctx.emit(Note(key="ka.log.unhidden", args={"who": fig.id}))
    if kind == WALK:
        cost = next_walk_cost(f)
        spend(f, cost)
        f.status["walks"] = int(f.status.get("walks", 0)) + 1
        walk_along(state, ctx, fig.id, action.path, kind, cost)
    elif kind == STAND:
        stand_up(f)
    elif kind == ALERT:
        generic.alert(f)
    elif kind == BANDAGE:
        generic.bandage(f, f, int(action.value))
    elif kind == DEVOUR:
        gain = carcass.devour(ctx, f, fighter(state, state.figures[action.target]), int(action.value))
        ctx.emit(Note(key="ka.log.devoured", args={"who": fig.id, "n": gain}))
    elif kind == ATTACK:
        MF.melee(state, ctx, fig.id, action.target, str(action.value))
    elif kind == SHOOT:
        warning.shoot(state, ctx, fig.id, action.target, str(action.value))
    elif kind == THROW:
        RF.start_throw(state, ctx, fig.id, action.target, str(action.value))
    elif kind == RELOAD:
        reload(f, f.profile.ranged)
        ctx.emit(Note(key="ka.log.reloaded", args={"who": fig.id, "left": f.pa}))
    elif kind == HIDE:
        spend(f, action_cost(f, 1))
        f.status[CV.HIDDEN] = CV.hiding_places(state, ctx.table, f)[0]
        ctx.emit(Note(key="ka.log.hidden", args={"who": fig.id, "piece": CV.kind_of(state, f.status[CV.HIDDEN])}))
    elif kind == CAST:
        start_cast(state, ctx, fig.id, action.target, str(action.value))
    elif kind in GF.KINDS:
        GF.perform(state, ctx, action)
    elif kind == ASSAULT:
        move = next_walk_cost(f)             # the attack's PA are paid by the fight
        spend(f, move)
        f.status["walks"] = int(f.status.get("walks", 0)) + 1
        f.status["assault"] = True
        then = {"kind": "melee", "att": fig.id, "dfn": action.target, "code": str(action.value), "assault": True}
        if not walk_along(state, ctx, fig.id, action.path, kind, move, then):
            MF.melee(state, ctx, fig.id, action.target, str(action.value), assault=True)


def walk_along(state: GameState, ctx, fid: str, path, mode: str, cost: int, then=None) -> bool:
    """Move along the path, stopping where it first enters a new enemy zone (K-R9); entering
    a terrifying one calls for a témérité test first (K-R18), after which ``then`` follows
    (True: the tests took it)."""
    fig = state.figures[fid]
    stop = zones.walk_stop(state, ctx.table, fighter(state, fig), list(path), fighters(state))
    pts = list(stop.path) or [fig.pos]
    start = fig.pos
    fig.x, fig.y = pts[-1]
    length = sum(math.dist(a, b) for a, b in zip([start, *pts], pts))
    ctx.emit(Moved(figure=fid, path=tuple(pts), cost=length, mode=mode))
    if stop.stopped:
        ctx.emit(Note(key="ka.log.zone_stop", args={"who": fid, "by": ", ".join(stop.entered)}))
    ctx.emit(Note(key="ka.log.paid", args={"who": fid, "pa": cost, "left": fighter(state, fig).pa,
                                          "toises": round(length / TOISE, 2)}))
    return stop.stopped and MF.entered(state, ctx, fighter(state, fig), stop.entered,
                                       MF.back_off(start, pts), then)


def free_move(state: GameState, ctx, action: Action) -> None:
    state.pending.pop()
    fig = state.figures[action.actor]
    start = fig.pos
    fig.x, fig.y = action.path[-1]
    length = sum(math.dist(a, b) for a, b in zip([start, *action.path], action.path))
    ctx.emit(Moved(figure=fig.id, path=tuple(action.path), cost=length, mode=FT.FREE_MOVE))


def free_attack(state: GameState, ctx, action: Action) -> None:
    state.pending.pop()
    ctx.emit(ActionDeclared(figure=action.actor, action=FT.FREE_ATTACK, targets=action.targets))
    FT.start(state, ctx, action.actor, action.target, str(action.value), free=True)


def free_shot(state: GameState, ctx, action: Action) -> None:
    state.pending.pop()
    ctx.emit(ActionDeclared(figure=action.actor, action=RF.FREE_SHOT, targets=action.targets))
    warning.shoot(state, ctx, action.actor, action.target, str(action.value), free=True)


def _hiding(state: GameState, ctx) -> None:
    """A hidden figure no longer touching its cover, or engaged, is seen again."""
    hidden = [f for f in state.figures.values() if f.status.get(CV.HIDDEN)]
    if not hidden:
        return
    everyone = fighters(state)
    for fig in hidden:
        if not CV.still_hidden(state, ctx.table, everyone[fig.id], everyone):
            fig.status.pop(CV.HIDDEN, None)
            ctx.emit(Note(key="ka.log.unhidden", args={"who": fig.id}))


def skip(state: GameState, ctx, action: Action) -> None:
    top = state.pending[-1].kind if state.pending else None
    if top == warning.WARN:
        warning.answer(state, ctx, None)         # nobody shouts: the shot goes on
        return
    if top == duel.BRETTEUR:
        duel.answer_bretteur(state, ctx, None)
        return
    if top == duel.SADIQUE:
        duel.answer_sadique(state, ctx, 0)
        return
    d = state.pending.pop()
    ctx.emit(Note(key=f"ka.log.skip.{d.kind}", args={"who": d.figure}))
