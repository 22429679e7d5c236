"""Exact odds of a reserved action interrupting an attack: the guard (the target, or a
companion within reach of the attacker) strikes the attacker first, and the attacker, in
mid-action, answers with the reactions the rules leave it (combat.melee_reactions). From
the ruleset's odds module; the interrupted attack then goes on unless its author fell, was
stunned, saw its turn end or dodged."""
from __future__ import annotations

from types import SimpleNamespace

from game.core.state import Figure, GameState
from game.rulesets.mortebrume import combat, odds, reserved, stats


def who_may_interrupt(state: GameState, table, target: Figure, attacker: Figure, data: dict,
                      options: list[str]) -> list[Figure]:
    """The fighters whose reserved action may interrupt that attack (reserved.offer)."""
    names = reserved.offer(state, SimpleNamespace(table=table), target, attacker, data, options)
    return [state.figures[reserved.guard_of(SimpleNamespace(figure=target.id), n)] for n in names]


def strike_on_attacker(state: GameState, table, guard: Figure, attacker: Figure,
                       dist: float | None = None) -> list[tuple[str, odds.Odds]]:
    """The guard's free strike on the attacker against each reaction the attacker would
    have (as it stands, having struck or acted), at ``dist`` (mm, by default where they
    stand), with the guard's inspiration."""
    wid = stats.melee_choice(guard)[0][0]
    dist = table.distance(guard.id, attacker.id) if dist is None else dist
    inspired = int(guard.status.get("inspired", 0) or 0)
    reactions = combat.melee_reactions(state, guard, attacker) or ["none"]
    return [(r, odds.strike(guard, attacker, wid, dist, r, inspired)) for r in reactions]


def best_for_attacker(rows: list[tuple[str, odds.Odds]]) -> tuple[str, odds.Odds]:
    """The attacker's answer that costs it the fewest wounds on average."""
    return min(rows, key=lambda row: (row[1].expected_wounds, row[1].p_out))
