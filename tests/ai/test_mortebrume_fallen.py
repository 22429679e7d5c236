"""Fallen enemies are not worth an action (issue 17, moai8): a fighter out of combat can
neither act nor be helped and counts for nothing (last standing, the stone, physique
standing at the turn limit). The old planner scored finishing one off at 0.3 of its worth
with no risk nor threat: in a game lost to greedy (premiere_partie, seed 918, turn 3) the
Shimeian veteran took the hand to finish a fallen necromancer beside a wounded Thanigist
veteran, and was struck from behind by the lord after it. Normal and difficile strike a
standing enemy in at least 19 of 20 seeds (the test plays ten of them, for time); the old
habit (``finish_fallen``, kept by greedy and facile) finishes the necromancer off."""
from __future__ import annotations

from game.ai.agents import make_agent
from tests.ai.mortebrume_positions import solved
from tests.rulesets.mortebrume.sandbox import act, fig, sandbox, step

STANDING = ("lord", "vet", "rec", "rec2", "xbow")


def turn_three(activated: bool = True):
    """The position of the lost game (cm, facings in degrees), our veteran to act."""
    figs = [fig(1, "shimeien_seigneur", 13.67, 27.46, 338, name="mylord", spell_lost=True),
            fig(1, "shimeien_brumiste", 10.65, 9.84, 54, name="caller"),
            fig(1, "shimeien_veteran", 22.41, 14.49, 22, name="me"),
            fig(1, "shimeien_recrue", 17.02, 26.25, 357, name="myrec"),
            fig(1, "shimeien_archer", 3.39, 19.9, 177, name="archer"),
            fig(2, "thanigiste_seigneur", 29.63, 15.18, 185, name="lord"),
            fig(2, "thanigiste_necromant", 25.69, 13.5, 169, name="fallen"),
            fig(2, "thanigiste_veteran", 21.19, 24.48, 188, name="vet"),
            fig(2, "thanigiste_recrue", 34.08, 18.42, 157, name="rec"),
            fig(2, "thanigiste_arbaletrier", 28.43, 29.89, 198, name="xbow"),
            fig(2, "thanigiste_recrue", 25.42, 26.77, 184, name="rec2")]
    eng = sandbox(figs, mist=30, destiny=(2, 1))
    st = eng.state
    st.turn, st.max_turns = 3, 6
    st.figures["fallen"].vitality = 0
    st.figures["fallen"].out = True
    st.figures["vet"].vitality = 7
    if activated:
        step(eng, act("activate", "me"))
    return eng


def blow_on_standing(a) -> bool:
    return a.kind in ("strike", "shoot", "cast", "reserved") and bool(a.targets) \
        and a.targets[0] in STANDING


def test_the_veteran_strikes_a_standing_enemy_not_the_fallen():
    eng = turn_three()
    assert solved(eng, blow_on_standing, seeds=range(10)) >= 9
    assert solved(eng, blow_on_standing, level="ai:normal", seeds=range(10)) >= 9


def test_no_option_aims_at_the_fallen():
    eng = turn_three(activated=False)
    agent = make_agent("ai:normal", 0)
    agent.choose(eng)
    assert all("fallen" not in o["targets"] for o in agent.trace(50))
    eng = turn_three()
    agent.choose(eng)
    assert all("fallen" not in o["targets"] for o in agent.trace(50))


def test_control_the_old_habit_finishes_the_fallen_off():
    eng = turn_three()
    agent = make_agent("ai:normal", 0)
    agent.load("mortebrume")
    agent.profile["finish_fallen"] = True
    a = agent.choose(eng)
    assert a.targets == ("fallen",)
    greedy = make_agent("greedy", 0).choose(eng)
    assert greedy.targets == ("fallen",)
