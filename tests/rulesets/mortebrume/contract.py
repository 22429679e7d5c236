"""Mortebrume's part of the ruleset contract (tests/rulesets/test_contract.py): short games
with automatic and with chosen deployment and designation, and what only Mortebrume's
figures and state promise."""
from __future__ import annotations

SEEDS = (1,)    # with both variants: more seeds are a soak for `sim`, not the suite
VARIANTS = {
    "auto": {"max_turns": 4},
    # the random agents also deploy and designate through decisions
    "chosen": {"deployment": "choose", "designation": "choose", "max_turns": 4},
}


def check_state(engine) -> None:
    st = engine.state
    for f in st.figures.values():
        if f.status.get("undeployed"):
            assert f.out, f"{f.id} is on the table before it is deployed"
        elif f.out:
            assert f.vitality == 0 or f.status.get("dead"), f"{f.id} out with {f.vitality} vitality"
        else:
            assert f.vitality >= 1, f"{f.id} in play with {f.vitality} vitality"
    assert all(v >= 0 for v in st.extras["destiny"].values()), st.extras["destiny"]


def check_game(engine, variant: str) -> None:
    if variant == "chosen":
        assert {"designate", "deploy_order", "deploy"} <= {a.kind for a in engine.record.actions}
