"""The Bonus / Malus turn keeps the contract every registered ruleset keeps
(tests/rulesets/test_contract.py) although it is not registered yet: it is declared here for
the test only, with its rules (the other parts of a declaration are still to be written and
the contract does not use them: the modules named for them merely exist), then withdrawn."""
from __future__ import annotations

import pytest

from game.core import ruleset as registry_cache
from game.core.plugins import RulesetPlugin
from tests.rulesets.test_contract import contract_cases, play_checked

RULES = "game.rulesets.bonus_malus.ruleset:RULESET"
DECL = RulesetPlugin(id="bonus_malus", rules=RULES, schemas="game.rulesets.bonus_malus.schema",
                     presentation=RULES, builder=RULES, rules_pages=("bm", ()))


class Hooks:
    SEEDS = (1,)
    VARIANTS = {"alternate": {"max_turns": 3}, "classic": {"activation": "classic", "max_turns": 3}}

    @staticmethod
    def check_state(engine) -> None:
        """The scenario's objective stays coherent: a beacon's carrier is a player figure in
        play standing on it; a nest's holder is a team."""
        st = engine.state
        obj = st.extras["objective"]
        holder = obj.get("holder")
        if obj["type"] == "extraction" and holder is not None:
            fig = st.figures[holder]
            assert not fig.out and fig.side in st.seats() and obj["point"] == [fig.x, fig.y], obj
        if obj["type"] == "nest":
            assert holder is None or holder in st.seats(), obj

    @staticmethod
    def check_game(engine, variant) -> None:
        st = engine.state
        allowed = {"elimination": (), "extraction": ("extraction",), "nest": ("nest",)}[st.extras["objective"]["type"]]
        assert st.outcome.reason in ("turns", "elimination", *allowed), st.outcome


CASES = [c for c in contract_cases(extra=[DECL], hooks={"bonus_malus": Hooks}) if c.ruleset == "bonus_malus"]


@pytest.mark.parametrize("case", CASES, ids=str)
def test_bonus_malus_keeps_the_contract(case):
    try:
        eng = play_checked(case)
    finally:
        registry_cache._CACHE.pop("bonus_malus", None)
    st = eng.state
    assert len(st.side_ids()) == 2 + sum(1 for s in st.sides.values() if s.neutral) and st.outcome is not None
