"""Turns and "la main": each turn both sides test Volonté for the hand; the holder activates
one of its fighters or makes the opponent activate one, then the hand passes. A special
success gives two choices in a row; a side with nobody left lets the other finish."""
from __future__ import annotations

from game.core.actions import Action
from game.core.context import RuleContext
from game.core.events import Activated, ActivationEnded, Note, StatusChanged, TurnStarted
from game.core.state import Decision, Figure, GameState
from game.rulesets._shared.aptitude import roll_aptitude
from game.rulesets.mortebrume import stats

PRIORITY = ("first", "second")
TURN_STATUS = ("activated", "hurt", "hindered", "stunned", "ward", "dodged", "destiny_used",
               "inspired", "struck", "reserved_used", "weapon", "spent")


def can_activate(fig: Figure) -> bool:
    return not fig.out and not fig.status.get("activated") and not fig.status.get("stunned")


def activatable(state: GameState, side: int) -> list[Figure]:
    return [f for f in state.figures_of(side) if can_activate(f)]


def start(state: GameState, action: Action, ctx: RuleContext) -> None:
    """activate: the chosen fighter's activation begins."""
    fig = state.figures[action.actor]
    fig.status["activated"] = True
    state.activation = {"side": fig.side, "fig": fig.id, "spent": 0.0, "acted": False,
                        "ran": False, "moved_before": False, "moved_after": False,
                        "turned": False, "allowance": stats.walk(fig), "min_left": stats.MIN_MOVE
                        if stats.can_walk(fig) else 0.0}
    ctx.emit(Activated(side=fig.side, figures=(fig.id,), actions=1))


def impose(state: GameState, action: Action, ctx: RuleContext) -> None:
    """The hand makes the opponent activate a fighter of its choice."""
    other = state.other_side(state.extras["main"])
    state.extras["imposed"] = True
    state.to_act = other
    ctx.emit(Note(key="mb.note.imposed", args={"side": state.extras["main"], "other": other}))


def end_activation(state: GameState, ctx: RuleContext) -> None:
    act = state.activation
    if act is None:
        return
    if release_owed(state, closing=True):  # the riposting fighter moves before the hand passes
        act["closing"] = True
        return
    state.activation = None
    ctx.emit(ActivationEnded(side=act["side"], figures=(act["fig"],)))
    pass_hand(state, ctx)


def pass_hand(state: GameState, ctx: RuleContext) -> None:
    """After an activation: the hand passes (unless a second choice was won); a side with
    nobody left lets the other finish; nobody left at all starts a new turn."""
    holder = state.extras["main"]
    state.extras["imposed"] = False
    if state.extras.get("bonus", 0) > 0:
        state.extras["bonus"] -= 1
        nxt = holder
    else:
        nxt = state.other_side(holder)
    if not activatable(state, nxt):
        nxt = state.other_side(nxt)
    if not activatable(state, nxt):
        new_turn(state, ctx)
        return
    state.extras["main"] = nxt
    state.to_act = nxt


def new_turn(state: GameState, ctx: RuleContext) -> None:
    """The end of a turn (its scoring), then the next one, unless the scoring won the game:
    a game won at the end of turn N stays in turn N (no hand test for a turn never played)."""
    from game.rulesets.mortebrume import victory

    end_of_turn_scoring(state, ctx)
    if victory.outcome(state) is not None:
        return
    state.turn += 1
    for f in state.figures.values():
        for key in TURN_STATUS:
            f.status.pop(key, None)
    if state.turn > state.max_turns:
        state.extras["turn_limit"] = True
        ctx.emit(Note(key="mb.note.turn_limit", args={"turns": state.max_turns}))
        return
    begin_turn(state, ctx)


def end_of_turn_scoring(state: GameState, ctx: RuleContext) -> None:
    from game.rulesets.mortebrume import victory

    victory.score_turn(state, ctx)


def begin_turn(state: GameState, ctx: RuleContext) -> None:
    """Destiny points, then the Volonté test for the hand between the fighters the sides
    designate (the best Volonté, unless the ``designation`` option lets them choose)."""
    for side in (1, 2):
        state.extras["destiny"][str(side)] += 1
    champs = {}
    for side in (1, 2):
        figs = sorted(activatable(state, side), key=lambda f: (-stats.will(f), f.id))
        if figs:
            champs[side] = figs[0]
    if len(champs) < 2:
        holder = next(iter(champs), 1)
        state.extras.update({"main": holder, "bonus": 0, "imposed": False})
        state.to_act = holder
        if champs:
            ctx.emit(TurnStarted(turn=state.turn, first_side=holder))
        else:
            new_turn(state, ctx)
        return
    if state.extras.get("designation") == "choose":
        for side in (2, 1):  # side 1 designates first
            state.pending.append(Decision(kind="designate", side=side,
                                          options=[f.id for f in activatable(state, side)],
                                          context={"test": "hand"}))
        return
    hand_test(state, ctx, champs)


