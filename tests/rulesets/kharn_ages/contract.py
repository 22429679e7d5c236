"""Khârn-Ages in the shared contract (tests/rulesets/test_contract.py): one seed, two turns
(longer games are `python main.py sim`'s), and what only its figures promise: action
points never below zero, vitality within the card's, a carcass out of play."""
from __future__ import annotations

SEEDS = (1,)
VARIANTS = {"short": {"max_turns": 2}}


def check_state(engine) -> None:
    for f in engine.state.figures.values():
        assert int(f.status.get("pa", 0)) >= 0, (f.id, f.status.get("pa"))
        assert 0 <= f.vitality <= f.max_vitality, (f.id, f.vitality)
        if f.status.get("carcass"):
            assert f.out, f"{f.id} is a carcass still in play"


def check_game(engine, variant: str) -> None:
    st = engine.state
    assert st.outcome is not None and st.outcome.reason in ("annihilation", "turn_limit"), st.outcome
    assert len(engine.record.actions) > 20
