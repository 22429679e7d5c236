"""Strikes and shots: the declared intention (target, weapon, path) is carried out until it
becomes impossible, the target answers with a reaction (a pending decision), then the passe
d'armes, dodge, shield or blow taken is resolved."""
from __future__ import annotations

from game.core.actions import Action
from game.core.context import RuleContext
from game.core.events import ActionDeclared, CombatResolved, Moved, Note, ReactionChosen
from game.core.state import Decision, Figure, GameState
from game.rulesets._shared import facing as shared_facing
from game.rulesets._shared.aptitude import AptRoll, roll_aptitude
from game.rulesets._shared.tables import base_of
from game.rulesets.mortebrume import damage, flow, movement, sight, stats
from game.rulesets.mortebrume import reserved as reserved_mod
from game.rulesets.mortebrume.stats import BACK_BONUS, CONTACT, OUT_OF_BAND


def roll(ctx: RuleContext, fig: Figure, rule: str, aptitude: int, mods=(), against=None) -> AptRoll:
    """An aptitude roll; destiny points spent on inspiration add dice to this roll."""
    extra = int(fig.status.pop("inspired", 0) or 0)
    return roll_aptitude(ctx, fig.id, rule, aptitude, mods=mods, extra_sets=extra, against=against)


def walk_path(state: GameState, ctx: RuleContext, fig: Figure, path, allowance: float,
              mode: str, own: bool = True) -> float:
    """Follow the declared path as far as the allowance goes; returns the cost paid.
    ``own``: the move belongs to the current activation (else: a reaction's move)."""
    if not path:
        return 0.0
    act = state.activation if own else None
    floor = 0.0
    if act is not None and not fig.status.get("hindered") and stats.can_walk(fig):
        floor = max(0.0, act.get("min_left", 0.0))
    table = ctx.table
    pts, cost = movement.truncate(table, state, fig, path, allowance, floor)
    if not pts:
        return 0.0
    facing = movement.end_facing(fig, pts)
    start = fig.pos
    last = pts[-1]
    movement.place(table, fig, last[0], last[1], None)
    movement.place(ctx.table, fig, last[0], last[1], facing)
    length = sum(((pts[i][0] - (start if i == 0 else pts[i - 1])[0]) ** 2 +
                  (pts[i][1] - (start if i == 0 else pts[i - 1])[1]) ** 2) ** 0.5
                 for i in range(len(pts)))
    if act is not None:
        act["spent"] += cost
        act["min_left"] = max(0.0, act.get("min_left", 0.0) - length)
    ctx.emit(Moved(figure=fig.id, path=tuple((float(x), float(y)) for x, y in pts), cost=cost,
                   mode=mode))
    if len(pts) < len(path) or (pts and tuple(pts[-1]) != tuple(path[-1])):
        ctx.emit(Note(key="mb.note.stopped", args={"figure": fig.id}))
    return cost


def face(ctx: RuleContext, fig: Figure, other: Figure) -> None:
    shared_facing.face(ctx.table, fig, other.pos)


def remaining(state: GameState) -> float:
    act = state.activation
    return max(0.0, act["allowance"] - act["spent"])


def acted(state: GameState, fig: Figure) -> None:
    act = state.activation
    if act is not None and act["fig"] == fig.id:
        act["acted"] = True


# --------------------------------------------------------------------------- strike


def strike(state: GameState, action: Action, ctx: RuleContext) -> None:
    """The fighter's action: walk the declared path, then strike."""
    fig = state.figures[action.actor]
    target = state.figures[action.target]
    ctx.emit(ActionDeclared(figure=fig.id, action="strike", targets=(target.id,)))
    walk_path(state, ctx, fig, action.path, remaining(state), "walk")
    if action.path:
        state.activation["moved_before"] = True
    acted(state, fig)
    fig.status["struck"] = True
    ask_strike(state, ctx, fig, target, str(action.value))


def ask_strike(state: GameState, ctx: RuleContext, fig: Figure, target: Figure, wid: str, *,
               reserved: bool = False, resume: dict | None = None) -> None:
    """A blow from where the fighter stands: out of reach it fails (the fighter has acted);
    a fallen target is finished off by any roll but an automatic failure; otherwise the
    target is asked for its reaction. ``reserved``: a reserved action's free strike;
    ``resume``: the attack it interrupts, taken up again once it is resolved."""
    stats.use_weapon(fig, wid)
    face(ctx, fig, target)
    dist = ctx.table.distance(fig.id, target.id) if not target.out else _dist_to_out(fig, target)
    if dist > CONTACT + stats.EPS:
        ctx.emit(Note(key="mb.note.out_of_reach", args={"figure": fig.id}))
        reserved_mod.resume(state, ctx, resume)
        return
    rule = "reserved" if reserved else "strike"
    if target.out:
        r = roll(ctx, fig, "finish", stats.weapon_skill(fig, wid), against=target.id)
        if not r.fumble:
            damage.kill(state, ctx, target, fig.id)
        reserved_mod.resume(state, ctx, resume)
        return
    mods = []
    if not stats.in_band(wid, dist):
        mods.append(("out_of_band", OUT_OF_BAND))
    if stats.from_behind(fig, target):
        mods.append(("back", BACK_BONUS))
    data = {"type": "strike", "attacker": fig.id, "weapon": wid, "dist": dist, "mods": mods,
            "half": not stats.in_band(wid, dist), "reserved": reserved, "rule": rule}
    if resume:
        data["resume"] = resume
    _ask(state, ctx, target, fig, data, melee_reactions(state, fig, target))


