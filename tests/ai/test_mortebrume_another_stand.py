"""A blow whose standing point has no way there is struck from another (issue 17, moai10).
In a game lost to greedy (premiere_partie, seed 903, turn 5) our Shimeian veteran's best
blow was on the Abelberian runesmith, in the forest behind the enemy recruit; the way to
each of the planner's standing points round it was blocked (the recruit, the forest's
double cost), and the veteran fell through to a poorer blow on the recruit, though the
rules' own approach points round the runesmith could be reached. Normal and difficile
strike the runesmith in at least 19 of 20 seeds; without the search for another standing
point the veteran strikes the recruit."""
from __future__ import annotations

from game.ai.agents import make_agent
from game.ai.mortebrume.options import Builder
from tests.ai.mortebrume_positions import solved
from tests.rulesets.mortebrume.sandbox import act, fig, rect, sandbox, step


def turn_five():
    """The position of the lost game (cm, facings in degrees), our veteran to act."""
    figs = [fig(1, "shimeien_seigneur", 31.37, 10.78, 204, name="mylord", stunned=True,
                destiny_used=True),
            fig(1, "shimeien_brumiste", 38.77, 26.82, 255, name="caller", activated=True),
            fig(1, "shimeien_veteran", 27.95, 7.69, 117, name="me", reserved_used=True,
                weapon="epee"),
            fig(1, "shimeien_archer", 35.78, 7.1, 297, name="archer", activated=True),
            fig(1, "shimeien_recrue", 45.31, 12.61, 38, name="myrec"),
            fig(2, "abelberien_chevalier", 28.15, 15.59, 311, name="knight", activated=True,
                struck=True, weapon="marteau"),
            fig(2, "abelberien_runiste", 18.25, 7.57, 1, name="runesmith", spell_lost=True,
                activated=True),
            fig(2, "abelberien_veteran", 25.07, 13.37, 345, name="vet", armour=2,
                destiny_used=True, activated=True, struck=True, weapon="marteau"),
            fig(2, "abelberien_recrue", 24.55, 9.26, 13, name="rec", activated=True,
                struck=True, weapon="masse")]
    eng = sandbox(figs, mist=20, terrain=[rect("wood", "foret", 16, 3, 10, 6)])
    st = eng.state
    st.turn, st.max_turns = 5, 6
    st.figures["mylord"].vitality = 3
    st.figures["archer"].vitality = 4
    st.figures["rec"].vitality = 6
    step(eng, act("activate", "me"))
    return eng


def on_runesmith(a) -> bool:
    return a.kind == "strike" and a.targets == ("runesmith",)


def test_the_veteran_finds_a_way_to_the_runesmith():
    eng = turn_five()
    assert solved(eng, on_runesmith, level="ai:normal") >= 19
    assert solved(eng, on_runesmith) >= 19


def test_control_without_another_standing_point_it_strikes_the_recruit(monkeypatch):
    eng = turn_five()
    monkeypatch.setattr(Builder, "another_stand", lambda self, *a: None)
    a = make_agent("ai:normal", 0).choose(eng)
    assert a.kind == "strike" and a.targets == ("rec",)
