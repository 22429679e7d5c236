"""Saves, the damage table (for shots and melee alike), vitality and going out of action."""
from __future__ import annotations

from game.core.context import RuleContext
from game.core.events import OutOfAction, StatusChanged, TokenChanged, Wounded
from game.core.state import Figure, GameState
from game.rulesets.evenor import stats


def roll_saves(ctx: RuleContext, state: GameState, fig: Figure, hits: int) -> int:
    """One die per hit against the save threshold; returns the hits left unsaved."""
    if hits <= 0:
        return 0
    target = stats.save_threshold(state, fig)
    if target is None:
        return hits
    faces = ctx.roll(fig.id, "save", hits, target=target)
    return hits - sum(1 for f in faces if f >= target)


def damage_rolls(ctx: RuleContext, state: GameState, fig: Figure, unsaved: int, by: str) -> None:
    """A damage roll per unsaved hit, shot or melee: 1-4 knocks a 1-vitality figure down
    (others lose one vitality), 5-6 always costs one vitality; at 0 the figure is out of
    action. (The book's counter-charge rule and Gosaï's example: a shot knocks down too.)"""
    for _ in range(unsaved):
        if fig.out:
            return
        face = ctx.roll(fig.id, "damage", 1, judge=lambda fs, v=fig.vitality: _damage_result(fs[0], v))[0]
        if face <= 4 and fig.vitality == 1:
            if not fig.status.get("prone"):
                fig.status["prone"] = True
                ctx.emit(StatusChanged(figure=fig.id, status="prone", value=True))
            continue
        fig.vitality -= 1
        ctx.emit(Wounded(figure=fig.id, amount=1, vitality=fig.vitality))
        if fig.vitality <= 0:
            put_out(ctx, state, fig, by)


def _damage_result(face: int, vitality: int) -> int:
    """What a damage die does: 0 = knocked down, 1 = one vitality lost."""
    return 0 if face <= 4 and vitality == 1 else 1


def put_out(ctx: RuleContext, state: GameState, fig: Figure, by: str | None) -> None:
    fig.out = True
    fig.vitality = 0
    for key in ("prone", "hidden", "cover", "cover_vs", "waiting"):
        fig.status.pop(key, None)
    for tok in state.tokens:
        if tok.carrier == fig.id:
            tok.carrier = None
            tok.x, tok.y = fig.x, fig.y
            ctx.emit(TokenChanged(token=tok.id, change="dropped", figure=fig.id))
    if state.activation and fig.id in state.activation["members"]:
        m = state.activation["members"][fig.id]
        m["left"], m["step"] = 0, 0.0
    ctx.emit(OutOfAction(figure=fig.id, by=by))
