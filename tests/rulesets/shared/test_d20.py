"""D20 laws against the 400-case enumeration, the design note's closed form, the resolvers
with scripted dice (every face pair) and seeded dice (sampling)."""
from __future__ import annotations

import itertools

import pytest

from game.core.events import DiceRolled
from game.rulesets._shared import d20
from game.rulesets._shared.d20 import CRIT, Crits

from .helpers import close_enough, every_script, scripted, seeded

RULES = [Crits(), Crits(crit_wins=True), Crits(fumble_loses=True),
         Crits(crit_from=19, fumble_to=2, crit_wins=True, fumble_loses=True)]


def brute_opposed(am: int, dm: int, crits: Crits):
    """Every face pair, decided as written: a critical wins, then a fumble loses (when the
    rules say so), else the higher total; the natural faces flagged."""
    win = tie = lose = win_crit = lose_crit = att_f = dfn_f = 0
    for fa, fd in itertools.product(range(1, 21), repeat=2):
        ca, cd = fa >= crits.crit_from, fd >= crits.crit_from
        ua, ud = fa <= crits.fumble_to, fd <= crits.fumble_to
        if crits.crit_wins and ca != cd:
            w = 1 if ca else -1
        elif crits.fumble_loses and ua != ud:
            w = -1 if ua else 1
        else:
            w = (fa + am > fd + dm) - (fa + am < fd + dm)
        win += w == 1
        tie += w == 0
        lose += w == -1
        win_crit += w == 1 and ca
        lose_crit += w == -1 and cd
        att_f += ua
        dfn_f += ud
    return [x / 400 for x in (win, tie, lose, win_crit, lose_crit, att_f, dfn_f)]


@pytest.mark.parametrize("crits", RULES)
@pytest.mark.parametrize("am,dm", [(0, 0), (3, 0), (0, 7), (5, 2), (25, 0), (-4, 22), (6, 6)])
def test_opposed_odds_match_the_enumeration(am, dm, crits):
    o = d20.opposed_odds(am, dm, crits)
    got = [o.win, o.tie, o.lose, o.win_crit, o.lose_crit, o.att_fumble, o.dfn_fumble]
    assert got == pytest.approx(brute_opposed(am, dm, crits), abs=1e-12)
    assert o.win + o.tie + o.lose == pytest.approx(1.0)


@pytest.mark.parametrize("d", range(0, 21))
def test_plain_law_is_the_design_note_closed_form(d):
    o = d20.opposed_odds(d, 0)
    assert o.win == pytest.approx(1 - (20 - d) * (21 - d) / 800, abs=1e-12)
    assert o.tie == pytest.approx((20 - d) / 400, abs=1e-12)
    mirror = d20.opposed_odds(0, d)
    assert mirror.lose == pytest.approx(o.win, abs=1e-12) and mirror.tie == pytest.approx(o.tie, abs=1e-12)


def test_critical_outcomes_are_apart_from_the_totals():
    """Plain rules: a natural 20 that still loses is no critical win; a big modifier wins
    even on a natural 1 of its own."""
    o = d20.opposed_odds(0, 25)
    assert o.win == 0.0 and o.win_crit == 0.0 and o.lose_crit == pytest.approx(1 / 20)
    assert d20.opposed_odds(0, 25, Crits(crit_wins=True)).win == pytest.approx(19 / 400)
    assert d20.opposed_odds(30, 0).win == 1.0
    assert d20.opposed_odds(30, 0, Crits(fumble_loses=True)).lose == pytest.approx(19 / 400)


@pytest.mark.parametrize("diff", [-6, 0, 4])
def test_joint_law_sums_to_the_gap_distribution(diff):
    law = d20.opposed_law(diff)
    assert sum(law.values()) == pytest.approx(1.0)
    for gap in (-3, 0, 5):
        brute = sum(1 for fa, fd in itertools.product(range(1, 21), repeat=2) if fa + diff - fd == gap) / 400
        assert sum(p for (_, g, _, _), p in law.items() if g == gap) == pytest.approx(brute)
    # the winner's natural 20 with a gap of 9 or more: e.g. a Swidenth damage band with the +3
    brute = sum(1 for fd in range(1, 21) if 20 + diff - fd >= 9) / 400
    assert sum(p for (w, g, ka, _), p in law.items() if w == "att" and ka == CRIT and g >= 9) == pytest.approx(brute)


