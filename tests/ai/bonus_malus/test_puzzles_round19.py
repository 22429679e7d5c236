"""Bonus / Malus puzzles of round 19 (Le nid against greedy: 21 of normal's 55 losses over
500 games came on points after the last turn, the enemy ahead). Normal valued every point
alike whatever the score: behind on the last turn it kept a figure out of an uneven fight
that was its only way to win (what it may still lose can no longer cost the game). The
stakes (``World.worth``, profile ``stakes``) read a figure's points, when we are behind,
as what they do to the chance of winning on points: the score gap still to come is spread
over the turns left (about half the dearest figure's points a turn, measured over seed
701's games), so late in the game a loss counts less and a gain that closes the gap more.
Level or ahead, a point stays a point (the same law ahead, more caution, cost Extraction
and Première partie: normal.yaml)."""
from __future__ import annotations

import pytest

from game.ai.bonus_malus.world import World
from game.ai.profiles import load_profile
from tests.ai.bonus_malus_positions import _open, rate
from tests.rulesets.bonus_malus.helpers import game, man

# points: the enemy has taken "dead" (ours), we "gone" (theirs)
BEHIND = {"me": 30, "dead": 30, "foe": 40, "gone": 20}      # 20 against 30: behind by 10
AHEAD = {"me": 30, "dead": 20, "foe": 40, "gone": 30}       # 30 against 20: ahead by 10


def last_stand(points: dict, combat: int):
    """The last turn: our swordsman ``me`` opens its activation in contact with the enemy's
    last figure (40 points, Combat ``combat``, spent for the turn), the rest of both teams
    out. The fight is the one way to change the score before the game ends on points."""
    dead = man("dead", 1, 2, 2, 0)
    dead.out = True
    gone = man("gone", 2, 22, 22, 0)
    gone.out = True
    st = game(man("me", 1, 12, 12, 90, equipment=["epee_sonique"]),
              man("foe", 2, 12, 13, 270, equipment=["epee_sonique"], competences={"combat": combat}),
              dead, gone, turns=6)
    st.turn = 6
    st.extras["points"] = dict(points)
    st.figures["foe"].status.update({"activations": 1, "spent": 2, "done": ["move", "nothing"]})
    return _open(st, "me")


def _fights(eng, a) -> bool:
    return a.kind == "fight"


def _rate(build, right, stakes: float | None = None) -> float:
    """``rate`` for normal, its profile's stakes replaced when ``stakes`` is given."""
    from game.ai.agents import make_agent

    good = 0
    for seed in range(20):
        eng = build()
        agent = make_agent("ai:normal", seed)
        agent.load("bonus_malus")
        if stakes is not None:
            agent.profile["stakes"] = stakes
        action = agent.choose(eng)
        assert eng.check(action) is None
        good += bool(right(eng, action))
    return good / 20


def test_behind_on_the_last_turn_the_uneven_fight_is_taken():
    """Behind by 10, the enemy's 40 points are the game: the fight against a better
    swordsman (Combat 1) loses points on average, but losing ours can only lose a game
    already lost."""
    assert rate(lambda: last_stand(BEHIND, 1), _fights, "ai:normal") >= 0.95


def test_without_the_stakes_normal_left_the_fight():
    """The control: with the stakes off (every point alike), normal leaves the uneven
    fight behind."""
    assert _rate(lambda: last_stand(BEHIND, 1), _fights, stakes=0.0) == 0.0


@pytest.mark.parametrize("points", [{"me": 30, "dead": 20, "foe": 40, "gone": 20}, AHEAD])
def test_level_or_ahead_a_point_is_a_point(points):
    """Level on points or ahead (or with the stakes off) a figure is worth its points;
    behind late, ours is worth less and theirs more."""
    eng = last_stand(points, 0)
    st = eng.state
    prof = load_profile("bonus_malus", "normal")
    w = World(st, eng.ruleset.table_for(st), 1, prof)
    assert w.spread > 0 and w.worth(st.figures["me"]) == 30 and w.worth(st.figures["foe"]) == 40
    eng = last_stand(BEHIND, 0)
    st = eng.state
    w = World(st, eng.ruleset.table_for(st), 1, prof)
    assert w.worth(st.figures["me"]) < 0.6 * 30 and w.worth(st.figures["foe"]) > 1.2 * 40
    off = World(st, eng.ruleset.table_for(st), 1, {**prof, "stakes": 0.0})
    assert off.worth(st.figures["me"]) == 30 and off.worth(st.figures["foe"]) == 40
