"""What may be done now, as templates (``legal_actions``), and the rules' last word on a
concrete action (``check``): walks within the speed the terrain they touch leaves (K-R12),
assaults ending within reach of their target without meeting another enemy's zone first."""
from __future__ import annotations

import math

from shapely.geometry import LineString, Polygon

from game.core.actions import Action, ActionChoice, MoveSpec
from game.core.errors import Refusal
from game.core.state import GameState
from game.rulesets._shared.engagement import enemies

from . import casting as CA
from . import codes, duel, zones
from . import cover as CV
from . import fight as FT
from . import flow as FL
from . import generic_flow as GF
from . import morale_flow as MF
from . import ranged_fight as RF
from . import warning as WN
from .carcass import carnivore
from .cards import fighter, fighters
from .fighter import TOISE
from .moves import action_cost, assault_allowance, assault_allowed, next_walk_cost, stand_up_cost, walk_allowance
from .shooting import shot_codes
from .states import may_act
from .throwing import OBJECTS, THROW_PA

TERRAIN_KINDS = ("loose", "slippery", "difficult", "water")   # tags that slow a walk
EPS_MM = 0.05


def legal_actions(state: GameState, ctx) -> list[ActionChoice]:
    if state.outcome is not None:
        return []
    if state.pending:
        return decision_choices(state, ctx)
    act = state.activation
    if act is None:
        return [ActionChoice(FL.ACTIVATE, actor=fid, input="none") for fid in FL.ready(state, state.to_act)]
    return [*figure_choices(state, ctx, act["figure"]), ActionChoice(FL.END, act["figure"], input="none",
                                                                      hints={"safe": True})]


def _open_faces(state: GameState, d) -> tuple[int, ...]:
    """The faces of the roll a Bretteur decision is about, as they stand now (after the
    roller's own re-roll, which the roll's first event does not show)."""
    roll = (FT.current(state) or {}).get(d.context.get("roll")) or {}
    return tuple(int(x) for x in roll.get("faces", ()))


def decision_choices(state: GameState, ctx) -> list[ActionChoice]:
    d = state.pending[-1]
    fid = d.figure
    if d.kind == FT.ROLL_DECISION:
        out = [ActionChoice(FT.KEEP, fid, input="none", hints={"safe": True})]
        dice = tuple(d.options)
        if d.context.get("mastery"):
            out.append(ActionChoice(FT.REROLL, fid, values=dice, input="reroll"))
        if d.context.get("master"):
            out.append(ActionChoice(FT.MASTER, fid, values=dice, input="reroll", hints={"several": True}))
        return out
    if d.kind == MF.DECISION:
        return [ActionChoice(MF.RALLY, fid, values=tuple(d.options), input="form",
                             hints={"test": d.context.get("test"), "source": d.context.get("source")}),
                ActionChoice(MF.ACCEPT, fid, input="none", hints={"safe": True})]
    if d.kind == CA.RESIST:
        return CA.choices(state, ctx)
    if d.kind == duel.BRETTEUR:                  # a swordsman forces dice of this roll again (K-R57)
        return [ActionChoice(duel.BRETTEUR, fid, values=tuple(d.options), input="reroll",
                             hints={"several": True, "most": d.context.get("x", 1),
                                    "roller": d.context.get("roller"), "faces": _open_faces(state, d)}),
                ActionChoice(FT.SKIP, fid, input="none", hints={"safe": True})]
    if d.kind == duel.SADIQUE:                   # PA more on a hit, for as much damage (K-R119)
        return [ActionChoice(duel.SADIQUE, fid, values=tuple(d.options), input="none",
                             hints={"target": d.context.get("target")}),
                ActionChoice(FT.SKIP, fid, input="none", hints={"safe": True})]
    if d.kind == WN.WARN:                        # a friend may shout a warning (K-R112)
        return [ActionChoice(WN.WARN, fid, values=tuple(d.options), input="form",
                             hints={"shooter": d.context.get("shooter")}),
                ActionChoice(FT.SKIP, fid, input="none", hints={"safe": True})]
    if d.kind == FT.DEFEND:
        return [ActionChoice(FT.DEFEND, fid, values=tuple(d.options), input="form",
                             hints={"default": d.context.get("advised", d.options[0]),
                                    "advised": d.context.get("advised", d.options[0]),
                                    "attacker": d.context.get("attacker"), "total": d.context.get("total")})]
    skip = ActionChoice(FT.SKIP, fid, input="none", hints={"safe": True})
    if d.kind == RF.FREE_SHOT:
        f = fighter(state, state.figures[fid])
        foes = tuple(RF.shot_targets(state, ctx.table, f)) if RF.may_shoot(state, ctx.table, f) else ()
        if foes and may_act(f):
            return [ActionChoice(RF.FREE_SHOT, fid, targets=foes, values=tuple(shot_codes(f, 9, flash_only=True)),
                                 min_targets=1, input="form"), skip]
        return [skip]
    if d.kind == FT.FREE_MOVE:
        return [ActionChoice(FT.FREE_MOVE, fid, move=MoveSpec(float(d.context["mm"]), required=True)), skip]
    f = fighter(state, state.figures[fid])
    foes = tuple(e.id for e in zones.targets(state, ctx.table, f))
    simple = tuple(codes.attack_codes(f, most_pa=9, simple_only=True))
    if d.context.get("target"):                  # a fright's free attack: that one figure (K-R84)
        foes = tuple(x for x in foes if x == d.context["target"])
        simple = tuple(MF.standard_codes(f)) if d.context.get("standard") else simple
    if foes and simple and may_act(f) and not f.status.get("down"):
        return [ActionChoice(FT.FREE_ATTACK, fid, targets=foes, values=simple, min_targets=1, input="form"), skip]
    return [skip]


