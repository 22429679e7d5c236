"""The geometric and situational half of legality: once an action matches a template of
legal_actions, these checks say whether its path, targets and options really hold."""
from __future__ import annotations

import math
from contextlib import contextmanager

from game.core.actions import Action, ActionChoice
from game.core.context import RuleContext
from game.core.errors import Refusal
from game.core.state import Figure, GameState
from game.rulesets._shared.splits import even_splits
from game.rulesets.evenor import charges, melee, movement, shooting, statics, stats
from game.rulesets.evenor.stats import COORD_RANGE


@contextmanager
def figure_at(state: GameState, fig: Figure, point):
    """Evaluate a rule as if the figure stood at ``point`` (nothing is kept)."""
    old = (fig.x, fig.y)
    fig.x, fig.y = point
    try:
        yield
    finally:
        fig.x, fig.y = old


def check(state: GameState, action: Action, choice: ActionChoice, ctx: RuleContext) -> Refusal | None:
    fn = _CHECKS.get(action.kind)
    return fn(state, action, choice, ctx) if fn else None


def _path_then(state, action, choice, ctx, test=None) -> Refusal | None:
    """Check the optional pre-step (or required move) then run ``test`` at its end."""
    fig = state.figures[action.actor]
    end = fig.pos
    if action.path:
        why = movement.check_path(state, ctx.table, fig, action.path, choice.move.allowance)
        if why:
            return why
        end = movement.full_path(fig, action.path)[-1]
    if test is None:
        return None
    with figure_at(state, fig, end):
        return test(fig, ctx.table)


def _activate(state, action, choice, ctx):
    group = [state.figures[action.actor]] + [state.figures[p] for p in action.partners]
    if action.kind == "coordinate" and not action.partners:
        return Refusal("refused.coordinate_needs_partner")
    if action.kind == "coordinate":
        if any(ctx.table.distance(a.id, b.id) > COORD_RANGE + 1e-6 for a in group for b in group):
            return Refusal("refused.group_too_far")
    top = min(stats.max_dynamic(state, f) for f in group)
    if int(action.value or 0) > top:
        return Refusal("refused.too_many_actions", {"max": top})
    return None


def _move(state, action, choice, ctx):
    fig = state.figures[action.actor]
    return movement.check_path(state, ctx.table, fig, action.path, choice.move.allowance)


def _charge(state, action, choice, ctx):
    fig = state.figures[action.actor]
    target = state.figures[action.target]
    table = ctx.table
    if table.contact(fig.id, target.id):
        return Refusal("refused.already_in_contact", {"target": target.name})
    why = movement.check_path(state, table, fig, action.path, choice.move.allowance,
                              end_contact=target.id)
    if why:
        return why
    if action.partners:
        end = movement.full_path(fig, action.path)[-1]
        plans = charges.partner_paths(state, table, fig, end,
                                      [state.figures[p] for p in action.partners], target)
        if plans is None:
            return Refusal("refused.partner_cannot_reach", {"target": target.name})
    return None


def _shot_test(state, action):
    def test(fig, table):
        target = state.figures[action.target]
        return shooting.targetable(state, table, fig, target, weapon_idx=int(action.value))
    return test


def _shoot(state, action, choice, ctx):
    return _path_then(state, action, choice, ctx, _shot_test(state, action))


def _move_shoot(state, action, choice, ctx):
    fig = state.figures[action.actor]
    why = movement.check_path(state, ctx.table, fig, action.path, choice.move.allowance,
                              no_enemy_contact=True)
    if why:
        return why
    pts = movement.full_path(fig, action.path)
    at = int(action.values[0]) if action.values else 0
    if not 0 <= at < len(pts) or len(action.values) > 1:
        return Refusal("refused.bad_value", {"value": at})
    with figure_at(state, fig, pts[at]):
        return _shot_test(state, action)(fig, ctx.table)


def _fight(state, action, choice, ctx):
    fig = state.figures[action.actor]
    targets = [state.figures[t] for t in action.targets]
    if action.partners:
        if len(targets) != 1 or not stats.is_monster(targets[0]):
            return Refusal("refused.coordinated_needs_monster")
        for p in action.partners:
            if not ctx.table.contact(p, targets[0].id):
                return Refusal("refused.partner_not_in_contact", {"partner": state.figures[p].name})
    if len(targets) > 1:
        power = melee.weapon_power(fig, targets, charged=False)[0]
        if tuple(action.values) not in even_splits(power, len(targets)):
            return Refusal("refused.uneven_split", {"power": power})
    elif action.values:
        return Refusal("refused.bad_value", {"value": list(action.values)})
    return None


def _take_cover(state, action, choice, ctx):
    return _path_then(state, action, choice, ctx, lambda fig, table: None if statics.cover_in_contact(
        state, table, fig) else Refusal("refused.no_cover_here"))


def _hide(state, action, choice, ctx):
    return _path_then(state, action, choice, ctx, lambda fig, table: None if movement.can_hide(
        table, fig) else Refusal("refused.no_hiding_place"))


def _pick_up(state, action, choice, ctx):
    return _path_then(state, action, choice, ctx, lambda fig, table: None if action.target in
                      statics.tokens_in_reach(state, fig) else Refusal("refused.token_out_of_reach"))


def _power(state, action, choice, ctx):
    pid = str(action.value)

    def test(fig, table):
        target = state.figures[action.target] if action.targets else None
        return statics.power_refusal(state, table, fig, pid, target)
    return _path_then(state, action, choice, ctx, test)


def _lands_where_attackers_end(state, fig: Figure, action: Action) -> bool:
    """A flight may not end where (or touching where) its attackers' moves will end."""
    trig = state.pending[-1].context
    if trig["type"] == "charge":
        ends = [(c["id"], c["path"][-1]) for c in trig["chargers"]]
    elif trig["type"] == "engage":
        ends = [(trig["attackers"][0], trig["path"][-1])]
    else:
        ends = []
    end = movement.full_path(fig, action.path)[-1]
    return any(math.dist(end, p) < fig.radius + state.figures[fid].radius + 0.5 for fid, p in ends)


def _step(state, action, choice, ctx):
    fig = state.figures[action.actor]
    return movement.check_path(state, ctx.table, fig, action.path, choice.move.allowance)


def _react(state, action, choice, ctx):
    fig = state.figures[action.actor]
    if action.value == "flee":
        why = movement.check_path(state, ctx.table, fig, action.path, choice.move.allowance,
                                  no_enemy_contact=True)
        if why is None and _lands_where_attackers_end(state, fig, action):
            return Refusal("refused.path.enemy_contact")
        return why
    if action.value == "cover":
        return _path_then(state, action, choice, ctx, lambda f, table: None if statics.cover_in_contact(
            state, table, f) else Refusal("refused.no_cover_here"))
    return None


_CHECKS = {
    "activate": _activate, "coordinate": _activate, "move": _move, "charge": _charge,
    "shoot": _shoot, "move_shoot": _move_shoot, "fight": _fight, "take_cover": _take_cover,
    "hide": _hide, "pick_up": _pick_up, "power": _power, "step": _step, "react": _react,
    "prone": _path_then, "pass": _path_then,
}
