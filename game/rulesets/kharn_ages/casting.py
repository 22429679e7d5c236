"""Casting in the game flow (K-R91), on the fight's decision machinery (``fight``): the
running spell is stored as a fight with ``rule: "spell"``.

- ``cast_choices``: one ``cast`` template per spell the active magician may try now (its
  cadence not spent this turn), its targets in range and sight, its values the codes
  ``spell/effect/pa`` it can pay (``spells.code``).
- ``start_cast``: the caster pays 1 to 3 PA, and throws its level dice in the esoteric
  domain with I per PA and its faction's bonus (``faction_bonus_now``); the re-roll prompt of
  K-R60 follows while it is short of the difficulty.
- ``cast_rolled``: short of the difficulty (an RC always reaches it) the spell fails; else
  each target in turn (one, or every figure the area touches) answers a ``resist`` decision:
  0 to 3 PA of I (K-R15, the incantation's -2 / +2), or ``accept`` for a friend; a
  Réceptif target of the path takes it, an Immunité one is left out.
- ``resist`` / ``defence_rolled``: the defence roll (its own re-roll prompt); the spell works
  on that target unless the defence equals or beats the caster's total."""
from __future__ import annotations

from typing import Any

from game.core.actions import ActionChoice
from game.core.events import Note
from game.core.state import Decision, GameState

from . import dice as D
from . import fight as FT
from . import spells as SP
from .cards import KEY, fighter, fighters
from .fighter import Fighter
from .magic import TARGET_MOD, defence_pa_ok, faction_bonus
from .moves import action_cost, spend, stun_tax
from .states import may_act

CAST, RESIST, ACCEPT, NONE = "cast", "resist", "accept", "none"
RULE = "spell"


# ------------------------------------------------------------------ what may be cast
def casts_this_turn(state: GameState, fid: str, sid: str) -> int:
    return int(state.extras.setdefault(KEY, {}).get("casts", {}).get(f"{state.turn}:{fid}:{sid}", 0))


def _count_cast(state: GameState, fid: str, sid: str) -> None:
    d = state.extras.setdefault(KEY, {})
    casts = {k: v for k, v in d.get("casts", {}).items() if k.startswith(f"{state.turn}:")}
    key = f"{state.turn}:{fid}:{sid}"
    casts[key] = casts.get(key, 0) + 1
    d["casts"] = casts


def may_cast(f: Fighter) -> bool:
    return bool(SP.known(f)) and may_act(f) and not f.status.get("down") and not f.fig.out


def targets(state: GameState, table, f: Fighter, sid: str) -> list[str]:
    """The figures the spell may be aimed at now: in range and in sight (the caster itself
    for ``self`` and ``friend``, any standing figure as an area's centre), none immune."""
    from .ranged_fight import targetable

    sp = SP.spell(sid)
    reach = SP.range_of(f, sid)
    out = []
    for o in fighters(state).values():
        if o.fig.out or o.status.get("carcass"):
            continue
        friend = o.fig.side == f.fig.side
        me = o.id == f.id
        kind = sp.target
        if kind == "self" and not me or kind == "ally" and (me or not friend) \
                or kind == "friend" and not friend or kind == "enemy" and friend:
            continue
        if not me and (SP.reach_to(f, o) > reach + 1e-6 or not targetable(state, table, f, o)):
            continue
        if kind != "area" and sp.path and o.profile.skills.get("immunite") == sp.path:
            continue
        out.append(o.id)
    return out


def cast_choices(state: GameState, ctx, f: Fighter) -> list[ActionChoice]:
    if not may_cast(f):
        return []
    out = []
    for sid in SP.known(f):
        sp = SP.spell(sid)
        if casts_this_turn(state, f.id, sid) >= sp.cadence:
            continue
        pas = [pa for pa in (1, 2, 3) if action_cost(f, pa) <= f.pa]
        aims = targets(state, ctx.table, f, sid) if pas else []
        if aims:
            values = tuple(SP.code(sid, i, pa) for i in range(len(sp.effects)) for pa in pas)
            out.append(ActionChoice(CAST, f.id, targets=tuple(aims), values=values, min_targets=1, input="form",
                                    hints={"spell": sid}))
    return out


