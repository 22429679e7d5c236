"""Attribute actions dispatched by their catalogue effect's ``use`` (B-R55 to B-R58): each
use is one small handler set (when it is open, the template it offers, what it does), so
the flow never tests an attribute's name.

- ``aimed``: an action at one figure (Étourdissement, Bannissement, Imposition des mains,
  Magnétisme, Lecture de pensées, Malaise, Expert du fouet): range edge to edge, a friend or
  an enemy, in front and in sight, then a test at the attribute's level; on a success the
  effects listed in ``apply`` (``APPLY``) land on the target.
- ``hide``: Camouflage and Furtif, touching scenery at least 1 pas across, a test: the
  figure becomes unseen (``stealth``), B-R56.
- ``reload``: Rechargement, an action that reloads the weapons emptied by a shot.
- ``run_shot``: Tirer en courant, a run with a shot at Tir- from where it ends (B-R57).
- ``charge_shot``: Charge en tirant, a move (or, with both actions, a straight run) into
  contact with an enemy, shooting it at Tir- before contact (B-R57)."""
from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from game.core.actions import Action, ActionChoice, MoveSpec
from game.core.context import RuleContext
from game.core.events import Note
from game.core.state import Figure, GameState
from game.geometry.table import Table
from game.rulesets._shared.engagement import enemies
from game.rulesets._shared.facing import in_front
from game.rulesets._shared.keep import TEST_THRESHOLD, roll_level

from . import actions as A
from . import deeds, stealth
from . import figures as F
from .damage import damage_roll
from .effects import WHEN, Situation, attribute_level, base_move, immune
from .saves import Attack
from .terrain import path_cost

Effect = dict[str, Any]


def uses(fig: Figure) -> dict[str, Effect]:
    """The figure's attribute actions handled here (attribute id -> its action effect)."""
    return {aid: e for aid, e in A.attribute_actions(fig).items() if e.get("use") in USES}


def owns(fig: Figure, kind: str) -> bool:
    return kind in uses(fig)


def cost(fig: Figure, action: Action) -> int | None:
    """Actions the action spends when it depends on the action itself (a charge run)."""
    e = uses(fig).get(action.kind)
    if e is None or e["use"] != "charge_shot":
        return None
    return 2 if _path_len(fig, action) > base_move(F.fighter(fig)) * F.PAS + 1e-6 else 1


def open_uses(state: GameState, table: Table, fig: Figure) -> list[str]:
    """The figure's attribute actions handled here that it may take now."""
    return [aid for aid, e in uses(fig).items() if USES[e["use"]].open(state, table, fig, aid, e)]


def choice(state: GameState, table: Table, fig: Figure, aid: str) -> ActionChoice | None:
    e = uses(fig)[aid]
    return USES[e["use"]].offer(state, table, fig, aid, e)


def check(state: GameState, table: Table, action: Action) -> str | None:
    fig = state.figures[action.actor]
    e = uses(fig)[action.kind]
    return USES[e["use"]].check(state, table, fig, action, e)


def perform(ctx: RuleContext, state: GameState, table: Table, fig: Figure, action: Action) -> None:
    e = uses(fig)[action.kind]
    USES[e["use"]].perform(ctx, state, table, fig, action, e)


def test(ctx: RuleContext, fig: Figure, aid: str, against: str | None = None) -> bool:
    """The attribute's test (B-R19): its level, 4+."""
    lvl = attribute_level(F.fighter(fig), aid)
    return roll_level(ctx, fig.id, aid, 0 if lvl is None else lvl, threshold=TEST_THRESHOLD,
                      against=against).success


def pas(table: Table, a: Figure, b: Figure) -> float:
    return 0.0 if a.id == b.id else table.distance(a.id, b.id) / F.PAS


def _path_len(fig: Figure, action: Action) -> float:
    pts = [fig.pos, *(tuple(p) for p in action.path)]
    return sum(math.dist(a, b) for a, b in zip(pts, pts[1:]))


@dataclass(frozen=True)
class Use:
    open: Callable[..., bool]
    offer: Callable[..., ActionChoice | None]
    check: Callable[..., str | None]
    perform: Callable[..., None]


# ------------------------------------------------------------------ aimed
def aimed_refusal(state: GameState, table: Table, fig: Figure, target: Figure, aid: str, e: Effect) -> str | None:
    """Why the attribute action cannot reach that figure (None: it can), B-R55."""
    if target.out or target.id == fig.id:
        return "not_self"
    friend = e.get("target") == "friend"
    if friend != (target.side == fig.side):
        return "friend_only" if friend else "not_enemy"
    only = e.get("only")
    if only and not any(F.fighter(target).has(a) for a in only):
        return "wrong_kind"
    if friend and e.get("apply") and all(a["do"] == "heal" for a in e["apply"]) \
            and target.vitality >= target.max_vitality:
        return "unhurt"
    if pas(table, fig, target) > float(e.get("range", 0)) + 1e-9:
        return "out_of_range"
    if not in_front(fig, target.pos) or not table.can_see(fig.id, target.id):
        return "no_sight"
    return None


