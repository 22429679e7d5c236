"""Mortebrume's decisions for the utility AI: the hand (activate one of ours, which one,
or make the opponent activate), the declared intention of an activation, reactions when
targeted (from exact odds), the move owed after a riposte, and destiny points. Template
kinds and decisions this planner does not know get the generic random instances, so new
rules never break it."""
from __future__ import annotations

import copy

from game.ai.mortebrume import odds
from game.ai.mortebrume.options import Builder
from game.ai.mortebrume.world import World, clip
from game.ai.utility import Option, fallback_options
from game.core.actions import Action
from game.core.context import RuleContext
from game.core.dice import Dice
from game.rulesets.mortebrume import flow, legal, stats

KNOWN_REACTIONS = ("riposte", "dodge", "take", "shield", "none")
PATH_TRIES = 2   # blows per fighter whose way is searched when planning the hand


def decide(engine, view, agent):
    """Generator: yields None between fighters and templates, returns the scored options."""
    side = engine.decider()
    table = engine.ruleset.table_for(view)
    prof = agent.profile
    world = World(view, table, side, prof)
    world.unseen = remembered(agent, view, side)
    b = Builder(world, engine, prof)
    choices = engine.legal_actions()
    options: list[Option] = []
    unknown = []
    if view.pending and view.pending[-1].kind == "reaction":
        options = react(world, b, view.pending[-1], choices)
        unknown = [c for c in choices if c.kind not in ("react", "inspire")]
        options += [o for c in choices if c.kind == "inspire" for o in b.build(c) or []]
    elif view.activation is not None or view.pending:
        for choice in choices:
            if not agent.spend() and choice.kind not in ("end", "free_move"):
                continue   # out of budget: keep what is built (ending is always there)
            built = b.build(choice)
            if built is None:
                unknown.append(choice)
            else:
                options.extend(built)
            yield None   # one template per slice: the window stays responsive
    else:
        options = yield from hand(world, b, engine, view, choices, agent)
        unknown = [c for c in choices if c.kind not in ("activate", "impose", "heal", "reserved")]
    options.extend(fallback_options(engine, unknown, agent))
    for o in options:
        agent.score(o)
    return distinct(options)


def distinct(options: list[Option]) -> list[Option]:
    """One option per action, the best scored: two standing points can coincide (straight
    in and from the back), and after the true game refused one (a fighter unseen in the
    mist in the way) the copy was offered and refused again (issue 17)."""
    best: dict[str, Option] = {}
    for o in options:
        key = repr(o.action.to_dict())
        if key not in best or o.score > best[key].score:
            best[key] = o
    kept = {id(o) for o in best.values()}
    return [o for o in options if id(o) in kept]


def remembered(agent, view, side: int) -> list:
    """The enemies this agent saw standing in its earlier views and cannot see now, as it
    last saw them (its own observations only: the mist hides them, it does not forget
    them). Forgotten once seen fallen; a new game (another seed or scenario, or an earlier
    turn) starts a new memory."""
    key = (view.seed, view.scenario, side)
    mem = getattr(agent, "mortebrume_seen", None)
    if mem is None or mem["key"] != key or mem["turn"] > view.turn:
        mem = agent.mortebrume_seen = {"key": key, "turn": view.turn, "figs": {}}
    mem["turn"] = view.turn
    figs = mem["figs"]
    for f in view.figures.values():
        if f.side != side:
            figs[f.id] = None if f.out else copy.copy(f)
    return [f for fid, f in figs.items() if f is not None and fid not in view.figures]


# --------------------------------------------------------------------------- the hand
def _figure_best(world, engine, view, fig, agent) -> tuple[float, str]:
    """Best score of ``fig``'s options were it activated now (its activation as the
    ruleset would open it, on a copy of the view)."""
    st = view.clone()
    ctx = RuleContext(st, Dice(list(st.rng)), engine.ruleset.table_for)
    flow.start(st, Action("activate", fig.id), ctx)
    st.activation["turned"] = True  # turning is never a plan of its own: skip its geometry
    w = World(st, engine.ruleset.table_for(st), world.side, agent.profile)
    w._threat, w._polys, w._routes = world._threat, world._polys, world._routes
    w.unseen = world.unseen
    b = Builder(w, engine, agent.profile, few=True)
    scored = []
    for choice in legal.activation_choices(st, ctx):
        if choice.kind in ("end", "turn", "heal", "inspire", "reserved"):
            continue
        scored += [(agent.score(o), o) for o in b.build(choice) or []]
    scored.sort(key=lambda x: -x[0])
    tries = PATH_TRIES
    for s, o in scored:
        if o.decision == "attack" and o.resolve is not None and tries > 0:
            # a blow whose way there is not found is no plan (issue 17: a wolf activated
            # for a blow it could not reach ran off instead)
            tries -= 1
            if o.resolve() is None:
                continue
        return s, o.decision
    return 0.0, "idle"


