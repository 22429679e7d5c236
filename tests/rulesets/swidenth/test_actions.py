"""The two actions (S-R1): preparation then deed; engagement stops a move and pins a figure
(S-R6); run after a move only; charge detection; reload (S-R16); picking up (S-R10)."""
from __future__ import annotations

import pytest

from game.rulesets.swidenth import actions as A
from game.rulesets.swidenth import shooting as S
from tests.rulesets.shared.spatial import table_of

from .helpers import PAS, human, state


def test_a_free_figure_prepares_then_acts():
    f = human("a", 1, 5, 5, kit=("arc",))
    st = state(f, human("foe", 2, 20, 20))
    t = table_of(st)
    assert A.preparations(st, t, f) == ["move", "concentrate", "nothing"]
    assert A.deeds(st, t, f, "move") == ["run", "shoot", "skip"]
    assert A.deeds(st, t, f, "concentrate") == ["shoot", "skip"]        # no run without a move
    with pytest.raises(ValueError):
        A.deeds(st, t, f, "shoot")                                       # a deed is no preparation


def test_an_engaged_figure_cannot_move_shoot_or_run_but_fights():
    f = human("a", 1, 5, 5, kit=("arc", "dague"))
    foe = human("foe", 2, 6.4, 5)                                        # 0.4 pas apart: engaged
    st = state(f, foe)
    t = table_of(st)
    assert A.preparations(st, t, f) == ["concentrate", "nothing"]
    assert A.deeds(st, t, f, "concentrate") == ["fight", "skip"]
    with pytest.raises(ValueError, match="engaged"):
        A.move(st, t, f, [(1 * PAS, 5 * PAS)])


def test_just_beyond_half_a_pas_is_not_engaged():
    f = human("a", 1, 5, 5)
    st = state(f, human("foe", 2, 6.51, 5))
    assert A.engaged(st, table_of(st), f) == []


def test_a_move_stops_on_engaging_and_that_enemy_can_be_charged():
    f = human("a", 1, 2, 5)
    foe = human("foe", 2, 8, 5)
    st = state(f, foe)
    t = table_of(st)
    moved = A.move(st, t, f, [(10 * PAS, 5 * PAS)])
    assert moved.engaged == ("foe",)
    assert f.x == pytest.approx(8 * PAS - 1.5 * PAS)                     # stopped 0.5 pas from its edge
    assert A.is_charge("move", moved.engaged, "foe")
    assert not A.is_charge("concentrate", moved.engaged, "foe")
    assert not A.is_charge("move", (), "foe")


def test_passing_close_to_an_enemy_engages_it():
    f = human("a", 1, 2, 5)
    st = state(f, human("foe", 2, 6, 6.3))                               # beside the straight line
    moved = A.move(st, table_of(st), f, [(10 * PAS, 5 * PAS)])
    assert moved.engaged == ("foe",) and f.x < 6 * PAS


def test_move_and_run_allowances_follow_mouv_and_armour():
    assert A.move_allowance(human("a", 1, 2, 5)) == 5 * PAS
    assert A.run_allowance(human("a", 1, 2, 5)) == 2.5 * PAS
    assert A.move_allowance(human("p", 1, 2, 5, kit=("epee", "plaque"))) == 4 * PAS


def test_crossbow_reload_is_a_preparation_and_unloaded_means_no_shot():
    f = human("a", 1, 5, 5, kit=("arbalete",))
    st = state(f, human("foe", 2, 20, 20))
    t = table_of(st)
    f.status["unloaded"] = ["arbalete"]
    assert "reload" in A.preparations(st, t, f)
    assert "shoot" not in A.deeds(st, t, f, "nothing")
    S.reload(f)
    assert "reload" not in A.preparations(st, t, f) and "shoot" in A.deeds(st, t, f, "nothing")


def test_picking_up_a_dropped_item_needs_to_be_free():
    f = human("a", 1, 5, 5, kit=("epee",))
    f.status["kit"] = []
    f.status["dropped"] = ["epee"]
    foe = human("foe", 2, 6, 5)
    st = state(f, foe)
    assert "pick_up" not in A.deeds(st, table_of(st), f, "nothing")
    foe.x = 20 * PAS
    assert "pick_up" in A.deeds(st, table_of(st), f, "nothing")
    assert A.pick_up(f) == "epee" and f.status["kit"] == ["epee"] and f.status["dropped"] == []