def _aimed_open(state, table, fig, aid, e) -> bool:
    need = e.get("needs")
    return need is None or WHEN[need](F.fighter(fig), Situation(), None)


def _aimed_offer(state, table, fig, aid, e) -> ActionChoice | None:
    others = [t for t in state.figures.values() if not t.out and t.id != fig.id]
    ok = [t.id for t in others if aimed_refusal(state, table, fig, t, aid, e) is None]
    if not ok:
        return None
    return ActionChoice(aid, fig.id, targets=tuple(ok), min_targets=1)


def _aimed_check(state, table, fig, action, e) -> str | None:
    return aimed_refusal(state, table, fig, state.figures[action.target], action.kind, e)


def _aimed_perform(ctx, state, table, fig, action, e) -> None:
    target = state.figures[action.target]
    if not test(ctx, fig, action.kind, target.id):
        ctx.emit(Note(key="bm.log.feat_failed", args={"who": fig.id, "power": action.kind}))
        return
    ctx.emit(Note(key="bm.log.feat_works", args={"who": fig.id, "power": action.kind, "target": target.id}))
    for a in e.get("apply", ()):
        APPLY[a["do"]](ctx, state, table, fig, target, a)


def _apply_state(ctx, state, table, user: Figure, target: Figure, a: Effect) -> None:
    for s in a["states"]:
        target.status[s] = True


def _apply_damage(ctx, state, table, user: Figure, target: Figure, a: Effect) -> None:
    attack = Attack("power", user.pos, int(a.get("pierce", 0)), spirit=bool(a.get("spirit")))
    damage_roll(ctx, F.fighter(user), F.fighter(target), int(a["level"]), attack)


def _apply_heal(ctx, state, table, user: Figure, target: Figure, a: Effect) -> None:
    target.vitality = min(target.max_vitality, target.vitality + int(a["points"]))


def _apply_levels(ctx, state, table, user: Figure, target: Figure, a: Effect) -> None:
    turn = target.status.setdefault("turn_levels", {})
    for k, v in a["levels"].items():
        turn[k] = int(turn.get(k, 0)) + int(v)


def _apply_disarm(ctx, state, table, user: Figure, target: Figure, a: Effect) -> None:
    """Expert du fouet: the target's best weapon leaves its hands (the melee weapon with
    the best damage, else the ranged one with the longest range), B-R60; an exoskeleton,
    a martial artist or a huge figure keep theirs."""
    f = F.fighter(target)
    if "expert_fouet" in immune(f):
        ctx.emit(Note(key="bm.log.disarm_resisted", args={"who": target.id}))
        return
    melee, ranged = f.melee_weapons(), f.ranged_weapons()
    if melee:
        w = max(melee, key=lambda x: int(x.get("degats", 0)))
    elif ranged:
        w = max(ranged, key=lambda x: float(x.get("range", 0)))
    else:
        return
    eq = list(f.equipment)
    eq.remove(w.id)
    target.status["equipment"] = eq
    ctx.emit(Note(key="bm.log.disarmed", args={"who": target.id, "power": w.id}))


APPLY: dict[str, Callable[..., None]] = {
    "state": _apply_state, "damage": _apply_damage, "heal": _apply_heal,
    "add_levels": _apply_levels, "disarm": _apply_disarm,
}


# ------------------------------------------------------------------ hide
def _hide_open(state, table, fig, aid, e) -> bool:
    return not A.engaged(state, table, fig) and bool(stealth.scenery(table, fig, float(e.get("scenery", 1))))


def _hide_offer(state, table, fig, aid, e) -> ActionChoice:
    return ActionChoice(aid, fig.id, input="none")


def _hide_check(state, table, fig, action, e) -> str | None:
    return None if _hide_open(state, table, fig, action.kind, e) else "no_scenery"


def _hide_perform(ctx, state, table, fig, action, e) -> None:
    if not test(ctx, fig, action.kind):
        ctx.emit(Note(key="bm.log.hide_failed", args={"who": fig.id}))
        return
    stealth.hide(table, fig, str(e.get("lasts", "still")), float(e.get("scenery", 1)))
    ctx.emit(Note(key="bm.log.hidden", args={"who": fig.id}))


# ------------------------------------------------------------------ reload
def _reload_open(state, table, fig, aid, e) -> bool:
    return bool(fig.status.get("unloaded"))


def _reload_offer(state, table, fig, aid, e) -> ActionChoice:
    return ActionChoice(aid, fig.id, input="none")


def _reload_check(state, table, fig, action, e) -> str | None:
    return None if fig.status.get("unloaded") else "loaded"


