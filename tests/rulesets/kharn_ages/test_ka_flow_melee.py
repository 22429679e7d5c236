"""Melee through the engine with scripted dice (K-R4 order): the attack built from
characteristics and paid in PA, the defender asked only when it has a choice (K-R23), its
defence paid from its own PA, the re-roll prompts (K-R60), the assault's stature bonus, the
push, the free move and free attack (K-R61), and a figure felled."""
from __future__ import annotations

import pytest

from game.core.actions import Action
from game.core.errors import IllegalAction
from game.core.events import CombatResolved, DiceRolled, Moved, OutOfAction
from game.rulesets.kharn_ages.fighter import TOISE, Shield

from .flow_helpers import act, choice, engine, figure, game, kinds

CHARS = {"V": 4, "P": 4, "A": 3, "C": 4}


def duel(att: dict | None = None, dfn: dict | None = None, *faces: int):
    """``a`` (side 1) and ``b`` (side 2) in base contact, level 1 without mastery dice unless
    given; ``a`` activated."""
    a = {"chars": CHARS, "mastery": (), **(att or {})}
    b = {"chars": {"V": 3, "P": 3, "A": 4, "C": 3}, "mastery": (), **(dfn or {})}
    st = game(figure("a", 1, 5, 5, **a), figure("b", 2, 6, 5, **b))
    eng = engine(st, *faces)
    act(eng, "activate", "a")
    return eng, st


def test_an_attack_on_a_figure_without_choice_is_played_through_and_pushes():
    eng, st = duel(None, {"pa": 0, "pv": 20}, 6, 3)      # attack 6 + P4 + C4 = 14; reflex 3 + 0
    assert "attack" in kinds(eng)
    c = choice(eng, "attack")
    assert c.targets == ("b",) and "PC/C/C/" in c.values and "A/A//" in c.values
    events = act(eng, "attack", "a", targets=("b",), value="PC/C/C/")
    assert not st.pending                                 # no PA, no shield: nothing to ask
    rolls = [e for e in events if isinstance(e, DiceRolled)]
    assert [(r.rule, r.result) for r in rolls] == [("attack", 14), ("defence", 3)]
    assert st.figures["a"].status["pa"] == 2               # 2 PA spent
    assert st.figures["b"].vitality == 20 - 4              # C dealt, no armour
    assert abs(st.figures["b"].x - (6 * TOISE + 2 * TOISE)) < 0.5   # pushed C/2 = 2 toises
    [push] = [e for e in events if isinstance(e, Moved)]  # the window slides it back and marks it
    assert push.figure == "b" and push.mode == "pushed" and abs(push.cost - 2 * TOISE) < 0.5
    assert push.path[-1] == (st.figures["b"].x, st.figures["b"].y)
    lines = [eng.ruleset.describe(e, st, "fr") for e in events]
    assert "" in lines and sum("recul" in x or "repouss" in x for x in lines) == 1   # said once


def test_the_defender_with_pa_chooses_its_defence_knowing_the_total():
    eng, st = duel(None, {"pa": 4, "pv": 20}, 5, 8)      # attack 5 + 8 = 13; defence 8 + A4 = 12
    act(eng, "attack", "a", targets=("b",), value="PC/P//")
    assert eng.decider() == 2
    [c] = eng.legal_actions()
    assert c.kind == "defend" and c.actor == "b" and c.hints["total"] == 13
    assert "/-//" in c.values and "P/-//" in c.values and "PC/-/C/" in c.values
    assert "A/-//" not in c.values                      # a defence commits a characteristic the attack used
    act(eng, "defend", "b", value="P/-//")
    assert st.figures["b"].status["pa"] == 3
    assert st.figures["b"].vitality == 20 - 4 and eng.decider() == 1


def test_a_standard_defence_that_holds_ripostes():
    eng, st = duel({"pv": 20}, {"pa": 4, "pv": 20}, 2, 9)   # attack 2 + 8 = 10; defence 9 + P3 + C3 = 15
    act(eng, "attack", "a", targets=("b",), value="PC/P//")
    events = act(eng, "defend", "b", value="PC/-/P/")
    [res] = [e for e in events if isinstance(e, CombatResolved)]
    assert res.winner == "defence"
    assert st.figures["b"].status["pa"] == 2 and st.figures["a"].vitality == 20 - 3


