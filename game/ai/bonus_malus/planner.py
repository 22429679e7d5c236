"""Bonus / Malus decisions for the utility AI: the secret pick (which figure to activate:
its best plan now, and more when enemies threaten it where it stands), the actions of an
activation (``options``), the facing owed by a figure that cannot keep all its enemies in
front, and a guardian's answer. It reads the side's view only (the other sides' picks are
secret there). Template kinds it does not know get a random legal instance, scored low, so
new rules never break it."""
from __future__ import annotations

import math

from game.ai.bonus_malus.options import Builder
from game.ai.bonus_malus.places import _carry_goal
from game.ai.bonus_malus.world import PAS, World, _toward, heading, placed, squash
from game.ai.utility import Option, fallback_options
from game.core.actions import Action
from game.rulesets._shared.facing import in_front
from game.rulesets.bonus_malus import actions as A
from game.rulesets.bonus_malus import flow

KNOWN = {A.MOVE, A.RUN, A.CRAWL, A.ZIGZAG, A.SHOOT, A.PRECISE, A.AIM, A.FIGHT, A.PSI, A.AID, A.STAND,
         A.GUARD, A.NOTHING, A.END}


def decide(engine, view, agent):
    """Generator: yields None between figures, returns the scored options."""
    side = engine.decider()
    table = engine.ruleset.table_for(view)
    prof = agent.profile
    world = World(view, table, side, prof)
    b = Builder(world, engine, prof, agent.rng)
    choices = engine.legal_actions()
    options: list[Option] = []
    unknown = []
    d = view.pending[-1] if view.pending else None
    if d is not None and d.kind == flow.PICK:
        options = yield from picks(world, b, view, choices[0].targets, agent, engine=engine)
    elif d is not None and d.kind == flow.FACE:
        options = face(world, b, d)
    elif d is not None and d.kind == flow.GUARD:
        by = _by_kind(choices)
        options = b.activation(view.figures[d.figure], by, reacting=True)
        stay = b.standing(view.figures[d.figure], view.figures[d.figure].pos, view.figures[d.figure].facing)
        options.append(b.option(Action(A.WAIT, d.figure), "idle", stay, note="wait"))
        unknown = [c for c in choices if c.kind not in KNOWN and c.kind != A.WAIT]
    elif view.activation is not None:
        fig = view.figures[view.activation["figure"]]
        options = b.activation(fig, _by_kind(choices))
        unknown = [c for c in choices if c.kind not in KNOWN]
    else:
        acts = [c for c in choices if c.kind == flow.ACTIVATE]
        if len(acts) > 1:                         # the classic system: which one now
            options = yield from picks(world, b, view, [c.actor for c in acts], agent, kind="activate", engine=engine)
        else:
            options = [Option(Action(c.kind, c.actor), "idle", {}) for c in choices
                       if c.kind in (flow.ACTIVATE, flow.ORDER)]
        unknown = [c for c in choices if c.kind not in (flow.ACTIVATE, flow.ORDER)]
    options += fallback_options(engine, unknown, agent)
    for o in options:
        agent.score(o)
    return options


def _by_kind(choices) -> dict:
    return {c.kind: c for c in choices if c.kind not in (flow.PICK, flow.FACE)}


