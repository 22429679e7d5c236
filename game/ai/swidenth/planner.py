"""Swidenth's decisions for the utility AI: which leader phase to open and whom it takes
along, each member's preparation and deed inside a phase (planned as a group: see
``options``), and the winner's recoil choice. Template kinds this planner does not know get
a random legal instance, scored low, so new rules never break it."""
from __future__ import annotations

from game.ai.swidenth.options import Builder
from game.ai.swidenth.world import World, clip
from game.ai.utility import Option, fallback_options
from game.core.actions import Action
from game.core.context import RuleContext
from game.core.dice import Dice
from game.rulesets._shared.tables import table_for
from game.rulesets.swidenth import actions as A
from game.rulesets.swidenth import catalogue as cat_mod
from game.rulesets.swidenth import figures as F
from game.rulesets.swidenth import legal, phases, recoil

KNOWN = {"initiative", "activate", "end", "push", *A.PREPARATIONS, *A.DEEDS}


def decide(engine, view, agent):
    """Generator: yields None between members, returns the scored options."""
    side = engine.decider()
    table = engine.ruleset.table_for(view)
    world = World(view, table, side, agent.profile)
    b = Builder(world, engine, agent.profile)
    choices = engine.legal_actions()
    if view.pending and view.pending[-1].kind == "push":
        options = recoil_choice(world, b, view.pending[-1], view)
    elif view.activation is not None:
        options = yield from phase(world, b, choices, agent)
    else:
        options = yield from leader_phases(world, b, engine, choices, agent)
    options += [Option(Action("initiative"), "idle", {}) for c in choices if c.kind == "initiative"]
    options += fallback_options(engine, [c for c in choices if c.kind not in KNOWN], agent)
    for o in options:
        agent.score(o)
    return options


def _ranged(world, fig) -> bool:
    return cat_mod.ranged_weapon(world.cat, F.kit(fig)) is not None


# --------------------------------------------------------------------------- a phase
def _by_actor(choices) -> dict[str, dict[str, object]]:
    """Each figure's templates by kind; the cast templates (one per spell) as a list."""
    out: dict[str, dict[str, object]] = {}
    for c in choices:
        if c.actor is None:
            continue
        kinds = out.setdefault(c.actor, {})
        if c.kind == A.CAST:
            kinds.setdefault(A.CAST, []).append(c)
        else:
            kinds[c.kind] = c
    return out


def phase(world: World, b: Builder, choices, agent):
    st = world.state
    members = st.activation["members"]
    by_actor = _by_actor(choices)
    fresh = [st.figures[f] for f, m in members.items() if m["prep"] is None and f in by_actor]
    # the phase's charge plan is kept from one member's action to the next: a friend that
    # charged first counted on the others coming (re-planned from scratch, the pin met
    # once it stands engaged could call them off and leave it alone)
    key = (st.turn, st.activation["side"], st.activation.get("kind"), st.activation.get("leader"))
    if st.activation.get("kind") == phases.LEADER and len(members) == 1:
        agent.swidenth_waited = (st.turn, st.activation["side"])     # tempo: once a turn
    kept = getattr(agent, "swidenth_plan", None)
    b.plan_charges(fresh, kept[1] if kept and kept[0] == key else None)
    agent.swidenth_plan = (key, dict(b.charges))
    options: list[Option] = []
    for fid, kinds in by_actor.items():
        if not agent.spend():
            break
        fig = st.figures[fid]
        prep = members[fid]["prep"]
        options += member_options(world, b, fig, prep, kinds)
        yield None
    options.append(Option(Action("end"), "end", {}))
    return options