def _reload_perform(ctx, state, table, fig, action, e) -> None:
    fig.status.pop("unloaded", None)
    ctx.emit(Note(key="bm.log.reloaded", args={"who": fig.id}))


# ------------------------------------------------------------------ shots on the move
def _guns(fig: Figure) -> tuple[str, ...]:
    return tuple(w.id for w in F.fighter(fig).ranged_weapons())


def _run_shot_open(state, table, fig, aid, e) -> bool:
    return bool(_guns(fig)) and not fig.status.get("down") and bool(enemies(state, fig))


def _run_shot_offer(state, table, fig, aid, e) -> ActionChoice:
    return ActionChoice(aid, fig.id, targets=tuple(x.id for x in enemies(state, fig)), values=_guns(fig),
                        min_targets=1, move=MoveSpec(A.move_mm(fig, A.RUN), required=True), input="path_target")


def _run_shot_check(state, table, fig, action, e) -> str | None:
    if str(action.value) not in _guns(fig):
        return "no_weapon"
    return _move_check(table, fig, action, A.move_mm(fig, A.RUN), straight=True)


def _move_check(table, fig, action, allowance: float, straight: bool) -> str | None:
    if not action.path:
        return "no_path"
    if straight and not A.straight(fig.pos, list(action.path)):
        return "not_straight"
    res = path_cost(table, fig, list(action.path), allowance, running=straight)
    return None if res.ok else f"path_{(res.reason or 'blocked').split(':')[0]}"


def _run_shot_perform(ctx, state, table, fig, action, e) -> None:
    from . import flow  # the flow imports this module
    flow.move_figure(state, ctx, fig, action, A.RUN)
    target = state.figures[action.target]
    if fig.out or target.out:
        return
    table = ctx.table                     # asked again: the figure has moved
    wid = str(action.value)
    why = deeds.weapon_refusal(state, table, fig, target, wid)
    if why is not None:
        ctx.emit(Note(key="bm.log.shot_lost", args={"who": fig.id, "target": target.id}))
        return
    deeds.shoot(ctx, state, table, fig, [target], wid, extra=(("on_the_run", int(e.get("tir", -1))),))


def _charge_open(state, table, fig, aid, e) -> bool:
    f = F.fighter(fig)
    return bool(f.ranged_weapons()) and bool(f.melee_weapons()) and not fig.status.get("down") \
        and not A.engaged(state, table, fig) and bool(enemies(state, fig))


def _charge_offer(state, table, fig, aid, e) -> ActionChoice | None:
    """The enemies one of its guns may shoot now (the shot comes first)."""
    two = F.actions_left(fig) >= 2 and A.may(fig, A.RUN)
    reach = A.move_mm(fig, A.RUN if two else A.MOVE)
    foes = [x.id for x in enemies(state, fig)
            if any(_charge_shot_refusal(state, table, fig, x, w) is None for w in _guns(fig))]
    if not foes:
        return None
    return ActionChoice(aid, fig.id, targets=tuple(foes), values=_guns(fig),
                        min_targets=1, move=MoveSpec(reach, required=True, goal="contact"))


def _charge_check(state, table, fig, action, e) -> str | None:
    if str(action.value) not in _guns(fig):
        return "no_weapon"
    target = state.figures[action.target]
    why = _charge_shot_refusal(state, table, fig, target, str(action.value))
    if why is not None:
        return why
    end = tuple(action.path[-1]) if action.path else fig.pos
    if math.dist(end, target.pos) - fig.radius - target.radius > F.CONTACT_MM:
        return "no_contact"
    run = cost(fig, action) == 2
    if run and (F.actions_left(fig) < 2 or not A.may(fig, A.RUN)):
        return "path_too_far"
    return _move_check(table, fig, action, A.move_mm(fig, A.RUN if run else A.MOVE), straight=run)


def _charge_shot_refusal(state, table, fig, target, wid) -> str | None:
    return deeds.weapon_refusal(state, table, fig, target, wid)


def _charge_perform(ctx, state, table, fig, action, e) -> None:
    from . import flow  # the flow imports this module
    target = state.figures[action.target]
    deeds.shoot(ctx, state, table, fig, [target], str(action.value), extra=(("charging", int(e.get("tir", -1))),))
    if fig.out:
        return
    flow.move_figure(state, ctx, fig, action, A.RUN if cost(fig, action) == 2 else A.MOVE)


USES: dict[str, Use] = {
    "aimed": Use(_aimed_open, _aimed_offer, _aimed_check, _aimed_perform),
    "hide": Use(_hide_open, _hide_offer, _hide_check, _hide_perform),
    "reload": Use(_reload_open, _reload_offer, _reload_check, _reload_perform),
    "run_shot": Use(_run_shot_open, _run_shot_offer, _run_shot_check, _run_shot_perform),
    "charge_shot": Use(_charge_open, _charge_offer, _charge_check, _charge_perform),
}
