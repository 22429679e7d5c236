"""Reserved actions (a free strike, once per turn, in the catalogue), usable at any moment:
by the side deciding (in or out of an activation, before or after the fighter's own action,
even once its turn is over: the ``reserved`` template), and by the side attacked, to
interrupt an enemy attack before it is resolved (its target, unless struck from behind, or
a companion within reach of the attacker: a reaction value "reserved" or
"reserved:<fighter>"). An interrupting strike is an attack like any other (the attacker, in
mid-action, dodges, takes it or answers with its own reserved action); the interrupted
attack then goes on unless its author fell, was stunned, saw its turn end (a failed dodge)
or dodged its target. Two reserved
strikes aimed at each other are resolved at the same moment; when one of them would stop
the other (out of combat or stunned), only that of the side holding the hand lands."""
from __future__ import annotations

from game.core.actions import Action, ActionChoice
from game.core.context import RuleContext
from game.core.events import ActionDeclared, Note, StatusChanged
from game.core.state import Decision, Figure, GameState
from game.rulesets.mortebrume import damage, sight, stats
from game.rulesets.mortebrume.stats import BACK_BONUS, CONTACT, OUT_OF_BAND

PREFIX = "reserved"


def usable(fig: Figure) -> bool:
    """An unused reserved action the fighter can strike with now."""
    return stats.has_reserved(fig) and bool(stats.melee_choice(fig))


def use(ctx: RuleContext, fig: Figure) -> None:
    fig.status["reserved_used"] = True
    ctx.emit(StatusChanged(figure=fig.id, status="reserved", value=True))


# --------------------------------------------------------------------------- the deciding side


def choices(state: GameState, table, side: int) -> list[ActionChoice]:
    """A reserved strike for each fighter of the side that still has one, on the enemies
    the side sees (with strict measuring all of them: one out of reach is a strike lost;
    otherwise those within 4 cm), never on a fighter it dodged this turn."""
    fighters = [f for f in state.figures_of(side) if usable(f)]
    if not fighters:
        return []
    seen = sight.visible_to(state, table, side)
    strict = bool(state.extras.get("strict", True))
    out = []
    for f in fighters:
        dodged = set(f.status.get("dodged", []))
        tg = tuple(e.id for e in state.figures.values()
                   if e.side != side and e.id in seen and not e.status.get("dead")
                   and e.id not in dodged and (strict or _gap(table, f, e) <= CONTACT + stats.EPS))
        if tg:
            out.append(ActionChoice("reserved", f.id, targets=tg, min_targets=1, input="target",
                                    values=tuple(w for w, _ in stats.melee_choice(f))))
    return out


def _gap(table, fig: Figure, other: Figure) -> float:
    from game.rulesets.mortebrume.combat import _dist_to_out

    return _dist_to_out(fig, other) if other.out else table.distance(fig.id, other.id)


def strike(state: GameState, action: Action, ctx: RuleContext) -> None:
    """``reserved``: the fighter's free strike, from where it stands."""
    from game.rulesets.mortebrume import combat

    fig = state.figures[action.actor]
    target = state.figures[action.target]
    ctx.emit(ActionDeclared(figure=fig.id, action="reserved", targets=(target.id,)))
    use(ctx, fig)
    combat.ask_strike(state, ctx, fig, target, str(action.value), reserved=True)


# --------------------------------------------------------------------------- the side attacked


def offer(state: GameState, ctx: RuleContext, target: Figure, attacker: Figure, data: dict,
          options: list[str]) -> list[str]:
    """The reserved actions that may interrupt ``attacker``'s attack on ``target``: the
    target's own (not against an attack from behind, when it can react at all), and, unless
    the attack is itself a reserved strike, those of its companions within reach of the
    attacker. Nobody strikes a fighter it dodged this turn."""
    out = []
    table = ctx.table
    for f in [target] + [c for c in state.figures_of(target.side) if c.id != target.id]:
        mine = f.id == target.id
        if not usable(f) or attacker.id in f.status.get("dodged", []):
            continue
        if mine and (not options or stats.from_behind(attacker, target)):
            continue
        if not mine and data.get("reserved"):
            continue
        if table.distance(f.id, attacker.id) <= CONTACT + stats.EPS:
            out.append(PREFIX if mine else f"{PREFIX}:{f.id}")
    return out