def faction_bonus_now(state: GameState, f: Fighter) -> int:
    """The caster's faction bonus as things stand (``magic.faction_bonus``; the Khémistes
    are of the Tembos' faction and path)."""
    fs = fighters(state).values()
    aura = float(f.char("I"))
    side = f.fig.side
    return faction_bonus(
        f.profile.faction,
        terrasses=sum(1 for o in fs if o.status.get("carcass")),
        level1_gouns=sum(1 for o in fs if o.fig.side == side and not o.fig.out and o.level == 1
                         and o.profile.faction == "goun"),
        wounded_foes_in_aura=sum(1 for o in fs if o.fig.side != side and not o.fig.out and _wounded(o)
                                 and SP.reach_to(f, o) <= aura),
        wounded_friends_in_aura=sum(1 for o in fs if o.fig.side == side and o.id != f.id and not o.fig.out
                                    and _wounded(o) and SP.reach_to(f, o) <= aura),
        living_own=sum(1 for o in fs if o.fig.side == side and not o.fig.out))


def spell_bonus(state: GameState, f: Fighter, sid: str) -> int:
    """The faction bonus on this spell (K-R130): the caster's people's way of channelling, so
    it counts on generic spells and its own path's; a spell of another path written in by
    Affinité gets none, while an Archimage, master of every form, keeps it on all."""
    path = SP.path_of(sid)
    if path and path != f.profile.path and not f.has("archimage"):
        return 0
    return faction_bonus_now(state, f)


def _wounded(o: Fighter) -> bool:
    return o.fig.vitality < o.fig.max_vitality


# ------------------------------------------------------------------ the cast
def start_cast(state: GameState, ctx, caster_id: str, target_id: str, value: str) -> None:
    f = fighter(state, state.figures[caster_id])
    sid, effect, pa = SP.parse(value)
    sp = SP.spell(sid)
    if pa not in TARGET_MOD or sid not in SP.known(f) or casts_this_turn(state, f.id, sid) >= sp.cadence:
        raise ValueError("spell not allowed")
    spend(f, action_cost(f, pa))
    _count_cast(state, f.id, sid)
    difficulty = sp.effects[effect].difficulty
    target = fighter(state, state.figures[target_id])
    if sp.target != "area" and target.fig.side == f.fig.side and target.has("hermetisme"):
        difficulty += target.skill("hermetisme")
    bonus = spell_bonus(state, f, sid)
    ctx.emit(Note(key="ka.log.spell.cast", args={"who": f.id, "target": target_id, "spell": sid, "pa": pa,
                                                "need": difficulty, "bonus": bonus}))
    mods = [("I", f.char("I"))] * pa + ([("faction", bonus)] if bonus else [])
    r = D.open_roll(ctx, f, RULE, "esoteric", mods, need=max(1, difficulty - sum(v for _, v in mods)),
                    against=target_id)
    FT._set(state, {"att": caster_id, "dfn": target_id, "code": value, "rule": RULE, "stage": "attack",
                    "sit": {"difficulty": difficulty, "centre": target_id, "bonus": bonus},
                    "a": FT._store(r), "d": None, "chosen": None})
    FT._maybe_ask_reroll(state, f, r, difficulty)


def cast_rolled(state: GameState, ctx, fight: dict[str, Any]) -> None:
    caster = fighter(state, state.figures[fight["att"]])
    sid, effect, pa = SP.parse(fight["code"])
    r = FT._open(state, caster, fight["a"], RULE, "esoteric", fight["dfn"])
    roll = D.close(ctx, r)
    fight["a"]["chain"] = list(roll.chain)
    need = int(fight["sit"]["difficulty"])
    if not roll.reaches(need, rc_wins=True):
        ctx.emit(Note(key="ka.log.spell.failed", args={"who": caster.id, "spell": sid, "total": roll.total,
                                                      "need": need}))
        FT._set(state, None)
        return
    sp = SP.spell(sid)
    everyone = fighters(state)
    if sp.target == "area":
        queue = SP.area_members(sid, caster, everyone[fight["sit"]["centre"]], everyone)
    else:
        queue = [fight["sit"]["centre"]]
    fight["total"] = roll.total
    fight["queue"] = [q for q in queue if not (sp.path and everyone[q].profile.skills.get("immunite") == sp.path)]
    fight["stage"] = "defence"
    next_target(state, ctx, fight)


def next_target(state: GameState, ctx, fight: dict[str, Any]) -> None:
    """Ask the next target for its answer, playing at once what needs no choice."""
    caster = fighter(state, state.figures[fight["att"]])
    sid, effect, _ = SP.parse(fight["code"])
    path = SP.path_of(sid)
    while fight["queue"]:
        t = fighter(state, state.figures[fight["queue"][0]])
        fight["dfn"] = t.id
        if t.fig.out:
            fight["queue"].pop(0)
            continue
        if path and t.profile.skills.get("receptif") == path:
            _works(state, ctx, fight, caster, t)
            continue
        options = resist_options(t, caster)
        if len(options) == 1:
            resist(state, ctx, options[0])
            return
        state.pending.append(Decision(kind=RESIST, side=t.fig.side, figure=t.id, options=options,
                                      context={"caster": caster.id, "attacker": caster.id,
                                               "total": int(fight["total"]), "spell": sid,
                                               "pa": SP.parse(fight["code"])[2],
                                               "advised": advised(t, caster, int(fight["total"]),
                                                                  SP.parse(fight["code"])[2], options)}))
        return
    FT._set(state, None)


