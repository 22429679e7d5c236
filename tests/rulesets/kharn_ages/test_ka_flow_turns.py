"""The Khârn-Ages turn through the engine: alternation one figure each, a side with nobody
left letting the other finish, the next turn begun by the side with fewer figures (K-R14),
walks paid by rank, stopped by zones and slowed by terrain (K-R12, K-R62), standing up,
lasting effects at activation, and the end of the game (K-R58)."""
from __future__ import annotations

from game.core.actions import Action
from game.core.events import Activated, Moved, Wounded
from game.core.state import TerrainPiece
from game.rulesets.kharn_ages.fighter import TOISE

from .flow_helpers import act, choice, engine, figure, game, kinds


def _three():
    return game(figure("a1", 1, 2, 2), figure("a2", 1, 4, 2), figure("b1", 2, 2, 12))


def test_sides_alternate_and_the_side_left_alone_finishes():
    eng = engine(_three())
    assert eng.decider() == 1
    assert {c.actor for c in eng.legal_actions()} == {"a1", "a2"}
    seen = []
    for _ in range(3):
        assert eng.decider() in (1, 2)
        fid = eng.legal_actions()[0].actor
        events = act(eng, "activate", fid)
        seen += [(e.side, e.figures[0]) for e in events if isinstance(e, Activated)]
        act(eng, "end", fid)
    assert [s for s, _ in seen] == [1, 2, 1]
    assert eng.state.turn == 2


def test_the_side_with_fewer_figures_starts_the_next_turn():
    eng = engine(_three())
    for _ in range(3):
        fid = eng.legal_actions()[0].actor
        act(eng, "activate", fid)
        act(eng, "end", fid)
    assert eng.state.turn == 2 and eng.decider() == 2       # one figure against two


def test_walks_cost_nothing_then_one_two_three_pa():
    eng = engine(game(figure("a", 1, 2, 2, pa=6, chars={"V": 3}), figure("b", 2, 12, 12)))
    act(eng, "activate", "a")
    f = eng.state.figures["a"]
    paid = []
    for i in range(4):
        assert choice(eng, "walk").hints["cost"] == [0, 1, 2, 3][i]
        before = f.status["pa"]
        act(eng, "walk", "a", path=((f.x, f.y + TOISE),))
        paid.append(before - f.status["pa"])
    assert paid == [0, 1, 2, 3] and f.status["pa"] == 0
    assert "walk" not in kinds(eng)            # a fifth walk would cost 4 PA


def test_a_walk_goes_at_most_v_toises_and_less_over_rough_ground():
    brush = TerrainPiece(id="t0", kind="broussailles", points=[[0, 200], [600, 200], [600, 400], [0, 400]],
                         tags=["difficult"])
    st = game(figure("a", 1, 2, 2, chars={"V": 4}), figure("b", 2, 12, 14))
    eng = engine(st)
    act(eng, "activate", "a")
    f = st.figures["a"]
    assert eng.check(Action("walk", "a", path=((f.x + 4.5 * TOISE, f.y),))) is not None
    assert eng.check(Action("walk", "a", path=((f.x + 4 * TOISE, f.y),))) is None
    st.terrain.append(brush)
    eng._legal = None
    far = Action("walk", "a", path=((f.x, f.y + 3 * TOISE),))       # into the brushwood: V - 2
    assert eng.check(far).code == "ka.refused.terrain"
    assert eng.check(Action("walk", "a", path=((f.x, f.y + 2 * TOISE),))) is None


def test_a_walk_stops_where_it_enters_an_enemy_zone():
    eng = engine(game(figure("a", 1, 2, 5, chars={"V": 6}), figure("b", 2, 6, 5)))
    act(eng, "activate", "a")
    events = act(eng, "walk", "a", path=((199.0, 5 * TOISE),))
    a, b = eng.state.figures["a"], eng.state.figures["b"]
    gap = ((a.x - b.x) ** 2 + (a.y - b.y) ** 2) ** 0.5 - a.radius - b.radius
    assert abs(gap - 0.5 * TOISE) < 0.5
    assert any(isinstance(e, Moved) for e in events)


def test_a_figure_on_the_ground_stands_up_first_with_its_free_walk():
    st = game(figure("a", 1, 2, 2), figure("b", 2, 12, 12))
    st.figures["a"].status["down"] = True
    eng = engine(st)
    act(eng, "activate", "a")
    assert "walk" not in kinds(eng) and "stand" in kinds(eng)
    act(eng, "stand", "a")
    assert st.figures["a"].status["pa"] == 4 and choice(eng, "walk").hints["cost"] == 1


def test_bleeding_bites_when_the_figure_activates():
    st = game(figure("a", 1, 2, 2, pv=10), figure("b", 2, 12, 12))
    st.figures["a"].status["bleeding"] = [2]
    eng = engine(st)
    events = act(eng, "activate", "a")
    assert [(e.figure, e.amount) for e in events if isinstance(e, Wounded)] == [("a", 2)]
    assert st.figures["a"].vitality == 8


def test_the_game_ends_at_the_turn_limit_with_the_most_kouronnes_felled():
    st = game(figure("a", 1, 2, 2, cost=40), figure("a2", 1, 4, 2, cost=40),
              figure("b", 2, 12, 12, cost=60), figure("b2", 2, 10, 12, cost=30), turns=1)
    st.figures["b2"].out = True                  # side 1 felled 30 Ko, side 2 nothing
    st.figures["b2"].status["carcass"] = True
    eng = engine(st, 9)                          # b, the last of its side, tests its témérité (K-R19)
    while eng.decider() is not None:
        fid = eng.legal_actions()[0].actor
        act(eng, "activate", fid)
        act(eng, "end", fid)
    assert eng.state.outcome.winner == 1 and eng.state.outcome.reason == "turn_limit"
    assert eng.state.outcome.scores == [30.0, 0.0]


def test_a_free_carnivore_devours_a_carcass_with_the_pa_it_chooses():
    st = game(figure("a", 1, 5, 5, faction="fang", pv=20), figure("b", 2, 6, 5, pv=10), figure("c", 2, 12, 12))
    st.figures["a"].vitality = 12
    st.figures["b"].out = True
    st.figures["b"].status["carcass"] = True
    eng = engine(st)
    act(eng, "activate", "a")
    c = choice(eng, "devour")
    assert c.targets == ("b",) and c.values == (1, 2, 3, 4)
    act(eng, "devour", "a", targets=("b",), value=3)
    assert st.figures["a"].vitality == 18 and st.figures["a"].status["pa"] == 1
    assert not st.figures["b"].status["carcass"] and "devour" not in kinds(eng)


def test_a_figure_that_is_no_carnivore_does_not_devour():
    st = game(figure("a", 1, 5, 5, faction="kherops"), figure("b", 2, 6, 5), figure("c", 2, 12, 12))
    st.figures["b"].out = True
    st.figures["b"].status["carcass"] = True
    eng = engine(st)
    act(eng, "activate", "a")
    assert "devour" not in kinds(eng)
