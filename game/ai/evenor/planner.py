"""Evenor's decisions for the utility AI: which figure to activate and with how many
dynamic actions (the initiative ladder's success chance times the best plan), the actions
of an activation, reactions when targeted, and splitting a monster's excess hits."""
from __future__ import annotations

import math
from dataclasses import replace

from game.ai.evenor.options import Builder, _clip
from game.ai.evenor.world import World
from game.ai.utility import Option
from game.core.actions import Action
from game.core.context import RuleContext
from game.core.dice import Dice
from game.rulesets.evenor import legal, odds, stats
from game.rulesets.evenor.stats import COORD_RANGE


def decide(engine, view, agent):
    """Generator: yields None between chunks of work, returns the scored options."""
    side = engine.decider()
    table = engine.ruleset.table_for(view)
    world = World(view, table, side, deep=bool(agent.profile.get("deep_threat", False)))
    prof = agent.profile
    b = Builder(world, engine, prof, directions=int(prof.get("directions", 8)))
    choices = engine.legal_actions()
    if view.pending:
        d = view.pending[-1]
        options = assign(world, d) if d.kind == "assign_hits" else react(world, b, d, choices)
    elif view.activation is not None:
        options = []
        for choice in choices:
            options.extend(b.build(choice))
    else:
        options = yield from activations(world, b, engine, view, choices, agent)
    for o in options:
        score(agent, o)
    tempo(agent, options)
    draw_within(agent, options)
    return options


def draw_within(agent, options) -> None:
    """Leave out of the level's weighted draw (``select``) every option scoring under the
    profile's ``draw_within`` share of the best: the draw's temperature is absolute, so when
    every score is small it drew almost evenly among the top few, a ladder of four actions
    at 9 % as often as the ladder of two at 56 % (issue 17: Première partie lost to the
    random agent by Asteria's wasted activations). They stay in the list, scored 0, for
    the trace and for when the true game refuses the pick."""
    share = float(agent.profile.get("draw_within", 0.0))
    best = max((o.score for o in options), default=0.0)
    if share <= 0.0 or best <= 0.0:
        return
    for o in options:
        if 0.0 < o.score < share * best:
            o.note = (o.note + " " if o.note else "") + f"out of the draw ({o.score:.3f})"
            o.score = 0.0


def tempo(agent, options) -> None:
    """Waiting (difficile): when none of our figures has a strike to make and none is
    under threat, let the enemy commit first; the wait outranks the best activation."""
    waits = [o for o in options if o.note == "tempo"]
    if not waits:
        return
    best = max((o.score for o in options if o.decision == "activate"), default=0.0)
    for o in waits:
        o.score = best * float(agent.profile.get("tempo_factor", 1.2)) + 1e-3


def score(agent, o: Option, best: float = 0.0) -> float:
    """The option's own score, or, with lookahead, the discounted score of the attack it
    sets up when that is better (a move into charge reach for the next action)."""
    s = agent.score(o, best)
    if o.followup:
        f = agent.score(Option(o.action, "attack", o.followup)) * float(
            agent.profile.get("plan_discount", 0.8))
        if f > s:
            o.score, o.note = f, "followup"
            return f
    return s


# --- starting an activation
PATIENT = {"move", "idle", "defend"}   # best plans that lose nothing by coming later

def _hypothetical(world, b, engine, view, fig, dynamic: bool, agent) -> tuple[float, str]:
    """Best score of ``fig``'s options if it were activated now (dynamic or one static),
    and the kind of that best plan (its decision, or "strike" for a move setting up one)."""
    view.activation = {"side": fig.side, "mode": "single", "n": 1, "leader": fig.id,
                       "members": {fig.id: {"left": 2 if dynamic else 1, "dynamic": dynamic,
                                            "step": 0.0, "aimed": False, "won_melee": False,
                                            "start": [fig.x, fig.y]}}}
    try:
        ctx = RuleContext(view, Dice(list(view.rng)), engine.ruleset.table_for)
        best, kind = 0.0, "idle"
        for choice in legal.activation_choices(view, ctx):
            if dynamic and choice.actor == fig.id and choice.kind == "charge":
                world.charge_choices.setdefault(fig.id, choice)   # for _group_charges
            if choice.actor != fig.id or choice.kind in ("end", "step", "pass"):
                continue
            for o in b.build(choice):
                s = score(agent, o, best)
                if s > best:
                    best, kind = s, "strike" if o.note == "followup" else o.decision
        if dynamic:
            world.charge_choices.setdefault(fig.id, None)   # no charge template
        return best, kind
    finally:
        view.activation = None