def test_a_shield_discarded_parries_without_a_roll():
    eng, st = duel(None, {"pa": 0, "shield": Shield("ecu", 6)}, 7)
    act(eng, "attack", "a", targets=("b",), value="PC/P//")
    [c] = eng.legal_actions()
    assert "/d//" in c.values and "/s//" in c.values      # a choice even without PA
    events = act(eng, "defend", "b", value="/d//")
    assert [e.rule for e in events if isinstance(e, DiceRolled)] == []
    assert st.figures["b"].status["shield_gone"] and st.figures["b"].vitality == st.figures["b"].max_vitality


def test_the_attacker_is_offered_a_re_roll_of_its_dice():
    eng, st = duel({"mastery": (frozenset({"melee"}),)}, {"pa": 0}, 2, 9, 3)
    act(eng, "attack", "a", targets=("b",), value="P/P//")
    assert eng.decider() == 1
    assert sorted(c.kind for c in eng.legal_actions()) == ["keep", "reroll"]
    assert choice(eng, "reroll").values == (0,)
    events = act(eng, "reroll", "a", value=0)
    rolls = [(e.rule, e.faces) for e in events if isinstance(e, DiceRolled)]
    assert rolls == [("attack.mastery", (9,)), ("defence", (3,))]
    assert st.figures["a"].status["mastery_used"] == [0]
    assert st.figures["b"].vitality == st.figures["b"].max_vitality - 2    # P 4 halved


def test_keeping_the_dice_spends_nothing():
    eng, st = duel({"mastery": (frozenset({"melee"}),)}, {"pa": 0}, 4, 2)
    act(eng, "attack", "a", targets=("b",), value="P/P//")
    act(eng, "keep", "a")
    assert st.figures["a"].status["mastery_used"] == []


def test_no_re_roll_is_offered_on_a_critical_success():
    eng, st = duel({"mastery": (frozenset({"melee"}),)}, {"pa": 0}, 10, 4, 5)
    act(eng, "attack", "a", targets=("b",), value="P/P//")
    assert not st.pending


def test_the_defender_is_offered_a_re_roll_only_when_short():
    holding = duel(None, {"pa": 0, "mastery": (frozenset({"defence"}),)}, 3, 9)[1]
    assert not holding.pending                          # 3 + 4 = 7 against reflex 9: holds
    eng, st = duel(None, {"pa": 0, "mastery": (frozenset({"defence"}),)}, 3, 2, 9)
    act(eng, "attack", "a", targets=("b",), value="P/P//")
    assert eng.decider() == 2 and {c.kind for c in eng.legal_actions()} == {"keep", "reroll"}
    act(eng, "reroll", "b", value=0)
    assert st.figures["b"].vitality == st.figures["b"].max_vitality


def test_the_assault_adds_the_stature_to_its_first_attack():
    st = game(figure("a", 1, 2, 5, chars=CHARS, mastery=(), stature=4),
              figure("b", 2, 6, 5, mastery=(), pa=0))
    eng = engine(st, 5, 1)
    act(eng, "activate", "a")
    c = choice(eng, "assault")
    assert c.targets == ("b",) and c.move.goal == "contact"
    events = act(eng, "assault", "a", targets=("b",), value="P/P//", path=((199.0, 200.0),))
    [att] = [e for e in events if isinstance(e, DiceRolled) and e.rule == "attack"]
    assert dict(att.mods)["assault"] == 4 and att.result == 5 + 4 + 4
    assert st.figures["a"].status["pa"] == 4 - 1          # the free walk, then the 1-PA attack
    assert "assault" not in kinds(eng)


def test_an_assault_must_end_within_reach():
    st = game(figure("a", 1, 2, 5, chars=CHARS, mastery=()), figure("b", 2, 6, 5, mastery=()))
    eng = engine(st)
    act(eng, "activate", "a")
    short = Action("assault", "a", targets=("b",), value="P/P//", path=((120.0, 200.0),))
    assert eng.check(short).code == "ka.refused.reach"


