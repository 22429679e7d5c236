"""The ruleset's exact odds beyond the plain strike, against brute-force enumeration of every
die face: a dodge helped by destiny dice, the blow a stunned fighter takes, the shield
against a shot, spells (the roll, the dodge, the resistance beaten by a doubled power) and
healing by destiny points; the reactions the rules offer come from one list."""
from __future__ import annotations

import itertools

import pytest

from game.rulesets._shared.aptitude import PARTICULAR_FACES, die_for, pool
from game.rulesets.mortebrume import combat, odds, spells, stats

from .sandbox import act, fig, sandbox, step


def _faces(value: int, extra: int = 0):
    """Every face combination of an aptitude roll: (sum, fumble, particular, probability)."""
    n, sides = pool(value, extra)
    for fs in itertools.product(range(1, sides + 1), repeat=n):
        yield sum(fs), all(f == 1 for f in fs), any(f in PARTICULAR_FACES for f in fs), \
            1.0 / sides ** n


def _mean(law) -> float:
    return sum(n * q for n, q in law.items())


def _heavy_blow():
    """Guéorwen's greatsword against a Shiméien recruit (dodge 7: 1D10) at 3 cm."""
    st = sandbox([fig(1, "shimeien_recrue", 20, 30, 0, name="me"),
                  fig(2, "gueorwen", 25.5, 30, 180, name="brute")]).state
    return st.figures["brute"], st.figures["me"], "epee_deux_mains", 30.0


@pytest.mark.parametrize("helped", [0, 1, 2])
def test_a_dodge_helped_by_destiny_dice(helped):
    att, me, wid, dist = _heavy_blow()
    bonus = 0 if stats.in_band(wid, dist) else stats.OUT_OF_BAND
    skill, dodge = stats.weapon_skill(att, wid), stats.profile(me).dodge
    wounds = p_hit = 0.0
    for sa, fum, part, p in _faces(skill):
        for sd, dfum, dpart, q in _faces(dodge, helped):
            tot, dt = skill + sa + bonus, dodge + sd
            if fum or (part and dpart) or (not dfum and dt > tot):
                continue
            law = odds._wounds(wid, not stats.in_band(wid, dist), part, stats.armour(me))
            wounds += p * q * _mean(law)
            p_hit += p * q
    o = odds.strike(att, me, wid, dist, "dodge", defence=helped)
    assert o.expected_wounds == pytest.approx(wounds) and o.p_hit == pytest.approx(p_hit)
    if helped:
        assert o.expected_wounds < odds.strike(att, me, wid, dist, "dodge").expected_wounds


def test_a_stunned_fighter_takes_the_blow_with_its_full_armour():
    """Every face of a mace recruit's strike (1D10, stunning) on a stunned Thanigist veteran:
    no reaction is asked, and the odds of ``none`` are what the engine deals."""
    total = 0.0
    for a in range(1, 11):
        eng = sandbox([fig(1, "abelberien_recrue", 30, 30, 0.0, name="A"),
                       fig(2, "thanigiste_veteran", 33.5, 30, 180.0, name="D", stunned=True),
                       fig(1, "farfadet", 70, 70, 0.0, name="spare")], dice=[a])
        st = eng.state
        assert combat.melee_reactions(st, st.figures["A"], st.figures["D"]) == []
        step(eng, act("activate", "A"))
        step(eng, act("strike", "A", "D", value="masse"))
        assert not any(d.kind == "reaction" for d in eng.state.pending)
        total += (8 - eng.state.figures["D"].vitality) / 10
    st = sandbox([fig(1, "abelberien_recrue", 30, 30, 0.0, name="A"),
                  fig(2, "thanigiste_veteran", 33.5, 30, 180.0, name="D")]).state
    a, d = st.figures["A"], st.figures["D"]
    none = odds.strike(a, d, "masse", 10.0, "none")
    assert none.expected_wounds == pytest.approx(total)
    assert none.expected_wounds < odds.strike(a, d, "masse", 10.0, "take").expected_wounds


def _crossbow_and_shield():
    eng = sandbox([fig(1, "thanigiste_arbaletrier", 10, 30, 0.0, name="A"),
                   fig(2, "abelberien_recrue", 30, 30, 180.0, name="D"),
                   fig(2, "farfadet", 70, 70, 0.0, name="spare")])
    return eng, eng.state.figures["A"], eng.state.figures["D"]


def test_the_shield_against_a_shot_matches_enumeration():
    eng, a, d = _crossbow_and_shield()
    st = eng.state
    gap = eng.ruleset.table_for(st).distance("A", "D")
    mist = stats.mist_radius(st)
    wid = stats.ranged_weapons(a)[0][0]
    band = stats.shot_band(wid, gap, mist)
    bonus = stats.weapon(wid).allonge + (stats.OUT_OF_BAND if band == "far" else 0)
    skill = stats.weapon_skill(a, wid)
    _, handling = stats.melee_weapons(d)[0]
    sbonus = stats.profile(d).shield + stats.tens(gap)      # it sees the shooter
    wounds = 0.0
    for sa, fum, part, p in _faces(skill):
        tot = skill + sa + bonus
        if fum or tot < stats.half_distance(gap):
            continue
        for ss, sfum, _, q in _faces(handling):
            if not sfum and handling + ss + sbonus >= tot:
                continue
            wounds += p * q * _mean(odds._wounds(wid, band == "far", part, stats.armour(d)))
    o = odds.shot(a, d, wid, gap, "shield", mist)
    assert o.expected_wounds == pytest.approx(wounds) and o.expected_wounds > 0
    assert o.expected_wounds < odds.shot(a, d, wid, gap, "dodge", mist).expected_wounds + 1.0


