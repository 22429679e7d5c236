"""Static actions (with their free 1-pas step) and shots: shooting with reactions, moving
and shooting, aiming, fighting, going prone and standing up, cover, hiding, occult
powers, picking up Orichalque, doing nothing."""
from __future__ import annotations

import math

from game.core.actions import Action
from game.core.context import RuleContext
from game.core.errors import Refusal
from game.core.events import ActionDeclared, Note, StatusChanged, TokenChanged
from game.core.state import Figure, GameState
from game.rulesets._shared.tables import base_of
from game.rulesets.evenor import flow, melee, movement, reactions, shooting, stats
from game.rulesets.evenor.stats import PAS, PERCEPTION_RANGE, POWER_RANGE, STATIC_STEP


def pre_step(ctx: RuleContext, state: GameState, fig: Figure, action: Action) -> None:
    """A static action may carry up to 1 pas of movement before it; what is left of that
    pas stays available as a free step afterwards."""
    flow.spend(state, fig.id, static=True)
    if action.path:
        pts = movement.full_path(fig, action.path)
        cost = sum(math.dist(a, b) for a, b in zip(pts, pts[1:]))
        movement.place(ctx, state, fig, movement.brave_step(ctx, state, fig, pts), "step",
                       dynamic=False)
        m = state.activation["members"].get(fig.id) if state.activation else None
        if m is not None:
            m["step"] = max(0.0, STATIC_STEP - cost)


def step(state: GameState, action: Action, ctx: RuleContext) -> None:
    fig = state.figures[action.actor]
    m = state.activation["members"][fig.id]
    pts = movement.full_path(fig, action.path)
    cost = sum(math.dist(a, b) for a, b in zip(pts, pts[1:]))
    m["step"] = max(0.0, m["step"] - cost)
    if m["step"] < 0.01 * PAS:
        m["step"] = 0.0
    movement.place(ctx, state, fig, movement.brave_step(ctx, state, fig, pts), "step", dynamic=False)


def shoot(state: GameState, action: Action, ctx: RuleContext) -> None:
    fig = state.figures[action.actor]
    pre_step(ctx, state, fig, action)
    m = state.activation["members"][fig.id]
    aimed, m["aimed"] = m["aimed"], False
    start_shot(ctx, state, fig, state.figures[action.target], int(action.value),
               moving=False, aimed=aimed)


def move_shoot(state: GameState, action: Action, ctx: RuleContext) -> None:
    """Move up to the shooting allowance, shooting (T+1) from one vertex of the path."""
    fig = state.figures[action.actor]
    flow.spend(state, fig.id, static=False)
    state.activation["members"][fig.id]["aimed"] = False
    pts = movement.full_path(fig, action.path)
    at = min(int(action.values[0]) if action.values else 0, len(pts) - 1)
    table = ctx.table
    if stats.engaged_with(state, table, fig):
        melee.opportunity_attacks(ctx, state, table, fig)
        if fig.out:
            return
    if at > 0:
        movement.place(ctx, state, fig, pts[: at + 1], "move_shoot", dynamic=True)
    rest = [list(p) for p in pts[at:]] if at < len(pts) - 1 else []
    if fig.out:
        return
    start_shot(ctx, state, fig, state.figures[action.target], int(action.value), moving=True,
               aimed=False, after=rest)


def start_shot(ctx: RuleContext, state: GameState, fig: Figure, target: Figure, weapon: int, *,
               moving: bool, aimed: bool, after=None) -> None:
    ctx.emit(ActionDeclared(figure=fig.id, action="shoot", targets=(target.id,)))
    trig = {"type": "shot", "attackers": [fig.id], "target": target.id, "weapon": weapon,
            "moving": moving, "aimed": aimed, "after": after or []}
    if reactions.offer(ctx, state, target, trig):
        return
    finish_shot(ctx, state, trig, reactions.NONE, None)