def test_the_v_effect_offers_a_free_move_the_winner_may_skip():
    eng, st = duel(None, {"pa": 0, "pv": 30}, 8, 1)
    act(eng, "attack", "a", targets=("b",), value="VP/P/V/")
    assert eng.decider() == 1 and sorted(c.kind for c in eng.legal_actions()) == ["free_move", "skip"]
    assert choice(eng, "free_move").move.allowance == pytest.approx(2 * TOISE)     # V 4 / 2
    act(eng, "free_move", "a", path=((5 * TOISE, 3.5 * TOISE),))
    assert st.figures["a"].y == pytest.approx(3.5 * TOISE) and not st.pending


def test_the_a_effect_gives_a_free_simple_attack_defended_with_two_characteristics_at_most():
    eng, st = duel(None, {"pa": 6, "pv": 30}, 8, 1, 6, 1)
    act(eng, "attack", "a", targets=("b",), value="PA/P/A/")
    act(eng, "defend", "b", value="A/-//")
    c = choice(eng, "free_attack")
    assert set(c.values) == {"V/V//", "P/P//", "A/A//", "C/C//"}
    pa = st.figures["a"].status["pa"]
    act(eng, "free_attack", "a", targets=("b",), value="P/P//")
    [d] = eng.legal_actions()
    assert "PPA/-//" not in d.values and "PA/-//" in d.values
    act(eng, "defend", "b", value="/-//")
    assert st.figures["a"].status["pa"] == pa              # the free attack costs nothing


def test_a_felled_figure_becomes_a_carcass_and_the_game_ends():
    eng, st = duel(None, {"pa": 0, "pv": 3}, 9, 1)
    events = act(eng, "attack", "a", targets=("b",), value="PP/P/P/")
    assert any(isinstance(e, OutOfAction) for e in events)
    assert st.figures["b"].out and st.figures["b"].status["carcass"]
    assert eng.state.outcome.winner == 1 and eng.state.outcome.reason == "annihilation"
    with pytest.raises(IllegalAction):
        eng.step(Action("end", "a"))


def test_alert_costs_one_pa_and_frees_a_characteristic_on_the_next_defence():
    st = game(figure("a", 1, 5, 5, chars=CHARS, mastery=()), figure("b", 2, 6, 5, mastery=(), pa=4))
    eng = engine(st, 6, 5)
    act(eng, "activate", "a")
    act(eng, "end", "a")
    act(eng, "activate", "b")
    act(eng, "alert", "b")
    assert st.figures["b"].status["pa"] == 3 and st.figures["b"].status["alert"]
    act(eng, "end", "b")
    st.figures["a"].status["pa"] = 4                 # a new turn is not needed for the test
    st.activation = {"side": 1, "figure": "a"}
    eng._legal = None
    act(eng, "attack", "a", targets=("b",), value="P/P//")
    [c] = eng.legal_actions()
    assert "PPAA/-//" in c.values                    # four characteristics: three paid, one free
    act(eng, "defend", "b", value="PA/-//")
    assert st.figures["b"].status["pa"] == 2 and not st.figures["b"].status["alert"]


def test_bandaging_stops_the_bleeding():
    st = game(figure("a", 1, 5, 5, mastery=()), figure("b", 2, 12, 12))
    st.figures["a"].status["bleeding"] = [2, 1]
    eng = engine(st)
    act(eng, "activate", "a")
    assert choice(eng, "bandage").values == (2, 4)
    act(eng, "bandage", "a", value=2)
    assert st.figures["a"].status["bleeding"] == [2] and st.figures["a"].status["pa"] == 2


def test_master_re_rolls_several_dice_for_free():
    eng, st = duel({"level": 2, "mastery": (), "skills": {"maitre": "melee"}}, {"pa": 0}, 2, 3, 9, 8, 1)
    act(eng, "attack", "a", targets=("b",), value="P/P//")
    assert sorted(c.kind for c in eng.legal_actions()) == ["keep", "master"]
    events = act(eng, "master", "a", value=0, values=(0, 1))
    assert [(e.rule, e.faces) for e in events if isinstance(e, DiceRolled)][:2] == \
        [("attack.mastery", (9,)), ("attack.mastery", (8,))]
    assert st.figures["a"].status["maitre_used"] and st.figures["a"].status["mastery_used"] == []
