"""The "why?" box's computation of a roll (game.core.roll_why), on Evenor's rolls."""
from __future__ import annotations

import pytest

from game.core.events import DiceRolled
from game.core.roll_why import binomial_at_least, explain
from game.core.text import t
from game.rulesets.evenor.presentation import EvenorInfo


@pytest.fixture(scope="module")
def info():
    return EvenorInfo()


def test_binomial_tail_against_enumeration():
    from itertools import product

    n, p = 3, 0.5
    counts = [0] * (n + 1)
    for faces in product(range(1, 7), repeat=n):
        counts[sum(1 for f in faces if f >= 4)] += 1
    tails = [sum(counts[k:]) / 6 ** n for k in range(n + 1)]
    assert binomial_at_least(n, p) == pytest.approx(tails)


def test_a_test_die_shows_its_number_its_result_and_its_chance(info):
    roll = DiceRolled(who="a", rule="initiative", sides=6, faces=(2,), target=3, result=False,
                      mods=(("rank", 2),))
    lines = explain(roll, info, "fr", said="Kara — test")
    assert lines[0] == "Kara — test"
    assert t("why.target", "fr", target=3) in lines
    assert t("why.result", "fr", result=t("why.result.failure", "fr")) in lines
    assert t("why.no_mods", "fr") in lines                 # the ladder's rank is no modifier
    chance = "  " + t("why.chance", "fr", what=t("why.ev.success", "fr", target=3), p="67\u00a0%")
    assert chance in lines


def test_a_pool_shows_each_die_each_modifier_and_its_tail(info):
    roll = DiceRolled(who="a", rule="shoot", sides=6, faces=(6, 1, 4), target=4, result=2,
                      mods=(("long_range", 1), ("aimed", -1)))
    lines = explain(roll, info, "en")
    assert "  " + t("why.die", "en", n=2, face=1, sides=6) + " — " + t("why.ev.missed", "en") in lines
    assert "  " + t("why.die", "en", n=1, face=6, sides=6) + " — " + t("why.ev.reached", "en") in lines
    assert "  " + t("log.mod.harder", "en", name=t("mod.long_range", "en"), n=1) in lines
    assert "  " + t("log.mod.easier", "en", name=t("mod.aimed", "en"), n=1) in lines
    p1, p2 = binomial_at_least(3, 0.5)[1:3]
    assert "  " + t("why.chance", "en", what=t("why.ev.at_least", "en", k=1), p=f"{round(100 * p1)}\u00a0%") in lines
    assert "  " + t("why.chance", "en", what=t("why.ev.at_least", "en", k=2), p=f"{round(100 * p2)}\u00a0%") in lines


def test_marks_and_a_roll_without_exact_chances():
    from game.core.presentation import Presentation

    roll = DiceRolled(who="a", rule="x", sides=10, faces=(3, 10, 1), target=None, result=10,
                      kept=(1,), crit=(1,), fumble=(2,))
    lines = explain(roll, Presentation(), "en")
    die2 = "  " + t("why.die", "en", n=2, face=10, sides=10)
    assert die2 + " — " + ", ".join([t("why.mark.kept", "en"), t("why.mark.crit", "en")]) in lines
    assert "  " + t("why.die", "en", n=3, face=1, sides=10) + " — " + ", ".join(
        [t("why.mark.fumble", "en"), t("why.mark.dropped", "en")]) in lines
    assert lines[-1] == t("why.no_odds", "en")


def test_a_mortebrume_aptitude_roll_against_its_exact_law():
    from itertools import product

    from game.rulesets.mortebrume.presentation import MortebrumeInfo

    # aptitude 14: two D8, +14, a -2 malus; rolled 8 and 3 -> 14 + 11 - 2 = 23
    roll = DiceRolled(who="a", rule="strike", sides=8, faces=(8, 3), target=None, result=23,
                      mods=(("aptitude", 14), ("out_of_band", -2)))
    info = MortebrumeInfo()
    rows = dict(info.roll_chances(roll, "en"))
    faces = list(product(range(1, 9), repeat=2))
    at_least = sum(1 for f in faces if 14 + sum(f) - 2 >= 23) / len(faces)
    special = sum(1 for f in faces if 6 in f or 8 in f) / len(faces)
    assert rows[t("why.mb.at_least", "en", total=23)] == pytest.approx(at_least)
    assert rows[t("why.mb.special", "en")] == pytest.approx(special)
    assert rows[t("why.mb.fumble", "en")] == pytest.approx(1 / 64)
    lines = explain(roll, info, "en")
    assert "  " + t("why.die", "en", n=1, face=8, sides=8) + " — " + t("why.mb.special_die", "en") in lines
    assert "  " + t("why.mb.aptitude", "en", n=14) in lines


def test_swidenth_d20_rolls_against_enumeration():
    from game.rulesets.swidenth.presentation import SwidenthInfo

    info = SwidenthInfo()
    # a Bravoure test of difficulty 8 with +1 and a stun token (-4): the natural 11 needed
    test = DiceRolled(who="a", rule="bravoure", sides=20, faces=(12,), target=11, result=True,
                      mods=(("bravoure", 1), ("stunned", -4)))
    ((what, p),) = info.roll_chances(test, "en")
    assert what == t("why.sw.test", "en", n=8)
    assert p == pytest.approx(sum(1 for f in range(1, 21) if f + 1 - 4 >= 8) / 20)
    # one D20 of an opposed melee roll: 14 + 3 = 17
    opposed = DiceRolled(who="a", rule="melee", sides=20, faces=(14,), target=None, result=17,
                         mods=(("combat", 3),), against="b")
    ((what, p),) = info.roll_chances(opposed, "en")
    assert what == t("why.sw.at_least", "en", total=17) and p == pytest.approx(7 / 20)
    assert "  " + info.mod_row("combat", 3, "en") in explain(opposed, info, "en")
