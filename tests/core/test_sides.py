"""Any number of sides: turn order, opponents, rotation, and late fields kept out of digests."""
import pytest

from game.core.activation import alternate, first_side_of_turn
from game.core.state import GameState, Side, TerrainPiece


def _state(n: int, neutral: tuple[int, ...] = (), order: list[int] | None = None) -> GameState:
    st = GameState(ruleset="t", ruleset_version=1, scenario="s", seed=1, width=100, height=100)
    for i in range(1, n + 1):
        st.sides[i] = Side(id=i, roster="r", role="x", neutral=i in neutral)
    st.order = list(order or [])
    return st


def test_opponents_and_seats_follow_turn_order():
    st = _state(3, neutral=(3,), order=[2, 3, 1])
    assert st.side_ids() == [2, 3, 1]
    assert st.seats() == [2, 1]
    assert st.opponents(1) == [2, 3]
    assert st.next_side(1) == 2 and st.next_side(2) == 3


def test_other_side_only_in_two_side_games():
    assert _state(2).other_side(1) == 2
    with pytest.raises(ValueError):
        _state(3).other_side(1)


def test_alternate_goes_round_the_table_skipping_sides_that_cannot_act():
    order = (1, 2, 3)
    assert alternate(1, lambda s: True, order) == 2
    assert alternate(1, lambda s: s != 2, order) == 3
    assert alternate(3, lambda s: s == 3, order) == 3   # only itself left
    assert alternate(2, lambda s: False, order) is None
    assert alternate(1, lambda s: True) == 2            # two sides by default
    assert alternate(2, lambda s: s == 2) == 2


def test_first_side_passes_round():
    assert [first_side_of_turn(1, t) for t in (1, 2, 3)] == [1, 2, 1]
    assert [first_side_of_turn(2, t, (1, 2, 3)) for t in (1, 2, 3, 4)] == [2, 3, 1, 2]


def test_late_fields_at_default_leave_the_digest_unchanged():
    st = _state(2)
    st.terrain.append(TerrainPiece(id="t", kind="wall", points=[[0, 0], [1, 0], [1, 1]], tags=[]))
    d = st.to_dict()
    assert "order" not in d and "height" not in d["terrain"][0] and "neutral" not in d["sides"][0]
    before = st.digest()
    st.terrain[0].height = 20.0
    st.sides[2].neutral = True
    st.order = [2, 1]
    assert st.digest() != before
    back = GameState.from_dict(st.to_dict())
    assert back.terrain[0].height == 20.0 and back.sides[2].neutral and back.order == [2, 1]
    assert back.clone().order == [2, 1]
