"""Leaving a fight (issue 17): a figure in contact that moves away, or charges another
enemy, first takes a free attack from each foe it leaves that passes its Reaction (it
rolls no dice against them; an Acrobate leaves freely). Normal's Hiera, even with
Léonidas, charged Hylas, was struck as she left and fell (Première partie, sim --scenario
all seed 401, game 95: seed 448, turn 2). The AI now counts those attacks."""
from __future__ import annotations

from game.ai.agents import make_agent
from game.rulesets.evenor import answers
from tests.ai.test_puzzles import SEEDS
from tests.rulesets.evenor.sandbox import act, fig, sandbox, step


def _engaged(actions: int = 2):
    """Hiera (no Acrobate) in contact with Ulysse, the archer fighting with his sword;
    Hylas 3.5 pas away (edge to edge), within her charge reach. Her activation begins."""
    eng = sandbox([fig(2, "hiera", 12, 12), fig(1, "ulysse", 12, 13),
                   fig(1, "hylas", 12, 7.5)], to_act=2)
    eng.dice.push(*([6] * actions))
    step(eng, act("activate", "2.hiera", value=actions))
    return eng


def _first_actions(leave_risk: bool) -> list:
    out = []
    for seed in SEEDS:
        agent = make_agent("ai:normal", seed)
        agent.load("evenor")
        agent.profile["leave_risk"] = leave_risk
        out.append(agent.choose(_engaged()))
    return out


def test_leaving_ulysse_costs_hiera_a_free_attack():
    eng = _engaged()
    st = eng.state
    table = eng.ruleset.table_for(st)
    assert answers.leaving(st, table, st.figures["2.hiera"]).p_out > 0.25
    # an Acrobate leaves freely
    acro = sandbox([fig(2, "thalestri", 12, 12), fig(1, "ulysse", 12, 13)], to_act=2)
    assert answers.leaving(acro.state, table, acro.state.figures["2.thalestri"]).p_out == 0.0


def test_hiera_fights_the_archer_she_holds_rather_than_leave_him():
    acts = _first_actions(True)
    fights = sum(a.kind == "fight" and a.targets == ("1.ulysse",) for a in acts)
    assert fights >= 19, acts


def test_blind_to_the_free_attacks_she_charged_hylas():
    acts = _first_actions(False)
    leaves = sum(a.kind in ("charge", "move") for a in acts)
    assert leaves >= 15, acts
