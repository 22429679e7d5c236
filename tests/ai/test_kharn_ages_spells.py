"""The Khârn-Ages AI and spells (K-R95): it casts when a spell pays (exact odds x value) and
keeps to its blade when it does not; it welcomes a friend's spell and defends against a
harmful one. (Whole games with magicians are played by ``main.py sim``.)"""
from __future__ import annotations

from game.ai.agents import make_agent
from game.ai.kharn_ages import casting as AC
from game.rulesets.kharn_ages import casting as CA
from game.rulesets.kharn_ages.cards import fighter
from tests.rulesets.kharn_ages.flow_helpers import act, engine, figure, game

SEEDS = range(3)
WITCH = dict(chars={"I": 5}, level=2, pa=5, mastery=(), skills={"magicien": None}, faction="fang",
             path="osteomancie", spells=("trait_arcanique", "os_brise"))


def choose(eng, seed: int):
    a = make_agent("ai:difficile", seed).choose(eng.view_for(eng.decider()))
    assert eng.check(a) is None
    return a


def witch_and(*foes):
    st = game(figure("w", 1, 3, 5, **WITCH), *foes)
    eng = engine(st)
    act(eng, "activate", "w")
    return eng


def test_it_casts_at_a_foe_it_cannot_reach_with_a_blade():
    eng = witch_and(figure("e", 2, 7, 5, chars={"I": 1}, pv=6))      # 4 toises off, frail, dull
    picks = [choose(eng, s) for s in SEEDS]
    assert all(a.kind == CA.CAST and a.targets == ("e",) for a in picks), picks


def test_a_cast_scores_its_exact_odds_times_its_value():
    eng = witch_and(figure("e", 2, 7, 5, chars={"I": 1}, pv=20))
    st = eng.state
    w, e = fighter(st, st.figures["w"]), fighter(st, st.figures["e"])
    prof = {"pa_price": 0.0, "kill_bonus": 0}
    from game.rulesets.kharn_ages import spell_odds as SO

    want = SO.works_chance(w, e, 2, 20, 0, 2) * 6
    assert AC.cast_score(st, w, e, "os_brise/1/2", prof, 0) == want
    bright = witch_and(figure("e", 2, 7, 5, chars={"I": 6}, pv=20))
    b = fighter(bright.state, bright.state.figures["e"])
    assert AC.cast_score(bright.state, w, b, "os_brise/1/2", prof, 0) < want    # a sharper mind resists


def test_it_welcomes_a_friends_spell_and_defends_against_a_foes():
    st = game(figure("w", 1, 3, 5, **WITCH), figure("e", 2, 7, 5, chars={"I": 4}, mastery=()))
    eng = engine(st, 9, 9)
    act(eng, "activate", "w")
    act(eng, CA.CAST, "w", targets=("e",), value="os_brise/1/3")          # 9 + 15 = 24 >= 20
    picks = [choose(eng, s) for s in SEEDS]
    assert all(a.kind == CA.RESIST and a.value in ("2", "3") for a in picks), picks
    st = game(figure("w", 1, 3, 5, **{**WITCH, "spells": ("egide",)}), figure("a", 1, 4, 5),
              figure("e", 2, 12, 5))
    eng = engine(st, 9, 9)
    act(eng, "activate", "w")
    act(eng, CA.CAST, "w", targets=("a",), value="egide/0/2")
    assert choose(eng, 0).value == CA.ACCEPT

