"""Interactive deployment (option "deployment": "choose") and the designation of the fighter
for each Volonté test (option "designation": "choose"), through ordinary decisions."""
from __future__ import annotations

import pytest

from game.core.dice import ScriptedDice
from game.core.engine import Engine
from game.core.errors import UserError
from game.core.events import DiceRolled, TurnStarted

from .sandbox import act, step

ROSTERS = {"1": ["gwahir", "abelberien_recrue"], "2": ["meleien_seigneur", "meleien_recrue"]}
CHOOSE = {"deployment": "choose", "designation": "choose", "rosters": ROSTERS}


def new(dice, **options):
    opts = dict(CHOOSE, **options)
    return Engine.new("mortebrume", "dernier_debout", 1, opts, dice=ScriptedDice(dice))


def designate(eng, fid):
    return step(eng, act("designate", None, fid))


def deploy(eng, fid, x, y, facing=0):
    return step(eng, act("deploy", fid, path=[(x, y)], value=facing))


def refused(eng, fid, x, y, facing=0):
    why = eng.check(act("deploy", fid, path=[(x, y)], value=facing))
    return why.code if why else None


def first_phase(eng):
    """Gwahir (12 + 2D6) against the Meleian recruit (5 + D8): side 1 wins, makes side 2
    place first."""
    designate(eng, "1.gwahir")
    designate(eng, "2.meleien_recrue")
    assert eng.state.pending[-1].kind == "deploy_order" and eng.decider() == 1
    step(eng, act("deploy_order", None, value="impose"))
    assert eng.decider() == 2
    deploy(eng, "2.meleien_recrue", 68, 20, 180)


def test_everyone_waits_off_the_table_and_side_1_designates_first():
    eng = new([1, 2, 5])
    st = eng.state
    assert all(f.out and f.status.get("undeployed") for f in st.figures.values())
    assert eng.decider() == 1 and st.outcome is None
    (choice,) = eng.legal_actions()
    assert choice.kind == "designate" and set(choice.targets) == {"1.gwahir", "1.abelberien_recrue"}
    designate(eng, "1.gwahir")
    assert eng.decider() == 2
    ev = designate(eng, "2.meleien_recrue")
    assert [(r.who, r.rule) for r in ev if isinstance(r, DiceRolled)] == [
        ("1.gwahir", "deploy"), ("2.meleien_recrue", "deploy")]


def test_placement_is_checked_against_the_zone_and_lands_with_its_facing():
    eng = new([1, 2, 5])
    designate(eng, "1.gwahir")
    designate(eng, "2.meleien_recrue")
    step(eng, act("deploy_order", None, value="impose"))
    kinds = [(c.kind, c.actor, bool(c.move)) for c in eng.legal_actions()]
    assert kinds == [("deploy", "2.meleien_recrue", True), ("deploy", "2.meleien_recrue", False)]
    assert refused(eng, "2.meleien_recrue", 30, 20) == "mb.refused.deploy_zone"
    assert refused(eng, "2.meleien_recrue", 74.5, 20) == "mb.refused.deploy_zone"
    deploy(eng, "2.meleien_recrue", 68, 20, 180)
    f = eng.state.figures["2.meleien_recrue"]
    assert (f.x, f.y, f.facing, f.out) == (680.0, 200.0, 180, False)
    assert "undeployed" not in f.status


def test_the_side_that_did_not_place_keeps_its_designated_fighter():
    eng = new([1, 2, 5, 1, 2, 1, 2])
    first_phase(eng)
    d = eng.state.pending[-1]
    assert (d.kind, d.side) == ("designate", 2) and len(eng.state.pending) == 1
    designate(eng, "2.meleien_seigneur")
    assert eng.state.pending[-1].kind == "deploy_order"
    step(eng, act("deploy_order", None, value="place"))
    assert [c.actor for c in eng.legal_actions()] == ["1.gwahir", "1.gwahir"]


def test_the_enemy_limit():
    eng = new([1, 2, 5, 1, 2, 1, 2])
    first_phase(eng)
    designate(eng, "2.meleien_seigneur")
    step(eng, act("deploy_order", None, value="place"))
    eng.state.extras["mist_cm"] = 60  # farther than the zones lie apart, to meet the limit
    assert refused(eng, "1.gwahir", 10, 20) == "mb.refused.deploy_enemy"
    eng.state.extras["mist_cm"] = 20
    assert refused(eng, "1.gwahir", 10, 20) is None


