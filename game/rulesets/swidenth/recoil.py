"""The recoil (S-R5): when the winner chooses it, the loser steps 1 pas straight away from
the winner (centre to centre), taking along up to two friends right behind it (within 0.5
pas, in the way of its step). If any of them cannot step the whole pas (terrain, another
figure, the table edge) or a friend is engaged, nobody moves and the loser is stunned."""
from __future__ import annotations

from dataclasses import dataclass

from game.core.state import Figure, GameState
from game.geometry.table import Table
from game.rulesets._shared.areas import gaps
from game.rulesets._shared.engagement import engaged_with
from game.rulesets._shared.push import away, push_group
from game.rulesets._shared.tables import base_of
from game.rulesets.swidenth import figures as F

MAX_FOLLOWERS = 2


@dataclass(frozen=True)
class Recoil:
    moved: tuple[str, ...]          # the loser then its followers, when they stepped back
    blocked_by: str | None          # "figure", "terrain", "edge", "engaged" or None
    stunned: bool


def followers(state: GameState, table: Table, winner: Figure, loser: Figure) -> list[Figure]:
    """Friends of the loser within 0.5 pas behind it, in the lane of its step, nearest first."""
    ux, uy = away(winner.pos, loser.pos)
    friends = [f for f in state.figures.values() if f.side == loser.side and f.id != loser.id and not f.out]
    out = []
    for f, g in zip(friends, gaps(table, loser, friends)):
        dx, dy = f.x - loser.x, f.y - loser.y
        ahead, side = dx * ux + dy * uy, abs(-dx * uy + dy * ux)
        if g <= F.ENGAGE + 1e-6 and ahead > 0 and side < loser.radius + f.radius:
            out.append((g, f))
    out.sort(key=lambda t: (t[0], t[1].id))
    return [f for _, f in out[:MAX_FOLLOWERS]]


def recoil(state: GameState, table: Table, winner: Figure, loser: Figure) -> Recoil:
    """Step the loser (and followers) back 1 pas, or stun it when that cannot be done.
    The table must hold the current bases; it is not updated (rebuild it after)."""
    group = [loser, *followers(state, table, winner, loser)]
    if any(engaged_with(state, table, f, F.ENGAGE) for f in group[1:]):
        F.add_stun(loser, state.turn)
        return Recoil((), "engaged", True)
    direction = away(winner.pos, loser.pos)
    results = push_group(table, [base_of(f) for f in group], direction, F.PAS)
    for r in results:
        if r.blocker is not None or r.travelled < F.PAS - 1e-6:
            F.add_stun(loser, state.turn)
            return Recoil((), r.blocker or "figure", True)
    for f, r in zip(group, results):
        f.x, f.y = r.end
    return Recoil(tuple(f.id for f in group), None, False)