def finish_shot(ctx: RuleContext, state: GameState, trig: dict, reaction: str, act: Action | None) -> None:
    shooter = state.figures[trig["attackers"][0]]
    target = state.figures[trig["target"]]
    if reaction == "prone":
        target.status["prone"] = True
        ctx.emit(StatusChanged(figure=target.id, status="prone", value=True))
    elif reaction == "cover":
        take_cover_now(ctx, state, target, act.path if act else (), against=shooter)
    table = ctx.table
    weapon = stats.profile(shooter).weapons[trig["weapon"]]
    t, mods = shooting.threshold(state, table, shooter, target, weapon, moving=trig["moving"],
                                 aimed=trig["aimed"])
    back = None
    if reaction == "shoot_back" and shooting.targetable(state, table, target, shooter) is None:
        idx = shooting.weapons_in_range(state, table, target, shooter)[0]
        w2 = stats.profile(target).weapons[idx]
        t2, mods2 = shooting.threshold(state, table, target, shooter, w2)
        back = (idx, t2, mods2)
    hits = shooting.roll_shot(ctx, state, shooter, target, trig["weapon"], t, mods)
    hits_back = shooting.roll_shot(ctx, state, target, shooter, back[0], back[1], back[2]) if back else 0
    if reaction.startswith("power:"):
        use_power(ctx, state, target, reaction.split(":", 1)[1],
                  shooter if reaction.endswith("confusion") else target)
    shooting.damage(ctx, state, target, hits, shooter.id)
    if back:
        shooting.damage(ctx, state, shooter, hits_back, target.id)
    if trig.get("after") and not shooter.out:
        movement.place(ctx, state, shooter, [tuple(p) for p in trig["after"]], "move_shoot",
                       dynamic=True)


def take_cover_now(ctx: RuleContext, state: GameState, fig: Figure, path,
                   against: Figure | None = None) -> None:
    """Cover as a static action lasts until the figure moves; cover taken in reaction to a
    shot counts against that shooter only, for the rest of its activation (the book)."""
    if path:
        movement.place(ctx, state, fig, movement.full_path(fig, path), "cover", dynamic=False)
    pieces = cover_in_contact(state, ctx.table, fig)
    if not pieces:
        return
    if against is None:
        fig.status["cover"] = pieces
    else:
        fig.status["cover_vs"] = {"shooter": against.id, "when": shooting.activation_key(state),
                                  "pieces": pieces}
    ctx.emit(StatusChanged(figure=fig.id, status="cover", value=True))


def cover_in_contact(state: GameState, table, fig: Figure) -> list[str]:
    touching = set(table.terrain_in_contact(base_of(fig), min_extent=stats.TERRAIN_MIN_EXTENT))
    return sorted(t.id for t in state.terrain if t.id in touching and "cover" in t.tags)


def aim(state: GameState, action: Action, ctx: RuleContext) -> None:
    fig = state.figures[action.actor]
    flow.spend(state, fig.id, static=False)
    state.activation["members"][fig.id]["aimed"] = True
    ctx.emit(ActionDeclared(figure=fig.id, action="aim"))


def take_cover(state: GameState, action: Action, ctx: RuleContext) -> None:
    fig = state.figures[action.actor]
    pre_step(ctx, state, fig, action)
    ctx.emit(ActionDeclared(figure=fig.id, action="take_cover"))
    take_cover_now(ctx, state, fig, ())


def go_prone(state: GameState, action: Action, ctx: RuleContext) -> None:
    fig = state.figures[action.actor]
    pre_step(ctx, state, fig, action)
    fig.status["prone"] = True
    ctx.emit(StatusChanged(figure=fig.id, status="prone", value=True))


def stand_up(state: GameState, action: Action, ctx: RuleContext) -> None:
    """Standing up replaces the free step of a static action, or costs an action itself."""
    fig = state.figures[action.actor]
    m = state.activation["members"][fig.id]
    if m["step"] > 0:
        m["step"] = 0.0
    else:
        flow.spend(state, fig.id, static=True)
        m["step"] = 0.0
    fig.status.pop("prone", None)
    ctx.emit(StatusChanged(figure=fig.id, status="prone", value=False))