def volonte_winner(one: tuple[int, bool], two: tuple[int, bool]) -> int | None:
    """The side winning an opposed Volonté test from each side's (total, automatic failure):
    an automatic failure loses to any other roll; a tie or two automatic failures: None
    (rolled again)."""
    (t1, f1), (t2, f2) = one, two
    if f1 != f2:
        return 2 if f1 else 1
    if f1 or t1 == t2:
        return None
    return 1 if t1 > t2 else 2


def hand_test(state: GameState, ctx: RuleContext, champs: dict[int, Figure]) -> None:
    """Both designated fighters test Volonté; ties and double automatic failures are rolled
    again, a single automatic failure loses; the winner's special success: two choices."""
    win = None
    for _ in range(30):
        r = {s: roll_aptitude(ctx, f.id, "hand", stats.will(f)) for s, f in champs.items()}
        win = volonte_winner((r[1].total, r[1].fumble), (r[2].total, r[2].fumble))
        if win is not None:
            break
    win = win or (1 if r[1].total >= r[2].total else 2)
    special = r[win].particular and not r[win].fumble
    state.extras.update({"main": win, "bonus": 1 if special else 0, "imposed": False})
    state.to_act = win
    ctx.emit(TurnStarted(turn=state.turn, first_side=win))
    if special:
        ctx.emit(Note(key="mb.note.double_hand", args={"side": win}))


def mark_acted(state: GameState, fig: Figure, ctx: RuleContext | None = None) -> bool:
    """A fighter whose turn is over (riposte, shield, failed dodge) without an activation.
    True when this is what ended its turn (it had not played yet)."""
    if not fig.status.get("activated"):
        fig.status["activated"] = True
        if ctx is not None:
            ctx.emit(StatusChanged(figure=fig.id, status="activated", value=True))
        return True
    return False


def turn_over(state: GameState, fig: Figure, ctx: RuleContext | None = None, *,
              move: bool = False) -> None:
    """The fighter's turn is over at once (a failed dodge, its shield used, a dodge that
    became its action): an action it was carrying out is lost; in its own activation no
    move is left to it (``move``: the usual move after acting still is); otherwise it
    counts as activated."""
    fig.status["spent"] = True
    act = state.activation
    if act is not None and act["fig"] == fig.id:
        act["acted"] = True
        if not move:
            act["moved_after"] = True
    else:
        mark_acted(state, fig, ctx)


def owed_allowance(fig: Figure) -> float:
    """The move owed after a riposte, a shield or a dodge that became the fighter's action:
    half its walk (as after any action), nothing for a fighter that cannot move."""
    if fig.out or fig.status.get("stunned") or not stats.can_walk(fig):
        return 0.0
    allowance = stats.walk(fig) / 2
    return allowance if allowance > 0.5 else 0.0


def offer_move(state: GameState, fig: Figure) -> None:
    """A fighter that had not played yet makes its owed move at once."""
    allowance = owed_allowance(fig)
    if allowance > 0:
        state.pending.append(Decision(kind="free_move", side=fig.side, figure=fig.id,
                                      context={"allowance": allowance}))


def moves_after_passe(state: GameState, att: Figure, dfd: Figure, dominant: str | None) -> None:
    """After a passe d'armes the riposting fighter owes its move; when the attacker may
    still move after striking too, the fighter that dominated (the attacker on a tie) has
    priority: its player chooses to move first or to let the other move first."""
    from game.rulesets.mortebrume import legal

    allowance = owed_allowance(dfd)
    if allowance <= 0:
        return
    act = state.activation
    if act is None or act["fig"] != att.id or legal.move_allowance(state, att) <= 0.5:
        offer_move(state, dfd)
        return
    prio = dfd if dominant == "defence" else att
    state.pending.append(Decision(kind="priority", side=prio.side, figure=prio.id,
                                  options=list(PRIORITY),
                                  context={"attacker": att.id, "mover": dfd.id,
                                           "allowance": allowance}))


def choose_priority(state: GameState, action: Action, ctx: RuleContext) -> None:
    """priority: "first" moves the deciding fighter first, "second" lets the other go."""
    d = state.pending.pop()
    first = str(action.value) == "first"
    ctx.emit(Note(key=f"mb.note.priority_{'first' if first else 'second'}",
                  args={"figure": d.figure}))
    mover_now = first == (d.figure == d.context["mover"])
    if mover_now:
        state.pending.append(Decision(kind="free_move", side=state.figures[d.context["mover"]].side,
                                      figure=d.context["mover"],
                                      context={"allowance": d.context["allowance"]}))
    else:  # the riposting fighter moves once the attacker's move after striking is done
        state.extras["owed_move"] = {"figure": d.context["mover"], "after": d.context["attacker"]}


def release_owed(state: GameState, closing: bool = False) -> bool:
    """Hand the deferred move to the riposting fighter once the attacker has made its move
    after striking, can no longer move, or its activation is ending. True if released."""
    from game.rulesets.mortebrume import legal

    owed = state.extras.get("owed_move")
    if not owed or state.pending:
        return False
    act = state.activation
    att = state.figures[owed["after"]]
    if not closing and act is not None and act["fig"] == att.id and not act["moved_after"] \
            and legal.move_allowance(state, att) > 0.5:
        return False
    del state.extras["owed_move"]
    offer_move(state, state.figures[owed["figure"]])
    return bool(state.pending)
