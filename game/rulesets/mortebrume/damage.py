"""Damage: weapon damage minus armour, special strikes by weapon type (perforant and
tranchant extra die, étourdissant doubled and stunning, recul with collisions), out of
combat, death, and the soul destroyed when Volonté falls to zero."""
from __future__ import annotations

import math
from dataclasses import dataclass

from game.core.context import RuleContext
from game.core.events import Note, OutOfAction, StatusChanged, Wounded
from game.core.state import Decision, Figure, GameState
from game.rulesets._shared.aptitude import pool
from game.rulesets._shared.push import away, push, toward
from game.rulesets.mortebrume import stats
from game.rulesets.mortebrume.stats import CM


def wound(state: GameState, ctx: RuleContext, fig: Figure, n: int, by: str | None = None) -> None:
    if n <= 0 or fig.out:
        return
    fig.vitality = max(0, fig.vitality - n)
    ctx.emit(Wounded(figure=fig.id, amount=n, vitality=fig.vitality))
    if fig.vitality == 0:
        fig.out = True
        for key in ("stunned", "hindered", "ward"):
            fig.status.pop(key, None)
        ctx.emit(OutOfAction(figure=fig.id, by=by))
    elif not fig.status.get("activated"):
        fig.status["hurt"] = True  # its move this turn is halved


def kill(state: GameState, ctx: RuleContext, fig: Figure, by: str | None, soul: bool = False) -> None:
    """Dead: off the table for good (a soul destroyed cannot be brought back either)."""
    fig.out = True
    fig.vitality = 0
    fig.status["dead"] = True
    if soul:
        fig.status["soul_destroyed"] = True
    ctx.emit(StatusChanged(figure=fig.id, status="soul_destroyed" if soul else "dead", value=True))


def drain_will(state: GameState, ctx: RuleContext, fig: Figure, n: int, by: str | None) -> None:
    fig.status["will"] = stats.will(fig) - n
    ctx.emit(StatusChanged(figure=fig.id, status="will", value=fig.status["will"]))
    if fig.status["will"] <= 0:
        kill(state, ctx, fig, by, soul=True)


@dataclass(frozen=True)
class Blow:
    """A blow worked out before it lands: the damage rolled, the armour met, the wounds."""
    weapon: str
    damage: int
    armour: int
    wounds: int
    special: bool
    halved: bool = False   # the armour counted at half (a blow taken)
    bare: bool = False     # the special strike's extra wound on a target without armour
    doubled: bool = False  # a stunning special strike's wounds doubled

    def reasons(self) -> dict:
        """What besides damage less armour made the wounds (for the narration)."""
        return {k: True for k in ("halved", "bare", "doubled") if getattr(self, k)}

    def cancels(self, target: Figure) -> bool:
        """Would this blow stop the target from acting (out of combat or stunned)?"""
        return self.wounds >= target.vitality or (
            self.special and stats.weapon(self.weapon).special in ("etourdissant", "recul"))


def special_wounds(wounds: int, kind: str, special: bool, *, bare: bool) -> int:
    """The wounds of a blow once its armour is taken off, with a special strike's effects:
    doubled by a stunning weapon, then one more when the target has no armour left (its
    remaining armour, whatever a blow taken voluntarily lets through)."""
    if not special:
        return wounds
    if kind == "etourdissant":
        wounds *= 2
    return wounds + 1 if bare else wounds


def blow(ctx: RuleContext, attacker: Figure, target: Figure, wid: str, *, half: bool,
         special: bool, armour_halved: bool = False) -> Blow:
    """The weapon's damage on the target (a special's extra die rolled here), not applied."""
    w = stats.weapon(wid)
    dmg = w.damage // 2 if half else w.damage
    if special and w.special in ("perforant", "tranchant"):
        n, sides = pool(dmg)
        faces = ctx.roll(attacker.id, "special_damage", n, sides=sides, against=target.id,
                         judge=lambda fs, d=dmg: d + sum(fs))
        dmg += sum(faces)
    left = stats.armour(target)
    arm = left // 2 if armour_halved else left
    wounds = special_wounds(max(0, dmg - arm), w.special, special, bare=left <= 0)
    return Blow(weapon=wid, damage=dmg, armour=arm, wounds=wounds, special=special,
                halved=armour_halved and arm != left, bare=special and left <= 0,
                doubled=special and w.special == "etourdissant")


