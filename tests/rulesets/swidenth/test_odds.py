"""Exact odds against the 400-case enumeration written out here, and against the rules
themselves (``melee.resolve``, ``shooting.resolve``) by seeded sampling."""
from __future__ import annotations

import itertools

import pytest

from game.core.context import RuleContext
from game.core.dice import Dice, pcg_seed
from game.rulesets.swidenth import damage as D
from game.rulesets.swidenth import melee as M
from game.rulesets.swidenth import odds as O
from game.rulesets.swidenth import shooting as S
from tests.rulesets.shared.helpers import close_enough
from tests.rulesets.shared.spatial import table_of

from .helpers import human, state


def brute_melee(am, dm, admg, ddmg, adef, ddef, avit=1, dvit=1):
    """Every face pair decided as the book says: higher total wins, margin + weapon (+3 on
    the winner's 20) against the loser's Défense."""
    out = {"win": 0, "tie": 0, "lose": 0, "dfn_stun": 0, "dfn_out": 0, "att_stun": 0, "att_out": 0,
           "dfn_recoil": 0, "att_horrible": 0}
    for fa, fd in itertools.product(range(1, 21), repeat=2):
        ta, td = fa + am, fd + dm
        if ta == td:
            out["tie"] += 1
            continue
        if ta > td:
            out["win"] += 1
            dmg = ta - td + admg + (3 if fa == 20 else 0)
            out["dfn_stun"] += dmg > ddef
            out["dfn_out"] += dmg > 2 * ddef and dvit == 1
            out["dfn_recoil"] += dmg <= ddef
        else:
            out["lose"] += 1
            dmg = td - ta + ddmg + (3 if fd == 20 else 0)
            out["att_stun"] += dmg > adef
            out["att_out"] += dmg > 2 * adef and avit == 1
            out["att_horrible"] += dmg > 3 * adef
    return {k: v / 400 for k, v in out.items()}


def fighters(att=None, dfn=None, att_kit=("epee",), dfn_kit=("epee",), extra=()):
    a = human("a", 1, 5, 5, kit=att_kit, **(att or {}))
    d = human("d", 2, 6, 5, kit=dfn_kit, **(dfn or {}))
    st = state(a, d, *extra)
    return st, a, d


CASES = [({}, {}, {}), ({"combat": 3}, {"combat": 1}, {}), ({}, {"combat": 4}, {"charged": True}),
         ({"combat": 2, "defense": 4}, {"defense": 9}, {"concentrated": True})]


@pytest.mark.parametrize("att,dfn,kw", CASES)
def test_melee_odds_match_the_enumeration(att, dfn, kw):
    st, a, d = fighters(att, dfn)
    su = M.setup(st, table_of(st), a, d, **kw)
    o = O.melee(su)
    b = brute_melee(su.att.mod, su.dfn.mod, su.att.damage, su.dfn.damage, su.att.defense, su.dfn.defense)
    assert (o.win, o.tie, o.lose) == pytest.approx((b["win"], b["tie"], b["lose"]), abs=1e-12)
    exact = pytest.approx((b["dfn_stun"], b["dfn_out"], b["dfn_recoil"]), abs=1e-12)
    assert (o.dfn.stunned, o.dfn.out, o.dfn.recoil) == exact
    exact = pytest.approx((b["att_stun"], b["att_out"], b["att_horrible"]), abs=1e-12)
    assert (o.att.stunned, o.att.out, o.att.horrible) == exact
    assert o.att_fumble == o.dfn_fumble == pytest.approx(1 / 20)
    assert o.win + o.tie + o.lose == pytest.approx(1.0)


def test_a_big_creature_is_wounded_but_not_out():
    st, a, d = fighters({"combat": 6}, {"vitalite": 2})
    o = O.melee(M.setup(st, table_of(st), a, d))
    assert o.dfn.wounded > 0.2 and o.dfn.out == 0.0


def test_opposed_law_sums_to_one_and_flags_only_winning_twenties():
    law = O.opposed(3, 1)
    assert sum(law.values()) == pytest.approx(1.0)
    assert all(not crit for (w, _, crit) in law if w is None)
    # a winning attacker's 20: faces (20, fd) with 20 + 2 > fd: all 20 of them
    assert sum(p for (w, _, c), p in law.items() if w == "att" and c) == pytest.approx(20 / 400)
    # the defender's 20 wins when the attacker's face + 2 stays under 20: faces 1 to 17
    assert sum(p for (w, _, c), p in law.items() if w == "dfn" and c) == pytest.approx(17 / 400)


