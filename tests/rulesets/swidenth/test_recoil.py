"""The recoil (S-R5): 1 pas straight away from the winner, friends right behind step too,
and a blocked or engaged friend, terrain or the edge turns it into a stun."""
from __future__ import annotations

import pytest

from game.rulesets.swidenth import figures as F
from game.rulesets.swidenth import recoil as R
from tests.rulesets.shared.spatial import block, table_of

from .helpers import PAS, human, state


def test_the_loser_steps_one_pas_straight_away():
    w, loser = human("w", 1, 5, 5), human("l", 2, 6, 5)
    st = state(w, loser)
    res = R.recoil(st, table_of(st), w, loser)
    assert res == R.Recoil(("l",), None, False)
    assert (loser.x, loser.y) == pytest.approx((7 * PAS, 5 * PAS)) and F.stun_tokens(loser) == 0


def test_up_to_two_friends_right_behind_step_back_too():
    w, loser = human("w", 1, 5, 5), human("l", 2, 6, 5)
    b1, b2 = human("b1", 2, 7.2, 4.55), human("b2", 2, 7.2, 5.55)     # two in the lane, side by side
    beside = human("s", 2, 6, 6.2)                                      # beside the loser: stays
    st = state(w, loser, b1, b2, beside)
    res = R.recoil(st, table_of(st), w, loser)
    assert res.moved == ("l", "b1", "b2") and not res.stunned
    assert (b1.x, b2.x) == pytest.approx((8.2 * PAS, 8.2 * PAS)) and beside.x == pytest.approx(6 * PAS)


def test_a_friend_further_back_is_not_taken_along_and_may_block():
    w, loser = human("w", 1, 5, 5), human("l", 2, 6, 5)
    b1, b3 = human("b1", 2, 7.2, 5), human("b3", 2, 8.4, 5)             # b3: 1.4 pas from the loser
    st = state(w, loser, b1, b3)
    t = table_of(st)
    assert [f.id for f in R.followers(st, t, w, loser)] == ["b1"]
    assert R.recoil(st, t, w, loser).stunned                            # b1 would walk into b3


@pytest.mark.parametrize("what", ["figure", "terrain", "edge"])
def test_a_blocked_recoil_stuns_instead(what):
    extra, terrain, x = (), (), 6
    if what == "figure":
        extra = (human("x", 1, 7.6, 5),)                     # an enemy of the loser behind it
    elif what == "terrain":
        terrain = (block("rock", 7.1 * PAS, 4 * PAS, 8 * PAS, 6 * PAS, "blocks_movement"),)
    else:
        x = 23                                               # at the table's edge
    w, loser = human("w", 1, x - 1, 5), human("l", 2, x, 5)
    st = state(w, loser, *extra, terrain=terrain)
    res = R.recoil(st, table_of(st), w, loser)
    assert res.stunned and res.moved == () and loser.x == pytest.approx(x * PAS)
    assert loser.status["stun"] == [2]


def test_an_engaged_friend_behind_stops_everyone():
    w, loser = human("w", 1, 5, 5), human("l", 2, 6, 5)
    behind = human("b", 2, 7.2, 5)
    other = human("o", 1, 7.2, 6.2)                          # engages the friend behind
    st = state(w, loser, behind, other)
    res = R.recoil(st, table_of(st), w, loser)
    assert res == R.Recoil((), "engaged", True) and behind.x == pytest.approx(7.2 * PAS)
