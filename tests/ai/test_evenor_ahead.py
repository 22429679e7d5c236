"""Ahead in the Orichalque hunt (issue 17): a band wiped out carries no more, and greedy,
which brings no token home, then draws at the turn limit. Normal brought one token home,
then lost every figure in fights (Chasse v greedy: 6 draws in 300 games, seeds 401, 1401,
2401). Ahead, each risk and each safety counts (1 + ahead_care) times (base.yaml)."""
from __future__ import annotations

from game.ai.agents import make_agent
from game.ai.evenor.options import Builder
from game.ai.evenor.world import World
from game.core.state import Token
from tests.rulesets.evenor.sandbox import act, fig, sandbox, step


def _charge(score: int) -> dict:
    """Hiera charging Hylas in the hunt, her band with ``score`` tokens home, the enemy none:
    the inputs of the charge."""
    eng = sandbox([fig(2, "hiera", 12, 12), fig(1, "hylas", 12, 8.5), fig(1, "leonidas", 3, 3)],
                  victory={"type": "orichalque"}, to_act=2)
    st = eng.state
    st.tokens = [Token(id="o1", kind="orichalque", x=300.0, y=300.0)]
    st.sides[2].score = score
    eng.dice.push(6, 6)
    step(eng, act("activate", "2.hiera", value=2))
    agent = make_agent("ai:normal", 0)
    agent.load("evenor")
    world = World(st, eng.ruleset.table_for(st), 2)
    b = Builder(world, eng, agent.profile)
    for choice in eng.legal_actions():
        if choice.kind == "charge" and choice.actor == "2.hiera":
            for o in b.build(choice):
                if o.action.targets == ("1.hylas",):
                    return o.inputs
    raise AssertionError("no charge on Hylas")


def test_ahead_in_the_hunt_a_charge_counts_its_risk_more():
    level, ahead = _charge(0), _charge(1)
    assert ahead["risk"] > level["risk"] > 0.0, (ahead, level)
    assert ahead["safety"] < level["safety"] or level["safety"] == 1.0