def test_shot_odds_match_the_enumeration():
    a = human("s", 1, 2, 5, kit=["arc"], tir=1)
    t = human("t", 2, 8, 5, combat=1)
    st = state(a, t)
    sp = S.plan(st, table_of(st), a, t)
    o = O.shot(sp, 6, 1)
    hit = stun = out = 0
    for fa, fd in itertools.product(range(1, 21), repeat=2):
        gap = fa + 3 - (fd + 1)
        if gap > 0:
            hit += 1
            dmg = gap + 1 + (3 if fa == 20 else 0)
            stun += dmg > 6
            out += dmg > 12
    assert (o.hit, o.target.stunned, o.target.out) == pytest.approx((hit / 400, stun / 400, out / 400), abs=1e-12)
    assert O.shot(S.ShotPlan(S.ENGAGED, "arc"), 6, 1).hit == 0.0


@pytest.mark.parametrize("mod,difficulty,p", [(0, 8, 13 / 20), (1, 8, 14 / 20), (-4, 7, 10 / 20), (0, 25, 0.0)])
def test_bravoure_test_odds(mod, difficulty, p):
    assert O.test(mod, difficulty) == pytest.approx(p)


def test_melee_odds_agree_with_the_rules_by_seeded_sampling():
    n = 3000
    counts = {"win": 0, "tie": 0, "dfn_stun": 0, "att_stun": 0, "dfn_out": 0}
    st0, a0, d0 = fighters({"combat": 2}, {"combat": 1}, extra=(human("a2", 1, 6, 4),))
    su = M.setup(st0, table_of(st0), a0, d0, charged=True)
    o = O.melee(su)
    dice = Dice(pcg_seed(13))
    for _ in range(n):
        st, a, d = fighters({"combat": 2}, {"combat": 1}, extra=(human("a2", 1, 6, 4),))
        t = table_of(st)
        res = M.resolve(RuleContext(st, dice, table_of), st, t, a, d, su)
        counts["win"] += res.winner == "a"
        counts["tie"] += res.winner is None
        counts["dfn_stun"] += res.loser == "d" and res.harm.band >= D.STUNNED
        counts["att_stun"] += res.loser == "a" and res.harm.band >= D.STUNNED
        counts["dfn_out"] += d.out
    assert close_enough(counts["win"], n, o.win)
    assert close_enough(counts["tie"], n, o.tie)
    assert close_enough(counts["dfn_stun"], n, o.dfn.stunned)
    assert close_enough(counts["att_stun"], n, o.att.stunned)
    assert close_enough(counts["dfn_out"], n, o.dfn.out)


def test_shot_odds_agree_with_the_rules_by_seeded_sampling():
    n = 3000
    dice = Dice(pcg_seed(5))
    hit = stun = 0
    o = None
    for _ in range(n):
        a = human("s", 1, 2, 5, kit=["arc"], tir=2)
        t = human("t", 2, 12, 5)
        st = state(a, t)
        tb = table_of(st)
        sp = S.plan(st, tb, a, t, aimed=True)
        o = o or O.shot(sp, 6, 1)
        res = S.resolve(RuleContext(st, dice, table_of), st, tb, a, t, sp)
        hit += res.hit
        stun += res.hit and res.harm.band >= D.STUNNED
    assert close_enough(hit, n, o.hit) and close_enough(stun, n, o.target.stunned)


def test_spell_odds_match_the_enumeration():
    win = sum(1 for a, b in itertools.product(range(1, 21), repeat=2) if a + 3 > b + 1) / 400
    assert O.spell("stun", 3, 1).stun == pytest.approx(win)
    assert O.spell("bravoure", 3, 1, bravoure=2, difficulty=10).stun == pytest.approx(win * 7 / 20)   # fails on 1-7
    assert O.spell("heal", 3, difficulty=12).success == pytest.approx(12 / 20)
    stun = out = 0
    for a, b in itertools.product(range(1, 21), repeat=2):
        gap = a + 3 - b
        if gap > 0:
            dmg = gap + 1 + (3 if a == 20 else 0)
            stun += dmg > 6
            out += dmg > 12
    o = O.spell("damage", 3, 0, damage=1)
    assert (o.target.stunned, o.target.out) == pytest.approx((stun / 400, out / 400), abs=1e-12)


def test_fire_bolt_odds_agree_with_the_rules_by_seeded_sampling():
    from game.rulesets.swidenth import spells as Sp

    from .helpers import fig

    n, hit, stunned = 2000, 0, 0
    dice = Dice(pcg_seed(21))
    for _ in range(n):
        p = fig("p", 1, 5, 5, "grand_pretre", "culte_de_l_ombre")
        t = human("t", 2, 12, 5, psychisme=1)
        st = state(p, t)
        res = Sp.cast(RuleContext(st, dice, table_of), st, table_of(st), p, t, "trait_de_feu")
        hit += res.success
        stunned += res.success and res.harm.band >= D.STUNNED
    o = O.spell("damage", 3, 1, damage=1)
    assert close_enough(hit, n, o.success) and close_enough(stunned, n, o.target.stunned)
