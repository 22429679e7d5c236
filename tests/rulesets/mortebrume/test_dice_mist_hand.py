"""Aptitude dice, the mist, and la main."""
from __future__ import annotations

import pytest

from game.core.context import RuleContext
from game.core.dice import ScriptedDice
from game.core.events import TurnStarted
from game.core.view import side_view
from game.rulesets._shared.aptitude import die_for, is_fumble, is_particular, pool
from game.rulesets._shared.tables import table_for
from game.rulesets.mortebrume import RULESET, flow, stats

from .sandbox import act, fig, rolls, sandbox, step


@pytest.mark.parametrize("value, want", [(0, (1, 6)), (3, (1, 6)), (4, (1, 8)), (6, (1, 8)),
                                         (7, (1, 10)), (9, (1, 10)), (10, (2, 6)), (14, (2, 8)),
                                         (26, (3, 8)), (12, (2, 6))])
def test_pool_by_aptitude(value, want):
    assert pool(value) == want


def test_inspiration_adds_the_base_dice_again():
    assert pool(12, extra_sets=2) == (6, 6)
    assert pool(9, extra_sets=2) == (3, 10)


def test_pure_ones_fail_and_6_8_10_are_particular_on_any_die():
    assert is_fumble([1]) and is_fumble([1, 1]) and not is_fumble([1, 2])
    assert is_particular([6]) and is_particular([2, 8]) and is_particular([10])
    assert not is_particular([7, 9, 5])
    assert die_for(16) == 8


@pytest.mark.parametrize("total, cm", [(2, 15), (3, 20), (4, 20), (5, 25), (8, 25), (9, 30),
                                       (11, 30), (12, 35)])
def test_mist_table(total, cm):
    assert stats.mist_for(total) == cm


def test_nothing_beyond_the_mist_or_behind_is_seen():
    eng = sandbox([fig(1, "gueorwen", 10, 30, 0.0, name="A"),
                   fig(2, "gueorwen", 30, 30, 180.0, name="near"),      # 17.5 cm: seen
                   fig(2, "farfadet", 40, 30, 180.0, name="far"),       # beyond 20 cm mist
                   fig(2, "gueorwen", 5, 30, 0.0, name="behind")],      # behind A's back
                  mist=20)
    seen = RULESET.visible_to(eng.state, 1)
    assert "near" in seen and "far" not in seen and "behind" not in seen
    view = side_view(RULESET, eng.state, 1)
    assert set(view.figures) == {"A", "near"}
    # strict measuring: targets offered are the enemies the side can see, no more
    step(eng, act("activate", "A"))
    strike = [c for c in eng.legal_actions() if c.kind == "strike"][0]
    assert set(strike.targets) == {"near"}


def test_fighters_are_cylinders_as_tall_as_their_size():
    # sprites (size 0) between two standard fighters hide nothing; a standard fighter
    # (the mist wolf, on a wider base) between them does
    figs = [fig(1, "meleien_recrue", 10, 30, 0.0, name="A"),
            fig(2, "meleien_recrue", 24, 30, 180.0, name="T")]
    sprites = [fig(2, "farfadet", 17, 29.2, 180.0, name="s1"),
               fig(2, "farfadet", 17, 30.8, 180.0, name="s2")]  # side by side: a screen
    eng = sandbox(figs + sprites)
    assert "T" in RULESET.visible_to(eng.state, 1)
    eng = sandbox(figs + [fig(2, "loup_brume", 17, 30, 180.0, name="wall")])  # 30 mm base
    assert "T" not in RULESET.visible_to(eng.state, 1)
    # the sprite itself sees nothing past a standard fighter
    eng = sandbox([fig(1, "farfadet", 10, 30, 0.0, name="A"),
                   fig(2, "loup_brume", 17, 30, 180.0, name="wall"),
                   fig(2, "meleien_recrue", 24, 30, 180.0, name="T")])
    assert "T" not in RULESET.visible_to(eng.state, 1)


def _hand_state(dice):
    eng = sandbox([fig(1, "meleien_recrue", 10, 10, name="a"),
                   fig(2, "thanigiste_recrue", 60, 60, name="b")])
    ctx = RuleContext(eng.state, ScriptedDice(dice), table_for)
    return eng, ctx


def test_hand_ties_are_rolled_again_and_the_winner_chooses():
    eng, ctx = _hand_state([3, 3, 2, 4])  # will 5 each on a D8: 8-8 tie, then 7 against 9
    flow.begin_turn(eng.state, ctx)
    assert len(rolls(ctx.events, "hand")) == 4
    assert eng.state.extras["main"] == 2 and eng.state.extras["bonus"] == 0
    assert eng.state.extras["destiny"] == {"1": 1, "2": 1}
    assert [e for e in ctx.events if isinstance(e, TurnStarted)][0].first_side == 2


def test_special_success_on_the_hand_gives_two_choices_in_a_row():
    eng, ctx = _hand_state([8, 2])
    flow.begin_turn(eng.state, ctx)
    st = eng.state
    assert st.extras["main"] == 1 and st.extras["bonus"] == 1


def test_making_the_opponent_activate_then_the_hand_passes():
    eng = sandbox([fig(1, "meleien_recrue", 10, 10, name="a1"),
                   fig(1, "meleien_recrue", 10, 20, name="a2"),
                   fig(2, "thanigiste_recrue", 60, 60, name="b1"),
                   fig(2, "thanigiste_recrue", 60, 50, name="b2")])
    step(eng, act("impose"))
    assert eng.decider() == 2
    kinds = {c.kind for c in eng.legal_actions()}
    assert kinds == {"activate"}  # the opponent picks which of its own fighters
    step(eng, act("activate", "b1"))
    step(eng, act("end"))
    assert eng.decider() == 2 and eng.state.extras["main"] == 2  # the hand passed to side 2
    step(eng, act("activate", "b2"))
    step(eng, act("end"))
    # side 2 is out of fighters to activate: side 1 finishes alone
    assert eng.decider() == 1
    step(eng, act("activate", "a1"))
    step(eng, act("end"))
    assert eng.decider() == 1


def test_without_strict_measuring_only_enemies_within_reach_are_offered():
    figs = [fig(1, "gueorwen", 10, 30, 0.0, name="A"),
            fig(2, "gueorwen", 14, 30, 180.0, name="near"),     # 1.5 cm away
            fig(2, "gueorwen", 33, 30, 180.0, name="far")]      # 20.5 cm: seen, not reachable
    for strict, want in ((True, {"near", "far"}), (False, {"near"})):
        eng = sandbox(figs, strict=strict)
        step(eng, act("activate", "A"))
        eng.state.activation["spent"] = eng.state.activation["allowance"]  # no move left
        strike = [c for c in eng.legal_actions() if c.kind == "strike"][0]
        assert set(strike.targets) == want