def _joint(world, b, engine, view, fig, partners, agent) -> tuple[float, float, tuple[str, ...]]:
    """What the group of ``fig`` (a Meneur) and ``partners`` may do to a monster together:
    the best coordinated charge with the first action, that of a move then a coordinated
    charge (discounted as a plan), and the partners taking part; zeros when no monster is
    within reach of two of them."""
    group = [fig] + [view.figures[q] for q in partners]
    def edge(f, e):
        return math.dist(f.pos, e.pos) - f.radius - e.radius
    now, later, who = 0.0, 0.0, ()
    for e in world.enemies:
        if not stats.is_monster(e) or e.status.get("hidden"):
            continue
        near = [f for f in group if edge(f, e) <= stats.slow_move(f)
                + stats.fast_move(f) - 1.0]
        if len(near) < 2:
            continue
        inputs = b.joint_inputs(near[0], e, near, world.fight(near[0], e, True))
        s = agent.score(Option(Action("charge", near[0].id, targets=(e.id,)), "attack", inputs))
        s *= float(agent.profile.get("plan_discount", 0.8))
        if s > later:
            later, who = s, tuple(f.id for f in near)
    if later == 0.0:
        return 0.0, 0.0, ()
    view.activation = {"side": fig.side, "mode": "meneur", "n": 1, "leader": fig.id,
                       "members": {f.id: _one_dynamic(f) for f in group}}
    try:
        for choice in _group_charges(world, group):
            for o in b.build(choice):
                if o.note == "joint" and agent.score(o) > now:
                    now, who_now = o.score, (o.action.actor, *o.action.partners)
                    if now >= later:
                        who = who_now
    finally:
        view.activation = None
    return now, later, who


def _one_dynamic(f) -> dict:
    """A hypothetical activation member's entry: fresh, one dynamic action left."""
    return {"left": 1, "dynamic": True, "step": 0.0, "aimed": False, "won_melee": False,
            "start": [f.x, f.y]}


def _group_charges(world, group) -> list:
    """The charge templates with partners that ``legal.activation_choices`` gives the
    members of a coordinated activation of ``group`` (each dynamic, one action left), in
    its order. A figure's targets depend on the positions only: they are found once per
    decision (``World.charge_choices``), the partners set per group."""
    view, table = world.state, world.table
    out = []
    for f in group:
        if f.out:
            continue
        if f.id not in world.charge_choices:
            m = _one_dynamic(f)
            found = legal.dynamic_choices(view, table, f, m, stats.engaged_with(view, table, f),
                                          {f.id: m})
            world.charge_choices[f.id] = next((c for c in found if c.kind == "charge"), None)
        choice = world.charge_choices[f.id]
        partners = tuple(g.id for g in group if g.id != f.id and not g.out)
        if choice is not None and partners:
            out.append(replace(choice, partners=partners))
    return out


def _all_pass(view, figs, n: int) -> float:
    """The chance that every one of ``figs`` passes its ladder for ``n`` dynamic actions
    (a coordinated action goes ahead only if all of them do)."""
    p = 1.0
    for f in figs:
        p *= odds.ladder(view, f, n)
    return p


