"""Khârn-Ages morale for the utility AI: the answer to a failed morale roll (spend a mastery
die for good or let the failure stand), and what a walk's end point is worth near
terrifying enemies (inside the leader's aura, out of a terrifying zone).

- Spend for good only when it saves something worth a die kept for the rest of the game:
  a témérité failure that would be the second (the activation lost) or the third (the
  figure lost); a first one when the figure keeps another die; an effroi failure when the
  figure is engaged (a fright there can cost it a free blow or its place) or worth
  ``rally_worth`` Kouronnes or more. A friend's die (the effroi rescue) only for a figure
  worth at least as much as that friend, or when the friend keeps another die.
- Assaults on a terrifying enemy not yet faced down: the blow lands only if the témérité
  test on entering its zone passes (``pass_chance``); a failure costs ``held_back`` hit
  points (the PA lost, the figure terrorised within the enemy's reach, tested again).
- Walks: when a terrifying enemy (or one causing effroi) is within ``fear_range`` toises of
  the end point, leaving the leader's aura costs ``aura`` (entering it gains as much), and
  ending in a terrifying zone costs ``terror_price`` times the chance to fail the test there.
"""
from __future__ import annotations

import math

from game.ai.utility import Option
from game.core.actions import Action, ActionChoice
from game.core.state import GameState
from game.rulesets.kharn_ages import morale as M
from game.rulesets.kharn_ages import morale_flow as MF
from game.rulesets.kharn_ages.cards import card, fighter
from game.rulesets.kharn_ages.fighter import TOISE, Fighter

DEFAULTS = {"aura": 2.5, "terror_price": 3.0, "fear_range": 8.0, "rally_worth": 60, "held_back": 6.0}


def weight(prof: dict, key: str) -> float:
    return float((prof.get("morale") or {}).get(key, DEFAULTS[key]))


# ------------------------------------------------------------------ the decision
def options(st: GameState, c: ActionChoice, prof: dict) -> list[Option]:
    """Options for a ``rally`` or ``accept`` choice of the morale decision."""
    if c.kind == MF.ACCEPT:
        return [Option(Action(c.kind, c.actor), "react", {}, score=0.5)]
    giver = worth_spending(st, c, prof)
    if giver is None:
        return [Option(Action(c.kind, c.actor, value=c.values[0]), "react", {}, score=0.1)]
    return [Option(Action(c.kind, c.actor, value=giver), "react", {}, score=1.0)]


def worth_spending(st: GameState, c: ActionChoice, prof: dict) -> str | None:
    """Whose die to spend (``self`` or a friend's id), or None to let the failure stand."""
    queue = MF.data(st).get("queue") or []
    if not queue:
        return None
    t = queue[0]
    f = fighter(st, st.figures[t["who"]])
    if t["test"] == "temerity":
        fails = int(f.status.get("temerity", {}).get(t["source"], 0)) + 1
        spare = len(M.spare_dice(f))
        return MF.SELF if MF.SELF in c.values and (fails >= 2 or spare >= 2) else None
    engaged = t["why"] == "melee" or _engaged(st, f)
    value = int(card(st, f.fig).get("cost", 0))
    if MF.SELF in c.values and (engaged or value >= weight(prof, "rally_worth")):
        return MF.SELF
    for fid in c.values:
        if fid == MF.SELF:
            continue
        h = fighter(st, st.figures[fid])
        if engaged and (value >= int(card(st, h.fig).get("cost", 0)) or len(M.spare_dice(h)) >= 2):
            return fid
    return None


def _engaged(st: GameState, f: Fighter) -> bool:
    return any(math.dist(f.fig.pos, e.pos) - f.fig.radius - e.radius <= 0.5 * TOISE + 0.5
               for e in st.enemies_of(f.fig))


# ------------------------------------------------------------------ where to stand
def scary(st: GameState, f: Fighter) -> list[Fighter]:
    """Enemies that could make this figure test (terror it is not immune to, or effroi)."""
    out = []
    for e in st.enemies_of(f.fig):
        ef = fighter(st, e)
        if (MF.terror_threshold(ef) is not None and not M.temerity_immune(f)) or \
                (MF.effroi_threshold(ef) is not None and not M.effroi_immune(f)):
            out.append(ef)
    return out


def _in_aura_at(lead: Fighter | None, f: Fighter, at: tuple[float, float]) -> bool:
    return lead is not None and math.dist(lead.fig.pos, at) - f.fig.radius <= MF.aura_mm(lead) + 0.5


def walk_value(st: GameState, f: Fighter, end: tuple[float, float], prof: dict) -> float:
    """What ending a walk at ``end`` is worth for the figure's morale, against standing still
    (0 when no frightening enemy is near)."""
    foes = scary(st, f)
    reach = weight(prof, "fear_range") * TOISE
    near = [e for e in foes if math.dist(end, e.fig.pos) <= reach or math.dist(f.fig.pos, e.fig.pos) <= reach]
    if not near:
        return 0.0
    lead = MF.leader_of(st, f)
    value = weight(prof, "aura") * (_in_aura_at(lead, f, end) - _in_aura_at(lead, f, f.fig.pos))
    for e in near:
        need = MF.terror_threshold(e)
        if need is None or e.id in MF.passed(f) or M.temerity_immune(f):
            continue
        gap = math.dist(end, e.fig.pos) - f.fig.radius - e.fig.radius
        if gap <= f.zdc * TOISE + 0.5:
            bonus = f.char("T") + (1 if _in_aura_at(lead, f, end) else 0)
            fail = min(1.0, max(0.0, (need - bonus - 1) / 10.0))
            value -= weight(prof, "terror_price") * fail
    return value


def pass_chance(st: GameState, table, f: Fighter, target: Fighter) -> float:
    """The chance an assault on ``target`` is not held back by a témérité test on entering
    its zone: 1 when it causes no terror, was faced down, or ``f`` is immune."""
    need = MF.terror_threshold(target)
    if need is None or target.id in MF.passed(f) or M.temerity_immune(f):
        return 1.0
    allies = MF.friends_in_zone(st, table, f)
    bonus = sum(v for _, v in M.temerity_mods(f, allies=allies, leader=MF.in_leader_aura(st, f)))
    return min(1.0, max(0.0, (11 + bonus - need) / 10.0))       # a 1D10 face of 1 to 10


def assault_value(st: GameState, table, f: Fighter, target: Fighter, score: float, prof: dict) -> float:
    """An assault's score weighed by the témérité test it may face (``pass_chance``)."""
    p = pass_chance(st, table, f, target)
    if p >= 1.0:
        return score
    return p * score - (1.0 - p) * weight(prof, "held_back")