def test_the_companion_limit_then_the_last_side_places_the_rest_and_the_turn_begins():
    eng = new([1, 2, 5, 1, 2, 1, 2, 2, 3, 4, 2, 5])
    mist = eng.state.extras["mist_cm"]
    first_phase(eng)
    designate(eng, "2.meleien_seigneur")
    step(eng, act("deploy_order", None, value="place"))
    deploy(eng, "1.gwahir", 10, 20)
    designate(eng, "1.abelberien_recrue")  # side 2 keeps its lord
    step(eng, act("deploy_order", None, value="place"))  # 10 + 3 + 4 beats 6 + 2
    assert eng.decider() == 2
    deploy(eng, "2.meleien_seigneur", 68, 40, 180)
    # side 2 is done: side 1 places the rest without a test
    assert [c.actor for c in eng.legal_actions()] == ["1.abelberien_recrue"] * 2
    far = 20 + 2.5 + mist
    assert refused(eng, "1.abelberien_recrue", 10, far) == "mb.refused.deploy_companion"
    assert refused(eng, "1.abelberien_recrue", 10, 20) == "mb.refused.deploy_overlap"
    ev = deploy(eng, "1.abelberien_recrue", 10, 30)
    # everybody is on the table: the hand test of the first turn, designated by the sides
    assert "deploy" not in eng.state.extras
    assert eng.state.pending[-1].context["test"] == "hand" and eng.decider() == 1
    assert not any(isinstance(e, TurnStarted) for e in ev)
    designate(eng, "1.abelberien_recrue")
    ev = designate(eng, "2.meleien_recrue")
    rolled = [(r.who, r.rule, r.result) for r in ev if isinstance(r, DiceRolled)]
    assert rolled == [("1.abelberien_recrue", "hand", 8), ("2.meleien_recrue", "hand", 10)]
    assert [e.first_side for e in ev if isinstance(e, TurnStarted)] == [2]
    assert eng.state.extras["destiny"] == {"1": 1, "2": 1}


def test_automatic_placement_when_no_spot_is_given():
    eng = new([1, 2, 5])
    first = eng.state.figures["2.meleien_recrue"]
    designate(eng, "1.gwahir")
    designate(eng, "2.meleien_recrue")
    step(eng, act("deploy_order", None, value="impose"))
    step(eng, act("deploy", "2.meleien_recrue"))
    assert not first.out and first.x >= 610


def test_hand_designation_with_the_automatic_deployment():
    eng = Engine.new("mortebrume", "dernier_debout", 1,
                     {"designation": "choose", "rosters": ROSTERS}, dice=ScriptedDice([2, 8]))
    assert all(not f.out for f in eng.state.figures.values())
    assert eng.state.pending[-1].context["test"] == "hand"
    designate(eng, "1.abelberien_recrue")
    ev = designate(eng, "2.meleien_recrue")
    rolled = [(r.who, r.result) for r in ev if isinstance(r, DiceRolled)]
    assert rolled == [("1.abelberien_recrue", 8), ("2.meleien_recrue", 13)]
    assert eng.state.to_act == 2 and eng.state.extras["bonus"] == 1  # an 8: two choices


def test_a_bad_option_value_is_a_clear_error():
    with pytest.raises(UserError, match="option 'deployment'"):
        Engine.new("mortebrume", "dernier_debout", 1, {"deployment": "manual"})


def test_the_random_agent_plays_a_whole_game_with_the_options_on_and_it_replays():
    from game.ai.agents import RandomAgent
    from game.core.record import Record

    eng = Engine.new("mortebrume", "pierre_de_brume", 4,
                     {"deployment": "choose", "designation": "choose", "max_turns": 3})
    agents = {1: RandomAgent(1), 2: RandomAgent(2)}
    for _ in range(1500):
        side = eng.decider()
        if side is None:
            break
        eng.step(agents[side].choose(eng))
    assert eng.state.outcome is not None
    kinds = {a.kind for a in eng.record.actions}
    assert {"designate", "deploy_order", "deploy"} <= kinds
    again = Engine.replay(Record.from_dict(eng.record.to_dict()), verify=True)
    assert again.state.digest() == eng.state.digest()


def test_a_side_view_keeps_the_other_sides_designation_secret():
    from game.core.view import side_view

    eng = new([1, 2, 5])
    designate(eng, "1.gwahir")
    assert eng.decider() == 2
    chosen = eng.state.extras["deploy"]["designated"]
    assert chosen.get("1") == "1.gwahir"
    view = side_view(eng.ruleset, eng.state, 2)
    assert view.extras["deploy"]["designated"].get("1") is None
    assert side_view(eng.ruleset, eng.state, 1).extras["deploy"]["designated"]["1"] == "1.gwahir"
    assert chosen.get("1") == "1.gwahir"          # the real state is untouched