def activations(world, b, engine, view, choices, agent):
    prof = agent.profile
    follow = float(prof.get("follow", 0.6))
    scale = float(prof.get("activation_scale", 1.5))
    b.directions = max(4, b.directions // 2)
    dyn, stat, two, joint = {}, {}, {}, {}
    calm = True    # nothing to strike, nobody threatened: waiting costs nothing
    for choice in choices:
        if choice.kind != "activate":
            continue
        fig = view.figures[choice.actor]
        if not agent.spend():   # keep the best so far; the rest stay unplanned
            dyn[fig.id] = stat[fig.id] = two[fig.id] = 0.0
            calm = False
            continue
        dyn[fig.id], k1 = _hypothetical(world, b, engine, view, fig, True, agent)
        stat[fig.id], k2 = _hypothetical(world, b, engine, view, fig, False, agent)
        two[fig.id] = _move_then_strike(world, b, fig, agent)
        if b.coordinate and choice.partners:
            joint[fig.id] = _joint(world, b, engine, view, fig, choice.partners, agent)
        calm = calm and two[fig.id] == 0.0 and {k1, k2} <= PATIENT \
            and world.threat(fig, fig.pos) < float(prof.get("tempo_threat", 0.15))
        yield None
    if b.coordinate:   # coordinated actions (no Meneur): wait for a friend, or join those waiting
        for choice in choices:
            if choice.kind == "coordinate" and agent.spend():
                joint[("c", choice.actor)] = _joint(world, b, engine, view, view.figures[choice.actor],
                                                    choice.partners, agent)
            elif choice.kind == "wait" and agent.spend():
                fig = view.figures[choice.actor]
                best = (0.0, 0.0, ())
                for c in choices:
                    if c.kind == "activate" and c.actor != fig.id and c.actor in dyn \
                            and world.table.distance(fig.id, c.actor) <= COORD_RANGE:
                        j = _joint(world, b, engine, view, view.figures[c.actor], (fig.id,), agent)
                        if max(j[:2]) > max(best[:2]):
                            best = j
                joint[("w", fig.id)] = best
    calm = calm and bool(prof.get("tempo")) and any(
        not f.status.get("activated") for f in world.enemies)
    options = []
    for choice in choices:
        if choice.kind == "wait":
            options.append(Option(Action("wait", choice.actor), "wait" if calm else "idle", {},
                                  note="tempo" if calm else ""))
            now, later, who = joint.get(("w", choice.actor), (0.0, 0.0, ()))
            if max(now, later) > 0.0:
                # wait for a friend within 2 pas to charge the monster with it, later in
                # the turn (the enemy acts in between)
                fig = view.figures[choice.actor]
                mates = [view.figures[q] for q in who if q != fig.id]
                # worth it only if together they beat what each would do alone
                group = [fig, *mates]
                alone = sum(odds.ladder(view, f, 1) * dyn.get(f.id, 0.0) for f in group)
                ev = max(now * _all_pass(view, group, 1), later * _all_pass(view, group, 2)) \
                    * float(prof.get("plan_discount", 0.8))
                if ev > alone:
                    options.append(Option(Action("wait", fig.id), "activate",
                                          {"expected": _clip(ev / scale),
                                           "urgency": world.threat(fig, fig.pos)}, note="coordinate"))
        if choice.kind == "coordinate":
            fig = view.figures[choice.actor]
            now, later, who = joint.get(("c", fig.id), (0.0, 0.0, ()))
            mates = tuple(q for q in choice.partners if q in who)
            for n in (1, 2):
                best = now if n == 1 else max(now * (1 + follow), later)
                if not mates or best <= 0.0 or n not in choice.values:
                    continue
                p_all = _all_pass(view, [fig, *(view.figures[q] for q in mates)], n)
                ev = p_all * best + (odds.ladder(view, fig, n) - p_all) * dyn.get(fig.id, 0.0)
                options.append(Option(Action("coordinate", fig.id, value=n, partners=mates),
                                      "activate", {"expected": _clip(ev / scale),
                                                   "urgency": world.threat(fig, fig.pos)},
                                      note=f"p={p_all:.2f} coordinated"))
        if choice.kind != "activate":
            continue
        fig = view.figures[choice.actor]
        urgency = world.threat(fig, fig.pos)
        for n in choice.values:
            p = odds.ladder(view, fig, n)
            def gain(f, n=n):
                if n == 0:
                    return stat[f]
                one = dyn[f] * (1 + follow * (n - 1))
                return one if n < 2 else max(one, two[f] * (1 + follow * (n - 2)))
            ev = p * gain(fig.id)
            partners = tuple(q for q in choice.partners
                             if q in dyn and gain(q) > 0.05
                             and p >= 0.9 * odds.ladder(view, view.figures[q], n))
            ev += p * sum(gain(q) for q in partners) * 0.8
            now, later, who = joint.get(fig.id, (0.0, 0.0, ()))
            best_joint = max(now * (1 + follow * (n - 1)) if n >= 1 else 0.0,
                             later * (1 + follow * (n - 2)) if n >= 2 else 0.0)
            if best_joint > 0.0:
                # the group's coordinated charge on a monster, the others doing their best
                rest = tuple(q for q in partners if q not in who)
                ev_joint = p * (best_joint + 0.8 * sum(gain(q) for q in rest))
                if ev_joint > ev:
                    ev = ev_joint
                    partners = tuple(q for q in choice.partners if q in who or q in rest)
            note = f"p={p:.2f}"
            options.append(Option(Action("activate", fig.id, value=n, partners=partners),
                                  "activate", {"expected": _clip(ev / scale), "urgency": urgency},
                                  note=note))
    return options


def _move_then_strike(world, b, fig, agent) -> float:
    """Value of a plan of two dynamic actions: a move, then a charge on an enemy out of
    charge reach now but within a move and a charge."""
    if not agent.profile.get("plans", True):
        return 0.0
    slow, fast = stats.slow_move(fig), stats.fast_move(fig)
    best = 0.0
    for e in world.enemies:
        d = math.dist(fig.pos, e.pos) - fig.radius - e.radius
        if d <= slow or d > slow + fast:
            continue
        o = world.fight(fig, e, True)
        inputs = b._attack_inputs(fig, e, o, e.pos)
        if stats.frightens(e, fig):
            inputs["nerve"] = (7 - stats.courage(world.state, fig)) / 6
        best = max(best, agent.score(Option(Action("charge", fig.id, targets=(e.id,)), "attack",
                                            inputs), best))
    return best * float(agent.profile.get("plan_discount", 0.8))


# --- reactions
def react(world, b, d, choices) -> list[Option]:
    st = world.state
    me = st.figures[d.figure]
    foes = [st.figures[a] for a in d.context.get("attackers", []) if a in st.figures]
    foe = foes[0] if foes else None
    kind = d.context.get("type")
    v_me = world.value(me)
    out = []
    base_fight = world.fight(foe, me, kind == "charge") if foe is not None and kind in (
        "charge", "engage") else None
    for choice in choices:
        if choice.kind != "react":
            continue
        opt = choice.values[0]
        tg = (foe.id,) if choice.targets and foe is not None and foe.id in choice.targets else ()
        gain, path = 0.03, ()
        if opt == "none" or foe is None:
            pass
        elif kind in ("shot", "power") and opt in ("cover", "prone"):
            o, idx = world.best_shot(foe, me)
            if o is not None:
                extra = (("cover", 2),) if opt == "cover" else (("prone", 1),)
                o2 = odds.shot(st, world.table, foe, me, idx, extra=extra)
                gain = v_me * (o.p_out - o2.p_out) / b.norm * (1.0 if opt == "cover" else 0.6)
            if opt == "cover" and choice.move is not None:
                from game.ai.candidates import cover_paths
                paths = cover_paths(b.engine, me, choice.move)
                path = paths[0] if paths else ()
        elif opt == "shoot_back":
            o, _ = world.best_shot(me, foe)
            gain = 0.9 * world.damage_value(o, foe) / b.norm if o is not None else 0.0
        elif opt == "counter_charge" and base_fight is not None:
            cc = odds.fight(st, world.table, [foe], me, charged=True, countered=True)
            gain = 0.1 + (v_me * (base_fight.p_out - cc.p_out)
                          + world.value(foe) * (cc.p_attacker_out - base_fight.p_attacker_out)) / b.norm
        elif opt == "countercharge_shot":
            best = 0.0
            for i, _w in stats.ranged_weapons(me):
                o = odds.shot(st, world.table, me, foe, i, countercharge=True)
                pf = base_fight.p_out if base_fight is not None else 0.0
                # the charge stops if the charger is taken out or knocked down
                best = max(best, world.damage_value(o, foe) + v_me * pf * (o.p_out + o.p_down))
            gain = best / b.norm
        elif opt == "flee" and choice.move is not None:
            pf = base_fight.p_out if base_fight is not None else 0.0
            best = None
            for end in b.destinations(me, choice.move):
                far = math.dist(end, foe.pos)
                if best is None or far > best[0]:
                    best = (far, end)
            path = b.path_to(me, choice.move, best[1]) if best is not None else None
            if best is not None and path is not None:
                clear = best[0] - me.radius - foe.radius > stats.slow_move(foe) + 1
                runner = world.runner_side == me.side
                gain = v_me * pf * (1.0 if clear else 0.5) / b.norm - 0.05 + (0.3 if runner else 0)
        elif opt.startswith("power:"):
            gain = 0.1
        if path is None:
            continue
        value = opt
        out.append(Option(Action("react", me.id, targets=tg, value=value, path=path), "react",
                          {"gain": _clip(gain)}, note=opt))
    return out


def assign(world, d) -> list[Option]:
    st = world.state
    attackers = [st.figures[a] for a in d.context["attackers"]]
    out = []
    for i, shares in enumerate(d.options):
        v = sum(world.value(a) * min(1.0, h / max(1, a.vitality + 1)) for a, h in zip(attackers, shares))
        out.append(Option(Action("assign", d.figure, value=i), "react",
                          {"gain": _clip(v / (world.max_value * 2))}))
    return out
