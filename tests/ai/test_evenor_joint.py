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
    first decisions of the Japanese, every roll a success. The planner's choice: without
    difficile's search (played-out samples), which makes the test ten times longer."""
    joint = alone = 0
    for seed in SEEDS:
        agent = make_agent(spec, seed)
        agent.load("evenor")
        agent.profile["search"] = False
        if coordinate is not None:
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


def _pair(waiting: bool = False):
    """No Meneur: Lothar and Cerd side by side, greedy's Ymir about 3 pas off."""
    return sandbox([fig(1, "ymir", 12, 11.3), fig(1, "kara", 2, 2),
                    fig(2, "lothar", 10.5, 14.5), fig(2, "cerd", 12.5, 14.8, waiting=waiting),
                    fig(2, "thurold", 20, 22)], to_act=2)


def _firsts(build, coordinate: bool | None = None, stop=lambda a: a.kind == "charge"):
    out = []
    for seed in SEEDS:
        agent = make_agent("ai:normal", seed)
        agent.load("evenor")
        if coordinate is not None:
            agent.profile["coordinate"] = coordinate
        out.append(_drive(build(), agent, 2, stop))
    return out


def test_without_a_meneur_one_waits_for_the_other():
    waits = sum(a[0].kind == "wait" and a[0].actor in ("2.lothar", "2.cerd") for a in _firsts(_pair))
    assert waits >= 19
    assert not any(a[0].kind == "wait" for a in _firsts(_pair, coordinate=False))


def test_the_other_joins_the_one_waiting_and_they_charge_together():
    def right(acts):
        return acts[0].kind == "coordinate" and acts[0].partners == ("2.cerd",) and any(
            a.kind == "charge" and a.targets == ("1.ymir",) and a.partners for a in acts)
    assert sum(right(a) for a in _firsts(lambda: _pair(waiting=True))) >= 19


def _thorvald():
    """Shingami's group (one action each, rolled) in charge reach of Thorvald."""
    from tests.rulesets.evenor.sandbox import act, step

    eng = sandbox([fig(1, "thorvald", 12, 12), fig(1, "runir", 20, 3),
                   fig(2, "shingami", 11, 15.5), fig(2, "saito", 13, 15.8), fig(2, "nobu", 10, 18)],
                  to_act=2)
    eng.dice.push(*([6] * 10))
    step(eng, act("activate", "2.shingami", value=1, partners=("2.saito",)))
    return eng


def test_a_group_charges_any_foe_together():
    def together(all_targets):
        n = 0
        for seed in SEEDS:
            agent = make_agent("ai:normal", seed)
            agent.load("evenor")
            agent.profile["coordinate_all"] = all_targets
            a = agent.choose(_thorvald())
            n += a.kind == "charge" and a.targets == ("1.thorvald",) and bool(a.partners)
        return n
    assert together(True) >= 19 and together(False) == 0


def test_a_charge_on_an_engaged_foe_counts_the_multiple_combat():
    """Saïto charging Ymir already in contact with Nobu: once there, Ymir fights two and
    rolls at C+1; the odds from where Saïto stands (not yet in contact) missed it."""
    from game.ai.evenor.options import Builder
    from game.ai.evenor.world import World
    from game.ai.profiles import load_profile
    from tests.rulesets.evenor.sandbox import act, step, toward

    eng = sandbox([fig(1, "ymir", 12, 12), fig(2, "nobu", 12, 14), fig(2, "saito", 15, 13.5),
                   fig(2, "shiro", 2, 22)], to_act=2)
    st = eng.state
    nobu = st.figures["2.nobu"]
    nobu.x, nobu.y = (c * 25.0 for c in toward(eng, "2.nobu", "1.ymir"))
    eng.dice.push(*([6] * 4))
    step(eng, act("activate", "2.saito", value=1))
    wins = {}
    for coordinate in (False, True):
        prof = dict(load_profile("evenor", "normal"), coordinate=coordinate)
        world = World(st, eng.ruleset.table_for(st), 2)
        b = Builder(world, eng, prof)
        charge = next(c for c in eng.legal_actions() if c.kind == "charge")
        wins[coordinate] = next(o for o in b.build(charge) if not o.action.partners).inputs["damage"]
    assert wins[True] > 2 * wins[False]
