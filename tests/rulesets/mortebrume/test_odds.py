"""Exact odds against brute force, and against the rules engine with every die face."""
from __future__ import annotations

import itertools

import pytest

from game.rulesets._shared.aptitude import distribution, pool
from game.rulesets.mortebrume import odds

from .sandbox import CM, act, fig, sandbox, step


@pytest.mark.parametrize("value, extra", [(5, 0), (12, 0), (9, 1), (16, 0)])
def test_distribution_matches_brute_force(value, extra):
    n, sides = pool(value, extra)
    want: dict = {}
    for faces in itertools.product(range(1, sides + 1), repeat=n):
        key = (value + sum(faces), all(f == 1 for f in faces), any(f in (6, 8, 10) for f in faces))
        want[key] = want.get(key, 0.0) + 1 / sides ** n
    got = distribution(value, extra)
    assert set(got) == set(want)
    for k in want:
        assert got[k] == pytest.approx(want[k])


@pytest.mark.parametrize("reaction", ["take", "dodge", "riposte"])
def test_strike_odds_match_the_engine_over_every_face(reaction):
    """A mace recruit (1D10, étourdissant) against a Thanigist veteran (fleau 1D10 out of its
    band, dodge 1D8) at 1 cm."""
    defender_sides = {"take": [None], "dodge": range(1, 9), "riposte": range(1, 11)}[reaction]
    total, hits, back = 0.0, 0.0, 0.0
    for a in range(1, 11):
        for d in defender_sides:
            dice = [a] + ([] if d is None else [d])
            eng = sandbox([fig(1, "abelberien_recrue", 30, 30, 0.0, name="A"),
                           fig(2, "thanigiste_veteran", 33.5, 30, 180.0, name="D"),
                           fig(1, "farfadet", 70, 70, 0.0, name="spare")], dice=dice)
            step(eng, act("activate", "A"))
            step(eng, act("strike", "A", "D", value="masse"))
            step(eng, act("react", "D", value=reaction))
            p = 1 / 10 * (1 if d is None else 1 / len(defender_sides))
            total += p * (8 - eng.state.figures["D"].vitality)
            back += p * (7 - eng.state.figures["A"].vitality)
            hits += p * (eng.state.figures["D"].vitality < 8)
    st = sandbox([fig(1, "abelberien_recrue", 30, 30, 0.0, name="A"),
                  fig(2, "thanigiste_veteran", 33.5, 30, 180.0, name="D")]).state
    o = odds.strike(st.figures["A"], st.figures["D"], "masse", 1.0 * CM, reaction)
    assert o.expected_wounds == pytest.approx(total)
    assert hits <= o.p_hit + 1e-9
    assert o.expected_back == pytest.approx(back)