def hand(world, b, engine, view, choices, agent):
    prof = agent.profile
    scale = float(prof.get("activation_scale", 1.0))
    options = []
    plans = {}
    for choice in choices:
        if choice.kind == "activate":
            fig = view.figures[choice.actor]
            if not agent.spend():
                plans[fig.id] = (0.0, "idle")
                continue
            plans[fig.id] = _figure_best(world, engine, view, fig, agent)
            yield None
    attacks = [s for s, k in plans.values() if k == "attack"]
    top = max((s for s, _ in plans.values()), default=0.0)
    stunned = _stun_target(world, view, plans) if world.careful else None
    for choice in choices:
        if choice.kind == "activate":
            fig = view.figures[choice.actor]
            s, kind = plans[fig.id]
            urgency = world.threat(fig) if world.careful else 0.0
            if stunned is not None and stunned[0] == fig.id:
                # the enemy caster would stun it before it acts: its activation is lost
                # by waiting, another's is not (issue 17: the troll, stunned every turn,
                # waited behind the wolf and the dryad even with the hand)
                s, urgency = max(s, top), max(urgency, stunned[1])
                kind += " stun"
            options.append(Option(Action("activate", fig.id), "activate",
                                  {"expected": clip(s / scale), "urgency": urgency},
                                  note=f"{kind} {s:.2f}"))
        elif choice.kind == "impose":
            options.append(Option(Action("impose"), "wait",
                                  {"standoff": _standoff(world, view, attacks)}))
        elif choice.kind in ("heal", "reserved"):
            options.extend(b.build(choice) or [])
    return options


STUN_RISK = 0.4   # chance of being stunned first above which a fighter acts first
STUN_WORTH = 0.1  # least score of its activation for that to matter


def _stun_target(world, view, plans) -> tuple[str, float] | None:
    """Our fighter still to act that an enemy caster still to act would most likely stun
    (the most valuable at risk, the caster's walk and the mist within reach), and the
    chance it is stunned; None when no stunning caster threatens a worthwhile activation."""
    casters = []
    for e in world.enemies:
        spell = stats.profile(e).spell
        if spell is None or e.status.get("activated") or e.status.get("stunned") \
                or e.status.get("spell_lost"):
            continue
        sp = stats.spell(spell.id)
        if not sp.friendly and sp.effect == "stun":
            casters.append((e, spell.id))
    if not casters:
        return None
    best = None
    for fid, (s, _) in plans.items():
        fig = view.figures[fid]
        if s < STUN_WORTH:
            continue
        p = 0.0
        for e, sid in casters:
            g = world.rough_gap(fig, fig.pos, e)
            if g > world.mist + stats.walk(e):
                continue
            rp = odds.raise_needed(e, fig, sid)
            if rp is None:
                continue
            p = max(p, odds.spell(e, fig, sid, rp, 0, min(g, world.mist), True)[0])
        if p >= STUN_RISK:
            key = p * world.value(fig)
            if best is None or key > best[0]:
                best = (key, fid, p)
    return None if best is None else (best[1], best[2])


def _standoff(world, view, attacks) -> float:
    """How much making the opponent activate first is worth: nothing to strike for us,
    enemies with fighters still to play close enough to come into our reach (they move
    first, we strike), and at least as many fighters left to play as they have."""
    if attacks or not world.enemies or not world.careful:
        return 0.0
    others = [e for side in view.opponents(world.side) for e in flow.activatable(view, side)]
    theirs = [e for e in others if e in world.enemies]
    ours = flow.activatable(view, world.side)
    if not theirs or len(ours) < len(others):
        return 0.0
    close = any(world.rough_gap(f, f.pos, e) <= stats.walk(e) + stats.walk(f) + 2 * stats.CONTACT
                for f in ours for e in theirs)
    return 0.9 if close else 0.0


