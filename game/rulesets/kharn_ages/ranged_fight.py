"""Shots and throws in the game flow, on the fight's decision machinery (``fight``): the
roll and its re-roll prompt, the target's ``defend`` decision (a shot only), the outcome.

- ``start_shot``: the shooter (free, in sight, in range, with ammunition) pays the shot's PA
  (none for the A effect's free flash shot), spends its ammunition, throws its dice in the
  shooting domain with the shot's EC range; the stored fight keeps the range band, the
  distance and the target's cover (``cover.cover_of``), which adds to its defence.
- ``finish_shot``: the comparison; a hit deals the shot's damage (an RC doubles it, the
  range modifier last; K-R48) through armour, and the shooter's effects follow as decisions
  (the V effect's free move, the A effect's free flash shots). A defence against a shot
  deals nothing back (K-R49, K-R66).
- ``start_throw`` / ``throw_rolled``: a stone or small object thrown at a figure (K-R50,
  K-R67): a fixed threshold, no defence, a re-roll prompt while short of it, the object
  deviating on a miss."""
from __future__ import annotations

from typing import Any

from game.core.events import CombatResolved, Note
from game.core.state import Decision, GameState
from game.rulesets._shared.areas import gaps

from . import cover as CV
from . import dice as D
from . import fight as FT
from . import zones
from .armour import wound
from .cards import fighter, fighters
from .defence import Defended
from .fighter import TOISE, Fighter
from .moves import action_cost, spend
from .shooting import ammo_ready, band, check_shot, hit_effects, shot_build, shot_crit_kind, shot_damage, use_ammo
from .throwing import OBJECTS, THROW_PA, land, natural_needed, threshold, throw_mods

FREE_SHOT = "free_shot"
THREW = "thrown"               # status: a throw made this activation


def distance(state: GameState, table, f: Fighter, target: Fighter) -> float:
    """Base to base, in toises."""
    return float(gaps(table, f.fig, [target.fig])[0]) / TOISE


def engaged(state: GameState, table, f: Fighter) -> bool:
    return bool(zones.engaged_by(state, table, f, fighters(state)))


def may_shoot(state: GameState, table, f: Fighter) -> bool:
    """A shooter with ammunition, able to act, standing, and free (K-R49)."""
    w = f.profile.ranged
    return (w is not None and ammo_ready(f, w) and not f.fig.out and not f.status.get("down")
            and not f.status.get("knocked_out") and not engaged(state, table, f))


def targetable(state: GameState, table, f: Fighter, foe: Fighter) -> bool:
    return (not foe.fig.out and not foe.status.get("carcass") and table.can_see(f.id, foe.id)
            and not CV.hidden_from(table, f, foe))


def shot_targets(state: GameState, table, f: Fighter) -> list[str]:
    """Enemies in sight, not hidden from the shooter, within the weapon's range."""
    w = f.profile.ranged
    if w is None:
        return []
    fs = fighters(state)
    return [o.id for o in fs.values() if o.fig.side != f.fig.side and targetable(state, table, f, o)
            and band(w, distance(state, table, f, o)) is not None]


def throw_targets(state: GameState, table, f: Fighter) -> list[str]:
    """Enemies in sight, not hidden, out of the thrower's reach, that a stone could hit
    without an RC (K-R67)."""
    fs = fighters(state)
    out = []
    for o in fs.values():
        if o.fig.side == f.fig.side or not targetable(state, table, f, o):
            continue
        d = distance(state, table, f, o)
        if d > f.reach and natural_needed(f, OBJECTS["stone"], d) <= 10:
            out.append(o.id)
    return out


def may_throw(state: GameState, table, f: Fighter) -> bool:
    return (not f.status.get(THREW) and not f.status.get("down") and not f.status.get("carrying")
            and action_cost(f, THROW_PA) <= f.pa and not engaged(state, table, f))


# ------------------------------------------------------------------ shots
def start_shot(state: GameState, ctx, att_id: str, dfn_id: str, code: str, *, free: bool = False) -> None:
    att, dfn = fighter(state, state.figures[att_id]), fighter(state, state.figures[dfn_id])
    w = att.profile.ranged
    build = shot_build(code)
    table = ctx.table
    toises = distance(state, table, att, dfn)
    why = "weapon" if w is None else check_shot(att, w, build, toises, engaged(state, table, att))
    if why and not (free and why == "pa"):
        raise ValueError(f"shot not allowed ({why})")
    if not free:
        spend(att, action_cost(att, build.pa))
    use_ammo(att, w)
    att.status.pop(CV.HIDDEN, None)
    cov = CV.cover_of(state, table, att, dfn, fighters(state))
    where = band(w, toises)
    sit = {"free": free, "max_def_chars": 2 if free else 3, "in_reach": False, "assault": False,
           "supporters": 0, "foe_supporters": 0, "supporters_stature": 0, "defender_supporters_stature": 0,
           "band": where, "toises": round(toises, 2), "cover": cov.bonus, "cover_kind": cov.kind,
           "cover_source": cov.source, "cover_stature": cov.stature}
    mod = w.short_bonus if where == "short" else (-3 if where == "long" and build.kind != "precise" else 0)
    ctx.emit(Note(key=f"ka.log.shot.{where}" + (".precise" if where == "long" and not mod else ""),
                  args={"who": att.id, "target": dfn.id, "toises": round(toises, 1), "kind": build.kind,
                        "mod": f"{mod:+d}"}))
    if cov.bonus:
        who = {"piece": CV.kind_of(state, cov.source)} if cov.kind == CV.TERRAIN else {"by": cov.source}
        ctx.emit(Note(key=f"ka.log.cover.{cov.kind}", args={"target": dfn.id, "bonus": cov.bonus,
                                                           "h": cov.stature, **who}))
    mods = [(c, att.char(c)) for c in build.chars]
    kind = shot_crit_kind(build)
    r = D.open_roll(ctx, att, "shot", "shooting", mods, shot=kind, against=dfn.id)
    FT._set(state, {"att": att_id, "dfn": dfn_id, "code": code, "sit": sit, "rule": "shot",
                    "a": FT._store(r, kind), "d": None, "chosen": None, "stage": "attack"})
    FT._maybe_ask_reroll(state, att, r, None)