@pytest.mark.parametrize("crits", RULES)
@pytest.mark.parametrize("mod,difficulty", [(0, 11), (3, 8), (-2, 20), (12, 10), (0, 25)])
def test_target_odds_match_the_enumeration(mod, difficulty, crits):
    o = d20.target_odds(mod, difficulty, crits)
    ok = [f for f in range(1, 21)
          if (crits.crit_wins and f >= crits.crit_from)
          or (not (crits.fumble_loses and f <= crits.fumble_to) and f + mod >= difficulty)]
    assert o.success == pytest.approx(len(ok) / 20)
    assert o.crit_success == pytest.approx(sum(1 for f in ok if f >= crits.crit_from) / 20)
    assert o.fumble == pytest.approx(crits.fumble_to / 20)


@pytest.mark.parametrize("crits", [Crits(), Crits(crit_from=19, crit_wins=True, fumble_loses=True)])
def test_the_resolver_over_every_face_pair_is_the_law(crits):
    def run(ctx):
        r = d20.roll_opposed(ctx, "melee", "a", "b", [("combat", 4)], [("combat", 1), ("cover", 2)], crits=crits)
        return r.winner, r.gap, crits.face(r.att.face), crits.face(r.dfn.face)

    got = every_script(run, 20, 2)
    law = d20.opposed_law(1, crits)
    assert set(got) == set(law)
    for key, p in law.items():
        assert got[key] == pytest.approx(p, abs=1e-12)


def test_an_opposed_roll_is_two_events_with_the_naturals_marked():
    ctx = scripted(20, 1)
    r = d20.roll_opposed(ctx, "melee", "a", "b", [("combat", 2)], [("combat", 3)])
    assert (r.winner, r.gap, r.crit, r.att.crit, r.dfn.fumble) == ("att", 18, True, True, True)
    ea, ed = ctx.events
    assert isinstance(ea, DiceRolled)
    assert (ea.who, ea.against, ea.sides, ea.faces, ea.result) == ("a", "b", 20, (20,), 22)
    assert (ea.crit, ea.fumble, ed.crit, ed.fumble) == ((0,), (), (), (0,))
    assert ed.mods == (("combat", 3),) and ed.result == 4
    tie = d20.roll_opposed(scripted(10, 9), "shot", "a", "b", [("tir", 0)], [("combat", 1)])
    assert tie.winner is None and tie.gap == 0 and not tie.crit


def test_a_test_event_shows_the_face_needed_and_the_success():
    ctx = scripted(5, 4)
    assert d20.roll_test(ctx, "a", "bravery", 8, [("bravoure", 3)]).success
    assert not d20.roll_test(ctx, "a", "bravery", 8, [("bravoure", 3)]).success
    e = ctx.events[0]
    assert (e.target, e.result, e.faces) == (5, True, (5,))
    nat = d20.roll_test(scripted(20), "a", "bravery", 30, crits=Crits(crit_wins=True))
    assert nat.success and nat.roll.crit


def test_seeded_dice_follow_the_law():
    ctx, n = seeded(2024), 3000
    counts = {"att": 0, None: 0, "dfn": 0, "crit": 0, "fumble": 0}
    for _ in range(n):
        r = d20.roll_opposed(ctx, "melee", "a", "b", [("combat", 3)], [("combat", 1)])
        counts[r.winner] += 1
        counts["crit"] += r.winner == "att" and r.crit
        counts["fumble"] += r.att.fumble
    o = d20.opposed_odds(3, 1)
    assert close_enough(counts["att"], n, o.win) and close_enough(counts[None], n, o.tie)
    assert close_enough(counts["crit"], n, o.win_crit) and close_enough(counts["fumble"], n, o.att_fumble)
