"""One melee exchange played as decisions (K-R4), the running fight in
``state.extras["ka"]["fight"]``:

1. ``start``: the attacker pays and throws its dice; with a re-roll that could matter (a
   mastery die of melee or Maître, the kept die no RC) its side owes a ``reroll`` decision;
2. the RC chain closes the roll (``_attack_rolled``); an EC ends the fight;
3. the defender chooses knowing the total: a ``defend`` decision of its side when it has a
   real choice (K-R23), played at once otherwise; it pays and throws;
4. a ``reroll`` decision of the defender's side when it is short and has a re-roll;
5. ``melee.conclude`` compares, wounds, ripostes; the winner's effects follow on the table:
   the push at once (straight away, collisions), the free move and the free attacks as
   decisions of the winner's side (``free_move``, ``free_attack``, each may be skipped).

Stored fight: attacker and defender ids, the build's code, assault and free flags, the
situation numbers, each roll's faces, re-roll count and modifiers, the defence chosen."""
from __future__ import annotations

from typing import Any

from game.core.events import CombatResolved, Moved, Note
from game.core.state import Decision, GameState
from game.rulesets._shared import nd10
from game.rulesets._shared.nd10 import ND10Roll

from . import codes, zones
from . import dice as D
from . import duel as DU
from .armour import tick_shield
from .attacks import attack_mods, check_attack
from .cards import KEY, fighter, fighters
from .collision import push_back
from .defence import Defended, Incoming, attack_hits, can_defend, check_defence, defence_cost, defence_mods
from .fighter import TOISE, Fighter
from .melee import Situation, conclude
from .moves import action_cost, spend
from .states import may_act

REROLL, MASTER, KEEP = "reroll", "master", "keep"
DEFEND, FREE_MOVE, FREE_ATTACK, SKIP = "defend", "free_move", "free_attack", "skip"
ROLL_DECISION = "roll"          # Decision.kind of a re-roll prompt


def current(state: GameState) -> dict[str, Any] | None:
    return state.extras.setdefault(KEY, {}).get("fight")


def _set(state: GameState, fight: dict[str, Any] | None) -> None:
    state.extras.setdefault(KEY, {})["fight"] = fight


# ------------------------------------------------------------------ start
def start(state: GameState, ctx, att_id: str, dfn_id: str, code: str, *, assault: bool = False,
          free: bool = False) -> None:
    att, dfn = fighter(state, state.figures[att_id]), fighter(state, state.figures[dfn_id])
    build = codes.attack_build(code)
    why = check_attack(att, build)
    if why or not may_act(att) or att.status.get("down"):
        raise ValueError(f"attack not allowed ({why or 'cannot act'})")
    if build.special:
        att.status.setdefault("specials_used", []).append(build.special)
    first = int(att.status.get("attacks", 0)) == 0 and not free
    if not free:
        spend(att, action_cost(att, build.pa))
        att.status["attacks"] = int(att.status.get("attacks", 0)) + 1
    table = ctx.table
    n_att, n_dfn, st_att, st_dfn = zones.support(state, table, att, dfn, fighters(state))
    sit = {"assault": assault and first, "supporters": n_att, "foe_supporters": n_dfn,
           "supporters_stature": st_att, "defender_supporters_stature": st_dfn,
           "max_def_chars": 2 if free else 3, "in_reach": zones.in_reach(table, dfn, att.fig), "free": free}
    mods = attack_mods(att, build, assault=sit["assault"], supporters=n_att, foe_supporters=n_dfn,
                       target_bleeding=bool(dfn.status.get("bleeding")))
    r = D.open_roll(ctx, att, "attack", "melee", mods, against=dfn.id)
    _set(state, {"att": att_id, "dfn": dfn_id, "code": code, "sit": sit,
                 "a": _store(r), "d": None, "chosen": None, "stage": "attack"})
    _maybe_ask_reroll(state, att, r, None)


def _store(r: D.OpenRoll, shot: str = "") -> dict[str, Any]:
    out = {"faces": list(r.faces), "rerolled": r.rerolled, "mods": [list(m) for m in r.mods], "need": r.need}
    if shot:
        out["shot"] = shot                       # the shot's EC range (dice.SHOT_EC)
    return out


