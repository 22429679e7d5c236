"""Coordinated attacks on a monster (issue 17): greedy's lone Ymir took normal's figures
one at a time (Extermination, sim --scenario all seed 401, game 29: seed 415, turn 7)
while none would charge it alone (a lone charge wins 5 to 8 % of the time). The rules'
answer is the coordinated attack: one combat phase at the summed power of the chargers,
the monster fighting at C+1 for each foe in contact beyond the first."""
from __future__ import annotations

import pytest

from game.ai.agents import make_agent
from game.rulesets.evenor import odds
from tests.ai.test_puzzles import SEEDS, _drive
from tests.rulesets.evenor.sandbox import fig, sandbox


def _game29():
    """Turn 7 of that game: Shingami (Meneur charismatique) with Nobu and Saïto about
    4.5 pas from Ymir (2 vitality left); Runir has acted; the Japanese to act."""
    eng = sandbox([fig(1, "ymir", 17.1, 5.7), fig(1, "runir", 18.0, 4.6, activated=True),
                   fig(2, "shingami", 12.1, 8.6), fig(2, "nobu", 12.2, 9.7),
                   fig(2, "shiro", 14.3, 0.5), fig(2, "saito", 13.8, 10.9)], to_act=2, turn=7)
    eng.state.figures["1.ymir"].vitality = 2
    return eng


def _charges(spec: str, coordinate: bool | None = None) -> tuple[int, int]:
    """(seeds with a coordinated charge on Ymir, seeds with any charge on it) over the
    first decisions of the Japanese, every roll a success."""
    joint = alone = 0
    for seed in SEEDS:
        agent = make_agent(spec, seed)
        if coordinate is not None:
            agent.load("evenor")
            agent.profile["coordinate"] = coordinate
        acts = _drive(_game29(), agent, 2, lambda a: a.kind == "charge")
        hits = [a for a in acts if a.kind == "charge" and a.targets == ("1.ymir",)]
        joint += any(a.partners for a in hits)
        alone += bool(hits)
    return joint, alone


def test_together_they_beat_the_monster_alone_they_do_not():
    eng = _game29()
    st, table = eng.state, eng.ruleset.table_for(eng.state)
    ymir, nobu, saito = (st.figures[k] for k in ("1.ymir", "2.nobu", "2.saito"))
    lone = odds.fight(st, table, [nobu], ymir, charged=True)
    both = odds.fight(st, table, [nobu, saito], ymir, charged=True)
    assert lone.p_win < 0.1 and lone.p_attacker_out > 0.3
    assert both.p_win > 0.6


@pytest.mark.parametrize("spec", ["ai:normal", "ai:difficile"])
def test_the_group_charges_the_monster_together(spec):
    joint, _ = _charges(spec)
    assert joint >= 19


def test_without_coordination_nobody_charges_it():
    joint, alone = _charges("ai:normal", coordinate=False)
    assert joint == 0 and alone <= 2
