"""Setting up a scenario (S-R20) and the end of a turn: stun expiry, Déroute triggers, the
ford, rout and turn-limit outcomes."""
from __future__ import annotations

import pytest

from game.rulesets._shared.bundled import roster_members
from game.rulesets.swidenth import figures as F
from game.rulesets.swidenth import setup as S
from game.rulesets.swidenth import victory as V
from tests.rulesets.shared.spatial import table_of

PAS = F.PAS
BANDS = {"rosters": {"1": "legion_imperiale", "2": "brigands_des_marches"}}


@pytest.mark.parametrize("scenario", ["escarmouche", "le_gue"])
@pytest.mark.parametrize("bands", [("legion_imperiale", "brigands_des_marches"),
                                   ("clans_du_nord", "culte_de_l_ombre")])
def test_setup_places_both_warbands_in_their_strips(scenario, bands):
    st = S.setup(scenario, 3, {"rosters": dict(zip(("1", "2"), bands))})
    assert (st.width, st.height, st.max_turns) == (24 * PAS, 24 * PAS, 8)
    for side, wb in zip((1, 2), bands):
        figs = [f for f in st.figures.values() if f.side == side]
        assert len(figs) == len(roster_members("swidenth", wb)[1])
        assert {f.status["warband"] for f in figs} == {wb} == {st.sides[side].extras["warband"]}
        assert F.rank(figs[0]) == "chef"
        for f in figs:
            y = f.y / PAS
            assert (y - 0.5 >= 0 and y + 0.5 <= 4) if side == 1 else (y + 0.5 <= 24 and y - 0.5 >= 20)
    t = table_of(st)
    for f in st.figures.values():
        assert t.on_table(f.id)
        assert not [p for p in t.terrain_in_contact(f.id) if "blocks_movement" in t.terrain_by_id[p].tags]
    ids = list(st.figures)
    gaps = [t.distance(a, b) for i, a in enumerate(ids) for b in ids[i + 1:]]
    assert min(gaps) >= 0.5 * PAS - 1e-6
    assert {p.id for p in st.terrain} and all(0 <= x <= 24 * PAS for p in st.terrain for x, _ in p.points)


def test_too_many_figures_for_a_strip_are_refused():
    assert len(S.slots((0, 0, 24, 4), 12, 24)) == 12
    assert len(S.slots((0, 0, 24, 4), 30, 24)) == 30            # two rows of 15
    with pytest.raises(ValueError, match="holds 30 figures"):
        S.slots((0, 20, 24, 4), 31, 24)


def test_strips_fill_from_their_table_edge():
    near = S.slots((0, 0, 24, 4), 16, 24)
    far = S.slots((0, 20, 24, 4), 16, 24)
    assert [y / PAS for _, y in near] == [1.0] * 15 + [2.5]
    assert [y / PAS for _, y in far] == [23.0] * 15 + [21.5]
    assert near[15][0] == far[15][0] == 12 * PAS                 # a short row is centred


def test_end_of_turn_expires_stuns_and_continues():
    st = S.setup("escarmouche", 1, dict(BANDS))
    f = next(iter(st.figures.values()))
    F.add_stun(f, 1)
    assert V.end_of_turn(st, table_of(st)) is None and F.stun_tokens(f) == 1
    st.turn = 2
    assert V.end_of_turn(st, table_of(st)) is None and F.stun_tokens(f) == 0


def test_a_routed_side_loses_and_points_decide_at_the_limit():
    st = S.setup("escarmouche", 1, dict(BANDS))
    side2 = [f for f in st.figures.values() if f.side == 2]
    for f in side2[-5:]:                                  # 5 of 7 out: not yet three quarters
        f.out = True
    assert V.end_of_turn(st, table_of(st)) is None
    assert st.sides[2].extras["rout"] == ["half_out"]
    st.turn = 8
    out = V.end_of_turn(st, table_of(st))
    assert out.winner == 1 and out.reason == "points" and out.scores[0] == V.points_out(st, 2) > 0
    side2[0].out = True                                   # 6 of 7 (the Chef too)
    out = V.end_of_turn(st, table_of(st))
    assert out.winner == 1 and out.reason == "rout"


def test_the_ford_scores_from_turn_four():
    st = S.setup("le_gue", 1, dict(BANDS))
    figs = [f for f in st.figures.values()]
    a, b, c = ([f for f in figs if f.side == 1][:2] + [f for f in figs if f.side == 2][:1])
    a.x, a.y = 12 * PAS, 12 * PAS
    b.x, b.y = 12 * PAS, 14.5 * PAS                       # 2 pas from the point: within 3
    c.x, c.y = 10 * PAS, 12 * PAS
    st.turn = 3
    V.end_of_turn(st, table_of(st))
    assert st.sides[1].score == 0                         # too early
    st.turn = 4
    V.end_of_turn(st, table_of(st))
    assert (st.sides[1].score, st.sides[2].score) == (1, 0)
    b.x = 20 * PAS                                        # one each: nobody scores
    st.turn = 8
    out = V.end_of_turn(st, table_of(st))
    assert st.sides[1].score == 1 and out.winner == 1 and out.reason == "ford"