# --------------------------------------------------------------------------- reactions
def react(world, b, d, choices) -> list[Option]:
    """Each reaction scored by the loss it leaves us (exact odds of the blow, the riposte,
    the dodge or the shield), plus the activation a riposte or a failed dodge costs."""
    st = world.state
    me = st.figures[d.figure]
    ctx = d.context
    att = st.figures.get(ctx.get("attacker"))
    kind = ctx.get("type")
    v_me = world.value(me)
    tempo = world.tempo(me)
    act = st.activation
    if act is not None and act["fig"] == me.id and not me.status.get("spent"):
        tempo = 0.15 * v_me   # interrupted in mid-action: a failed dodge loses the action
    out = []
    losses = {}
    for opt in d.options:
        if att is None or opt not in KNOWN_REACTIONS:
            continue
        helped = int(me.status.get("inspired", 0) or 0)
        if kind == "strike" and opt == "dodge" and helped:
            o = odds.dodge_strike(att, me, ctx["weapon"], float(ctx["dist"]), helped)
        elif kind == "strike" and opt in ("riposte", "dodge", "take", "none"):
            o = odds.strike(att, me, ctx["weapon"], float(ctx["dist"]), opt)
        elif kind == "shot" and opt in ("dodge", "take", "shield", "none"):
            o = odds.shot(att, me, ctx["weapon"], float(ctx["dist"]), opt, world.mist)
        elif kind == "spell" and opt in ("dodge", "take", "none"):
            p_ok, _ = odds.spell(att, me, ctx["spell"], ctx.get("raise", 0), ctx.get("area", 0),
                                 float(ctx.get("dist", 0.0)), opt == "dodge")
            o = odds.Odds(p_ok, 0.0, 0.0, 0.0)
            worth = 0.3 * v_me
            if stats.spell(ctx["spell"]).effect == "wound":
                worth = v_me * (1.0 if me.vitality <= stats.spell(ctx["spell"]).amount else 0.3)
            losses[opt] = p_ok * worth + (tempo * p_ok if opt == "dodge" else 0.0)
            continue
        else:
            continue
        cost = odds.loss(o, me, v_me, att, world.value(att))
        if opt in ("riposte", "shield"):
            cost += tempo
        elif opt == "dodge":
            cost += tempo * o.p_hit
        losses[opt] = cost
    rest = min([v for k, v in losses.items() if not k.startswith("reserved")] or [0.0])
    for opt in d.options:
        if not str(opt).startswith("reserved") or att is None:
            continue
        guard = st.figures[opt.split(":", 1)[1]] if ":" in opt else me
        choice_w = stats.melee_choice(guard) or stats.melee_weapons(guard)
        _, hit = world.strike(guard, att, choice_w[0][0], world.gap(guard, att))
        stop = min(1.0, hit.p_out + 0.2)
        losses[opt] = -0.8 * odds.damage_value(hit, att, world.value(att)) + rest * (1 - stop)
    for choice in choices:
        if choice.kind != "react":
            continue
        opt = choice.values[0]
        if opt not in losses:
            out.append(Option(Action("react", me.id, value=opt), "react", {"gain": 0.02},
                              note="unknown"))
            continue
        gain = clip(0.5 - losses[opt] / (2 * b.norm))
        path = _dodge_path(world, b, me, att, choice) if opt == "dodge" else ()
        out.append(Option(Action("react", me.id, value=opt, path=path), "react",
                          {"gain": gain}, note=f"{losses[opt]:.2f}"))
    return out


def _dodge_path(world, b, me, att, choice):
    """The free step of a dodge: the free point 2.5 cm away with the least threat."""
    import math

    if choice.move is None or att is None:
        return ()
    step = choice.move.allowance - 0.5
    pts = []
    base = math.degrees(math.atan2(me.y - att.y, me.x - att.x))
    for da in (0, 45, -45, 90, -90):
        a = math.radians(base + da)
        p = (me.x + step * math.cos(a), me.y + step * math.sin(a))
        if b.free(me, p):
            pts.append(p)
    if not pts:
        return ()
    th = world.threats(me, pts, [me.facing] * len(pts))
    best = min(zip(th, pts))[1]
    res = world.table.check_path(me.id, [best], choice.move.allowance)
    return (best,) if res.ok else ()
