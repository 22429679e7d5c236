"""Spells: casting aptitude + dice + allonge against half the distance (nothing for oneself),
raised by each point of power or cm of area added; the power must beat the target's
resistance (halved for a consenting companion or oneself, and for a fighter out of
combat); a special success doubles the power; an automatic failure loses the spell.
A fallen (out of combat) fighter cannot be helped by a spell; a harmful spell (wounds,
Volonté drain) that takes effect on a fallen enemy kills it, as any attack would."""
from __future__ import annotations

from game.core.actions import Action
from game.core.context import RuleContext
from game.core.events import ActionDeclared, Note, StatusChanged
from game.core.state import Figure, GameState
from game.rulesets._shared.aptitude import pool
from game.rulesets._shared.tables import base_of
from game.rulesets.mortebrume import damage, stats
from game.rulesets.mortebrume.stats import CM

HARMFUL = ("wound", "drain")  # effects that are an attack: they kill a fallen fighter


def encode(sid: str, power: int = 0, area: int = 0) -> str:
    return f"{sid}+{power}+{area}"


def decode(value: str) -> tuple[str, int, int]:
    sid, p, a = str(value).split("+")
    return sid, int(p), int(a)


def best_roll(fig: Figure) -> int:
    """The highest casting roll the fighter can make now: aptitude, allonge, every die
    (destiny dice already spent on it included) at its highest face."""
    p = stats.profile(fig)
    n, sides = pool(p.spell.skill, int(fig.status.get("inspired", 0) or 0))
    return p.spell.skill + stats.spell(p.spell.id).allonge + n * sides


def power_needed(state: GameState, fig: Figure, sid: str) -> int:
    """The power raise past which a raise changes nothing: the one that beats the
    strongest resistance among the fighters the spell could reach."""
    sp = stats.spell(sid)
    res = [resistance(fig, f, sp.resist) for f in state.figures.values()
           if not f.status.get("dead") and not f.status.get("undeployed")]
    return max([0] + [r - sp.power + 1 for r in res])


def options(state: GameState, fig: Figure) -> tuple[str, ...]:
    """The raises the caster may declare: power up to what beats the strongest resistance
    on the table, area (cm added to the diameter) as it likes, as long as a roll can still
    meet the difficulty they add (the raises are not capped otherwise)."""
    p = stats.profile(fig)
    if p.spell is None or fig.status.get("spell_lost"):
        return ()
    sp = stats.spell(p.spell.id)
    top = best_roll(fig)
    powers = range(min(top, power_needed(state, fig, p.spell.id)) + 1)
    areas = range(top + 1) if sp.area else (0,)
    return tuple(encode(p.spell.id, r, a) for r in powers for a in areas if r + a <= top)


def radius(sid: str, area_raise: int) -> float:
    """The radius (mm) of an area spell: its own, plus half of the cm added to the diameter."""
    return (stats.spell(sid).area + area_raise / 2) * CM


def consenting(caster: Figure, target: Figure) -> bool:
    return target.side == caster.side and not target.out


def resistance(caster: Figure, target: Figure, stat: str) -> int:
    r = stats.resistance(target, stat)
    if consenting(caster, target) or target.out:
        r //= 2
    return r


def gap(table, caster: Figure, target: Figure) -> float:
    """Edge-to-edge distance (mm) from the caster to its target, fallen or standing."""
    if target.id == caster.id:
        return 0.0
    if target.out:
        return float(base_of(caster).polygon().distance(base_of(target).polygon()))
    return table.distance(caster.id, target.id)


def may_target(caster: Figure, target: Figure, sid: str) -> bool:
    """Friendly spells aim at standing companions (a fallen fighter cannot be helped);
    hostile ones at enemies, fallen ones only when the spell harms."""
    sp = stats.spell(sid)
    if target.status.get("dead"):
        return False
    if sp.friendly:
        return target.side == caster.side and not target.out
    return target.side != caster.side and (not target.out or sp.effect in HARMFUL)


def difficulty(table, caster: Figure, target: Figure, raise_power: int, raise_area: int) -> float:
    return stats.half_distance(gap(table, caster, target)) + raise_power + raise_area


def cast(state: GameState, action: Action, ctx: RuleContext) -> None:
    from game.rulesets.mortebrume import combat

    fig = state.figures[action.actor]
    target = state.figures[action.target]
    sid, rp, ra = decode(action.value)
    ctx.emit(ActionDeclared(figure=fig.id, action=f"cast:{sid}", targets=(target.id,)))
    combat.walk_path(state, ctx, fig, action.path, combat.remaining(state), "walk")
    if action.path:
        state.activation["moved_before"] = True
    combat.acted(state, fig)
    state.activation["spell"] = True
    ask(state, ctx, fig, target, sid, rp, ra)


