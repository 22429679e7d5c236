"""Exact Khârn-Ages odds against enumeration of the resolvers over every script of faces
(chains cut, so the exact value must lie between what the enumeration saw and that plus the
mass it cut) and against seeded play of whole exchanges."""
from __future__ import annotations

import pytest

from game.rulesets._shared import nd10
from game.rulesets._shared.nd10 import RC, Crit, crit_rules
from game.rulesets.kharn_ages import attacks as atk
from game.rulesets.kharn_ages import melee, odds
from game.rulesets.kharn_ages.armour import absorb
from game.rulesets.kharn_ages.attacks import AttackBuild
from game.rulesets.kharn_ages.defence import DefenceBuild, attack_hits
from game.rulesets.kharn_ages.dice import action_roll
from game.rulesets.kharn_ages.fighter import Armour, make
from game.rulesets.kharn_ages.odds import Roller

from ..shared.helpers import close_enough, every_script, seeded

HALF_PLATE = Armour("demi_plate", threshold=6, low=1, high=2, boxes=6)


@pytest.mark.parametrize("n,crit,below,rerolls", [(1, Crit(), None, 0), (2, Crit(), 7, 1),
                                                  (3, crit_rules(2), None, 0),
                                                  (2, crit_rules(last_stand=True), 9, 1)])
def test_outcome_law_is_the_shared_law_with_several_rcs_told_apart(n, crit, below, rerolls):
    law = odds.outcome_law(n, crit, below, rerolls)
    merged: dict = {}
    for (v, k, _), p in law.items():
        merged[(v, k)] = merged.get((v, k), 0.0) + p
    ref = nd10.law(n, crit, below, rerolls)
    for key in set(merged) | set(ref):      # the two cut their chains one step apart
        assert merged.get(key, 0.0) == pytest.approx(ref.get(key, 0.0), abs=1e-11), key
    assert sum(law.values()) == pytest.approx(1.0, abs=1e-11)
    p_multi = sum(p for (_, k, m), p in law.items() if m)
    p_rc = sum(p for (_, k, _), p in law.items() if k == RC)
    assert p_multi == pytest.approx(p_rc * (11 - crit.rc_from) / 10)


@pytest.mark.parametrize("level,below,last", [(1, None, False), (1, 8, False), (2, 6, True)])
def test_outcome_law_matches_the_resolver(level, below, last):
    def run(ctx):
        f = make("f", level=level)
        f.status["last_stand"] = last
        r = action_roll(ctx, f, "attack", "melee", reroll_below=below)
        return r.natural, r.kind, atk.rc_count(r) >= 2

    depth = 3
    seen = every_script(run, 10, level + 1 + depth)
    crit = crit_rules(last_stand=last)
    law = odds.outcome_law(level, crit, below, 1 if below else 0)
    cut = 10 * (depth + 1)
    for key in set(law) | set(seen):
        if key[0] < cut - 10:
            assert law.get(key, 0.0) == pytest.approx(seen.get(key, 0.0), abs=1e-12), key


def test_fixed_threshold_odds():
    """Dig: C + P + ND10 >= 12; an RC succeeds outright; the best mastery re-roll helps."""
    def run(ctx, below):
        f = make("f", level=2)
        return action_roll(ctx, f, "dig", "objective", (("C+P", 5),), reroll_below=below).reaches(12, rc_wins=True)

    plain = every_script(lambda c: run(c, None), 10, 8)
    assert odds.fixed_odds(2, 5, 12) == pytest.approx(plain[True], abs=1e-6)
    best = every_script(lambda c: run(c, 7), 10, 8)
    assert odds.fixed_odds(2, 5, 12, mastery=True) == pytest.approx(best[True], abs=1e-6)
    assert odds.fixed_odds(2, 5, 12, mastery=True) > odds.fixed_odds(2, 5, 12)


@pytest.mark.parametrize("a_master,d_master,shield,policy", [(False, False, False, None),
                                                             (True, True, False, 7),
                                                             (False, True, True, None)])
def test_attack_against_defence_matches_the_resolvers(a_master, d_master, shield, policy):
    a = Roller(1, 6, mastery=a_master)
    d = Roller(1, 5, mastery=d_master, shield=shield)

    def run(ctx):
        att = make("a", mastery=None if a_master else ())
        dfn = make("d", mastery=None if d_master else ())
        ar = action_roll(ctx, att, "attack", "melee", (("x", 6),), reroll_below=policy)
        if ar.ec:
            return False
        need = ar.total - 5
        dr = action_roll(ctx, dfn, "defence", "defence", (("y", 5),), reroll_below=need if d_master else None)
        return attack_hits(ar, dr, shield)

    seen = every_script(run, 10, 5)
    cut = 1.0 - sum(seen.values())
    exact = odds.hit_odds(a, d, policy).hit
    assert seen.get(True, 0.0) - 1e-12 <= exact <= seen.get(True, 0.0) + cut + 1e-12
    assert cut < 0.02


