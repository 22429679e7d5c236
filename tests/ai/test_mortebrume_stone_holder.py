"""The mist stone's holders (issue 17, Pierre de brume's lost games): felling the enemy's
only fighter near the stone is worth the point it would score them, and the point ours
near it then score; in the last turn that point decides the game between level scores.
Difficile solves the puzzle in at least 19 of 20 seeds; the old planner threw a javelin
at a wounded lord instead."""
from __future__ import annotations

from game.ai.agents import make_agent
from game.ai.mortebrume.world import World
from tests.ai.mortebrume_positions import STONE, solved
from tests.rulesets.mortebrume.sandbox import act, fig, rect, sandbox, step


def last_point():
    """The last turn, 1 point each; our veteran stands at the stone beside the enemy's
    only fighter there (4 physique left) and a wounded enemy lord off it. We are behind on
    physique whatever befalls the lord (3 against 7): only the stone's point wins."""
    figs = [fig(1, "thanigiste_veteran", 37.5, 31, 315, name="me"),
            fig(1, "thanigiste_recrue", 10, 10, 90, name="mate", activated=True),
            fig(2, "meleien_recrue", 42, 33.5, 180, name="holder", activated=True),
            fig(2, "meleien_seigneur", 37.5, 27.5, 90, name="lord", activated=True)]
    eng = sandbox(figs, victory=dict(STONE), terrain=[rect("stone", "rocher", 35.5, 35.5, 4, 4)])
    st = eng.state
    st.turn = st.max_turns = 8
    st.extras["scores"] = {"1": 1, "2": 1}
    for fid, v in (("holder", 4), ("lord", 3), ("me", 2), ("mate", 1)):
        st.figures[fid].vitality = v
    step(eng, act("activate", "me"))
    return eng


def test_the_last_point_goes_to_the_blow_on_the_stones_holder():
    eng = last_point()
    assert solved(eng, lambda a: a.kind == "strike" and a.targets == ("holder",)) >= 19
    a = make_agent("ai:normal", 0).choose(eng)
    assert a.kind == "strike" and a.targets == ("holder",)


def test_a_holder_is_worth_the_point_shared_among_the_enemies_near_the_stone():
    eng = last_point()
    st = eng.state
    table = eng.ruleset.table_for(st)
    world = World(st, table, 1, {})
    holder, lord = st.figures["holder"], st.figures["lord"]
    last = world.holder_worth(holder)
    assert world.holder_worth(lord) == 0.0          # off the stone: no point in it
    st.turn = 5
    earlier = World(st, table, 1, {}).holder_worth(holder)
    assert 0 < earlier < last                       # the last turn's point decides more
    st.figures["me"].x = 10 * 10.0                  # ours no longer near the stone: only
    alone = World(st, table, 1, {}).holder_worth(holder)   # the enemy's point is denied
    assert alone == earlier / 2
    st.figures["lord"].x, st.figures["lord"].y = 400.0, 300.0   # a second enemy near it
    assert World(st, table, 1, {}).holder_worth(holder) == alone / 2