def land(state: GameState, ctx: RuleContext, attacker: Figure, target: Figure, b: Blow) -> int:
    """Apply a blow: armour worn by a special, wounds, then stun or push back."""
    w = stats.weapon(b.weapon)
    if b.special and stats.armour(target) > 0:
        target.status["armour"] = int(target.status.get("armour", stats.profile(target).armour)) - 1
        ctx.emit(StatusChanged(figure=target.id, status="armour", value=stats.armour(target)))
    ctx.emit(Note(key="mb.note.damage", args={"figure": target.id, "damage": b.damage,
                                               "armour": b.armour, "wounds": b.wounds,
                                               **b.reasons()}))
    wound(state, ctx, target, b.wounds, by=attacker.id)
    if b.special and not target.out and w.special in ("etourdissant", "recul"):
        stun(ctx, target)
        if w.special == "recul" and b.wounds > 0:
            owe_push(state, attacker, target, b.wounds)
    return b.wounds


def push_headings(attacker: Figure, target: Figure) -> tuple[int, ...]:
    """Directions (degrees) the striker may push in: straight away first, then every 15
    degrees of its field of vision."""
    straight = round(math.degrees(math.atan2(target.y - attacker.y, target.x - attacker.x))) % 360
    fan = [round(attacker.facing + 15 * k) % 360 for k in range(-6, 7)]
    return tuple(dict.fromkeys([straight] + fan))


def owe_push(state: GameState, attacker: Figure, target: Figure, cm: int) -> None:
    """The striker chooses where the recul sends its target (a decision answered before
    anything else)."""
    state.pending.append(Decision(kind="push", side=attacker.side, figure=attacker.id,
                                  options=list(push_headings(attacker, target)),
                                  context={"target": target.id, "cm": cm}))


def choose_push(state: GameState, action, ctx: RuleContext) -> None:
    d = state.pending.pop()
    push_back(state, ctx, state.figures[d.figure], state.figures[d.context["target"]],
              int(d.context["cm"]), heading=float(action.value))


def hit(state: GameState, ctx: RuleContext, attacker: Figure, target: Figure, wid: str, *,
        half: bool, special: bool, armour_halved: bool = False) -> int:
    """Resolve a weapon's damage on the target; returns the wounds inflicted."""
    b = blow(ctx, attacker, target, wid, half=half, special=special, armour_halved=armour_halved)
    return land(state, ctx, attacker, target, b)


def stun(ctx: RuleContext, fig: Figure) -> None:
    fig.status["stunned"] = True
    ctx.emit(StatusChanged(figure=fig.id, status="stunned", value=True))


def push_back(state: GameState, ctx: RuleContext, attacker: Figure, target: Figure, cm: int,
              heading: float | None = None) -> None:
    """Recul: one cm per wound, in the chosen heading (default: straight away from the
    attacker), centimetre by centimetre. Each cm not travelled because of an obstacle is one
    more wound (armour ignored); against another fighter, those wounds are shared between
    both (the pushed one takes the odd one)."""
    if cm <= 0 or target.out:
        return
    direction = away(attacker.pos, target.pos) if heading is None else toward(heading)
    res = push(ctx.table, target, direction, cm * CM, step=CM)
    ctx.emit(Note(key="mb.note.pushed", args={"figure": target.id, "cm": res.steps}))
    left = cm - res.steps
    if left <= 0:
        return
    blocker = res.blocker_id
    if blocker is not None and blocker in state.figures:
        other = state.figures[blocker]
        mine = (left + 1) // 2
        wound(state, ctx, target, mine, by=attacker.id)
        wound(state, ctx, other, left - mine, by=attacker.id)
    else:
        wound(state, ctx, target, left, by=attacker.id)
