"""Reserved actions (a free strike, once per turn, in the catalogue): used as a second strike
in the fighter's own activation, or to interrupt an enemy attack aimed at it from within
reach. Two reserved actions meeting (a reserved strike answered by a reserved interruption)
are resolved at the same moment; when one of them would stop the other (out of combat or
stunned), only the reserved action of the side holding the hand is carried out."""
from __future__ import annotations

from game.core.context import RuleContext
from game.core.events import Note, StatusChanged
from game.core.state import Decision, Figure, GameState
from game.rulesets.mortebrume import damage, stats
from game.rulesets.mortebrume.stats import BACK_BONUS, CONTACT, OUT_OF_BAND


def use(ctx: RuleContext, fig: Figure) -> None:
    fig.status["reserved_used"] = True
    ctx.emit(StatusChanged(figure=fig.id, status="reserved", value=True))


def offer(ctx: RuleContext, target: Figure, attacker: Figure, options: list[str]) -> list[str]:
    """A fighter with its reserved action unused may interrupt an attacker within reach."""
    if options and stats.has_reserved(target) and stats.melee_choice(target) and \
            ctx.table.distance(target.id, attacker.id) <= CONTACT + stats.EPS:
        return ["reserved"] + options
    return options


def _strike_mods(ctx: RuleContext, fig: Figure, other: Figure, wid: str) -> tuple[list, bool]:
    dist = ctx.table.distance(fig.id, other.id)
    half = not stats.in_band(wid, dist)
    mods = [("out_of_band", OUT_OF_BAND)] if half else []
    if stats.from_behind(fig, other):
        mods.append(("back", BACK_BONUS))
    return mods, half


def interrupt(state: GameState, ctx: RuleContext, decision: Decision) -> None:
    """The target answers an attack with its reserved strike, resolved first: the attacker,
    in mid-action, cannot react and keeps its full armour; if it can still act, the target
    then chooses its reaction to the attack as before, else the attack is cancelled. Against
    an attack that is itself a reserved strike, both are resolved at once (``clash``)."""
    from game.rulesets.mortebrume import combat

    fig = state.figures[decision.figure]
    att = state.figures[decision.context["attacker"]]
    use(ctx, fig)
    if decision.context.get("reserved"):
        clash(state, ctx, att, fig, decision.context)
        return
    wid, skill = stats.melee_choice(fig)[0]
    stats.use_weapon(fig, wid)
    mods, half = _strike_mods(ctx, fig, att, wid)
    r = combat.roll(ctx, fig, "reserved", skill, mods, against=att.id)
    if not r.fumble:
        damage.hit(state, ctx, fig, att, wid, half=half, special=r.particular)
    if att.out or att.status.get("stunned"):
        ctx.emit(Note(key="mb.note.interrupted", args={"figure": att.id}))
        return
    options = [o for o in decision.options if o != "reserved"]
    state.pending.append(Decision(kind="reaction", side=fig.side, figure=fig.id,
                                  options=options, context=decision.context))


def clash(state: GameState, ctx: RuleContext, att: Figure, dfd: Figure, data: dict) -> None:
    """Two reserved strikes at once: both are rolled and worked out before either lands,
    neither fighter reacts and both keep their full armour. If one blow would take its
    target out of combat or stun it, the hand decides: only the blow of the side holding
    the hand lands. Otherwise both land."""
    from game.rulesets.mortebrume import combat

    ctx.emit(Note(key="mb.note.simultaneous", args={"figure": att.id, "other": dfd.id}))
    wid_a = data["weapon"]
    a = combat.roll(ctx, att, "strike", stats.weapon_skill(att, wid_a),
                    [tuple(m) for m in data["mods"]], against=dfd.id)
    wid_d, skill_d = stats.melee_choice(dfd)[0]
    stats.use_weapon(dfd, wid_d)
    mods_d, half_d = _strike_mods(ctx, dfd, att, wid_d)
    d = combat.roll(ctx, dfd, "reserved", skill_d, mods_d, against=att.id)
    blows = {}
    if not a.fumble:
        blows[att.id] = (att, dfd, damage.blow(ctx, att, dfd, wid_a, half=data["half"],
                                               special=a.particular))
    if not d.fumble:
        blows[dfd.id] = (dfd, att, damage.blow(ctx, dfd, att, wid_d, half=half_d,
                                               special=d.particular))
    if any(b.cancels(victim) for _, victim, b in blows.values()):
        hand = int(state.extras.get("main", att.side))
        ctx.emit(Note(key="mb.note.hand_prevails", args={"side": hand}))
        blows = {k: v for k, v in blows.items() if v[0].side == hand}
    for striker, victim, b in blows.values():
        damage.land(state, ctx, striker, victim, b)
