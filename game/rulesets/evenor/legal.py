"""What the deciding side may do now, as action templates: starting an activation, the
actions of the figures in the current activation, or answering a pending decision."""
from __future__ import annotations

from game.core.actions import ActionChoice, MoveSpec
from game.core.context import RuleContext
from game.core.errors import Refusal
from game.core.state import Figure, GameState
from game.rulesets.evenor import charges, flow, melee, reactions, shooting, statics, stats
from game.rulesets.evenor.stats import COORD_RANGE, COVER_REACH, PAS, POWER_RANGE, STATIC_STEP

# Targets a template lists (ActionChoice.targets) are those the rules may accept; those
# refused as things stand go in hints["refused"] (id -> Refusal, the reason the window shows
# on a greyed entry). A refused target stays in ``targets`` only when the template's free
# step could change the answer (a shot from one pas aside); without a step it is refused.


def legal_actions(state: GameState, ctx: RuleContext) -> list[ActionChoice]:
    if state.outcome is not None or state.extras.get("turn_limit"):
        return []
    if state.pending:
        return decision_choices(state, ctx)
    if state.activation is not None:
        return activation_choices(state, ctx)
    return start_choices(state, ctx)


def _moves(fig: Figure, allowance: float, required: bool = True, goal: str | None = None) -> MoveSpec:
    return MoveSpec(allowance=allowance, ignore_terrain=stats.ignores_terrain(fig),
                    ignore_difficult=stats.ignores_difficult(fig), required=required, goal=goal)


def start_choices(state: GameState, ctx: RuleContext) -> list[ActionChoice]:
    table = ctx.table
    figs = flow.activatable(state, state.to_act)
    out = []
    for f in figs:
        near = [g for g in figs if g is not f and table.distance(f.id, g.id) <= COORD_RANGE + 1e-6]
        values = tuple(range(0, stats.max_dynamic(state, f) + 1))
        leads = tuple(g.id for g in near) if stats.is_leader(f) else ()
        out.append(ActionChoice("activate", f.id, values=values, partners=leads,
                                hints={"ladder": stats.ladder(state, f, values[-1]), "safe": True}))
        waiting = tuple(g.id for g in near if g.status.get("waiting"))
        if waiting:
            out.append(ActionChoice("coordinate", f.id, values=values, partners=waiting,
                                    hints={"partners_min": 1}))
        if not f.status.get("waiting") and any(not g.status.get("waiting") for g in near):
            out.append(ActionChoice("wait", f.id))
    return out


def activation_choices(state: GameState, ctx: RuleContext) -> list[ActionChoice]:
    table = ctx.table
    act = state.activation
    out = [ActionChoice("end", hints={"safe": True})]
    members = act["members"]
    for fid, m in members.items():
        f = state.figures[fid]
        if f.out:
            continue
        engaged = stats.engaged_with(state, table, f)
        prone = bool(f.status.get("prone"))
        free_step = None if prone or engaged else _moves(f, STATIC_STEP, required=False)
        if m["left"] > 0:
            if m["dynamic"]:
                out.extend(dynamic_choices(state, table, f, m, engaged, members))
            out.extend(_static(state, table, f, m, engaged, prone, free_step, members))
        if m["step"] > 0 and not prone and not engaged:
            out.append(ActionChoice("step", fid, move=_moves(f, m["step"])))
        if prone and m["step"] > 0 and m["left"] == 0 and (not engaged or m["won_melee"]):
            out.append(ActionChoice("stand_up", fid))
    return out


def _enemies_within(state, table, f: Figure, dist: float) -> tuple[str, ...]:
    return tuple(e.id for e in state.enemies_of(f) if table.distance(f.id, e.id) <= dist + 1e-6)


def dynamic_choices(state, table, f: Figure, m: dict, engaged, members: dict) -> list[ActionChoice]:
    """The dynamic action templates of ``f`` (member entry ``m`` of ``members``)."""
    out = [ActionChoice("move", f.id, move=_moves(f, stats.fast_move(f)))]
    slow = stats.slow_move(f)
    engaged_ids = {e.id for e in engaged}
    near = tuple(t for t in _enemies_within(state, table, f, slow) if t not in engaged_ids)
    refused = {t: charges.charge_refusal(state, table, f, state.figures[t], slow) for t in near}
    targets = tuple(t for t in near if refused[t] is None)
    partners = tuple(p for p, pm in members.items() if p != f.id and pm["left"] > 0
                     and pm["dynamic"] and not state.figures[p].out)
    if near:
        out.append(ActionChoice("charge", f.id, targets=targets, min_targets=1,
                                move=_moves(f, slow, goal="contact"), partners=partners,
                                hints=_refused_hint(refused)))
    ranged = stats.ranged_weapons(f)
    if ranged and stats.profile(f).T is not None:
        reach = max(w.range[2] for _, w in ranged) * PAS + slow
        tg = tuple(t for t in _enemies_within(state, table, f, reach)
                   if not state.figures[t].status.get("hidden"))
        if tg:   # which targets hold depends on where on the path it shoots: check() says
            out.append(ActionChoice("move_shoot", f.id, targets=tg, min_targets=1,
                                    values=tuple(i for i, _ in ranged), move=_moves(f, slow),
                                    hints={"at_point": True}))   # values[0]: where on the path it shoots
        if not m["aimed"]:
            out.append(ActionChoice("aim", f.id))
    return out