def hide(state: GameState, action: Action, ctx: RuleContext) -> None:
    fig = state.figures[action.actor]
    pre_step(ctx, state, fig, action)
    fig.status["hidden"] = True
    ctx.emit(StatusChanged(figure=fig.id, status="hidden", value=True))


def fight(state: GameState, action: Action, ctx: RuleContext) -> None:
    fig = state.figures[action.actor]
    flow.spend(state, fig.id, static=True)
    targets = [state.figures[t] for t in action.targets]
    partners = [state.figures[p] for p in action.partners]
    for p in partners:
        flow.spend(state, p.id, static=True)
    ctx.emit(ActionDeclared(figure=fig.id, action="fight", targets=action.targets,
                            partners=action.partners))
    fig.status.pop("hidden", None)
    table = ctx.table
    if partners:
        melee.combat(ctx, state, table, [fig] + partners, targets[0])
        return
    if len(targets) == 1:
        melee.combat(ctx, state, table, [fig], targets[0])
        return
    # Multiple attacks: thresholds and powers fixed first, phases simultaneous.
    sides = []
    for tgt, power in zip(targets, action.values):
        att = melee.prepare(ctx, state, table, [fig], [tgt], charged=False, power=power)
        dfn = melee.prepare(ctx, state, table, [tgt], [fig], charged=False)
        sides.append((att, dfn))
    for att, dfn in sides:
        melee.resolve(ctx, state, att, dfn)


def pass_action(state: GameState, action: Action, ctx: RuleContext) -> None:
    fig = state.figures[action.actor]
    pre_step(ctx, state, fig, action)
    ctx.emit(ActionDeclared(figure=fig.id, action="pass"))


def pick_up(state: GameState, action: Action, ctx: RuleContext) -> None:
    fig = state.figures[action.actor]
    pre_step(ctx, state, fig, action)
    tok = state.token(action.target)
    tok.carrier = fig.id
    tok.x, tok.y = fig.x, fig.y
    ctx.emit(TokenChanged(token=tok.id, change="picked", figure=fig.id))
    movement.after_move(ctx, state, fig)


def token_gap(fig: Figure, token) -> float:
    """Distance from the figure's base edge to the token."""
    return math.dist((token.x, token.y), fig.pos) - fig.radius


def tokens_in_reach(state: GameState, fig: Figure) -> list[str]:
    carrying = any(t.carrier == fig.id for t in state.tokens)
    if carrying:
        return []
    return [t.id for t in state.tokens if t.carrier is None and t.delivered_by is None
            and math.dist((t.x, t.y), fig.pos) <= fig.radius + stats.PICKUP_REACH]


def occupied(state: GameState, fig: Figure) -> bool:
    """Does another figure in play stand on this one's spot?"""
    return any(math.dist(fig.pos, o.pos) < fig.radius + o.radius - 0.01
               for o in state.figures.values() if not o.out and o is not fig)


def power_refusal(state: GameState, table, fig: Figure, pid: str, target: Figure | None) -> Refusal | None:
    """Why ``fig`` cannot use power ``pid`` on ``target`` from where it stands (None: it can)."""
    if pid == "perception":
        return None if target is None else Refusal("refused.bad_target", {"target": target.name})
    if target is None:
        return Refusal("refused.target_count", {"min": 1, "max": 1})
    if pid == "soin":
        gap = math.dist(fig.pos, target.pos) - fig.radius - target.radius
        if gap > stats.PICKUP_REACH:
            return Refusal("refused.not_in_contact", {"target": target.name})
        if occupied(state, target):
            return Refusal("refused.spot_taken", {"target": target.name})
        return None
    if target is not fig and table.distance(fig.id, target.id) > POWER_RANGE + 1e-6:
        return Refusal("refused.out_of_range", {"target": target.name,
                                                "distance": round(table.distance(fig.id, target.id) / PAS, 1)})
    if pid == "confusion" and not table.sight(fig.id, target.id).visible:
        return Refusal("refused.no_line_of_sight", {"target": target.name})
    return None


