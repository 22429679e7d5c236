"""The turn through the real engine (the ruleset is not registered yet): secret picks hidden
from the other sides, the Initiative roll that orders the picked figures (the book's
alternated-activation example), a neutral side picking like the players, the classic
system's order roll, partial activations of a hero, and the turn's end."""
from __future__ import annotations

import pytest

from game.core.actions import Action
from game.core.errors import IllegalAction

from .helpers import engine, game, go, kinds, man


def nothing_twice(eng, fid):
    eng.step(Action("nothing", actor=fid))
    eng.step(Action("nothing", actor=fid))


def three_each():
    """Two players with three figures each, far apart; figure 1 of player 1 has
    Initiative+, the others a plain Initiative."""
    a = [man(f"a{i}", 1, 3 + 3 * i, 2, 90, competences={"initiative": 1 if i == 1 else 0}) for i in (1, 2, 3)]
    b = [man(f"b{i}", 2, 3 + 3 * i, 22, 270, competences={"initiative": 0}) for i in (1, 2, 3)]
    return game(*a, *b)


def test_the_books_alternated_activation_example():
    st = three_each()
    eng = engine(st, 3, 2,          # round 1: a2 then b1 (plain Initiative each)
                 4, 1, 5)           # round 2: a1 keeps the best of 4 and 1, b2 rolls 5
    assert eng.decider() == 1 and kinds(eng) == ["pick"]
    eng.step(Action("pick", targets=("a2",)))
    assert eng.decider() == 2
    eng.step(Action("pick", targets=("b1",)))
    go(eng, "a2")
    nothing_twice(eng, "a2")
    go(eng, "b1")
    nothing_twice(eng, "b1")
    # the book's situation: player 1 played its no. 2, player 2 its no. 1
    [c] = eng.legal_actions()
    assert c.kind == "pick" and set(c.targets) == {"a1", "a3"} and c.input == "secret"
    eng.step(Action("pick", targets=("a1",)))
    events = eng.step(Action("pick", targets=("b2",)))
    rolls = [(e.who, e.faces, e.result) for e in events if e.kind == "dice"]
    assert rolls == [("a1", (4, 1), 4), ("b2", (5,), 5)]
    go(eng, "b2")             # 5 beats 4: player 2's figure first
    nothing_twice(eng, "b2")
    go(eng, "a1")


def test_picks_stay_secret_until_every_side_has_picked():
    st = three_each()
    eng = engine(st, 6, 1)
    eng.step(Action("pick", targets=("a3",)))
    assert st.extras["bm"]["picks"] == {"1": "a3"}
    assert eng.view_for(2).state.extras["bm"]["picks"] == {}
    assert eng.view_for(1).state.extras["bm"]["picks"] == {"1": "a3"}
    with pytest.raises(IllegalAction):
        eng.step(Action("pick", targets=("a1",)))      # side 2 decides, and a1 is not its own
    eng.step(Action("pick", targets=("b3",)))
    assert st.extras["bm"]["picks"] == {}
    go(eng, "a3")


def test_ties_are_rolled_again_and_the_neutral_side_picks_too():
    st = game(man("a", 1, 2, 2, competences={"initiative": 0}), man("b", 2, 2, 22, competences={"initiative": 0}),
              man("n", 3, 12, 12, competences={"initiative": 0}), neutral=(3,))
    eng = engine(st, 4, 4, 2,  # a and b tie on 4, n rolls 2
                 1, 3)         # the tied roll again: b first
    assert [eng.decider() for _ in range(1)] == [1]
    eng.step(Action("pick", targets=("a",)))
    eng.step(Action("pick", targets=("b",)))
    assert eng.decider() == 3 and kinds(eng) == ["pick"]
    eng.step(Action("pick", targets=("n",)))
    assert st.extras["bm"]["queue"] == ["b", "a", "n"]
    go(eng, "b")


def test_a_side_with_nothing_left_stops_picking_and_the_turn_ends():
    st = game(man("a1", 1, 2, 2), man("a2", 1, 5, 2), man("b", 2, 2, 22))
    eng = engine(st, 6, 1)
    eng.step(Action("pick", targets=("a1",)))
    eng.step(Action("pick", targets=("b",)))
    go(eng, "a1")
    nothing_twice(eng, "a1")
    go(eng, "b")
    nothing_twice(eng, "b")
    assert [d.side for d in st.pending] == [1]          # only side 1 has a figure left
    eng.step(Action("pick", targets=("a2",)))           # alone: no Initiative roll
    go(eng, "a2")
    nothing_twice(eng, "a2")
    assert st.turn == 2 and [d.side for d in st.pending] == [2, 1]
    assert st.figures["a1"].status.get("spent") is None


def test_the_classic_system_rolls_a_fixed_order_once():
    st = game(man("a", 1, 2, 2), man("b1", 2, 2, 22), man("b2", 2, 6, 22), man("n", 3, 12, 12),
              neutral=(3,), mode="classic")
    eng = engine(st, 2, 5, 5,   # sides 2 and 3 tie
                 3, 6)          # then 3 before 2
    assert kinds(eng) == ["initiative"]
    eng.step(Action("initiative"))
    assert st.extras["bm"]["order"] == [3, 2, 1]
    assert eng.decider() == 3 and kinds(eng) == ["activate"]
    eng.step(Action("activate", actor="n"))
    nothing_twice(eng, "n")
    assert eng.decider() == 2 and {c.actor for c in eng.legal_actions()} == {"b1", "b2"}
    eng.step(Action("activate", actor="b2"))
    nothing_twice(eng, "b2")
    eng.step(Action("activate", actor="b1"))
    nothing_twice(eng, "b1")
    assert eng.decider() == 1
    eng.step(Action("activate", actor="a"))
    nothing_twice(eng, "a")
    assert st.turn == 2 and eng.decider() == 3 and kinds(eng) == ["activate"]


def test_a_hero_may_stop_early_and_come_back_with_what_is_left():
    st = game(man("h", 1, 2, 2, attributes={"heros": None}, equipment=["pistolet"]), man("b", 2, 2, 22))
    eng = engine(st, 6, 1)
    eng.step(Action("pick", targets=("h",)))
    eng.step(Action("pick", targets=("b",)))
    go(eng, "h")
    eng.step(Action("aim", actor="h"))
    assert "end" in kinds(eng, "h")
    eng.step(Action("end", actor="h"))
    go(eng, "b")
    nothing_twice(eng, "b")
    [c] = eng.legal_actions()                           # side 1 picks again: the hero
    assert c.targets == ("h",)
    eng.step(Action("pick", targets=("h",)))
    events = go(eng, "h")                               # back, without a second Activated
    assert [e.kind for e in events] == ["note"] and events[0].key == "bm.log.resumes"
    eng.step(Action("aim", actor="h"))                  # a hero may repeat an action type
    assert st.turn == 2


def test_the_neutral_agent_picks_the_figure_nearest_its_prey():
    from game.ai.neutral import NeutralAgent

    st = game(man("a", 1, 12, 16, 270), man("b", 2, 2, 22, 90), man("n1", 3, 20, 20, 0),
              man("n2", 3, 12, 13, 0), neutral=(3,))
    eng = engine(st)
    eng.step(Action("pick", targets=("a",)))
    eng.step(Action("pick", targets=("b",)))
    agent = NeutralAgent(1, {"radius": 12 * 25.0})
    action = agent.choose(eng.view_for(3))
    assert (action.kind, action.targets, agent.last_reason) == ("pick", ("n2",), "activate")
    assert eng.check(action) is None
