"""Bonus / Malus's evaluation of a position for the lookahead
(``game.ai.bonus_malus.evaluation``): each of its terms moves it the right way."""
from __future__ import annotations

from game.ai.bonus_malus.evaluation import evaluate
from tests.ai import bonus_malus_positions as positions

PAS = 25.0


def test_the_carrier_nearer_its_edge_is_better():
    st = positions.carrier().state
    before = evaluate(st, 1, {})
    st.figures["me"].y += 5 * PAS
    st.extras["objective"]["point"] = [st.figures["me"].x, st.figures["me"].y]
    assert evaluate(st, 1, {}) > before
    assert evaluate(st, 2, {}) < 0               # the enemy's view of it: bad for them


def test_the_back_shown_to_a_gun_is_worse():
    st = positions.face_the_gun().state          # the gun stands 8 pas south of "me"
    st.figures["me"].facing = 270.0              # facing north: its back to the gun
    back = evaluate(st, 1, {})
    st.figures["me"].facing = 90.0               # facing it (the shield in front)
    assert evaluate(st, 1, {}) > back


def test_a_wounded_enemy_and_a_stunned_one_are_good_for_us():
    st = positions.no_damage_roll_left().state
    base = evaluate(st, 1, {})
    st.figures["foe"].status["stunned"] = True
    stunned = evaluate(st, 1, {})
    assert stunned > base
    st.figures["foe"].vitality = 0
    st.figures["foe"].out = True
    assert evaluate(st, 1, {}) > stunned


def test_the_neutral_group_on_the_enemy_is_good_for_us():
    st = positions.lure().state                  # the beast between us and the enemy
    me, beast = st.figures["me"], st.figures["beast"]
    me.y = 2 * PAS                               # far: the enemy its nearest prey
    st.figures["foe"].y = beast.y + 3 * PAS
    theirs = evaluate(st, 1, {})
    me.y, st.figures["foe"].y = beast.y - 3 * PAS, 18.5 * PAS   # we its nearest prey
    assert evaluate(st, 1, {}) < theirs


def test_the_weights_come_from_the_profile():
    st = positions.no_damage_roll_left().state
    st.figures["foe"].vitality = 0
    st.figures["foe"].out = True
    assert evaluate(st, 1, {"evaluation": {"score": 3.0}}) > evaluate(st, 1, {})
