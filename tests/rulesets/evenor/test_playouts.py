"""Many seeded random games over every scenario, checking invariants after every step."""
from __future__ import annotations

import itertools
import math

import pytest

from game.ai.agents import RandomAgent
from game.core.engine import Engine
from game.core.events import Activated, TurnStarted
from game.core.record import Record
from game.rulesets._shared.tables import base_of

SCENARIOS = ["extermination", "embuscade", "chasse_orichalque"]
SEEDS = range(1, 9)


def check_invariants(eng: Engine) -> None:
    st = eng.state
    table = eng.ruleset.table_for(st)
    alive = [f for f in st.figures.values() if not f.out]
    for a, b in itertools.combinations(alive, 2):
        gap = math.dist(a.pos, b.pos) - a.radius - b.radius
        assert gap >= -0.05, f"{a.id} overlaps {b.id} by {-gap:.2f} mm"
    for f in alive:
        base = base_of(f)
        assert table.on_table(base), f"{f.id} off the table"
        assert not table.in_blocking_terrain(base), f"{f.id} inside blocking terrain"
        assert 1 <= f.vitality <= f.max_vitality, f"{f.id} vitality {f.vitality}"
    for f in st.figures.values():
        if f.out and not f.status.get("escaped"):
            assert f.vitality == 0


@pytest.mark.parametrize("scenario", SCENARIOS)
@pytest.mark.parametrize("seed", SEEDS)
def test_random_playout_invariants(scenario, seed):
    eng = Engine.new("evenor", scenario, seed)
    agents = {1: RandomAgent(seed * 7 + 1), 2: RandomAgent(seed * 7 + 2)}
    seen_this_turn: set[str] = set()
    check_invariants(eng)
    for _ in range(3000):
        side = eng.decider()
        if side is None:
            break
        events = eng.step(agents[side].choose(eng))
        for e in events:
            if isinstance(e, TurnStarted):
                seen_this_turn.clear()
            if isinstance(e, Activated):
                for fid in e.figures:
                    assert fid not in seen_this_turn, f"{fid} activated twice in a turn"
                    seen_this_turn.add(fid)
        check_invariants(eng)
    assert eng.state.outcome is not None, "game did not finish"
    # the record replays to the same final state
    rec = Record.from_dict(eng.record.to_dict())
    again = Engine.replay(rec, verify=True)
    assert again.state.digest() == eng.state.digest()