def ask(state: GameState, ctx: RuleContext, fig: Figure, target: Figure, sid: str, rp: int,
        ra: int, *, resume: dict | None = None) -> None:
    """The spell from where the caster stands: without a line of sight it is not cast;
    a hostile spell on a standing enemy that can react asks for its reaction."""
    from game.rulesets.mortebrume import combat, reserved, sight

    sp = stats.spell(sid)
    if target.id != fig.id:
        combat.face(ctx, fig, target)
        if not sight.line_of_fire(state, ctx.table, fig, target):
            ctx.emit(Note(key="mb.note.cannot_cast", args={"figure": fig.id}))
            reserved.resume(state, ctx, resume)
            return
    data = {"type": "spell", "attacker": fig.id, "spell": sid, "raise": rp, "area": ra,
            "dist": gap(ctx.table, fig, target), "seen": stats.in_field(target, fig)}
    if resume:
        data["resume"] = resume
    if sp.friendly or target.side == fig.side or target.out:
        combat.resolve(state, ctx, data, "none", target, None)
        return
    combat._ask(state, ctx, target, fig, data, [] if target.status.get("stunned") else ["dodge", "take"])


def resolve(state: GameState, ctx: RuleContext, data, choice: str, target: Figure, path) -> None:
    from game.rulesets.mortebrume import combat

    caster = state.figures[data["attacker"]]
    sp = stats.spell(data["spell"])
    skill = stats.profile(caster).spell.skill
    table = ctx.table
    diff = difficulty(table, caster, target, data["raise"], data["area"]) \
        if target.id != caster.id else data["raise"] + data["area"]
    r = combat.roll(ctx, caster, "cast", skill, [("allonge", sp.allonge)], against=target.id)
    ok = not r.fumble and r.total >= diff
    ctx.emit(Note(key="mb.note.cast_roll", args={"figure": caster.id, "total": r.total,
                                                  "difficulty": round(diff, 1)}))
    if r.fumble:
        caster.status["spell_lost"] = True
        ctx.emit(StatusChanged(figure=caster.id, status="spell_lost", value=True))
    if choice == "dodge":
        bonus = stats.tens(data["dist"]) if data.get("seen") else 0
        d = combat.roll(ctx, target, "dodge", stats.profile(target).dodge,
                        [("distance", bonus)], caster.id)
        if combat.dodge_outcome(state, ctx, target, r, d, path, succeeds=ok):
            return
    if not ok:
        ctx.emit(Note(key="mb.note.spell_failed", args={"figure": caster.id}))
        return
    power = sp.power + data["raise"]
    if r.particular:
        power *= 2
    victims = [target]
    if sp.area:
        reach = radius(data["spell"], data["area"])
        tb = base_of(target).polygon()
        for f in state.figures.values():
            if f is target or f.status.get("dead") or (f.out and sp.effect not in HARMFUL):
                continue
            if base_of(f).polygon().distance(tb) <= reach + stats.EPS:
                victims.append(f)
    for v in victims:
        if sp.friendly and v.side != caster.side:
            continue
        res = resistance(caster, v, sp.resist)
        if power <= res:
            ctx.emit(Note(key="mb.note.resisted", args={"figure": v.id, "power": power,
                                                         "resistance": res}))
            continue
        _effect(state, ctx, caster, v, sp)
    if choice == "dodge":
        from game.rulesets.mortebrume import flow

        flow.turn_over(state, target, ctx)  # a failed dodge


def _effect(state, ctx, caster: Figure, v: Figure, sp) -> None:
    if v.out:  # only harmful spells reach a fallen fighter: the attack kills it
        if sp.effect == "drain":
            damage.drain_will(state, ctx, v, sp.amount, by=caster.id)
        if not v.status.get("dead"):
            damage.kill(state, ctx, v, caster.id)
        return
    if sp.effect == "wound":
        damage.wound(state, ctx, v, sp.amount, by=caster.id)
    elif sp.effect == "stun":
        damage.stun(ctx, v)
    elif sp.effect == "drain":
        damage.drain_will(state, ctx, v, sp.amount, by=caster.id)
    elif sp.effect == "heal":
        before = v.vitality
        v.vitality = min(v.max_vitality, v.vitality + sp.amount)
        ctx.emit(StatusChanged(figure=v.id, status="healed", value=v.vitality - before))
    elif sp.effect == "hinder":
        v.status["hindered"] = True
        ctx.emit(StatusChanged(figure=v.id, status="hindered", value=True))
    elif sp.effect == "ward":
        v.status["ward"] = int(v.status.get("ward", 0)) + sp.amount
        ctx.emit(StatusChanged(figure=v.id, status="ward", value=v.status["ward"]))