def figure_choices(state: GameState, ctx, fid: str) -> list[ActionChoice]:
    table = ctx.table
    fig = state.figures[fid]
    f = fighter(state, fig)
    out: list[ActionChoice] = []
    if not may_act(f) or fig.out:
        return out
    if f.status.get("down"):
        if stand_up_cost(f) <= f.pa:
            out.append(ActionChoice(FL.STAND, fid, input="none", hints={"cost": stand_up_cost(f)}))
        return out
    walk = next_walk_cost(f)
    if walk <= f.pa and f.speed > 0 and not f.status.get("frozen"):
        out.append(ActionChoice(FL.WALK, fid, move=MoveSpec(f.speed * TOISE, required=True, ignore_difficult=True),
                                hints={"cost": walk}))
    in_reach = tuple(e.id for e in zones.targets(state, table, f))
    if in_reach:
        values = tuple(codes.attack_codes(f))
        if values:
            out.append(ActionChoice(FL.ATTACK, fid, targets=in_reach, values=values, min_targets=1, input="form"))
    engaged = bool(zones.engaged_by(state, table, f, fighters(state)))
    if assault_allowed(f, engaged, True) and not f.status.get("frozen") and f.speed > 0:
        values = tuple(codes.attack_codes(f, most_pa=f.pa - walk))
        seen = [e for e in enemies(state, fig) if e.id not in in_reach and table.can_see(fid, e.id)] if values else []
        if seen:
            out.append(ActionChoice(FL.ASSAULT, fid, targets=tuple(e.id for e in seen), values=values,
                                    min_targets=1,
                                    move=MoveSpec(assault_allowance(f) * TOISE, required=True, goal="contact",
                                                  ignore_difficult=True),
                                    hints={"cost": walk}))
    out += ranged_choices(state, ctx, f, engaged)
    out += CA.cast_choices(state, ctx, f)
    if f.pa >= 1 + (1 if f.status.get("stunned") else 0) and not f.status.get("alert"):
        out.append(ActionChoice(FL.ALERT, fid, input="none"))
    meals = carcasses(state, f) if carnivore(f) and not engaged else []
    stun = 1 if f.status.get("stunned") else 0
    if meals and f.pa > stun:
        out.append(ActionChoice(FL.DEVOUR, fid, targets=tuple(m.id for m in meals),
                                values=tuple(range(1, f.pa - stun + 1)), min_targets=1, input="form"))
    if f.status.get("bleeding"):
        pas = tuple(p for p in (2, 4) if p + (1 if f.status.get("stunned") else 0) <= f.pa)
        if pas:
            out.append(ActionChoice(FL.BANDAGE, fid, values=pas, input="none"))
    out += GF.choices(state, ctx, f, engaged, carcasses(state, f))
    return out