def shot_advice(att: Fighter, dfn: Fighter, fight: dict[str, Any], aroll) -> list:
    """The defences against a shot whose roll is known, best first (``odds.advise_defence``
    with the shot's damage and the cover)."""
    from .odds import advise_defence

    sit = fight["sit"]
    build = shot_build(fight["code"])
    base, crit = shot_damage(att, att.profile.ranged, build, sit["band"], aroll.rc)
    return advise_defence(att, dfn, None, aroll, FT.incoming(att, fight), damage=(base, crit),
                          defender_bonus=int(sit.get("cover", 0)))


def finish_shot(state: GameState, ctx, fight: dict[str, Any], d: Defended) -> None:
    att = fighter(state, state.figures[fight["att"]])
    dfn = fighter(state, state.figures[fight["dfn"]])
    aroll = FT._roll_of(att, fight["a"], "shooting")
    sit = fight["sit"]
    build = shot_build(fight["code"])
    w = att.profile.ranged
    FT._set(state, None)
    ctx.emit(CombatResolved(attackers=(att.id,), defender=dfn.id, hits_attack=int(d.hit), hits_defence=0,
                            winner="attack" if d.hit else "defence"))
    if d.discarded and aroll.rc and build.kind != "flash":       # the critical part still lands
        crit = shot_damage(att, w, build, sit["band"], True)[1]
        if crit:
            wound(ctx, dfn, crit, by=att.id)
    if not d.hit:
        return
    base, crit = shot_damage(att, w, build, sit["band"], aroll.rc)
    taken, move, flashes = hit_effects(ctx, att, dfn, w, build, sit["band"], aroll.rc)
    key = "ka.log.shot_damage.rc" if aroll.rc and build.kind != "flash" else "ka.log.shot_damage"
    ctx.emit(Note(key=key, args={"who": att.id, "target": dfn.id, "base": base, "crit": crit, "taken": taken}))
    if att.fig.out:
        return
    for _ in range(flashes):
        state.pending.append(Decision(kind=FREE_SHOT, side=att.fig.side, figure=att.id))
    if move > 0:
        state.pending.append(Decision(kind=FT.FREE_MOVE, side=att.fig.side, figure=att.id,
                                      context={"mm": move * TOISE}))


# ------------------------------------------------------------------ throws
def start_throw(state: GameState, ctx, att_id: str, dfn_id: str, obj_id: str) -> None:
    f, target = fighter(state, state.figures[att_id]), fighter(state, state.figures[dfn_id])
    obj = OBJECTS[obj_id]
    toises = distance(state, ctx.table, f, target)
    spend(f, action_cost(f, THROW_PA))
    f.status[THREW] = True
    f.status.pop(CV.HIDDEN, None)
    need = threshold(f, obj, toises)
    mods = throw_mods(f)
    ctx.emit(Note(key="ka.log.throw", args={"who": f.id, "target": target.id, "toises": round(toises, 1),
                                            "need": need, "obj": obj_id}))
    r = D.open_roll(ctx, f, "throw", "shooting", mods, need=max(1, need - sum(v for _, v in mods)),
                    against=target.id)
    FT._set(state, {"att": att_id, "dfn": dfn_id, "code": obj_id, "rule": "throw", "stage": "attack",
                    "sit": {"need": need, "toises": round(toises, 2)}, "a": FT._store(r), "d": None,
                    "chosen": None})
    FT._maybe_ask_reroll(state, f, r, need)


def throw_rolled(state: GameState, ctx, fight: dict[str, Any]) -> None:
    f = fighter(state, state.figures[fight["att"]])
    target = fighter(state, state.figures[fight["dfn"]])
    roll = D.close(ctx, FT._open(state, f, fight["a"], "throw", "shooting", target.id))
    FT._set(state, None)
    res = land(ctx, f, OBJECTS[fight["code"]], int(fight["sit"]["need"]), roll, target)
    if res.hit:
        ctx.emit(Note(key="ka.log.throw_hit", args={"who": f.id, "target": target.id, "taken": res.taken}))
    elif res.heading is None:
        ctx.emit(Note(key="ka.log.throw_stays", args={"who": f.id}))
    else:
        ctx.emit(Note(key="ka.log.throw_rolls", args={"who": f.id, "toises": int(res.drift),
                                                      "heading": int(res.heading)}))