def member_options(world: World, b: Builder, fig, prep, kinds, quick: bool = False) -> list[Option]:
    """The member's options; ``quick``: moves toward the goal only (a phase's worth)."""
    out: list[Option] = []
    shooter = _ranged(world, fig)
    engaged = bool(world.engaged(fig))
    if prep is None:
        if engaged:
            out += b.fights(fig, A.NOTHING, concentrate=True)
            out += b.fights(fig, A.NOTHING)
            if not out:
                out.append(b.stay(fig, A.CONCENTRATE, shooter))
            return out
        if A.MOVE in kinds:
            allowance = kinds[A.MOVE].move.allowance
            out += b.charges_of(fig, allowance)
            out += b.moves(fig, A.MOVE, allowance, shooter, quick)
        aimed = b.shots(fig, None, aimed=True, concentrate=True) if A.SHOOT in kinds else []
        out += aimed
        if A.SHOOT in kinds:
            out += b.shots(fig, kinds[A.SHOOT], aimed=False)
        if A.CAST in kinds:
            c = kinds[A.CAST]
            conc = b.casts(fig, c, concentrated=True)
            out += [Option(Action(A.CONCENTRATE, fig.id), o.decision, o.inputs, note="focus " + o.note)
                    for o in conc]
            out += b.casts(fig, c, concentrated=False)
        if A.RELOAD in kinds:
            best = max((world.rough_shot(fig, fig.pos, e) for e in world.enemies), default=0.0)
            out.append(Option(Action(A.RELOAD, fig.id), "shoot", {"damage": clip(0.8 * best / b.norm)},
                              note="reload"))
        if not aimed:
            out.append(b.stay(fig, A.CONCENTRATE, shooter))
        return out
    if A.FIGHT in kinds:
        out += b.fights(fig, prep)
    if A.SHOOT in kinds:
        out += b.shots(fig, kinds[A.SHOOT], aimed=prep == A.CONCENTRATE)
    if A.CAST in kinds:
        out += b.casts(fig, kinds[A.CAST], concentrated=prep == A.CONCENTRATE)
    if A.RUN in kinds:
        out += b.moves(fig, A.RUN, kinds[A.RUN].move.allowance, shooter)
    if A.PICK_UP in kinds:
        out.append(Option(Action(A.PICK_UP, fig.id), "support", {"support": 0.5}, note="pick up"))
    stay = b.stay(fig, A.SKIP, shooter)
    out.append(stay)
    if A.CAMOUFLAGE in kinds and shooter:
        out.append(Option(Action(A.CAMOUFLAGE, fig.id), "move", dict(stay.inputs, hide=1.0), note="camouflage"))
    return out


# --------------------------------------------------------------------------- leader phases
def _phase_worth(world: World, b: Builder, engine, leader, partners, agent) -> dict[str, Option]:
    """Each member's best option were the phase opened now (its activation set on the
    planner's copy of the view, then taken off)."""
    st = world.state
    members = (leader.id, *partners)
    st.activation = {"side": leader.side, "kind": phases.LEADER, "leader": leader.id,
                     "members": {m: {"prep": None, "deed": None, "engaged_by_move": []} for m in members}}
    try:
        ctx = RuleContext(st, Dice(list(st.rng)), engine.ruleset.table_for)
        by_actor = _by_actor(legal.legal_actions(st, ctx))
        # the phase's worth: end points are not shared out (the phase plans them itself)
        b.plan_charges([st.figures[m] for m in members if m in by_actor], reserve=False)
        best = {}
        for fid, kinds in by_actor.items():
            for o in member_options(world, b, st.figures[fid], None, kinds, quick=True):
                # our Chef's bubble ranks its own end points; it does not lower the worth
                # of its phase against a Champion's (chef_bubble)
                o.inputs.pop("bubble", None)
                agent.score(o)
                if fid not in best or o.score > best[fid].score:
                    best[fid] = o
        return best
    finally:
        st.activation = None


BUSY = ("attack", "shoot", "support")


