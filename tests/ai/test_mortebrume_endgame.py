"""Mortebrume's turn limit (issue 17, Dernier debout's lost games): at the limit the side
with the most physique left standing wins, and the AI never counted it. In the last turn
an enemy that has acted can strike no more, a move that strikes nothing gains nothing when
behind, and the enemies it remembers from earlier views count in the physique it must
make up. Difficile solves each puzzle in at least 19 of 20 seeds."""
from __future__ import annotations

from game.ai.agents import make_agent
from game.ai.mortebrume.planner import remembered
from game.ai.mortebrume.world import World
from tests.ai.mortebrume_positions import solved
from tests.rulesets.mortebrume.sandbox import act, fig, sandbox, step


def _last_turn(figs, hurt: dict[str, int]):
    eng = sandbox(figs, mist=25)
    eng.state.turn = eng.state.max_turns = 12
    for fid, v in hurt.items():
        eng.state.figures[fid].vitality = v
    return eng


def behind_at_the_end():
    """The last turn, 4 physique of ours against 12 + 12 + 2: our wounded lord, the last
    of ours to act, stands between two enemy knights that have both acted. Only a blow
    can close the gap; the old difficile walked away from knights that could no longer
    strike."""
    eng = _last_turn([fig(1, "meleien_seigneur", 30, 30, 0, name="me"),
                      fig(2, "thanigiste_chevalier", 30, 42, 270, name="k1", activated=True),
                      fig(2, "thanigiste_chevalier", 30, 18, 90, name="k2", activated=True),
                      fig(2, "thanigiste_recrue", 44, 30, 180, name="prey", activated=True)],
                     {"me": 4, "prey": 2})
    step(eng, act("activate", "me"))
    return eng


def test_behind_in_the_last_turn_the_lord_strikes():
    eng = behind_at_the_end()
    assert solved(eng, lambda a: a.kind == "strike" and a.actor == "me") >= 19
    assert make_agent("ai:normal", 0).choose(eng).kind == "strike"


def test_acted_enemies_threaten_nothing_in_the_last_turn():
    eng = behind_at_the_end()
    st = eng.state
    me = st.figures["me"]
    world = World(st, eng.ruleset.table_for(st), 1, {})
    assert world.threat(me) == 0.0
    st.turn = 11                      # a turn still to come: the knights strike then
    assert World(st, eng.ruleset.table_for(st), 1, {}).threat(me) > 0.2


def test_the_tiebreak_weighs_only_as_the_limit_nears():
    eng = behind_at_the_end()
    st = eng.state
    table = eng.ruleset.table_for(st)
    world = World(st, table, 1, {})
    assert world.endgame() == 1.0
    assert world.physique_margin() == 4 - (12 + 12 + 2)
    st.turn = 6
    assert World(st, table, 1, {}).endgame() == 0.0
    st.turn = 12
    st.extras["victory"] = {"type": "hold", "at": (37.5, 37.5), "radius": 8, "target": 3}
    st.extras["scores"] = {"1": 1, "2": 0}    # the stone's points part the sides
    assert World(st, table, 1, {}).endgame() == 0.0


class _Agent:
    pass


def test_enemies_seen_earlier_are_remembered_from_the_own_views_only():
    eng = behind_at_the_end()
    view = eng.view_for(1).state.clone()
    agent = _Agent()
    assert remembered(agent, view, 1) == []
    later = view.clone()
    del later.figures["k1"]                  # gone into the mist
    later.figures["prey"].out = True         # seen falling: forgotten
    kept = remembered(agent, later, 1)
    assert [f.id for f in kept] == ["k1"] and kept[0].vitality == 12
    world = World(later, eng.ruleset.table_for(later), 1, {})
    world.unseen = kept
    assert world.physique_margin() == 4 - (12 + 12)
    # a new game (another seed) starts a new memory
    other = later.clone()
    other.seed = 99
    assert remembered(agent, other, 1) == []
