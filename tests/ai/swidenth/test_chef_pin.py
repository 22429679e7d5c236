"""Our Chef's charge weighs the exposure it adds ``chef_pin`` times (its fall routs our
side): a Centurion charging a brigand that two more brigands can come to help is
counted that much worse, a legionary's same charge is not."""
from __future__ import annotations

from game.ai.profiles import load_profile
from game.ai.swidenth.options import Builder
from game.ai.swidenth.world import World
from game.core.actions import Action
from tests.ai.swidenth.positions import BRIGANDS, engine
from tests.rulesets.swidenth.helpers import fig


def _net(profile: str, **knobs) -> float:
    eng = engine(fig("chef", 1, 4, 10, "centurion"), fig("front", 2, 8.5, 10, "brigand", BRIGANDS),
                 fig("b1", 2, 12.5, 8.5, "brigand", BRIGANDS), fig("b2", 2, 12.5, 11.5, "brigand", BRIGANDS),
                 fig("capt", 2, 21, 21, "capitaine", BRIGANDS))
    eng.step(Action("activate", actor="chef"))
    st = eng.state
    prof = dict(load_profile("swidenth", profile), **knobs)
    w = World(st, eng.ruleset.table_for(st), 1, prof)
    b = Builder(w, eng, prof)
    chef, front = st.figures["chef"], st.figures["front"]
    path, end = b.charge_spots(chef, front, w.mouv(chef))[0]
    gain, loss, o = w.fight(chef, front, n_att=0, n_dfn=0, charged=True)
    return b.net(gain, loss, o.dfn.out, chef, end, front)


def test_the_chef_pin_weighs_our_chefs_charge_down():
    plain, weighed = _net("normal", chef_pin=1.0), _net("normal", chef_pin=2.0)
    assert weighed < plain


def test_without_threat_the_weight_is_not_used():
    assert _net("greedy", chef_pin=1.0) == _net("greedy", chef_pin=3.0)
