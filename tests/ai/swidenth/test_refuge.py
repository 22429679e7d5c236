"""A charge's added exposure is counted from the charger's shelter: where it stands, less
``refuge`` of the way to the safest point a move away. The Optio of the pin puzzle stands
within the front brigand's reach; stepping back is safer, so with ``refuge`` its charge
is counted worse (it no longer looks free because the foe could come anyway)."""
from __future__ import annotations

from game.ai.profiles import load_profile
from game.ai.swidenth.options import Builder
from game.ai.swidenth.world import World
from tests.ai.swidenth import positions


def _shelter_and_net(refuge: float) -> tuple[float, float, float]:
    eng = positions.pin()
    st = eng.state
    prof = dict(load_profile("swidenth", "difficile"), refuge=refuge)
    w = World(st, eng.ruleset.table_for(st), 1, prof)
    b = Builder(w, eng, prof)
    optio, front = st.figures["optio"], st.figures["front"]
    _, end = b.charge_spots(optio, front, w.mouv(optio))[0]
    gain, loss, o = w.fight(optio, front, n_att=0, n_dfn=0, charged=True)
    return w.exposure(optio, optio.pos), b.shelter(optio), b.net(gain, loss, o.dfn.out, optio, end, front)


def test_the_shelter_is_where_it_stands_without_refuge():
    here, shelter, _ = _shelter_and_net(0.0)
    assert shelter == here > 0


def test_a_safer_point_a_move_away_makes_the_charge_worse():
    here, plain_shelter, plain = _shelter_and_net(0.0)
    _, shelter, net = _shelter_and_net(0.5)
    assert shelter < plain_shelter
    assert net < plain
