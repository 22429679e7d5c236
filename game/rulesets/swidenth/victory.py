"""The end of a turn and of the game (S-R18, S-R20): stun tokens expire, Déroute triggers
are checked, the ford is scored, and the outcome decided. A side beaten by S-R18 loses
(both at once: a draw). At the turn limit, *escarmouche* goes to the side that took out more
enemy points, *le gué* to the side with more ford points; equal is a draw."""
from __future__ import annotations

from game.core.state import GameState, Outcome
from game.geometry.table import Table
from game.rulesets._shared.areas import within
from game.rulesets.swidenth import catalogue as cat_mod
from game.rulesets.swidenth import figures as F
from game.rulesets.swidenth import morale as Mo


def points_out(state: GameState, side: int, catalogue: cat_mod.Catalogue | None = None) -> int:
    """Points of the side's figures out of action (what its enemies took)."""
    cat = catalogue or cat_mod.load()
    return sum(cat_mod.profile_cost(cat, cat.profile(f.status.get("warband") or state.sides[side].roster, f.profile))
               for f in state.figures.values() if f.side == side and f.out)


def ford_holder(state: GameState, table: Table) -> int | None:
    """The side with more figures in play within the objective's radius (edge to the point)."""
    obj = state.extras["objective"]
    point = (obj["point"][0] * F.PAS, obj["point"][1] * F.PAS)
    near = within(table, point, obj["radius"] * F.PAS, [f for f in state.figures.values() if not f.out])
    counts = {s: sum(1 for f in near if f.side == s) for s in state.side_ids()}
    best = max(counts.values(), default=0)
    leaders = [s for s, n in counts.items() if n == best]
    return leaders[0] if best > 0 and len(leaders) == 1 else None


def end_of_turn(state: GameState, table: Table) -> Outcome | None:
    """Everything the end of ``state.turn`` does; the outcome when the game is over."""
    F.expire_stuns(list(state.figures.values()), state.turn)
    for side in state.side_ids():
        Mo.check_triggers(state, side)
    obj = state.extras.get("objective")
    if obj and state.turn >= int(obj["from_turn"]):
        holder = ford_holder(state, table)
        if holder is not None:
            state.sides[holder].score += 1
    beaten = [s for s in state.side_ids() if Mo.beaten(state, s)]
    scores = [float(sum(points_out(state, o) for o in state.opponents(s))) for s in state.side_ids()]
    if beaten:
        standing = [s for s in state.side_ids() if s not in beaten]
        winner = standing[0] if len(standing) == 1 else None
        return Outcome(winner, reason="rout", scores=scores)
    if state.turn < state.max_turns:
        return None
    if obj:
        scores = [state.sides[s].score for s in state.side_ids()]
    best = max(scores)
    winners = [s for s, v in zip(state.side_ids(), scores) if v == best]
    winner = winners[0] if len(winners) == 1 else None
    if obj:
        return Outcome(winner, reason="ford", scores=scores)
    return Outcome(winner, reason="points", scores=scores)
