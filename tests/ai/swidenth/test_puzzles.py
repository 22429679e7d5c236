"""Swidenth tactical puzzles where one choice is clearly right: Difficile must find it in
at least 19 of 20 seeds (its own stream's seed)."""
from __future__ import annotations

from game.ai.agents import make_agent
from game.rulesets._shared.engagement import zone_stop
from game.rulesets.swidenth import figures as F
from game.rulesets.swidenth.actions import engaged
from tests.ai.swidenth import positions

SEEDS = range(20)


def _rate(build, right, spec="ai:difficile") -> float:
    good = 0
    for seed in SEEDS:
        eng = build()
        good += bool(right(eng, make_agent(spec, seed)))
    return good / len(SEEDS)


def _engages(eng, action) -> tuple[str, ...]:
    """The enemies a move would engage (it stops on the first)."""
    if action.kind != "move":
        return ()
    st = eng.state
    fig = st.figures[action.actor]
    return zone_stop(st, eng.ruleset.table_for(st), fig, list(action.path), F.ENGAGE).entered


def test_strike_together():
    """The phase takes the legionary along, both charge the brigand, and only then does
    the first blow fall (each fights with the outnumbering bonus)."""
    def right(eng, agent):
        first = agent.choose(eng)
        if first.kind != "activate" or first.actor != "chef" or "leg" not in first.partners:
            return False
        eng.step(first)
        for _ in range(8):
            action = agent.choose(eng)
            assert eng.check(action) is None
            if action.kind == "fight":
                st = eng.state
                table = eng.ruleset.table_for(st)
                both = all([f.id for f in engaged(st, table, st.figures[m])] == ["prey"]
                           for m in ("chef", "leg"))
                return both and action.targets == ("prey",)
            eng.step(action)
        return False
    assert _rate(positions.strike_together, right) >= 0.95


def test_do_not_charge_into_a_pin():
    def right(eng, agent):
        action = agent.choose(eng)
        assert eng.check(action) is None
        return not _engages(eng, action)
    assert _rate(positions.pin, right) >= 0.95


def test_without_the_pin_the_same_charge_is_taken():
    """The puzzle can fail: alone, the brigand in reach is charged."""
    def charges(eng, agent):
        return _engages(eng, agent.choose(eng)) == ("front",)
    assert _rate(lambda: positions.pin(friends=False), charges) >= 0.95


def test_a_placed_shooter_concentrates_then_shoots():
    def right(eng, agent):
        first = agent.choose(eng)
        if (first.kind, first.actor) != ("concentrate", "archer"):
            return False
        eng.step(first)
        second = agent.choose(eng)
        return (second.kind, second.actor, second.targets) == ("shoot", "archer", ("prey",))
    assert _rate(positions.placed_shooter, right) >= 0.95


def test_recoil_into_the_table_edge_stuns():
    def right(eng, agent):
        assert [c.kind for c in eng.legal_actions()] == ["push"]
        return agent.choose(eng).value == "recoil"
    assert _rate(lambda: positions.recoil(blocked=True), right) >= 0.95


def test_a_beaten_foe_is_kept_pinned_next_to_a_friend():
    """The puzzle can fail: free to step back, the brigand stays pinned for the legionary."""
    def right(eng, agent):
        return agent.choose(eng).value == "stay"
    assert _rate(lambda: positions.recoil(blocked=False), right) >= 0.95