def guard_of(decision: Decision, value: str) -> str:
    """The fighter a reaction value names: the decision's own, or the companion after ':'."""
    return value.split(":", 1)[1] if ":" in value else str(decision.figure)


def answer(state: GameState, ctx: RuleContext, decision: Decision, value: str) -> None:
    """The side attacked answers with a reserved strike on the attacker: at the same moment
    as a reserved strike aimed at that fighter, otherwise first, the attack waiting until
    it is resolved."""
    from game.rulesets.mortebrume import combat

    guard = state.figures[guard_of(decision, value)]
    att = state.figures[decision.context["attacker"]]
    use(ctx, guard)
    if decision.context.get("reserved"):
        clash(state, ctx, att, guard, decision.context)
        resume(state, ctx, decision.context.get("resume"))
        return
    saved = {"kind": decision.kind, "side": decision.side, "figure": decision.figure,
             "options": list(decision.options), "context": decision.context}
    combat.ask_strike(state, ctx, guard, att, stats.melee_choice(guard)[0][0], reserved=True,
                      resume=saved)


def resume(state: GameState, ctx: RuleContext, saved: dict | None) -> None:
    """Take up the interrupted attack: cancelled if its author fell, is stunned, saw its
    turn end (a failed dodge, or a dodge that became its action) or dodged its target;
    otherwise asked again from where the fighters now stand."""
    if not saved:
        return
    from game.rulesets.mortebrume import combat, spells

    data = saved["context"]
    att = state.figures[data["attacker"]]
    tgt = state.figures[saved["figure"]]
    if att.out or att.status.get("stunned") or att.status.get("spent") \
            or tgt.status.get("dead") or tgt.id in att.status.get("dodged", []):
        ctx.emit(Note(key="mb.note.interrupted", args={"figure": att.id}))
        return
    kind, more = data["type"], data.get("resume")
    if kind == "strike":
        combat.ask_strike(state, ctx, att, tgt, data["weapon"], reserved=bool(data.get("reserved")),
                          resume=more)
    elif kind == "shot":
        combat.ask_shot(state, ctx, att, tgt, data["weapon"], resume=more)
    else:
        spells.ask(state, ctx, att, tgt, data["spell"], data["raise"], data["area"], resume=more)


def _strike_mods(ctx: RuleContext, fig: Figure, other: Figure, wid: str) -> tuple[list, bool]:
    dist = ctx.table.distance(fig.id, other.id)
    half = not stats.in_band(wid, dist)
    mods = [("out_of_band", OUT_OF_BAND)] if half else []
    if stats.from_behind(fig, other):
        mods.append(("back", BACK_BONUS))
    return mods, half


def clash(state: GameState, ctx: RuleContext, att: Figure, dfd: Figure, data: dict) -> None:
    """Two reserved strikes at once: both are rolled and worked out before either lands,
    neither fighter reacts and both keep their full armour. If one blow would take its
    target out of combat or stun it, the hand decides: only the blow of the side holding
    the hand lands. Otherwise both land."""
    from game.rulesets.mortebrume import combat

    ctx.emit(Note(key="mb.note.simultaneous", args={"figure": att.id, "other": dfd.id}))
    wid_a = data["weapon"]
    a = combat.roll(ctx, att, data.get("rule", "reserved"), stats.weapon_skill(att, wid_a),
                    [tuple(m) for m in data["mods"]], against=dfd.id)
    wid_d, skill_d = stats.melee_choice(dfd)[0]
    stats.use_weapon(dfd, wid_d)
    combat.face(ctx, dfd, att)
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
