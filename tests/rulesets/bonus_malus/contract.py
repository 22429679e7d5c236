"""Bonus / Malus in the shared contract (tests/rulesets/test_contract.py): one seed, three
turns, both activation systems (secret picks and the classic turn), and its own invariants:
vitality within its track and the scenario's objective where the rules keep it."""
from __future__ import annotations

from game.rulesets.bonus_malus import figures as F

SEEDS = (1,)
VARIANTS = {"alternate": {"activation": "alternate", "max_turns": 3},
            "classic": {"activation": "classic", "max_turns": 3}}


def check_state(engine) -> None:
    st = engine.state
    for fig in st.figures.values():
        assert 0 <= fig.vitality <= fig.max_vitality, (fig.id, fig.vitality)
        assert F.actions_left(fig) >= 0, fig.id
    obj = st.extras.get("objective") or {}
    if obj.get("type") == "extraction" and obj.get("holder"):
        holder = st.figures[obj["holder"]]
        assert not holder.out and list(obj["point"]) == [holder.x, holder.y], obj
    if obj.get("type") == "nest":
        assert obj.get("holder") in (None, *st.sides), obj


def check_game(engine, variant: str) -> None:
    assert engine.state.turn <= 3 + 1, engine.state.turn
    mode = engine.state.extras["bm"]["mode"]
    assert mode == variant, (mode, variant)