def _open(state: GameState, f: Fighter, data: dict[str, Any], rule: str, domain: str, against: str) -> D.OpenRoll:
    r = D.OpenRoll(f, rule, domain, tuple((str(k), int(v)) for k, v in data["mods"]),
                   D.crit_for(f, domain, data.get("shot", "")), data["need"], against, list(data["faces"]),
                   int(data["rerolled"]))
    return r


def _roll_of(f: Fighter, data: dict[str, Any], domain: str) -> ND10Roll:
    crit = D.crit_for(f, domain, data.get("shot", ""))
    faces = tuple(data["faces"])
    return ND10Roll(f.id, faces, nd10.kept_index(faces, crit), tuple(data.get("chain", ())), int(data["rerolled"]),
                    sum(int(v) for _, v in data["mods"]), crit)


def reroll_options(r: D.OpenRoll) -> tuple[bool, bool]:
    """(a mastery die may be spent, Maître may be used) on this open roll."""
    if r.crit.kind(r.faces[r.kept]) == nd10.RC:
        return False, False
    return r.can_reroll, r.can_master


def _maybe_ask_reroll(state: GameState, f: Fighter, r: D.OpenRoll, short_of: int | None) -> None:
    """A re-roll prompt for the roller's side when it could matter; otherwise go on."""
    mastery, master = reroll_options(r)
    face = r.faces[r.kept]
    lend = None
    if not mastery and r.rerolled == 0 and r.crit.kind(face) != nd10.RC:
        lend = DU.lender(state, f, r.domain)       # Autorité: a friend's die (K-R57)
        mastery = lend is not None
    if short_of is not None and r.crit.kind(face) != nd10.EC and face + sum(v for _, v in r.mods) >= short_of:
        mastery = master = False                   # already holding: nothing to gain
    if mastery or master:
        context = {"mastery": mastery, "master": master}
        if lend is not None:
            context["lender"] = lend.id
        state.pending.append(Decision(kind=ROLL_DECISION, side=f.fig.side, figure=f.id,
                                      options=list(range(len(r.faces))), context=context))
        return
    _rolled(state, None)


def answer_reroll(state: GameState, ctx, kind: str, index: int | None, indexes: tuple[int, ...]) -> None:
    asked = state.pending.pop()
    fight = current(state)
    which = "a" if fight["stage"] == "attack" else "d"
    who = fight["att"] if which == "a" else fight["dfn"]
    other = fight["dfn"] if which == "a" else fight["att"]
    f = fighter(state, state.figures[who])
    domain = attack_domain(fight) if which == "a" else _defence_domain(fight)
    r = _open(state, f, fight[which], attack_rule(fight) if which == "a" else _defence_rule(fight), domain, other)
    if kind == REROLL:
        lend = asked.context.get("lender")
        D.reroll(ctx, r, index, giver=fighter(state, state.figures[lend]) if lend else None)
        if lend:
            ctx.emit(Note(key="ka.log.autorite", args={"who": lend, "target": who}))
    elif kind == MASTER:
        D.master_reroll(ctx, r, indexes or (index,))
    else:
        ctx.emit(Note(key="ka.log.kept", args={"who": who}))
    fight[which] = _store(r, fight[which].get("shot", ""))
    _rolled(state, ctx)


def attack_rule(fight: dict[str, Any]) -> str:
    """The opening roll's rule name: ``attack`` (melee), ``shot`` or ``throw``."""
    return str(fight.get("rule", "attack"))


def attack_domain(fight: dict[str, Any]) -> str:
    return {"attack": "melee", "spell": "esoteric"}.get(attack_rule(fight), "shooting")


def _defence_domain(fight: dict[str, Any]) -> str:
    return "esoteric" if attack_rule(fight) == "spell" else "defence"


def _defence_rule(fight: dict[str, Any]) -> str:
    return "spell_defence" if attack_rule(fight) == "spell" else "defence"


def _rolled(state: GameState, ctx) -> None:
    """A roll is settled: close it and go on (ctx None: called while asking, the caller's
    context is the fight's; see ``resume``)."""
    state.extras[KEY]["due"] = True


def resume(state: GameState, ctx) -> None:
    """Play the fight on until it owes a decision or ends."""
    while state.extras.get(KEY, {}).pop("due", False):
        fight = current(state)
        if fight is None:
            return
        if attack_rule(fight) == "spell":
            from .casting import resume as cast_resume

            cast_resume(state, ctx, fight)
        elif fight["stage"] == "attack" and attack_rule(fight) == "throw":
            from .ranged_fight import throw_rolled

            throw_rolled(state, ctx, fight)
        elif fight["stage"] == "attack":
            if DU.ask_bretteur(state, ctx, fight, "a"):     # Bretteur before the roll closes (K-R57)
                return
            _attack_rolled(state, ctx, fight)
        else:
            if fight.get("d") and DU.ask_bretteur(state, ctx, fight, "d"):
                return
            _defence_rolled(state, ctx, fight)