def _dist_to_out(fig: Figure, target: Figure) -> float:
    a, b = base_of(fig), base_of(target)
    return float(a.polygon().distance(b.polygon()))


def melee_reactions(state: GameState, attacker: Figure, target: Figure) -> list[str]:
    """The reactions open to ``target`` against a strike by ``attacker`` as they stand
    (empty: a stunned target takes the blow without a roll, full armour): only a dodge
    from behind; a riposte only while the target's turn is not over (it has not played,
    run, used its shield or failed a dodge) and its one passe d'armes is unused. A reserved
    action is offered on top of these (``reserved.offer``)."""
    if target.status.get("stunned"):
        return []
    if stats.from_behind(attacker, target):
        return ["dodge"]
    opts = ["dodge", "take"]
    if not target.status.get("activated") and not target.status.get("struck") \
            and stats.melee_choice(target):
        opts.insert(0, "riposte")
    return opts


def shot_reactions(state: GameState, attacker: Figure, target: Figure) -> list[str]:
    """The reactions open to ``target`` against a shot by ``attacker`` as they stand: the
    shield only from the front, seeing the shooter, before the target's activation."""
    if target.status.get("stunned"):
        return []
    if stats.from_behind(attacker, target):
        return ["dodge"]
    opts = ["dodge", "take"]
    if stats.profile(target).shield and stats.in_field(target, attacker) \
            and not target.status.get("activated"):
        opts.insert(1, "shield")
    return opts


def _ask(state, ctx, target, attacker, data, options) -> None:
    """The target's side answers the attack: a reaction, or a reserved action (the
    target's, or a companion's within reach of the attacker). With nothing to answer, the
    attack is resolved at once."""
    guards = reserved_mod.offer(state, ctx, target, attacker, data, options)
    if not guards and not options:
        resolve(state, ctx, data, "none", target, None)
        return
    state.pending.append(Decision(kind="reaction", side=target.side, figure=target.id,
                                  options=guards + (options or ["none"]), context=data))


def react(state: GameState, action: Action, ctx: RuleContext) -> None:
    decision = state.pending.pop()
    fig = state.figures[decision.figure]
    choice = str(action.value)
    ctx.emit(ReactionChosen(figure=reserved_mod.guard_of(decision, choice), reaction=choice.split(":")[0],
                            against=decision.context["attacker"]))
    if choice.startswith("reserved"):
        reserved_mod.answer(state, ctx, decision, choice)
        return
    resolve(state, ctx, decision.context, choice, fig, action.path)


def resolve(state, ctx, data, choice: str, target: Figure, path) -> None:
    """Resolve an attack against the chosen reaction, then take up the attack it
    interrupted, if any."""
    kind = data["type"]
    if kind == "strike":
        _resolve_strike(state, ctx, data, choice, target, path)
    elif kind == "shot":
        _resolve_shot(state, ctx, data, choice, target, path)
    else:
        from game.rulesets.mortebrume import spells

        spells.resolve(state, ctx, data, choice, target, path)
    reserved_mod.resume(state, ctx, data.get("resume"))


def _resolve_strike(state, ctx, data, choice, target, path) -> None:
    att = state.figures[data["attacker"]]
    wid = data["weapon"]
    mods = [tuple(m) for m in data["mods"]]
    a = roll(ctx, att, data.get("rule", "strike"), stats.weapon_skill(att, wid), mods,
             against=target.id)
    if choice == "riposte":
        _passe(state, ctx, att, target, wid, a, data)
        return
    if choice == "dodge":
        d = roll(ctx, target, "dodge", stats.profile(target).dodge, against=att.id)
        if dodge_outcome(state, ctx, target, a, d, path, succeeds=not a.fumble):
            return
        special = a.particular and not a.fumble
        damage.hit(state, ctx, att, target, wid, half=data["half"], special=special)
        flow.turn_over(state, target, ctx)  # a failed dodge
        return
    # take (voluntary: armour halved) or none (stunned: no roll, full armour)
    if a.fumble:
        ctx.emit(Note(key="mb.note.no_force", args={"figure": att.id}))
        return
    damage.hit(state, ctx, att, target, wid, half=data["half"], special=a.particular,
               armour_halved=choice == "take")


