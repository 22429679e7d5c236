"""Seeded random games of Khârn-Ages through the engine, checking the flow's invariants after
every step: no figure ever has negative PA, a figure out of play never activates, acts or is
offered an action, every kind of action offered applies without error (a sample of each
template, played on a clone), and replaying the decisions from the start reproduces the
state. A skirmish at close quarters (fights from the first activation); the bundled
scenario is the shared contract's (tests/rulesets/test_contract.py)."""
from __future__ import annotations

import pytest

from game.ai import candidates
from game.ai.agents import RandomAgent
from game.core.dice import Stream, pcg_seed
from game.core.engine import Engine
from game.core.events import ActionDeclared, Activated
from game.core.record import Record
from game.rulesets.kharn_ages.fighter import Armour, Shield, Weapon
from game.rulesets.kharn_ages.ruleset import RULESET

from .flow_helpers import figure, game

MAIL = Armour("cuir", threshold=5, low=0, high=1, boxes=4)


def skirmish():
    """Three against three, bases nearly touching: every kind of fight happens soon."""
    kit = [dict(level=2, weapon=Weapon("epee", bonus=1), armour=MAIL, skills={"maitre": "melee"}),
           dict(level=1, shield=Shield("ecu", 6), chars={"A": 4}),
           dict(level=3, weapon=Weapon("dagues", damage=3, bleeding=2, forbid_simple=("C",)),
                skills={"morsure": None, "instinct_de_survie": None})]
    figs = []
    for i, k in enumerate(kit):
        figs.append(figure(f"a{i}", 1, 5 + 1.1 * i, 6, **k))
        figs.append(figure(f"b{i}", 2, 5 + 1.1 * i, 7.05, **k))
    st = game(*figs, turns=2)
    st.rng = pcg_seed(st.seed, stream=7)
    return st


def check_step(eng: Engine, before_out: set[str], events) -> None:
    st = eng.state
    for f in st.figures.values():
        assert int(f.status.get("pa", 0)) >= 0, (f.id, f.status.get("pa"))
    for e in events:
        if isinstance(e, Activated):
            assert not set(e.figures) & before_out, e
        if isinstance(e, ActionDeclared):
            assert e.figure not in before_out, e
    for c in eng.legal_actions():
        assert c.actor is None or not st.figures[c.actor].out, c


def every_template_applies(eng: Engine, rng: Stream) -> int:
    """Instantiate each legal template once and play it on a clone; the number played."""
    played = 0
    for c in eng.legal_actions():
        action = candidates.instantiate(eng, c, rng, tries=2)
        if action is not None:
            eng.clone().step(action)
            played += 1
    return played


def play(eng: Engine, seed: int, sample_every: int = 3) -> tuple[int, set[str]]:
    agents = {s: RandomAgent(seed * 7 + s) for s in eng.state.side_ids()}
    rng = Stream(seed, stream=5)
    kinds: set[str] = set()
    for n in range(3000):
        side = eng.decider()
        if side is None:
            break
        if n % sample_every == 0:
            every_template_applies(eng, rng)
        before = {f.id for f in eng.state.figures.values() if f.out}
        action = agents[side].choose(eng)
        kinds.add(action.kind)
        check_step(eng, before, eng.step(action))
    assert eng.state.outcome is not None
    return n, kinds


@pytest.mark.parametrize("seed", [1, 2])
def test_a_skirmish_at_close_quarters_keeps_the_invariants_and_replays(seed):
    start = skirmish()
    eng = Engine(RULESET, start.clone(), Record("kharn_ages", 1, "test", seed))
    steps, kinds = play(eng, seed)
    assert steps > 10 and {"attack", "defend"} <= kinds
    again = Engine(RULESET, start.clone(), Record("kharn_ages", 1, "test", seed))
    for a in eng.record.actions:
        again.step(a)
    assert again.state.digest() == eng.state.digest()


def test_the_invariant_checks_can_fail():
    eng = Engine(RULESET, skirmish(), Record("kharn_ages", 1, "test", 1))
    eng.state.figures["a0"].status["pa"] = -1
    with pytest.raises(AssertionError):
        check_step(eng, set(), [])
    eng.state.figures["a0"].status["pa"] = 0
    with pytest.raises(AssertionError):
        check_step(eng, {"a0"}, [Activated(side=1, figures=("a0",), actions=1)])