# ------------------------------------------------------------------ attack rolled, defence asked
def _attack_rolled(state: GameState, ctx, fight: dict[str, Any]) -> None:
    att = fighter(state, state.figures[fight["att"]])
    dfn = fighter(state, state.figures[fight["dfn"]])
    r = _open(state, att, fight["a"], attack_rule(fight), attack_domain(fight), dfn.id)
    aroll = D.close(ctx, r)
    fight["a"]["chain"] = list(aroll.chain)
    if aroll.ec:
        ctx.emit(CombatResolved(attackers=(att.id,), defender=dfn.id, hits_attack=0, hits_defence=0,
                                winner="defence"))
        _set(state, None)
        return
    fight["stage"] = "defence"
    if fight.get("warned"):                     # a warned target's free defence (K-R112)
        from .warning import warned_defence

        warned_defence(state, ctx, fight)
        return
    options = codes.defence_codes(dfn, incoming(att, fight)) if can_defend(dfn) else []
    if len(options) > 1:
        state.pending.append(Decision(kind=DEFEND, side=dfn.fig.side, figure=dfn.id, options=options,
                                      context={"attacker": att.id, "total": aroll.total, "code": fight["code"],
                                               "advised": advised(att, dfn, fight, aroll, options)}))
        return
    defend(state, ctx, options[0] if options else codes.NO_DEFENCE)


def advised(att: Fighter, dfn: Fighter, fight: dict[str, Any], aroll: ND10Roll, options: list[str]) -> str:
    """The defence the advisor ranks best (K-R23: the "advised defence" a person may let
    answer, and the AI's choice); the cheapest when none of its picks is offered."""
    from .odds import advise_defence

    if attack_rule(fight) == "shot":
        from .ranged_fight import shot_advice

        found = shot_advice(att, dfn, fight, aroll)
    else:
        found = advise_defence(att, dfn, codes.attack_build(fight["code"]), aroll, incoming(att, fight),
                               assault=bool(fight["sit"]["assault"]))
    for a in found:
        d = a.defence
        tries = [d]
        if d is not None and d.chars and not d.discard:     # with a riposte when it may deal one
            best = max(d.chars, key=dfn.char)
            tries.insert(0, type(d)(d.chars, shield=d.shield, damage=best))
        for t in tries:
            if codes.defence_code(t) in options:
                return codes.defence_code(t)
    return options[0]


def incoming(att: Fighter, fight: dict[str, Any]) -> Incoming:
    sit = fight["sit"]
    if attack_rule(fight) == "shot":
        from .shooting import shot_build

        shot = shot_build(fight["code"])
        return Incoming(shot.chars, tuple(att.char(c) for c in shot.chars), shot.pa,
                        max_chars=int(sit["max_def_chars"]), shot=True, in_reach=False,
                        lowest_av=shot.kind == "standard")
    build = codes.attack_build(fight["code"])
    return Incoming(build.chars, tuple(att.char(c) for c in build.chars), build.pa,
                    max_chars=int(sit["max_def_chars"]), fine_lame=att.has("fine_lame"),
                    in_reach=bool(sit["in_reach"]))


def defend(state: GameState, ctx, code: str) -> None:
    """The defence chosen (or the only one): pay, throw, maybe a re-roll prompt."""
    fight = current(state)
    att = fighter(state, state.figures[fight["att"]])
    dfn = fighter(state, state.figures[fight["dfn"]])
    aroll = _roll_of(att, fight["a"], attack_domain(fight))
    chosen = codes.defence_build(code)
    fight["chosen"] = code
    if chosen is None:
        _finish(state, ctx, fight, Defended(None, 0, None, attack_hits(aroll, None)))
        return
    inc = incoming(att, fight)
    why = check_defence(dfn, chosen, inc)
    if why:
        raise ValueError(f"defence not allowed ({why})")
    fight["paid"] = chosen.paid(bool(dfn.status.get("alert")))
    spend(dfn, defence_cost(dfn, chosen), voluntary=False)
    dfn.status["alert"] = False
    if chosen.discard:
        dfn.status["shield_gone"] = True
        ctx.emit(Note(key="ka.log.discard", args={"who": dfn.id}))
        _finish(state, ctx, fight, Defended(chosen, 0, None, False))
        return
    sit = fight["sit"]
    mods = defence_mods(dfn, chosen, inc, supporters=sit["foe_supporters"], foe_supporters=sit["supporters"],
                        cover=int(sit.get("cover", 0)))
    need = max(1, aroll.total - sum(v for _, v in mods))
    r = D.open_roll(ctx, dfn, "defence", "defence", mods, need=need, against=att.id)
    fight["d"] = _store(r)
    _maybe_ask_reroll(state, dfn, r, aroll.total)