def test_the_best_attack_policy_beats_every_other():
    a = Roller(2, 7, mastery=True)
    d = Roller(1, 9, mastery=True)
    best = odds.best_attack_policy(a, d)
    assert best.hit > odds.hit_odds(a, d, None).hit
    for r in odds.POLICIES:
        assert best.hit >= odds.hit_odds(a, d, r).hit - 1e-12
    undefended = odds.hit_odds(Roller(1, 0), None)
    assert undefended.hit == pytest.approx(0.9) and undefended.rc + undefended.multi == pytest.approx(0.1)


def test_armour_law_matches_the_armour_roll():
    for base, crit, pierce in [(5, 0, None), (3, 4, None), (1, 0, 2), (6, 2, 0)]:
        def run(ctx):
            f = make("f", armour=HALF_PLATE)
            f.status["armour_ticks"] = 3
            if pierce is not None:
                from game.rulesets.kharn_ages.armour import pierce as do_pierce
                do_pierce(ctx, f, pierce)
            return absorb(ctx, f, base, crit).taken

        seen = every_script(run, 10, 2)
        law = odds.armour_law(base, crit, HALF_PLATE, 3, pierce=pierce)
        assert set(seen) == set(law)
        assert all(law[k] == pytest.approx(seen[k]) for k in law)
    assert odds.armour_law(4, 1, None, 0) == {5: 1.0}


def test_attack_table_rows_follow_what_the_target_can_afford():
    att = make("att", level=2, chars={"P": 5, "C": 5}, stature=4, pa=5)
    dfn = make("dfn", chars={"P": 4, "C": 3, "V": 3, "A": 3}, pa=2, pv=6, armour=HALF_PLATE)
    build = AttackBuild(("P", "C"), "C")
    rows = odds.attack_table(att, dfn, build, atk.attack_mods(att, build))
    assert [len(r.defence.chars) for r in rows] == [0, 1, 2]
    assert rows[0].hit > rows[1].hit > rows[2].hit
    assert rows[0].riposte == 0.0 and rows[2].riposte > 0.0
    assert all(0.0 < r.terrasse < r.hit for r in rows)
    dfn.status.update(stunned=True, pa=0)
    (none,) = odds.attack_table(att, dfn, build, atk.attack_mods(att, build))
    assert none.defence is None and none.hit == pytest.approx(1 - 0.01 * 0.1)   # two 1s, re-rolled into a 1


def test_seeded_exchanges_follow_the_table():
    n = 2500
    ctx = seeded(11)
    build = AttackBuild(("P", "C"), "C", ("C",))
    hits = lost = 0
    row = None
    for _ in range(n):
        att = make("att", level=2, chars={"P": 5, "C": 5}, stature=4, pa=5, mastery=())
        dfn = make("dfn", chars={"P": 4, "C": 3, "V": 3, "A": 3}, pa=3, pv=30, armour=HALF_PLATE)
        if row is None:
            rows = odds.attack_table(att, dfn, build, atk.attack_mods(att, build), in_reach=False)
            row = rows[1]
        out = melee.exchange(ctx, att, dfn, build, lambda inc, r: row.defence,
                             melee.Situation(in_reach=False))
        hits += out.hit
        lost += 30 - dfn.fig.vitality
    assert close_enough(hits, n, row.hit)
    assert abs(lost / n - row.damage) < 0.35


def test_a_shield_adds_rows_and_the_discard_row_counts_only_criticals():
    from game.rulesets.kharn_ages.fighter import Shield

    att = make("att", chars={"P": 5, "C": 5}, stature=4, pa=5, mastery=())
    dfn = make("dfn", chars={"P": 4, "C": 3}, pa=1, pv=4, shield=Shield("ecu", 6), mastery=())
    build = AttackBuild(("P", "C"), "C")
    rows = odds.attack_table(att, dfn, build, atk.attack_mods(att, build))
    kinds = [(len(r.defence.chars), r.defence.shield, r.defence.discard) for r in rows]
    assert kinds == [(0, False, False), (1, False, False), (0, True, False), (1, True, False), (0, False, True)]
    assert rows[3].hit < rows[1].hit                       # the Écu adds the attacker's lowest (5)
    discard = rows[-1]
    assert discard.hit == 0.0
    assert discard.damage == pytest.approx(0.1 * 4) and discard.terrasse == pytest.approx(0.1)


def test_seeded_free_attacks_follow_the_table():
    """The A effect's free attack costs nothing and is defended with at most two."""
    n = 1500
    ctx = seeded(5)
    build = AttackBuild(("A",))
    hits = 0
    rows = None
    for _ in range(n):
        att = make("att", chars={"A": 4}, pa=0, mastery=())
        dfn = make("dfn", chars={"A": 3, "V": 3, "P": 2}, pa=3, pv=30, mastery=())
        if rows is None:
            rows = odds.attack_table(att, dfn, build, atk.attack_mods(att, build), max_def_chars=2)
            assert max(len(r.defence.chars) for r in rows) == 2
        out = melee.exchange(ctx, att, dfn, build, lambda inc, r: rows[-1].defence, melee.Situation.free_attack())
        hits += out.hit
        assert att.pa == 0 and att.status.get("attacks", 0) == 0
    assert close_enough(hits, n, rows[-1].hit)