def dodge_outcome(state, ctx, target: Figure, a: AptRoll, d: AptRoll, path, *, succeeds: bool) -> bool:
    """True when the dodge works: strictly above the attack (or the attack failed anyway),
    with room for the free 2.5 cm move. A special attack met by a particular dodge is dodged,
    but that was the fighter's action for the turn."""
    ctx.emit(Note(key="mb.note.dodge_roll", args={"figure": target.id, "other": a.who,
                                                   "dodge": d.total, "attack": a.total}))
    clash = succeeds and a.particular and d.particular
    ok = clash or not succeeds or (not d.fumble and d.total > a.total)
    if not ok:
        return False
    table = ctx.table
    step = None
    if path:
        res = table.check_path(base_of(target), list(path), stats.DODGE_STEP + 0.05)
        step = list(path) if res.ok else None
    if step is None:
        p = movement.free_step_possible(table, target)
        step = [p] if p is not None else None
    if step is None:
        ctx.emit(Note(key="mb.note.no_room", args={"figure": target.id}))
        return False
    movement.place(table, target, step[-1][0], step[-1][1], None)
    ctx.emit(Moved(figure=target.id, path=tuple(tuple(p) for p in step), cost=0.0, mode="dodge"))
    attacker = a.who
    dodged = list(target.status.get("dodged", []))
    if attacker not in dodged:
        dodged.append(attacker)
    target.status["dodged"] = dodged
    if clash:  # that dodge was the fighter's action: it moves at once, or after it
        if flow.mark_acted(state, target, ctx):
            flow.offer_move(state, target)
        else:
            flow.turn_over(state, target, ctx, move=True)
    return True


def _passe(state, ctx, att: Figure, dfd: Figure, wid: str, a: AptRoll, data) -> None:
    """Passe d'armes: both handle their weapon; the higher dominates, ties go against the
    attacker. A dominated fighter with a shield adds its protection (never to dominate)."""
    dwid, dskill = stats.melee_choice(dfd)[0]
    stats.use_weapon(dfd, dwid)
    dist = data["dist"]
    dmods = [] if stats.in_band(dwid, dist) else [("out_of_band", OUT_OF_BAND)]
    d = roll(ctx, dfd, "riposte", dskill, dmods, against=att.id)
    dfd.status["struck"] = True
    first = flow.mark_acted(state, dfd, ctx)
    dominant = _passe_result(state, ctx, att, dfd, wid, dwid, a, d, data)
    if dominant == "defence" and stats.profile(att).shield and not a.fumble:
        flow.turn_over(state, att, ctx)  # it used its shield
    if first:  # the riposting fighter's remaining move, the dominating fighter first
        tie = a.total == d.total and not a.fumble and not d.fumble
        flow.moves_after_passe(state, att, dfd, "attack" if tie else dominant)


def _passe_result(state, ctx, att, dfd, wid, dwid, a, d, data) -> str | None:
    """Resolve the passe; returns who dominated ("attack", "defence", or None on a tie)."""
    dhalf = not stats.in_band(dwid, data["dist"])
    if a.particular and d.particular and not a.fumble and not d.fumble:
        ctx.emit(CombatResolved(attackers=(att.id,), defender=dfd.id, hits_attack=a.total,
                                hits_defence=d.total, winner=None))
        damage.hit(state, ctx, att, dfd, wid, half=data["half"], special=False)
        damage.hit(state, ctx, dfd, att, dwid, half=dhalf, special=False)
        return None
    if a.fumble and d.fumble:
        ctx.emit(CombatResolved(attackers=(att.id,), defender=dfd.id, hits_attack=a.total,
                                hits_defence=d.total, winner=None))
        return None
    attacker_wins = not a.fumble and (d.fumble or a.total > d.total)
    win, lose, wr, lr = (att, dfd, a, d) if attacker_wins else (dfd, att, d, a)
    ctx.emit(CombatResolved(attackers=(att.id,), defender=dfd.id, hits_attack=a.total,
                            hits_defence=d.total, winner="attack" if attacker_wins else "defence"))
    shield = stats.profile(lose).shield
    dominant = "attack" if attacker_wins else "defence"
    if shield and not lr.fumble and lr.total + shield >= wr.total:
        ctx.emit(Note(key="mb.note.shield_holds", args={"figure": lose.id}))
        return dominant
    w = wid if attacker_wins else dwid
    half = data["half"] if attacker_wins else dhalf
    damage.hit(state, ctx, win, lose, w, half=half, special=wr.particular)
    return dominant