def _defence_rolled(state: GameState, ctx, fight: dict[str, Any]) -> None:
    att = fighter(state, state.figures[fight["att"]])
    dfn = fighter(state, state.figures[fight["dfn"]])
    aroll = _roll_of(att, fight["a"], attack_domain(fight))
    chosen = codes.defence_build(fight["chosen"])
    droll = D.close(ctx, _open(state, dfn, fight["d"], "defence", "defence", att.id))
    if chosen.shield:
        tick_shield(dfn, 2 if droll.ec else 1)
    _finish(state, ctx, fight, Defended(chosen, int(fight["paid"]), droll, attack_hits(aroll, droll, chosen.shield)))


# ------------------------------------------------------------------ outcome and effects
def _finish(state: GameState, ctx, fight: dict[str, Any], d: Defended) -> None:
    if attack_rule(fight) == "shot":
        from .ranged_fight import finish_shot

        finish_shot(state, ctx, fight, d)
        return
    if DU.ask_sadique(state, fight, d.hit):     # Sadique, once the hit is known (K-R119)
        return
    att = fighter(state, state.figures[fight["att"]])
    dfn = fighter(state, state.figures[fight["dfn"]])
    aroll = _roll_of(att, fight["a"], "melee")
    s = fight["sit"]
    sit = Situation(assault=bool(s["assault"]), supporters=int(s["supporters"]),
                    foe_supporters=int(s["foe_supporters"]), supporters_stature=int(s["supporters_stature"]),
                    defender_supporters_stature=int(s["defender_supporters_stature"]),
                    max_def_chars=int(s["max_def_chars"]), in_reach=bool(s["in_reach"]), free=bool(s["free"]),
                    sadique=int(s.get("sadique", 0)), tests=[])
    out = conclude(ctx, att, dfn, codes.attack_build(fight["code"]), aroll, d, sit)
    _set(state, None)
    if sit.tests:                               # Morsure's témérité test, a morale decision (K-R117)
        from .morale_flow import queue_tests

        queue_tests(state, sit.tests)
    eff = out.effects
    if not eff.by:
        return
    winner = att if eff.by == att.id else dfn
    loser = dfn if winner is att else att
    if winner.fig.out:
        return
    if eff.push > 0 and not loser.fig.out:
        res = push_back(ctx, ctx.table, winner, loser, eff.push, fighters(state))
        if res.travelled > 0:       # the window slides the figure back along it and marks it
            ctx.emit(Moved(figure=loser.id, path=(tuple(res.start), tuple(res.end)),
                           cost=res.travelled, mode="pushed"))
        ctx.emit(Note(key="ka.log.pushed", args={"who": loser.id, "by": winner.id,
                                                  "toises": round(res.travelled / TOISE, 2)}))
    for _ in range(eff.extra_attacks):          # answered after the free move (a stack)
        state.pending.append(Decision(kind=FREE_ATTACK, side=winner.fig.side, figure=winner.id))
    if eff.move > 0:
        state.pending.append(Decision(kind=FREE_MOVE, side=winner.fig.side, figure=winner.id,
                                      context={"mm": eff.move * TOISE}))


def finish_after_sadique(state: GameState, ctx, fight: dict[str, Any]) -> None:
    """The exchange concludes once the Sadique attacker has answered (the defence as it was)."""
    dfn = fighter(state, state.figures[fight["dfn"]])
    chosen = codes.defence_build(fight["chosen"]) if fight.get("chosen") else None
    droll = _roll_of(dfn, fight["d"], "defence") if fight.get("d") and chosen is not None else None
    _finish(state, ctx, fight, Defended(chosen, int(fight.get("paid", 0)), droll, True))
