"""The exact odds the AI and the preview use agree with what the rules actually roll."""
from __future__ import annotations

import math

import pytest

from game.rulesets.evenor import odds
from tests.rulesets.evenor.sandbox import act, fig, sandbox

TRIALS = 1200


def _frequency(build, action, outcome) -> float:
    hits = 0
    for seed in range(TRIALS):
        eng = build(seed)
        eng.step(action)
        hits += outcome(eng)
    return hits / TRIALS


@pytest.mark.parametrize("attacker, defender", [("deimos", "kara"), ("lothar", "thurold")])
def test_fight_out_of_action_chance(attacker, defender):
    def build(seed=0):
        eng = sandbox([fig(1, attacker, 12, 12), fig(2, defender, 12, 13), fig(2, "nobu", 22, 22)],
                      seed=seed)
        eng.step(act("activate", f"1.{attacker}", value=0))
        return eng

    eng = build()
    st = eng.state
    o = odds.fight(st, eng.ruleset.table_for(st), [st.figures[f"1.{attacker}"]],
                   st.figures[f"2.{defender}"])
    seen = _frequency(build, act("fight", f"1.{attacker}", f"2.{defender}"),
                      lambda e: e.state.figures[f"2.{defender}"].out)
    sigma = math.sqrt(o.p_out * (1 - o.p_out) / TRIALS)
    assert abs(seen - o.p_out) < 4 * sigma + 0.01


def test_shot_out_of_action_chance():
    def build(seed=0):
        eng = sandbox([fig(1, "ulysse", 3, 12), fig(2, "deimos", 12, 12), fig(2, "nobu", 22, 22)],
                      seed=seed)
        eng.step(act("activate", "1.ulysse", value=0))
        return eng

    eng = build()
    st = eng.state
    o = odds.shot(st, eng.ruleset.table_for(st), st.figures["1.ulysse"], st.figures["2.deimos"], 0)
    # the target's reaction (going prone, ...) would change the odds: count only games where
    # no reaction was asked (the reaction roll failed)
    total = outs = 0
    for seed in range(TRIALS):
        e = build(seed)
        e.step(act("shoot", "1.ulysse", "2.deimos", value=0))
        if e.state.pending:
            continue
        total += 1
        outs += e.state.figures["2.deimos"].out
    seen = outs / total
    sigma = math.sqrt(o.p_out * (1 - o.p_out) / total)
    assert abs(seen - o.p_out) < 4 * sigma + 0.01
