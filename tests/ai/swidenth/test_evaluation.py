"""Swidenth's evaluation hook for the lookahead, and the casters in the threat."""
from __future__ import annotations

from game.ai import lookahead
from game.ai.swidenth import evaluation
from game.ai.swidenth.world import World
from game.rulesets.swidenth import figures as F
from tests.ai.swidenth.positions import BRIGANDS, engine
from tests.rulesets.swidenth.helpers import fig

CULT = "culte_de_l_ombre"


def _line():
    return engine(fig("chef", 1, 12, 4, "centurion"), fig("l1", 1, 10, 5), fig("l2", 1, 14, 5),
                  fig("capt", 2, 12, 20, "capitaine", BRIGANDS), fig("b1", 2, 10, 19, "brigand", BRIGANDS),
                  fig("b2", 2, 14, 19, "brigand", BRIGANDS))


def test_the_lookahead_uses_swidenths_hook():
    assert lookahead.evaluator("swidenth") is evaluation.evaluate


def test_ours_is_minus_theirs():
    st = _line().state
    assert abs(evaluation.evaluate(st, 1, {}) + evaluation.evaluate(st, 2, {})) < 1e-9


def test_a_foe_out_wounded_or_stunned_is_worth_more_to_us():
    base = evaluation.evaluate(_line().state, 1, {})
    for harm in ("out", "stun", "wound"):
        st = _line().state
        b1 = st.figures["b1"]
        if harm == "out":
            b1.out = True
        elif harm == "stun":
            F.add_stun(b1, st.turn)
        else:
            b1.max_vitality, b1.vitality = 2, 1
        assert evaluation.evaluate(st, 1, {}) > base, harm


def test_our_chef_stunned_costs_more_than_a_legionary_stunned():
    def stunned(fid):
        st = _line().state
        F.add_stun(st.figures[fid], st.turn)
        return evaluation.evaluate(st, 1, {})
    assert stunned("chef") < stunned("l1") < evaluation.evaluate(_line().state, 1, {})


def test_outnumbering_a_foe_is_weighed():
    """Two of ours engaged with one brigand alone: the pin counts (weight off, less)."""
    prof = {"evaluation": {"threat": 0.0, "tempo": 0.0}}

    def scored(b2_at):
        eng = engine(fig("l1", 1, 10, 10), fig("l2", 1, 12, 10), fig("b1", 2, 11, 11, "brigand", BRIGANDS),
                     fig("b2", 2, *b2_at, "brigand", BRIGANDS),
                     fig("capt", 2, 21, 21, "capitaine", BRIGANDS), fig("chef", 1, 2, 2, "centurion"))
        return evaluation.evaluate(eng.state, 1, prof)
    with_pin = scored((20, 3))
    prof["evaluation"]["outnumber"] = 0.0
    assert with_pin > scored((20, 3))


def test_an_enemy_caster_threatens_our_chef_within_its_bolts_reach():
    """The High priest 10 pas off can bolt our Centurion (12 pas); without its spells the
    Centurion is out of every reach."""
    def exposure(spells: bool) -> float:
        eng = engine(fig("chef", 1, 12, 4, "centurion"), fig("priest", 2, 12, 15, "grand_pretre", CULT))
        st = eng.state
        if not spells:
            st.figures["priest"].status["spells"] = []
        chef = st.figures["chef"]
        return World(st, eng.ruleset.table_for(st), 1, {}).exposure(chef, chef.pos)
    assert exposure(True) > 0.05
    assert exposure(False) == 0.0
