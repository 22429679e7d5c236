"""Difficile's deeper group plan and charge end points: every charge assignment of a phase
weighed together (``plan_search``) against the best-group-first plan, and each charge
weighed from up to four end points round the foe (``charge_spots``)."""
from __future__ import annotations

import random

from game.ai.profiles import load_profile
from game.ai.swidenth.options import Builder
from game.ai.swidenth.world import World
from tests.ai.swidenth import positions
from tests.rulesets.swidenth.helpers import fig

B = positions.BRIGANDS
MEMBERS = ("chef", "l0", "l1", "l2")


def _skirmish(seed: int):
    """Our Centurion and three legionaries in a line; three brigands scattered 5 to 8 pas
    ahead of them; the brigands' captain far off."""
    r = random.Random(seed)
    ours = [fig("chef", 1, 10, 8, "centurion")] + \
        [fig(f"l{k}", 1, 8 + 2 * k, 10 + r.uniform(-1, 1), "legionnaire") for k in range(3)]
    foes = [fig(f"e{k}", 2, 6 + r.uniform(0, 10), 15 + r.uniform(0, 3),
                r.choice(["brigand", "coupe_jarret", "frondeur"]), B) for k in range(3)]
    return positions.engine(*ours, *foes, fig("capt", 2, 20, 22, "capitaine", B))


def _plan(eng, **knobs) -> tuple[dict, float]:
    """The plan's charges and its worth (the sum of their nets, each with the friends
    joining the same foe)."""
    st = eng.state
    prof = dict(load_profile("swidenth", "difficile"), **knobs)
    b = Builder(World(st, eng.ruleset.table_for(st), 1, prof), eng, prof)
    b.plan_charges([st.figures[m] for m in MEMBERS])
    joins: dict[str, set] = {}
    for f, e in b.charges.items():
        joins.setdefault(e, set()).add(f)
    return b.charges, sum(b._charge_net(f, st.figures[e], joins[e]) for f, e in b.charges.items())


def test_difficile_weighs_every_assignment():
    prof = load_profile("swidenth", "difficile")
    assert prof["plan_search"] >= 4 ** len(MEMBERS)
    assert load_profile("swidenth", "normal")["plan_search"] == 0


def test_the_whole_plan_is_never_worse_and_planned_charges_pay():
    planned = 0
    for seed in range(12):
        eng = _skirmish(seed)
        charges, first = _plan(eng, plan_search=0)
        _, every = _plan(eng)
        assert every >= first - 1e-9
        assert not charges or first > 0
        planned += bool(charges)
    assert planned >= 3


def _alone(eng, charges) -> float:
    """The best net of a single charge with nobody joining."""
    st = eng.state
    prof = load_profile("swidenth", "normal")
    b = Builder(World(st, eng.ruleset.table_for(st), 1, prof), eng, prof)
    return max(b._charge_net(f, st.figures[e], {f}) for f, e in charges.items())


def test_charges_together_when_that_pays_most():
    """Seed 6: three legionaries charging the same slinger together net far more than the
    best of them alone (the outnumbering; a lone charger stands where the cutthroat comes
    at it), and both the group-first plan (Normal) and the whole search find it."""
    eng = _skirmish(6)
    for knobs in ({"plan_search": 0}, {}):
        charges, worth = _plan(eng, **knobs)
        assert len(charges) == 3 and len(set(charges.values())) == 1
        assert worth > 3 * max(0.0, _alone(eng, charges))


def test_difficile_weighs_more_charge_end_points():
    eng = positions.strike_together()
    st = eng.state
    counts = {}
    for level in ("normal", "difficile"):
        prof = load_profile("swidenth", level)
        b = Builder(World(st, eng.ruleset.table_for(st), 1, prof), eng, prof)
        chef = st.figures["chef"]
        counts[level] = len(b.charges_of(chef, b.w.mouv(chef)))
    assert counts["normal"] == 1
    assert counts["difficile"] > counts["normal"]
