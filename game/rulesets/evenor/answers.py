"""Exact odds of an attack against each answer its target may choose: the chance that the
target's Reaction roll lets it answer at all, then for each reaction the rules would offer
(reactions.options) what the attack does to the target and what the answer does to the
attacker. Built on odds.shot and odds.fight, with the same thresholds as the rules: going
prone (+1 to the shot), taking cover (+2 behind the cover within reach), shooting back
(simultaneous), a power (Bénédiction improves the save, Confusion leaves the shot as it
is), a counter-charge (the target fights as a charger), a counter-charge shot (at short
range before the charge lands; a charger put out stops there) and flight (no fight).
Sight is judged where the figures stand now."""
from __future__ import annotations

import copy
from dataclasses import dataclass

from game.core import odds as core
from game.core.state import Figure, GameState
from game.rulesets.evenor import odds, reactions, shooting, stats


@dataclass(frozen=True)
class Answer:
    reaction: str
    p_out: float = 0.0            # the target put out of action
    loss: float = 0.0             # vitality the target loses on average
    p_win: float = 0.0            # (melee) the attacker wins the phase
    p_lose: float = 0.0           # (melee) the target wins it
    back_out: float = 0.0         # the attacker put out of action (by the fight or the answer)
    p_power: float | None = None  # an answering power: the chance it works
    fight: bool = True            # (charges) a fight follows


@dataclass(frozen=True)
class Answers:
    roll: int                     # the target's Reaction X+
    p_react: float                # the chance it may answer (0: no reaction possible)
    rows: tuple[Answer, ...]      # one per reaction the rules would offer


def p_d6(x: int) -> float:
    """The chance a d6 shows at least x."""
    return max(0, min(6, 7 - x)) / 6


def _with(fig: Figure, **status) -> Figure:
    """A copy of the figure with some statuses changed (the state is left alone)."""
    other = copy.copy(fig)
    other.status = {**fig.status, **status}
    return other


def _already_answered(state: GameState, fig: Figure, attacker: str) -> bool:
    """As reactions._already_reacted, without recording: in a group activation a figure
    answers once per round of its members' actions."""
    act = state.activation
    if act is None or act["mode"] == "single" or attacker not in act["members"]:
        return False
    slot = (act["n"] or 1) - act["members"][attacker]["left"]
    return slot in act.get("reacted", {}).get(fig.id, [])


def _chance(state: GameState, table, target: Figure, trigger: dict) -> tuple[int, float, list[str]]:
    opts = reactions.options(state, table, target, trigger)
    x = stats.reaction(state, target)
    if not opts or target.out or _already_answered(state, target, trigger["attackers"][0]):
        return x, 0.0, opts
    return x, p_d6(x), opts


def power_chance(fig: Figure, pid: str, foe: Figure) -> float:
    """The chance ``fig``'s power works (Confusion on ``foe``, the others on itself)."""
    from game.rulesets.evenor.statics import power_threshold

    return p_d6(power_threshold(fig, pid, foe if pid == "confusion" else fig))


def shot(state: GameState, table, shooter: Figure, target: Figure, weapon: int, *,
         moving: bool = False, aimed: bool = False) -> Answers:
    """A shot (finish_shot) against each answer of its target."""
    trig = {"type": "shot", "attackers": [shooter.id], "target": target.id}
    x, p, opts = _chance(state, table, target, trig)
    kw = {"moving": moving, "aimed": aimed}
    base = odds.shot(state, table, shooter, target, weapon, **kw)
    rows = []
    for opt in opts:
        if opt == "prone":
            o = odds.shot(state, table, shooter, _with(target, prone=True), weapon, **kw)
            rows.append(Answer(opt, o.p_out, o.expected_loss))
        elif opt == "cover":
            pieces = reactions.cover_pieces_near(state, table, target)
            o = odds.shot(state, table, shooter, _with(target, cover=pieces), weapon, **kw)
            rows.append(Answer(opt, o.p_out, o.expected_loss))
        elif opt == "shoot_back":
            idx = shooting.weapons_in_range(state, table, target, shooter)[0]
            back = odds.shot(state, table, target, shooter, idx)
            rows.append(Answer(opt, base.p_out, base.expected_loss, back_out=back.p_out))
        elif opt == "power:benediction":
            pp = power_chance(target, "benediction", shooter)
            o = odds.shot(state, table, shooter, _with(target, blessed=state.turn), weapon, **kw)
            rows.append(Answer(opt, pp * o.p_out + (1 - pp) * base.p_out,
                               pp * o.expected_loss + (1 - pp) * base.expected_loss, p_power=pp))
        elif opt.startswith("power:"):
            rows.append(Answer(opt, base.p_out, base.expected_loss,
                               p_power=power_chance(target, opt.split(":", 1)[1], shooter)))
    return Answers(x, p, tuple(rows))