def test_seeded_exchanges_with_both_mastery_policies_follow_the_table():
    n = 2500
    ctx = seeded(23)
    build = AttackBuild(("P", "A"), "P")
    hits = ripostes = 0
    row = None
    for _ in range(n):
        att = make("att", level=2, chars={"P": 4, "A": 3}, stature=3, pa=5, pv=40)
        dfn = make("dfn", level=2, chars={"P": 4, "A": 4, "V": 3}, stature=3, pa=3, pv=40)
        if row is None:
            row = odds.attack_table(att, dfn, build, atk.attack_mods(att, build))[2]
            assert row.policy is not None and len(row.defence.chars) == 2
        chosen = DefenceBuild(row.defence.chars, damage=max(row.defence.chars, key=dfn.char))
        out = melee.exchange(ctx, att, dfn, build, lambda inc, r: chosen,
                             melee.Situation(reroll_below=row.policy))
        hits += out.hit
        ripostes += 40 - att.fig.vitality
    assert close_enough(hits, n, row.hit)
    assert abs(ripostes / n - row.riposte) < 0.25


def test_morale_odds_match_the_tests():
    from game.rulesets.kharn_ages import morale

    for t, thr, allies, leader, terror in [(4, 12, 0, False, True), (4, 12, 1, True, True),
                                           (2, 10, 2, False, False), (9, 10, 0, False, True)]:
        def run(ctx):
            f = make("f", chars={"T": t}, mastery=())
            return morale.temerity(ctx, f, "s", thr, allies=allies, leader=leader, terror=terror)
        seen = every_script(run, 10, 1).get(True, 0.0)
        assert odds.temerity_odds(t, thr, allies, leader, terror) == pytest.approx(seen)

    def fright(ctx):
        return morale.effroi(ctx, make("f", chars={"T": 3, "I": 4}, mastery=()), "w", 13, leader=True) is None
    assert odds.effroi_odds(3, 4, 13, leader=True) == pytest.approx(every_script(fright, 10, 2)[True]) == 0.6
    assert odds.temerity_odds(0, 30, rally=True) == 1.0


def test_a_supported_defence_lowers_the_odds():
    att = make("att", chars={"P": 5, "C": 5}, pa=5, mastery=())
    dfn = make("dfn", chars={"P": 4, "C": 3}, pa=1, mastery=())
    build = AttackBuild(("P", "C"), "C")
    alone = odds.attack_table(att, dfn, build, atk.attack_mods(att, build))
    helped = odds.attack_table(att, dfn, build, atk.attack_mods(att, build), defender_bonus=2)
    assert all(h.hit < a.hit for a, h in zip(alone, helped))
    assert helped[1].hit == pytest.approx(odds.hit_odds(Roller(1, 10), Roller(1, 4 + 2, mastery=False)).hit)


def test_the_defence_advisor_prices_pa_against_the_known_total():
    from game.rulesets.kharn_ages.defence import Incoming
    from game.rulesets.kharn_ages.dice import action_roll

    from ..shared.helpers import scripted

    att = make("att", chars={"P": 5, "C": 6}, pa=5, mastery=())
    dfn = make("dfn", chars={"P": 4, "C": 5, "V": 3, "A": 3}, pa=3, pv=10, mastery=())
    build = AttackBuild(("P", "C"), "C")
    inc = Incoming(("P", "C"), (5, 6), 2)
    low = action_roll(scripted(2), att, "attack", "melee", atk.attack_mods(att, build))      # 13
    advice = odds.advise_defence(att, dfn, build, low, inc)
    by_pa = {len(a.defence.chars): a for a in advice}
    assert by_pa[0].hold == pytest.approx(0.1 * 0.8)    # only a 10 whose re-roll adds 3 or more
    assert by_pa[1].hold == pytest.approx(0.3)          # C 5: 8, 9 or 10
    assert by_pa[2].defence.chars == ("C", "C") and by_pa[2].hold == pytest.approx(0.8)
    assert by_pa[3].hold == pytest.approx(0.9)          # C + C + P 14: anything but the EC
    assert by_pa[0].loss == pytest.approx(0.92 * 6)
    assert advice[0].score == min(a.score for a in advice)
    split = odds.parry_law(odds.Roller(1, 10), 13)
    assert by_pa[2].gain == pytest.approx(split[0] * 5 + (split[1] + split[2]) * (5 + 3))
    cheap = odds.advise_defence(att, dfn, build, low, inc, pa_value=0.0)
    assert len(cheap[0].defence.chars) == 3                # free PA: the surest, with a riposte
