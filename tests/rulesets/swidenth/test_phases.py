"""The turn with scripted dice: the book's initiative threshold (S-R8), command bubbles of 3
and 2 pas fixed at phase start (S-R7), the book's phase order and uneven leader counts
(S-R23)."""
from __future__ import annotations

import pytest

from game.rulesets.swidenth import phases as P
from tests.rulesets.shared.spatial import table_of

from .helpers import ctx, fig, state


@pytest.mark.parametrize("face,order", [(11, [1, 2]), (20, [1, 2]), (10, [2, 1]), (1, [2, 1])])
def test_the_books_initiative_threshold(face, order):
    st = state()
    assert P.initiative(ctx(st, face), [1, 2]) == order


def test_three_sides_roll_and_reroll_ties_among_the_tied():
    st = state()
    # sides 1, 2, 3 roll 12, 15, 12; 1 and 3 re-roll 4, 9
    assert P.initiative(ctx(st, 12, 15, 12, 4, 9), [1, 2, 3]) == [2, 3, 1]


def band(side, leaders=("centurion", "optio"), troops=2, x0=2.0, y=2.0):
    wb = "legion_imperiale"
    out = [fig(f"{side}{p}" + (str(i) if i > 1 else ""), side, x0 + 3 * i, y, p, wb)
           for i, p in enumerate(leaders)]
    out += [fig(f"{side}t{i}", side, x0 + 3 * i, y + 3, "legionnaire", wb) for i in range(troops)]
    return out


def play(st, order):
    """Walk the turn: each leader phase activates its leader; troops phases everyone left."""
    seq, last, troops = [], None, []
    while (ph := P.next_phase(st, order, last, troops)) is not None:
        kind, side = ph
        seq.append(ph)
        if kind == P.LEADER:
            P.mark_activated(st, P.leaders_ready(st, side)[0])
        else:
            for f in P.ready(st, side):
                P.mark_activated(st, f)
            troops.append(side)
        last = side
    return seq


def test_the_books_phase_order():
    st = state(*band(1), *band(2, y=20))
    assert play(st, [1, 2]) == [("leader", 1), ("leader", 2), ("leader", 1), ("leader", 2),
                                ("troops", 1), ("troops", 2)]
    st = state(*band(1), *band(2, y=20))
    st.turn = 2                                               # a new turn: everyone acts again
    assert play(st, [2, 1])[:2] == [("leader", 2), ("leader", 1)]


def test_the_side_with_more_leaders_plays_its_extra_phases_before_the_troops():
    one = [fig("2c", 2, 2, 20, "centurion", "legion_imperiale")]
    st = state(*band(1, leaders=("centurion", "optio", "optio")), *one)
    assert play(st, [2, 1]) == [("leader", 2), ("leader", 1), ("leader", 1), ("leader", 1),
                                ("troops", 2), ("troops", 1)]


def test_out_of_action_leaders_have_no_phase_stunned_ones_do():
    st = state(*band(1), *band(2, y=20))
    st.figures["1centurion"].out = True
    st.figures["1optio"].status["stun"] = [2]
    assert [k for k, s in play(st, [1, 2]) if s == 1] == ["leader", "troops"]


@pytest.mark.parametrize("profile,gap_pas,ok", [("centurion", 2.99, True), ("centurion", 3.0, False),
                                                ("optio", 1.99, True), ("optio", 2.0, False)])
def test_command_bubbles_are_strictly_under_three_and_two_pas(profile, gap_pas, ok):
    leader = fig("L", 1, 5, 5, profile)
    friend = fig("f", 1, 6 + gap_pas, 5)                    # edge gap: gap_pas
    st = state(leader, friend, fig("foe", 2, 6, 6))
    assert P.eligible(st, table_of(st), leader) == (["L", "f"] if ok else ["L"])


def test_figures_already_activated_are_not_eligible_and_a_taken_leader_loses_its_phase():
    chef = fig("chef", 1, 5, 5, "centurion")
    champ = fig("champ", 1, 7, 5, "optio")
    done = fig("done", 1, 5, 7)
    st = state(chef, champ, done, fig("foe", 2, 20, 20, "centurion"))
    P.mark_activated(st, done)
    assert P.eligible(st, table_of(st), chef) == ["chef", "champ"]
    for f in (chef, champ):                                   # the champion acts in the Chef's phase
        P.mark_activated(st, f)
    assert P.leaders_ready(st, 1) == []
