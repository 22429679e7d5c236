"""Swidenth puzzles from lost games (against greedy): a stunned figure does not strike at
-4 (one more roll the foe favours) but strikes a stunned foe; friends of a phase that
planned to charge one foe together all charge it, the first one not left alone once the pin
it stands in would make a fresh plan call the others off. Difficile must solve each in at
least 19 of 20 seeds."""
from __future__ import annotations

from game.ai.agents import make_agent
from game.rulesets.swidenth.actions import engaged
from tests.ai.swidenth import positions

SEEDS = range(20)


def _rate(build, right, spec="ai:difficile") -> float:
    return sum(bool(right(build(), make_agent(spec, seed))) for seed in SEEDS) / len(SEEDS)


def _deed(eng, agent):
    """The legionary's deed (its preparation played first when it chose one)."""
    action = agent.choose(eng)
    assert eng.check(action) is None
    if action.kind in ("concentrate", "nothing"):
        eng.step(action)
        action = agent.choose(eng)
        assert eng.check(action) is None
    return action


def test_a_stunned_figure_does_not_strike():
    def right(eng, agent):
        return _deed(eng, agent).kind != "fight"
    assert _rate(lambda: positions.stunned_in_melee(ours=True), right) >= 0.95


def test_a_stunned_foe_is_struck():
    """The puzzle can fail: the same fight is made when the brigand is the stunned one."""
    def right(eng, agent):
        action = _deed(eng, agent)
        return action.kind == "fight" and action.targets == ("foe",)
    assert _rate(lambda: positions.stunned_in_melee(ours=False), right) >= 0.95


def test_the_three_charge_together():
    def right(eng, agent):
        first = agent.choose(eng)
        if first.kind != "activate" or first.actor != "hersir" or {"w1", "w2"} - set(first.partners):
            return False
        eng.step(first)
        for _ in range(8):
            action = agent.choose(eng)
            assert eng.check(action) is None
            if action.kind == "fight":
                st = eng.state
                table = eng.ruleset.table_for(st)
                return all([f.id for f in engaged(st, table, st.figures[m])] == ["prey"]
                           for m in ("hersir", "w1", "w2"))
            eng.step(action)
        return False
    assert _rate(positions.clan_charge, right) >= 0.95
