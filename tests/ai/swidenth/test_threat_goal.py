"""Where the AI feels threatened and where it heads: an enemy bow threatens the point the
figure would stand on (aimed when the archer has yet to act, or after the archer's move),
our Chef weighs that threat more; the ford becomes the goal ``ford_lead`` turns before it
scores (one by default: sent at once, figures sprinted there alone)."""
from __future__ import annotations

from game.ai.profiles import load_profile
from game.ai.swidenth.options import Builder
from game.ai.swidenth.world import World
from game.rulesets.swidenth import figures as F
from tests.ai.swidenth import positions
from tests.rulesets.swidenth.helpers import fig

PAS = F.PAS
FORD = (12, 12)


def _world(*figs, profile="normal"):
    eng = positions.engine(*figs)
    st = eng.state
    prof = load_profile("swidenth", profile)
    return eng, World(st, eng.ruleset.table_for(st), 1, prof), prof


def test_an_archer_threatens_where_the_figure_would_stand():
    """A legionary 31 pas from an archer is out of its reach; 15 pas away it is within
    the bow's 18 (aimed, the archer yet to act); 21 pas away, the archer's move brings it
    in range."""
    eng, w, _ = _world(fig("leg", 1, 1, 1), fig("archer", 2, 23, 23, "archer"),
                       fig("capt", 2, 23, 1, "centurion"))
    leg, archer = w.state.figures["leg"], w.state.figures["archer"]
    near_pos, moved_pos = (12.4 * PAS, 12.4 * PAS), (8.15 * PAS, 8.15 * PAS)
    far = w.shot_threat(archer, leg, leg.pos)
    near = w.shot_threat(archer, leg, near_pos)
    moved = w.shot_threat(archer, leg, moved_pos)
    assert far == 0.0 < moved < near
    assert w.exposure(leg, near_pos) > w.exposure(leg, leg.pos) == 0.0


def test_our_chef_weighs_the_threat_more():
    eng, w, prof = _world(fig("chef", 1, 2, 6, "centurion"), fig("leg", 1, 4, 6),
                          fig("archer", 2, 3, 20, "archer"), fig("capt", 2, 22, 23, "centurion"))
    chef, leg = w.state.figures["chef"], w.state.figures["leg"]
    pos = (3 * PAS, 8 * PAS)
    assert prof["chef_guard"] > 1
    assert w.threat(chef, pos) > w.exposure(chef, pos) > 0
    assert w.threat(leg, pos) == w.exposure(leg, pos)


def _goal(turn: int, **knobs):
    eng = positions.engine(fig("leg", 1, 5, 5), fig("prey", 2, 5, 20, "brigand", positions.BRIGANDS))
    st = eng.state
    st.turn = turn
    st.extras["objective"] = {"point": list(FORD), "radius": 3, "from_turn": 4}
    prof = dict(load_profile("swidenth", "normal"), **knobs)
    b = Builder(World(st, eng.ruleset.table_for(st), 1, prof), eng, prof)
    return b.goal(st.figures["leg"])


def test_the_ford_is_the_goal_one_turn_before_it_scores():
    assert _goal(1) == (5 * PAS, 20 * PAS)          # the nearest enemy first
    assert _goal(3) == (FORD[0] * PAS, FORD[1] * PAS)
    assert _goal(1, ford_lead=3) == (FORD[0] * PAS, FORD[1] * PAS)