def resist_options(t: Fighter, caster: Fighter) -> list[str]:
    """A friend may accept; a figure defends with the PA it can pay, or not at all when it
    cannot even defend with none (knocked out, or stunned without PA: ``none``)."""
    pas = [str(pa) for pa in range(4) if may_act(t) and defence_pa_ok(t, pa)]
    return ([ACCEPT] if t.fig.side == caster.fig.side else []) + (pas or [NONE])


def advised(t: Fighter, caster: Fighter, total: int, pa: int, options: list[str]) -> str:
    """A friend accepts; a foe commits the fewest PA that give it an even chance, else
    none (``odds.spell_defence_chance``)."""
    from .spell_odds import spell_defence_chance

    if ACCEPT in options or NONE in options:
        return options[0]
    for o in options:
        if spell_defence_chance(t, int(o), total, pa) >= 0.5:
            return o
    return options[0]


def resist(state: GameState, ctx, value: str) -> None:
    fight = FT.current(state)
    caster = fighter(state, state.figures[fight["att"]])
    t = fighter(state, state.figures[fight["dfn"]])
    if value in (ACCEPT, NONE):
        if value not in resist_options(t, caster):
            raise ValueError(f"{value}: not an answer open to this target")
        ctx.emit(Note(key=f"ka.log.spell.{value}", args={"who": t.id}))
        _works(state, ctx, fight, caster, t)
        next_target(state, ctx, fight)
        return
    pa = int(value)
    if not defence_pa_ok(t, pa):
        raise ValueError("defence not allowed")
    spend(t, pa + stun_tax(t), voluntary=False)
    _, _, cast_pa = SP.parse(fight["code"])
    mods = defence_mods(t, pa, cast_pa)
    need = int(fight["total"]) - sum(v for _, v in mods)
    r = D.open_roll(ctx, t, "spell_defence", "esoteric", mods, need=max(1, need), against=caster.id)
    fight["d"] = FT._store(r)
    FT._maybe_ask_reroll(state, t, r, int(fight["total"]))


def defence_mods(t: Fighter, pa: int, cast_pa: int) -> list[tuple[str, int]]:
    mods = [("I", t.char("I"))] * pa + [("incantation", TARGET_MOD[cast_pa])]
    if t.has("en_eveil"):
        mods.append(("en_eveil", t.char("I")))
    if t.has("hermetisme"):
        mods.append(("hermetisme", t.skill("hermetisme")))
    return mods


def defence_rolled(state: GameState, ctx, fight: dict[str, Any]) -> None:
    caster = fighter(state, state.figures[fight["att"]])
    t = fighter(state, state.figures[fight["dfn"]])
    droll = D.close(ctx, FT._open(state, t, fight["d"], "spell_defence", "esoteric", caster.id))
    fight["d"] = None
    if not droll.ec and droll.total >= int(fight["total"]):
        ctx.emit(Note(key="ka.log.spell.resisted", args={"who": t.id, "total": droll.total}))
        fight["queue"].pop(0)
    else:
        _works(state, ctx, fight, caster, t)
    next_target(state, ctx, fight)


def _works(state: GameState, ctx, fight: dict[str, Any], caster: Fighter, t: Fighter) -> None:
    sid, effect, _ = SP.parse(fight["code"])
    fight["queue"].pop(0)
    SP.apply_effect(ctx, sid, effect, caster, t)


def resume(state: GameState, ctx, fight: dict[str, Any]) -> None:
    """``fight.resume``'s step for a spell: the cast or a defence settled."""
    if fight["stage"] == "attack":
        cast_rolled(state, ctx, fight)
    else:
        defence_rolled(state, ctx, fight)


def choices(state: GameState, ctx) -> list[ActionChoice]:
    """The ``resist`` decision's template."""
    d = state.pending[-1]
    return [ActionChoice(RESIST, d.figure, values=tuple(d.options), input="form",
                         hints={"default": d.context.get("advised"), "advised": d.context.get("advised"),
                                "caster": d.context.get("caster"), "total": d.context.get("total"),
                                "spell": d.context.get("spell")})]
