"""What one side may know: the game state as that side sees it. Agents decide from this
view only: the dice stream is scrambled (no peeking at future rolls) and figures the
ruleset says the side cannot see (mist, for instance) are taken off, with whatever else the
ruleset keeps secret from that side (``conceal``)."""
from __future__ import annotations

from game.core.state import GameState


def side_view(ruleset, state: GameState, side: int) -> GameState:
    view = state.clone()
    view.rng = [0x853C49E6748FEA9B, 0xDA3E39CB94B95BDB]  # a fixed stream, not the game's
    seen = ruleset.visible_to(state, side)
    for fid in list(view.figures):
        if view.figures[fid].side != side and fid not in seen:
            del view.figures[fid]
    ruleset.conceal(view, side)
    return view