def charge(state: GameState, table, chargers: list[Figure], target: Figure,
           base: odds.Odds | None = None) -> Answers:
    """A charge (finish_charge) against each answer of its target; with several chargers,
    the counter-charge shot aims at the first. ``base``: the charge's own odds.fight, when
    already known."""
    trig = {"type": "charge", "attackers": [f.id for f in chargers], "target": target.id}
    x, p, opts = _chance(state, table, target, trig)
    rows = []
    for opt in opts:
        if opt == "counter_charge":
            o = odds.fight(state, table, chargers, target, charged=True, countered=True)
            rows.append(Answer(opt, o.p_out, o.expected_loss, o.p_win, o.p_lose, o.p_attacker_out))
        elif opt == "flee":
            rows.append(Answer(opt, fight=False))
        elif opt == "countercharge_shot":
            rows.append(countercharge_shot(state, table, chargers, target, base))
    return Answers(x, p, tuple(rows))


def _shot_wounds(state: GameState, table, shooter: Figure, mover: Figure) -> tuple[float, ...]:
    """Law of the unsaved wounds of a counter-charge shot (short range, the first weapon
    that reaches, else the first ranged weapon: shooting.best_weapon's choice)."""
    idx = shooting.best_weapon(state, table, shooter, mover)
    if idx is None:
        idx = stats.ranged_weapons(shooter)[0][0]
    o = odds.shot(state, table, shooter, mover, idx, countercharge=True)
    return tuple(core.after_saves(o.hits, stats.save_threshold(state, mover)))


def countercharge_shot(state: GameState, table, chargers: list[Figure], target: Figure,
                       base: odds.Odds | None = None) -> Answer:
    """The target shoots the (first) charger before contact: put out or knocked down
    there (the damage table, at 1 vitality left), the charger stops; otherwise the fight
    is the charge's, with the charger's vitality as the shot left it."""
    mover = chargers[0]
    wounds = _shot_wounds(state, table, target, mover)
    stop = sum(q for u, q in enumerate(wounds) if u >= mover.vitality)
    rest = chargers[1:]
    p_out = loss = p_win = p_lose = 0.0
    back = _shot_out(wounds, mover)
    if rest and stop:       # the others still charge when the first is stopped
        o = odds.fight(state, table, rest, target, charged=True)
        p_out, loss, p_win, p_lose = (stop * v for v in (o.p_out, o.expected_loss, o.p_win, o.p_lose))
    o = base or odds.fight(state, table, chargers, target, charged=True)   # the fight does not
    go = 1.0 - stop                                                  # depend on vitality,
    p_out += go * o.p_out                                            # only what it costs
    loss += go * o.expected_loss
    p_win += go * o.p_win
    p_lose += go * o.p_lose
    for u, q in enumerate(wounds):
        if not q or u >= mover.vitality:
            continue
        if rest:
            hurt = copy.copy(mover)
            hurt.vitality = mover.vitality - u
            back += q * odds.fight(state, table, [hurt, *rest], target, charged=True).p_attacker_out
        else:
            back += q * odds.damage(o.extra["back"], mover.vitality - u, in_melee=True)[0]
    return Answer("countercharge_shot", p_out, loss, p_win, p_lose, back)


def engage_shot(state: GameState, table, mover: Figure, target: Figure) -> Answer:
    """A figure engaged by a move answers with a counter-charge shot: the mover's chance to
    be put out (no fight follows a plain move)."""
    wounds = _shot_wounds(state, table, target, mover)
    return Answer("countercharge_shot", fight=False, back_out=_shot_out(wounds, mover))


def _shot_out(wounds: tuple[float, ...], mover: Figure) -> float:
    """The chance a shot's unsaved wounds put ``mover`` out of action: each rolls on the
    damage table (5-6 at 1 vitality left; lower knocks it down)."""
    return odds.damage(wounds, mover.vitality, in_melee=True)[0]


@dataclass(frozen=True)
class Leaving:
    foes: tuple[str, ...]         # the foes in contact, each rolling Reaction for a free attack
    p_out: float                  # the leaver put out of action by them
    loss: float                   # vitality it loses on average


def leaving(state: GameState, table, leaver: Figure) -> Leaving:
    """A figure leaving a fight (melee.opportunity_attacks): each foe in contact rolls
    Reaction and on a success attacks freely (the leaver rolls no dice), one after the
    other, the leaver's vitality carried from one to the next."""
    foes = [] if stats.has(leaver, "acrobate") else stats.engaged_with(state, table, leaver)
    law = {leaver.vitality: 1.0}
    out = 0.0
    for foe in foes:
        pr = p_d6(stats.reaction(state, foe))
        hits = odds.fight(state, table, [foe], leaver, opportunity=True).hits
        unsaved = core.after_saves(hits, stats.save_threshold(state, leaver))
        nxt: dict[int, float] = {}
        for v, q in law.items():
            nxt[v] = nxt.get(v, 0.0) + q * (1 - pr)
            for u, pu in enumerate(unsaved):
                w = q * pr * pu
                if not w:
                    continue
                if u < v:
                    nxt[v - u] = nxt.get(v - u, 0.0) + w
                    continue
                q_out = 1 - (4 / 6) ** (u - (v - 1))   # rolls at 1 vitality: 5-6 out
                out += w * q_out
                nxt[1] = nxt.get(1, 0.0) + w * (1 - q_out)
        law = nxt
    loss = out * leaver.vitality + sum(q * (leaver.vitality - v) for v, q in law.items())
    return Leaving(tuple(f.id for f in foes), out, loss)
