"""The ruleset's exact odds agree with the rules themselves: seeded games resolve a shot met
by the shield and spells cast (against a dodge, against a resistance only a special cast
beats), and the frequencies fall within a few standard deviations of the exact values."""
from __future__ import annotations

import math

from game.core.dice import pcg_seed
from game.core.engine import Engine
from game.rulesets.mortebrume import odds, spells, stats

from .sandbox import act, fig, sandbox

TRIALS = 1000


def _trials(base, actions):
    """Play ``actions`` from ``base``'s position with seeded real dice, once per seed."""
    for seed in range(TRIALS):
        state = base.state.clone()
        state.rng = pcg_seed(seed, 7)
        eng = Engine(base.ruleset, state, base.record)
        for a in actions:
            eng.step(a)
        yield eng.state


def _close(seen: float, p: float, n: int = TRIALS) -> bool:
    return abs(seen - p) < 4 * math.sqrt(max(p * (1 - p), 1e-4) / n) + 0.01


def _mean_close(values: list[float], mean: float) -> bool:
    n = len(values)
    m = sum(values) / n
    var = sum((v - m) ** 2 for v in values) / max(1, n - 1)
    return abs(m - mean) < 4 * math.sqrt(max(var, 1e-4) / n) + 0.02


def test_a_shot_met_by_the_shield():
    """A crossbowman at 17.5 cm of an Abelberian recruit (mace 7: 1D10, shield 2) who sees
    it."""
    base = sandbox([fig(1, "thanigiste_arbaletrier", 10, 30, 0.0, name="A"),
                    fig(2, "abelberien_recrue", 30, 30, 180.0, name="D"),
                    fig(2, "farfadet", 70, 70, 0.0, name="spare")], dice=())
    st = base.state
    a, d = st.figures["A"], st.figures["D"]
    gap = base.ruleset.table_for(st).distance("A", "D")
    o = odds.shot(a, d, "arbalete", gap, "shield", stats.mist_radius(st))
    plain = odds.shot(a, d, "arbalete", gap, "take", stats.mist_radius(st))
    assert 0.05 < o.p_hit < plain.p_hit         # the shield stops some shots, not all
    states = list(_trials(base, [act("activate", "A"), act("shoot", "A", "D", value="arbalete"),
                                 act("react", "D", value="shield")]))
    lost = [float(d.max_vitality - s.figures["D"].vitality) for s in states]
    assert _close(sum(v > 0 for v in lost) / TRIALS, o.p_hit)
    assert _mean_close(lost, o.expected_wounds)


def test_a_fire_dart_against_a_dodge():
    """A pyromancer (casting 9: 1D10, allonge 2) at 15 cm of a Thanigist veteran who dodges
    (6: 1D8, +1 for seeing the caster at 10 cm or more)."""
    base = sandbox([fig(1, "meleien_pyromancien", 10, 30, 0.0, name="P"),
                    fig(2, "thanigiste_veteran", 27, 30, 180.0, name="V"),
                    fig(2, "farfadet", 70, 70, 0.0, name="spare")], dice=())
    st = base.state
    p, v = st.figures["P"], st.figures["V"]
    gap = spells.gap(base.ruleset.table_for(st), p, v)
    o = odds.spell(p, v, "trait_de_feu", 0, 0, gap, dodge=True)
    assert 0.05 < o.p_effect < 0.95 and o.p_effect == o.p_success  # power 6 beats armour 2
    assert o.expected_amount == 3 * o.p_effect
    states = list(_trials(base, [act("activate", "P"),
                                 act("cast", "P", "V", value=spells.encode("trait_de_feu", 0, 0)),
                                 act("react", "V", value="dodge")]))
    lost = [float(v.max_vitality - s.figures["V"].vitality) for s in states]
    assert _close(sum(x > 0 for x in lost) / TRIALS, o.p_effect)
    assert _mean_close(lost, o.expected_amount)


def test_a_soul_eater_taken():
    """A necromant's soul eater (power 8) on an Abelberian veteran (Will 7) who takes it:
    two points of Will drained whenever the cast succeeds."""
    base = sandbox([fig(1, "thanigiste_necromant", 10, 30, 0.0, name="N"),
                    fig(2, "abelberien_veteran", 25, 30, 180.0, name="G"),
                    fig(2, "farfadet", 70, 70, 0.0, name="spare")], dice=())
    st = base.state
    n, g = st.figures["N"], st.figures["G"]
    gap = spells.gap(base.ruleset.table_for(st), n, g)
    assert odds.raise_needed(n, g, "devoreur") == 0
    o = odds.spell(n, g, "devoreur", 0, 0, gap, dodge=False)
    assert o.p_effect == o.p_success and 0.05 < o.p_success < 0.95
    states = list(_trials(base, [act("activate", "N"),
                                 act("cast", "N", "G", value=spells.encode("devoreur", 0, 0)),
                                 act("react", "G", value="take")]))
    drained = [float(stats.will(g) - stats.will(s.figures["G"])) for s in states]
    assert _close(sum(x > 0 for x in drained) / TRIALS, o.p_effect)
    assert _mean_close(drained, o.expected_amount)
