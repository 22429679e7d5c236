"""Crier / avertir (K-R112): when a figure becomes the target of a shot, a friend of it that has
it within its aura, sees the shooter and has 1 PA to spend may shout a warning, once per target
and per turn. The target's side answers a ``warn`` decision before the shot is rolled: ``warn``
(value: the friend who shouts, paying 1 PA) or ``skip``.

A warned target does not choose its defence: it makes a free two-characteristic defence (no PA,
no shield, no mastery re-roll: "a defence that cannot be changed"), the pair allowed against
that shot with the highest sum, cover and supports counted as for any defence."""
from __future__ import annotations

from itertools import combinations_with_replacement
from typing import Any

from game.core.events import Note
from game.core.state import Decision, GameState

from . import codes
from . import dice as D
from . import fight as FT
from . import generic_flow as GF
from . import morale_flow as MF
from . import ranged_fight as RF
from .attacks import doubled
from .cards import fighter
from .defence import DefenceBuild, Defended, Incoming, attack_hits, can_defend, defence_mods
from .fighter import CHARS, Fighter
from .moves import action_cost, spend
from .states import may_act

WARN = "warn"                   # the decision's kind and its answer
WARN_PA = 1


def watchers(state: GameState, table, shooter: str, target: str) -> list[str]:
    """Friends of the target who may warn it of this shot."""
    tf = fighter(state, state.figures[target])
    if tf.status.get("warned_turn") == state.turn or not can_defend(tf):
        return []
    out = []
    for fig in state.figures_of(tf.fig.side):
        if fig.id == target:
            continue
        w = fighter(state, fig)
        if may_act(w) and action_cost(w, WARN_PA) <= w.pa and MF.in_aura(w, tf.fig) \
                and table.can_see(fig.id, shooter):
            out.append(fig.id)
    return out


def shoot(state: GameState, ctx, shooter: str, target: str, code: str, *, free: bool = False) -> None:
    """A shot declared: the warning decision first when someone may shout, else the shot."""
    GF.shot_at(state, shooter, target)
    ws = watchers(state, ctx.table, shooter, target)
    if not ws:
        RF.start_shot(state, ctx, shooter, target, code, free=free)
        return
    side = state.figures[target].side
    state.pending.append(Decision(kind=WARN, side=side, figure=target, options=ws,
                                  context={"shooter": shooter, "attacker": shooter, "code": code, "free": free}))


def answer(state: GameState, ctx, watcher: str | None) -> None:
    """``watcher`` shouts (None: nobody does); then the shot goes on."""
    d = state.pending.pop()
    c: dict[str, Any] = d.context
    target = d.figure
    if watcher is not None:
        w = fighter(state, state.figures[str(watcher)])
        spend(w, action_cost(w, WARN_PA))
        state.figures[target].status["warned_turn"] = state.turn
        ctx.emit(Note(key="ka.log.warned", args={"who": w.id, "target": target, "by": c["shooter"]}))
    else:
        ctx.emit(Note(key="ka.log.skip.warn", args={"who": target}))
    RF.start_shot(state, ctx, c["shooter"], target, c["code"], free=bool(c.get("free")))
    if watcher is not None and FT.current(state) is not None:
        FT.current(state)["warned"] = str(watcher)


def best_pair(f: Fighter, inc: Incoming) -> DefenceBuild:
    """The allowed two-characteristic defence with the highest sum (one the shot used, the
    doubled one, the standard shot's lower of A and V)."""
    twice = doubled(inc.chars)
    low = min(f.char("A"), f.char("V"))
    best: tuple[int, DefenceBuild] | None = None
    for chars in combinations_with_replacement(CHARS, 2):
        if not set(chars) & set(inc.chars) or (twice is not None and twice not in chars):
            continue
        if inc.lowest_av and not any(c in ("A", "V") and f.char(c) == low for c in chars):
            continue
        s = sum(f.char(c) for c in chars)
        if best is None or s > best[0]:
            best = (s, DefenceBuild(chars))
    return best[1] if best is not None else DefenceBuild()


def warned_defence(state: GameState, ctx, fight: dict[str, Any]) -> None:
    """The warned target's free defence, rolled at once, then the shot's outcome."""
    att = fighter(state, state.figures[fight["att"]])
    dfn = fighter(state, state.figures[fight["dfn"]])
    inc = FT.incoming(att, fight)
    aroll = FT._roll_of(att, fight["a"], FT.attack_domain(fight))
    build = best_pair(dfn, inc)
    fight["chosen"], fight["paid"] = codes.defence_code(build), 0
    sit = fight["sit"]
    mods = defence_mods(dfn, build, inc, supporters=sit["foe_supporters"], foe_supporters=sit["supporters"],
                        cover=int(sit.get("cover", 0)))
    need = max(1, aroll.total - sum(v for _, v in mods))
    droll = D.close(ctx, D.open_roll(ctx, dfn, "defence", "defence", mods, need=need, against=att.id))
    ctx.emit(Note(key="ka.log.warned_defence", args={"who": dfn.id, "chars": "+".join(build.chars)}))
    FT._finish(state, ctx, fight, Defended(build, 0, droll, attack_hits(aroll, droll)))