def _static(state, table, f, m, engaged, prone, free_step, members) -> list[ActionChoice]:
    out = []
    ranged = stats.ranged_weapons(f)
    if ranged and stats.profile(f).T is not None and not engaged:
        # enemies within reach (a step included); those that cannot be shot from here are
        # greyed with the reason (kept only when the free step might change it)
        reach = max(w.range[2] for _, w in ranged) * PAS + STATIC_STEP
        near = _enemies_within(state, table, f, reach)
        refused = {t: shooting.targetable(state, table, f, state.figures[t]) for t in near}
        tg = _keep(near, refused, free_step)
        if near and (tg or refused):
            out.append(ActionChoice("shoot", f.id, targets=tg, min_targets=1,
                                    values=tuple(i for i, _ in ranged), move=free_step,
                                    hints=_refused_hint(refused)))
    if engaged:
        n = stats.trait_value(f, "attaques_multiples")
        n = int(n) if n not in (None, True) else 1
        partners = tuple(p for p, pm in members.items() if p != f.id and pm["left"] > 0
                         and not state.figures[p].out)
        power = melee.weapon_power(f, engaged, charged=False)[0]
        out.append(ActionChoice("fight", f.id, targets=tuple(e.id for e in engaged),
                                min_targets=1, max_targets=max(1, n), partners=partners,
                                hints={"split_power": power}))
    if not prone:
        out.append(ActionChoice("prone", f.id, move=free_step))
    elif not engaged or m["won_melee"]:
        out.append(ActionChoice("stand_up", f.id))
    if statics.cover_in_contact(state, table, f) or (
            free_step is not None and reactions.cover_pieces_near(state, table, f, COVER_REACH)):
        out.append(ActionChoice("take_cover", f.id, move=free_step and _moves(
            f, STATIC_STEP, required=False, goal="cover")))
    if (stats.has(f, "se_cacher") or stats.has(f, "furtif")) and not f.status.get("hidden") \
            and not engaged:
        out.append(ActionChoice("hide", f.id, move=free_step))
    for pid, _ in stats.powers(f):
        tg = _power_targets(state, table, f, pid)
        if tg is not None:
            refused = {t: statics.power_refusal(state, table, f, pid, state.figures[t]) for t in tg}
            kept = _keep(tg, refused, free_step)
            if kept or pid == "perception" or any(refused.values()):
                out.append(ActionChoice("power", f.id, targets=kept, values=(pid,),
                                        min_targets=0 if pid == "perception" else 1, move=free_step,
                                        hints=_refused_hint(refused)))
    out.extend(_pick_up(state, f, free_step))
    out.append(ActionChoice("pass", f.id, move=free_step))
    return out


def _keep(ids, refused: dict, free_step) -> tuple[str, ...]:
    """The targets a template lists: those accepted now, and the refused ones as well when
    a free step comes first (it may change the answer; check() decides after the step)."""
    return tuple(t for t in ids if refused[t] is None or free_step is not None)


def _refused_hint(refused: dict) -> dict:
    bad = {t: why for t, why in refused.items() if why is not None}
    return {"refused": bad} if bad else {}


def _pick_up(state: GameState, f: Figure, free_step) -> list[ActionChoice]:
    """Tokens within reach, or within a step and reach (greyed: step first)."""
    if any(t.carrier == f.id for t in state.tokens):
        return []
    here = set(statics.tokens_in_reach(state, f))
    step = STATIC_STEP if free_step is not None else 0.0
    near = [t.id for t in state.tokens if t.carrier is None and t.delivered_by is None
            and statics.token_gap(f, t) <= stats.PICKUP_REACH + step + 1e-6]
    if not near:
        return []
    refused = {t: None if t in here else Refusal("refused.token_out_of_reach") for t in near}
    return [ActionChoice("pick_up", f.id, targets=tuple(near), min_targets=1, move=free_step,
                         hints=_refused_hint(refused))]


def _power_targets(state, table, f, pid) -> tuple[str, ...] | None:
    reach = POWER_RANGE + STATIC_STEP
    if pid == "perception":
        return ()
    if pid == "benediction":
        return tuple(a.id for a in state.figures_of(f.side)
                     if a is f or table.distance(f.id, a.id) <= reach)
    if pid == "confusion":
        tg = _enemies_within(state, table, f, reach)
        return tg or None
    if pid == "soin":
        tg = tuple(a.id for a in state.figures.values() if a.side == f.side and a.out
                   and not a.status.get("escaped") and not a.status.get("soin_tried"))
        return tg or None
    return None


def decision_choices(state: GameState, ctx: RuleContext) -> list[ActionChoice]:
    d = state.pending[-1]
    fig = state.figures[d.figure]
    if d.kind == "assign_hits":
        return [ActionChoice("assign", fig.id, values=tuple(range(len(d.options))),
                             hints={"safe": True})]
    against = tuple(d.context["attackers"])
    multi = len(against) > 1
    out = []
    for opt in d.options:
        if opt == "flee":
            out.append(ActionChoice("react", fig.id, values=("flee",),
                                    move=_moves(fig, stats.fast_move(fig))))
        elif opt == "cover":
            out.append(ActionChoice("react", fig.id, values=("cover",),
                                    move=_moves(fig, COVER_REACH, required=False, goal="cover")))
        elif opt in ("shoot_back", "countercharge_shot") and multi:
            out.append(ActionChoice("react", fig.id, values=(opt,), targets=against,
                                    min_targets=1))
        else:
            out.append(ActionChoice("react", fig.id, values=(opt,),
                                    hints={"safe": opt == reactions.NONE}))
    return out