def ranged_choices(state: GameState, ctx, f, engaged: bool) -> list[ActionChoice]:
    """Shoot, reload, throw a stone or small object, hide (K-R65 to K-R68)."""
    table, fid = ctx.table, f.id
    out = []
    w = f.profile.ranged
    if w is not None and not engaged and RF.may_shoot(state, table, f):
        values = tuple(shot_codes(f))
        foes = tuple(RF.shot_targets(state, table, f)) if values else ()
        if foes:
            out.append(ActionChoice(FL.SHOOT, fid, targets=foes, values=values, min_targets=1, input="form"))
    if w is not None and w.cadence is not None and int(f.status.get("cadence", {}).get(w.id, 0)) > 0 \
            and action_cost(f, w.reload) <= f.pa:
        out.append(ActionChoice(FL.RELOAD, fid, input="none", hints={"cost": action_cost(f, w.reload)}))
    if not engaged and RF.may_throw(state, table, f):
        foes = tuple(RF.throw_targets(state, table, f))
        if foes:
            out.append(ActionChoice(FL.THROW, fid, targets=foes, values=tuple(OBJECTS), min_targets=1, input="form",
                                    hints={"cost": action_cost(f, THROW_PA)}))
    if not engaged and not f.status.get(CV.HIDDEN) and action_cost(f, 1) <= f.pa \
            and CV.hiding_places(state, table, f):
        out.append(ActionChoice(FL.HIDE, fid, input="none", hints={"cost": action_cost(f, 1)}))
    return out


def carcasses(state: GameState, f) -> list:
    """Carcasses within the figure's zone of control (edge to edge)."""
    return [o for o in state.figures.values() if o.status.get("carcass") and o.id != f.id
            and math.dist(o.pos, f.fig.pos) - o.radius - f.fig.radius <= f.zdc * TOISE + EPS_MM]


def has_moves(state: GameState, ctx, fid: str) -> bool:
    return bool(figure_choices(state, ctx, fid))


# ------------------------------------------------------------------ checks
def slowing(state: GameState, start, path, radius: float) -> list[str]:
    """The slowing terrain kinds the path's footprint touches."""
    line = LineString([start, *path]).buffer(radius)
    out = []
    for piece in state.terrain:
        kinds = [k for k in TERRAIN_KINDS if k in piece.tags]
        if kinds and line.intersects(Polygon(piece.points)):
            out += kinds
    return out


def check(state: GameState, action: Action, choice: ActionChoice, ctx) -> Refusal | None:
    kind = action.kind
    why = GF.refusal(state, action)
    if why:
        return Refusal(why)
    if kind == duel.BRETTEUR and (len(set(action.values)) > int(choice.hints.get("most", 1))
                                  or not set(action.values) <= set(choice.values)):
        return Refusal("ka.refused.bretteur", {"n": int(choice.hints.get("most", 1))})
    if choice.move is not None and action.path:
        fig = state.figures[action.actor]
        table = ctx.table
        res = table.check_path(action.actor, list(action.path), choice.move.allowance, ignore_difficult=True)
        if not res.ok:
            return Refusal(f"refused.path.{(res.reason or 'blocked').split(':')[0]}",
                           {"cost": round(res.cost / TOISE, 1), "allowance": round(choice.move.allowance / TOISE, 1)})
        if kind in (FL.WALK, FL.ASSAULT):
            f = fighter(state, fig)
            terrain = slowing(state, fig.pos, action.path, fig.radius)
            allowed = (walk_allowance(f.speed, terrain) + (f.skill("charge_brutale") if kind == FL.ASSAULT else 0))
            if res.cost > allowed * TOISE + EPS_MM:
                return Refusal("ka.refused.terrain", {"cost": round(res.cost / TOISE, 1), "allowance": allowed})
        if kind == FL.ASSAULT:
            return _assault_refusal(state, ctx, action)
    return None


def _assault_refusal(state: GameState, ctx, action: Action) -> Refusal | None:
    fig = state.figures[action.actor]
    f = fighter(state, fig)
    stop = zones.walk_stop(state, ctx.table, f, list(action.path), fighters(state))
    if any(e != action.target for e in stop.entered):
        return Refusal("ka.refused.zone")
    end = stop.path[-1] if stop.path else fig.pos
    target = state.figures[action.target]
    gap = math.dist(end, target.pos) - fig.radius - target.radius
    if gap > f.reach * TOISE + 0.5:
        return Refusal("ka.refused.reach")
    return None