def test_the_reactions_offered_are_the_public_lists():
    eng, a, d = _crossbow_and_shield()
    st = eng.state
    assert combat.shot_reactions(st, a, d) == ["dodge", "shield", "take"]
    step(eng, act("activate", "A"))
    step(eng, act("shoot", "A", "D", value=stats.ranged_weapons(a)[0][0]))
    assert eng.state.pending[-1].options == ["dodge", "shield", "take"]
    d.facing = 0.0                                            # now shot from behind
    assert combat.shot_reactions(st, a, d) == ["dodge"]
    m = sandbox([fig(1, "abelberien_recrue", 30, 30, 0.0, name="A"),
                 fig(2, "thanigiste_veteran", 33.5, 30, 180.0, name="D", struck=True)])
    st = m.state
    assert combat.melee_reactions(st, st.figures["A"], st.figures["D"]) == ["dodge", "take"]
    step(m, act("activate", "A"))
    step(m, act("strike", "A", "D", value="masse"))
    assert [o for o in m.state.pending[-1].options if o != "reserved"] == ["dodge", "take"]


@pytest.mark.parametrize("caster, target, sid, raise_power, dodge", [
    ("meleien_pyromancien", "thanigiste_veteran", "trait_de_feu", 1, True),
    ("thanigiste_necromant", "gwahir", "devoreur", 0, True),    # only a doubled power beats 12
    ("thanigiste_necromant", "abelberien_veteran", "devoreur", 2, False)])
def test_spell_odds_match_enumeration(caster, target, sid, raise_power, dodge):
    st = sandbox([fig(1, caster, 10, 30, 0.0, name="C"),
                  fig(2, target, 24, 30, 180.0, name="T")]).state
    c, tg = st.figures["C"], st.figures["T"]
    gap = 140.0 - c.size / 2 - tg.size / 2
    sp = stats.spell(sid)
    skill, dv = stats.profile(c).spell.skill, stats.profile(tg).dodge
    diff = stats.half_distance(gap) + raise_power
    res = spells.resistance(c, tg, sp.resist)
    seen = stats.tens(gap)
    ok = special = effect = 0.0
    for sa, fum, part, p in _faces(skill):
        tot = skill + sa + sp.allonge
        if fum or tot < diff:
            continue
        for sd, dfum, dpart, q in (_faces(dv) if dodge else [(0, True, False, 1.0)]):
            if dodge and not ((part and dpart) or (not dfum and dv + sd + seen > tot)) or not dodge:
                ok += p * q
                special += p * q if part else 0.0
                effect += p * q if (sp.power + raise_power) * (2 if part else 1) > res else 0.0
    o = odds.spell(c, tg, sid, raise_power, 0, gap, dodge=dodge)
    assert (o.p_success, o.p_special, o.p_effect) == pytest.approx((ok, special, effect))
    assert o.expected_amount == pytest.approx(effect * odds.effect_amount(sid, tg))
    assert 0 < o.p_effect <= o.p_success


def test_a_fire_dart_counted_by_hand():
    """Casting 9 (1D10) + allonge 2 against half of 12 cm plus one raise, no dodge."""
    st = sandbox([fig(1, "meleien_pyromancien", 10, 30, 0.0, name="C"),
                  fig(2, "thanigiste_veteran", 40, 30, 180.0, name="T")]).state
    o = odds.spell(st.figures["C"], st.figures["T"], "trait_de_feu", 1, 0, 120.0)
    want = sum(1 for f in range(1, 11) if f != 1 and 9 + f + 2 >= 6 + 1) / 10
    special = sum(1 for f in range(1, 11) if f != 1 and 9 + f + 2 >= 7 and f in (6, 8, 10)) / 10
    assert o.p_success == pytest.approx(want) and o.p_special == pytest.approx(special)


@pytest.mark.parametrize("vitality, n", [(3, 1), (3, 3), (9, 2), (2, 2)])
def test_healing_by_destiny_points(vitality, n):
    st = sandbox([fig(1, "meleien_seigneur", 10, 30, 0.0, name="L")]).state
    lord = st.figures["L"]
    lord.vitality = vitality
    sides = die_for(vitality)
    want: dict[int, float] = {}
    for fs in itertools.product(range(1, sides + 1), repeat=n):
        k = min(lord.max_vitality - vitality, sum(fs))
        want[k] = want.get(k, 0.0) + 1.0 / sides ** n
    got = odds.heal(lord, n)
    assert set(got) == set(want) and all(got[k] == pytest.approx(want[k]) for k in want)
    assert odds.heal_expected(lord, n) == pytest.approx(_mean(want))
