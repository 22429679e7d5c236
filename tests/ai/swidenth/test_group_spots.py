"""A group charge leaves each member a way in: the phase's planned chargers, moving one
after the other in any order (each taking the charge the planner then offers it), all end
engaged with their foe. Every charger used to aim straight at the foe, several at the same
spot, and the first one there left the next no way in (a legionary then fought the Brigand
captain alone, escarmouche seed 2 v greedy)."""
from __future__ import annotations

import itertools

import pytest

from game.ai.profiles import load_profile
from game.ai.swidenth.options import Builder
from game.ai.swidenth.world import World
from game.core.actions import Action
from game.rulesets.swidenth.actions import engaged
from tests.ai.swidenth.test_plans import MEMBERS, _skirmish

PROFILE = load_profile("swidenth", "normal")


def _builder(eng) -> Builder:
    st = eng.state
    return Builder(World(st, eng.ruleset.table_for(st), 1, PROFILE), eng, PROFILE)


def _phase(seed: int):
    eng = _skirmish(seed)
    eng.step(Action("activate", actor="chef", partners=("l0", "l1", "l2")))
    return eng


def _charge_in_order(seed: int, plan: dict, foe: str, order) -> list[str]:
    """Members of ``order`` charge ``foe`` one after the other, the plan kept between them
    (as the phase keeps it); the members that end engaged with it alone."""
    eng = _phase(seed)
    kept = dict(plan)
    for fid in order:
        b = _builder(eng)
        st = eng.state
        fresh = [st.figures[m] for m in MEMBERS if st.activation["members"][m]["prep"] is None]
        b.plan_charges(fresh, kept)
        kept = dict(b.charges)
        opts = [o for o in b.charges_of(st.figures[fid], b.w.mouv(st.figures[fid]))
                if o.note.startswith(f"charge {foe} ")]
        if not opts:
            break
        eng.step(max(opts, key=lambda o: o.inputs.get("together", 0.0)).action)
    st = eng.state
    table = eng.ruleset.table_for(st)
    return [m for m in order if [f.id for f in engaged(st, table, st.figures[m])] == [foe]]


@pytest.mark.parametrize("seed", [3, 10])
def test_every_planned_charger_gets_in_whatever_the_order(seed):
    eng = _phase(seed)
    b = _builder(eng)
    b.plan_charges([eng.state.figures[m] for m in MEMBERS])
    groups: dict[str, list[str]] = {}
    for f, e in b.charges.items():
        groups.setdefault(e, []).append(f)
    big = {e: fids for e, fids in groups.items() if len(fids) >= 2}
    assert big, "the position must hold a group charge"
    for foe, fids in big.items():
        ends = [b.reserved[f][1] for f in fids]
        assert all(a != c for a, c in itertools.combinations(ends, 2))
        for order in itertools.permutations(fids):
            assert sorted(_charge_in_order(seed, b.charges, foe, order)) == sorted(fids), order