# --------------------------------------------------------------------------- the pick
def quick_plan(world: World, b: Builder, fig) -> float:
    """What activating the figure now is worth, cheaply (points): its best blow from where
    it stands (a fight when engaged; else a shot, or a charge on an enemy within its move),
    else a move then a shot (``plan_moves``, its share), and what a run would do for the
    objective."""
    w = world
    best = 0.0
    engaged = w.engaged(fig)
    if engaged:
        for e in engaged:
            best = max(best, b.fight_value(fig, fig.pos, e))
        return best
    v, _ = b.best_shot(fig, fig.pos)
    best = max(best, v)
    mv = w.move_pas(fig)
    if float(b.p.get("plan_moves", 1.0)) and w.guns(fig) and not v:
        # out of range where it stands: a move toward an enemy, then the shot (into the
        # weapon's normal band when the move allows it)
        rng = max(g.range for g in w.guns(fig))
        for e in w.foes:
            gap = w.gap(fig, fig.pos, e)
            if gap > mv + 2 * rng:
                continue
            step = min(mv, max(0.0, gap - rng + 0.5)) * PAS
            p = _toward(fig.pos, e.pos, step)
            best = max(best, float(b.p.get("plan_moves", 1.0)) * b.shot_value(fig, p, e))
    for e in w.enemies:
        if w.gap(fig, fig.pos, e) <= mv:
            c = _toward(e.pos, fig.pos, e.radius + fig.radius)
            best = max(best, b.dare(fig, e) * b.fight_value(fig, c, e))
    obj = w.objective
    # a guarded nest is no plan: the activation gives it little and never runs into the
    # guardians (every fast figure's run into it made the same plan, so the pick went by
    # the threat alone)
    guarded = obj.get("type") == "nest" and w.nest_guarded()
    if obj.get("point") and obj.get("type") in ("extraction", "nest") and not guarded:
        tgt = _carry_goal(w, fig) if obj.get("holder") == fig.id else obj["point"]
        p = _toward(fig.pos, tgt, min(math.dist(fig.pos, tgt), 2 * mv * PAS))
        best = max(best, w.goal(fig, p) - w.goal(fig, fig.pos))
    return best


def full_plan(world: World, b: Builder, engine, view, fig) -> float:
    """What activating the figure now is worth, as its activation's planner sees it
    (``pick_plan``, difficile): its best first action (with what the second adds and where
    it ends) over staying where it stands, the rules' own choices for the figure."""
    from game.rulesets.bonus_malus.legal import figure_choices

    kinds = _by_kind(figure_choices(view, engine.rule_context(), fig.id))
    if not kinds:
        return 0.0
    opts = b.activation(fig, kinds)
    stay = b.standing(fig, fig.pos, fig.facing)
    best = max((o.raw for o in opts if getattr(o, "raw", None) is not None), default=stay)
    return max(0.0, best - stay)


def picks(world: World, b: Builder, view, fids, agent, kind: str = "pick", engine=None):
    """Each figure we may activate, valued by what its activation would do now and by the
    threat where it stands (acting first answers it), a terror it may still walk away from
    included (a terrifying enemy that may come within 10 pas before its next turn)."""
    prof = agent.profile
    urgency = float(prof.get("urgency", 0.5))
    out = []
    full = bool(prof.get("pick_plan", False)) and engine is not None and view.activation is None
    for fid in fids:
        fig = view.figures[fid]
        now = full_plan(world, b, engine, view, fig) if full else quick_plan(world, b, fig)
        here = world.threat(fig, fig.pos, fig.facing) * world.risk + world.terror_soon(fig)
        v = now + urgency * here
        action = Action("pick", targets=(fid,)) if kind == "pick" else Action("activate", fid)
        out.append(Option(action, "pick", {"value": squash(v, 2.0 * world.norm)},
                          note=f"{fid} plan {now:+.2f} threat {here:.2f}"))
        yield None
    return out


# --------------------------------------------------------------------------- facing
def face(world: World, b: Builder, d) -> list[Option]:
    """Whom an engaged figure turns to: the others attack it from behind (Combat+, no
    shield): keep in front those whose blows would cost most."""
    fig = world.state.figures[d.figure]
    foes = [world.state.figures[t] for t in d.options]
    out = []
    for t in foes:
        h = heading(fig.pos, t.pos)
        probe = placed(fig, fig.pos, h)
        cost = 0.0
        for e in foes:
            if in_front(probe, e.pos):
                continue
            fo = world.fight(e, e.pos, fig, fig.pos, a_engaged=1, d_engaged=len(foes), facing_d=h)
            cost += world.loss(fig, fo.wound_defender, fo.out_defender)
        out.append(b.option(Action(flow.FACE, fig.id, targets=(t.id,)), "react", -cost, note=f"face {t.id}"))
    return out
