"""The clock (``press_passive``): in a game on points, against a foe that stays home, a
side that does not lead stops fearing the foes' charges as the last turns come. On the
last turn, nobody out yet, brigands that never left their deployment zone: our lone
legionary charges the brigand in front although a second one would join the fight (it
declines with the clock off, and against brigands that came out: the pin outweighs the
blow); one brigand out already (we lead), it keeps out of their reach."""
from __future__ import annotations

from game.ai.agents import make_agent
from tests.ai.swidenth import positions

SEEDS = range(20)


def _fights(lead: bool, press: int | None = None, home: bool = True) -> int:
    n = 0
    for seed in SEEDS:
        agent = make_agent("ai:normal", seed)
        agent.load("swidenth")
        if press is not None:
            agent.profile["press_passive"] = press
        eng = positions.last_turn(lead, home)
        for _ in range(3):              # a move, then the deed
            action = agent.choose(eng)
            assert eng.check(action) is None
            if action.kind == "fight":
                n += 1
                break
            eng.step(action)
            if eng.decider() != 1:
                break
    return n


def test_a_tied_last_turn_goes_for_the_blow():
    assert _fights(lead=False) >= 19


def test_without_the_clock_it_declines():
    """The control."""
    assert _fights(lead=False, press=0) < 19


def test_against_a_foe_that_came_out_it_declines():
    assert _fights(lead=False, home=False) < 19


def test_a_side_that_leads_keeps_its_caution():
    assert _fights(lead=True) <= 1