# --------------------------------------------------------------------------- shots


def shoot(state: GameState, action: Action, ctx: RuleContext) -> None:
    fig = state.figures[action.actor]
    target = state.figures[action.target]
    ctx.emit(ActionDeclared(figure=fig.id, action="shoot", targets=(target.id,)))
    walk_path(state, ctx, fig, action.path, remaining(state), "walk")
    if action.path:
        state.activation["moved_before"] = True
    acted(state, fig)
    ask_shot(state, ctx, fig, target, str(action.value))


def ask_shot(state: GameState, ctx: RuleContext, fig: Figure, target: Figure, wid: str, *,
             resume: dict | None = None) -> None:
    """A shot from where the fighter stands: impossible (under the allonge, out of range,
    beyond the mist, no line of fire) the shooter has acted; a fallen target is killed by a
    shot meeting the difficulty; otherwise the target is asked for its reaction."""
    stats.use_weapon(fig, wid)
    face(ctx, fig, target)
    table = ctx.table
    dist = _dist_to_out(fig, target) if target.out else table.distance(fig.id, target.id)
    band = stats.shot_band(wid, dist, stats.mist_radius(state))
    if band in ("out", "close") or not sight.line_of_fire(state, table, fig, target):
        # impossible action: the shooter has acted, and its remaining move is halved
        ctx.emit(Note(key="mb.note.cannot_shoot", args={"figure": fig.id, "band": band}))
        reserved_mod.resume(state, ctx, resume)
        return
    mods = [("allonge", stats.weapon(wid).allonge)]
    if band == "far":
        mods.append(("far", OUT_OF_BAND))
    if target.out:  # a fallen fighter hit by a shot is dead
        r = roll(ctx, fig, "shoot", stats.weapon_skill(fig, wid), mods, against=target.id)
        if not r.fumble and r.total >= stats.half_distance(dist):
            damage.kill(state, ctx, target, fig.id)
        else:
            ctx.emit(Note(key="mb.note.missed", args={"figure": fig.id}))
        reserved_mod.resume(state, ctx, resume)
        return
    if stats.from_behind(fig, target):
        mods.append(("back", BACK_BONUS))
    data = {"type": "shot", "attacker": fig.id, "weapon": wid, "dist": dist, "mods": mods,
            "half": band == "far", "seen": stats.in_field(target, fig)}
    if resume:
        data["resume"] = resume
    _ask(state, ctx, target, fig, data, shot_reactions(state, fig, target))


def _resolve_shot(state, ctx, data, choice, target, path) -> None:
    att = state.figures[data["attacker"]]
    wid = data["weapon"]
    mods = [tuple(m) for m in data["mods"]]
    a = roll(ctx, att, "shoot", stats.weapon_skill(att, wid), mods, against=target.id)
    difficulty = stats.half_distance(data["dist"])
    hits = not a.fumble and a.total >= difficulty
    ctx.emit(Note(key="mb.note.shot_roll", args={"figure": att.id, "total": a.total,
                                                  "difficulty": round(difficulty, 1)}))
    bonus = stats.tens(data["dist"]) if data.get("seen") else 0
    if choice == "dodge":
        d = roll(ctx, target, "dodge", stats.profile(target).dodge, [("distance", bonus)], att.id)
        if dodge_outcome(state, ctx, target, a, d, path, succeeds=hits):
            return
    elif choice == "shield":
        _, skill = stats.melee_weapons(target)[0]
        shield = stats.profile(target).shield or 0
        s = roll(ctx, target, "shield", skill, [("shield", shield), ("distance", bonus)], att.id)
        if hits:
            ctx.emit(Note(key="mb.note.shield_roll", args={"figure": target.id, "other": att.id,
                                                            "shield": s.total, "attack": a.total}))
        if flow.mark_acted(state, target, ctx):
            flow.offer_move(state, target)
        if hits and not s.fumble and s.total >= a.total:
            ctx.emit(Note(key="mb.note.shield_holds", args={"figure": target.id}))
            return
    if not hits:
        ctx.emit(Note(key="mb.note.missed", args={"figure": att.id}))
        return
    damage.hit(state, ctx, att, target, wid, half=data["half"], special=a.particular,
               armour_halved=choice == "take")
    if choice == "dodge":
        flow.turn_over(state, target, ctx)  # a failed dodge


def free_move(state: GameState, action: Action, ctx: RuleContext) -> None:
    """The move owed after a riposte, a shield or a dodge that became the fighter's action
    (no path: the fighter stays)."""
    decision = state.pending.pop()
    fig = state.figures[decision.figure]
    walk_path(state, ctx, fig, action.path, decision.context["allowance"], "walk", own=False)