def leader_phases(world: World, b: Builder, engine, choices, agent):
    """Each leader phase ready, valued by its members' best options. Other leaders keep
    their own phase; every friend of the bubble comes along, or with ``partners: busy``
    only those with a blow, a shot or a spell to make, the others waiting for the troops
    phase (measured weaker: the group moves apart)."""
    st = world.state
    out = []
    prof = agent.profile
    take_leaders = bool(prof.get("take_leaders", False))
    busy_only = prof.get("partners", "all") == "busy"
    scale = float(prof.get("activation_scale", 2.0))
    strikes = False
    for c in choices:
        if c.kind != "activate":
            continue
        leader = st.figures[c.actor]
        partners = tuple(p for p in c.partners
                         if take_leaders or not phases.is_leader(st.figures[p]))
        best = _phase_worth(world, b, engine, leader, partners, agent) if agent.spend() else {}
        if busy_only and best:
            partners = tuple(p for p in partners if p in best and best[p].decision in BUSY)
        worth = sum(best[m].score for m in (leader.id, *partners) if m in best)
        inputs = {"expected": clip(worth / scale)}
        if world.careful:
            inputs["urgency"] = world.threat(leader, leader.pos)
        out.append(Option(Action("activate", leader.id, partners=partners), "activate", inputs,
                          note=f"{worth:.2f}"))
        if best:
            strikes = strikes or any(o.decision in BUSY for o in best.values())
        yield None
    wait = _wait(world, b, out, strikes) if prof.get("tempo", False) else None
    if wait is not None and getattr(agent, "swidenth_waited", None) != (st.turn, world.side):
        out.append(wait)
    return out


def _wait(world: World, b: Builder, out: list[Option], strikes: bool) -> Option | None:
    """Tempo: with nothing to strike or shoot in any phase, no objective to run for, and
    an enemy leader phase still to come this turn, a Champion opens its phase alone (once
    a turn, never the Chef): the friends of its bubble move after the enemy has (in a
    later phase, the troops phase at the latest), charging what came into reach instead
    of walking into its charges."""
    st = world.state
    if strikes or not out or b.goal_is_objective():
        return None
    if not any(phases.is_leader(f) and not phases.activated(st, f) for f in world.enemies):
        return None
    if any(world.engaged(f) for f in world.allies if not phases.activated(st, f)):
        return None
    champions = [st.figures[o.action.actor] for o in out
                 if F.rank(st.figures[o.action.actor]) != "chef" and o.action.partners]
    if not champions:
        return None
    leader = min(champions, key=world.value)
    top = max(o.inputs.get("expected", 0.0) for o in out)
    return Option(Action("activate", leader.id, partners=()), "activate",
                  {"expected": clip(top * 1.05 + 0.01), "urgency": 1.0}, note="wait")


# --------------------------------------------------------------------------- the recoil choice
def recoil_choice(world: World, b: Builder, d, view) -> list[Option]:
    """Recoil when the loser cannot step back (it is stunned instead); otherwise keep a
    foe pinned that our side is favoured against, and push away one we are not."""
    st = world.state
    winner, loser = st.figures[d.figure], st.figures[d.context["loser"]]
    trial = view.clone()
    res = recoil.recoil(trial, table_for(trial), trial.figures[winner.id], trial.figures[loser.id])
    if res.stunned:
        stay_gain, recoil_gain = 0.3, 0.9
    else:
        # pinned, the loser faces every friend engaged with it (outnumbered as it stands);
        # pushed back, it is free to strike (charge) the winner again
        net = 0.0
        for a in world.engaged(loser):
            if a.side == world.side:
                gain, loss, _ = world.fight(a, loser)
                net += gain - loss
        back, risk, _ = world.fight(loser, winner)
        edge = (net - back + risk) / max(b.norm, 1.0)
        if _ranged(world, loser):
            edge += 0.2          # an engaged shooter cannot shoot
        stay_gain = clip(0.5 + edge)
        recoil_gain = clip(0.5 - edge)
    return [Option(Action("push", winner.id, value="recoil"), "react", {"gain": recoil_gain},
                   note="stunned" if res.stunned else "steps back"),
            Option(Action("push", winner.id, value="stay"), "react", {"gain": stay_gain})]