# --- occult powers -------------------------------------------------------------------
def power(state: GameState, action: Action, ctx: RuleContext) -> None:
    fig = state.figures[action.actor]
    pre_step(ctx, state, fig, action)
    pid = str(action.value)
    target = state.figures[action.target] if action.target else fig
    ctx.emit(ActionDeclared(figure=fig.id, action=f"power:{pid}", targets=action.targets))
    fig.status.pop("hidden", None)
    if pid == "confusion":
        trig = {"type": "power", "attackers": [fig.id], "target": target.id, "power": pid}
        if reactions.offer(ctx, state, target, trig):
            return
        finish_power(ctx, state, trig, reactions.NONE, None)
        return
    use_power(ctx, state, fig, pid, target)


def finish_power(ctx: RuleContext, state: GameState, trig: dict, reaction: str, act) -> None:
    caster = state.figures[trig["attackers"][0]]
    target = state.figures[trig["target"]]
    table = ctx.table
    back = None
    if reaction == "shoot_back" and shooting.targetable(state, table, target, caster) is None:
        idx = shooting.weapons_in_range(state, table, target, caster)[0]
        t2, mods2 = shooting.threshold(state, table, target, caster, stats.profile(target).weapons[idx])
        back = shooting.roll_shot(ctx, state, target, caster, idx, t2, mods2)
    use_power(ctx, state, caster, trig["power"], target)
    if reaction.startswith("power:"):
        use_power(ctx, state, target, reaction.split(":", 1)[1],
                  caster if reaction.endswith("confusion") else target)
    if back is not None:
        shooting.damage(ctx, state, caster, back, target.id)


def power_threshold(fig: Figure, pid: str, target: Figure | None) -> int:
    t = int(stats.trait_value(fig, pid))
    if pid == "confusion" and target is not None:
        if stats.has(target, "esprit_faible"):
            t -= 1
        elif stats.has(target, "esprit_fort"):
            t += 1
    return stats.clamp(t)


def use_power(ctx: RuleContext, state: GameState, fig: Figure, pid: str, target: Figure) -> None:
    if pid == "perception":
        for e in state.enemies_of(fig):
            if e.status.get("hidden") and ctx.table.distance(fig.id, e.id) <= PERCEPTION_RANGE:
                t = power_threshold(fig, pid, e)
                face = ctx.roll(fig.id, "perception", 1, target=t, judge=lambda fs: fs[0] >= t,
                                against=e.id)[0]
                if face >= t:
                    e.status.pop("hidden", None)
                    ctx.emit(StatusChanged(figure=e.id, status="hidden", value=False))
        return
    if pid == "soin":
        target.status["soin_tried"] = True
    t = power_threshold(fig, pid, target)
    face = ctx.roll(fig.id, pid, 1, target=t, judge=lambda fs: fs[0] >= t, against=target.id)[0]
    if face < t:
        return
    if pid == "benediction":
        target.status["blessed"] = state.turn
        ctx.emit(StatusChanged(figure=target.id, status="blessed", value=True))
    elif pid == "confusion":
        target.status["confused"] = state.turn
        ctx.emit(StatusChanged(figure=target.id, status="confused", value=True))
    elif pid == "soin":
        heal(ctx, state, fig, target)


def heal(ctx: RuleContext, state: GameState, healer: Figure, fig: Figure) -> None:
    """Back in play with 1 vitality, counted as activated this turn."""
    fig.out = False
    fig.vitality = 1
    fig.status["activated"] = True
    ctx.emit(StatusChanged(figure=fig.id, status="healed", value=True))
    ctx.emit(Note(key="note.healed", args={"figure": fig.id, "by": healer.id}))
