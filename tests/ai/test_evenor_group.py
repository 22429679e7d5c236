"""A Meneur's group activation rolls one initiative ladder for all: if it fails, nobody in
the group acts this turn (issue 17). Normal lost games to greedy with Léonidas taking
Ulysse, who had a sure shot on his own, into a ladder of two at 56 % (Première partie,
seed 424: it failed three times in a row and Ulysse never shot). A partner now joins only
when what it adds in the group beats its own best activation (``group_margin``)."""
from __future__ import annotations

from collections import Counter

import pytest

from game.ai.agents import make_agent
from tests.rulesets.evenor.sandbox import fig, sandbox

SEEDS = range(20)


def _ulysse_has_a_shot():
    """Léonidas (Meneur, I2) with Ulysse (I3, heavy bow) beside him; Thalestri stands in
    Ulysse's short range, the other Amazons far away: Ulysse's single static shot needs
    no roll, the group's two actions succeed 56 % of the time, for both."""
    return sandbox([fig(1, "leonidas", 5, 4), fig(1, "ulysse", 6.5, 4), fig(1, "phobos", 2, 2),
                    fig(2, "thalestri", 7, 9), fig(2, "asteria", 16, 20), fig(2, "hiera", 18, 20)],
                   to_act=1)


def _picks(spec: str, margin: bool | None = None) -> Counter:
    picked: Counter = Counter()
    for seed in SEEDS:
        agent = make_agent(spec, seed)
        if margin is not None:
            agent.load("evenor")
            agent.profile["group_margin"] = margin
        a = agent.choose(_ulysse_has_a_shot())
        assert a.kind == "activate"
        picked["grouped" if "1.ulysse" in a.partners else f"{a.actor}:{a.value}"] += 1
    return picked


@pytest.mark.parametrize("spec", ["ai:normal", "ai:difficile"])
def test_ulysse_keeps_his_sure_shot_out_of_the_group(spec):
    picked = _picks(spec)
    assert picked["grouped"] <= 1, picked


def test_without_the_margin_ulysse_joins_the_gamble():
    picked = _picks("ai:difficile", margin=False)
    assert picked["grouped"] >= 15, picked
