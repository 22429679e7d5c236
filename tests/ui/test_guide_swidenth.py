"""Swidenth's guided first game, headless: the lesson validates, and it plays to its end
through the session with its guide (a wrong action is refused with the lesson's reason, the
opponent follows its script, the dice tell the story the texts tell), then on to the end of
the game in its last chapter, free play with hints; and the menu opens it in the window."""
from __future__ import annotations

from pathlib import Path

import pytest

from tests.ui.guide_play import free_step, play_free, play_to_free

LESSON = Path(__file__).resolve().parents[2] / "scenarios" / "lessons" / "swidenth" / "premiere_partie.yaml"
UNIT = 25.0     # mm per pas
PAS = 25.0


@pytest.fixture(scope="module")
def lesson():
    from game.ui.guided import lessons

    return {le.id: le for le in lessons("swidenth")}["premiere_partie"]


def test_the_lesson_checks_ok(lesson):
    from game.data import check_files

    code, lines = check_files([str(LESSON)])
    assert (code, lines) == (0, [f"ok: {LESSON} (lesson swidenth/premiere_partie)"])
    assert [key.rsplit(".", 1)[1] for _, key in lesson.chapters()] == [
        "phases", "prep", "melee", "outnumber", "recoil", "shoot", "free"]
    assert lesson.steps[-1].until == "end" and lesson.steps[-1].hints


def test_three_figures_a_side_need_the_small_warbands_option(lesson):
    """A warband has six figures at least (S-R22); the guided game's option waives that
    minimum only (S-R30)."""
    from game.core.engine import Engine
    from game.core.errors import UserError

    options = lesson.engine_options()
    options.pop("small_warbands")
    with pytest.raises(UserError, match="warband"):
        Engine.new("swidenth", lesson.scenario, lesson.seed, options)
    mixed = lesson.engine_options()
    mixed["rosters"] = {"1": ["centurion", "legionnaire", "brigand"], "2": mixed["rosters"]["2"]}
    with pytest.raises(UserError, match="warband"):
        Engine.new("swidenth", lesson.scenario, lesson.seed, mixed)
    engine = Engine.new("swidenth", lesson.scenario, lesson.seed, lesson.engine_options())
    assert sorted(f.side for f in engine.state.figures.values()) == [1, 1, 1, 2, 2, 2]


def test_the_lesson_plays_to_its_end_through_the_session(lesson):
    from game.ui.guided import guided_session

    s = guided_session(lesson, "en")
    g = s.guide
    refused, played = play_to_free(s, UNIT)
    assert g.index == free_step(lesson) and refused >= 6 and played == 3
    assert g.chapters_done() == list(range(6))
    state = s.engine.state
    figs = state.figures
    assert figs["s2_01_brigand"].out and not figs["s2_00_capitaine"].out
    assert figs["s1_01_legionnaire"].status["activated"] == 1
    table = s.engine.ruleset.table_for(state)
    assert table.distance("s2_00_capitaine", "s1_00_centurion") > PAS      # pushed back a pace
    assert state.turn == 1 and state.activation["side"] == 2                 # the slinger's troops phase
    # the last chapter: the player plays on (here an agent in its place) to the end of the game
    hints = play_free(s, 800)
    assert s.over() and g.finished and g.chapters_done() == list(range(7))
    assert ("initiative", "guide.sw.hint.initiative") in hints
    assert ("activate", "guide.sw.hint.activate") in hints


def test_the_rolls_tell_the_story(lesson):
    """What the texts say: 17 for the initiative; 16 + 2 against 10 + 1, stunned; 4 + 2 + 2
    against 2 + 1 - 4, out; the captain's 7 + 3 against 9 + 2, a recoil; the aimed arrow's
    4 + 1 + 1 + 2 against 1 + 4 (cover), a recoil."""
    from game.core.engine import Engine
    from game.core.events import DiceRolled, Note
    from game.ui.guided import guided_session, play_until

    s = guided_session(lesson, "en")
    assert play_until(s, free_step(lesson))
    again = Engine.new("swidenth", lesson.scenario, lesson.seed, lesson.engine_options())
    events = [e for a in s.engine.record.actions for e in again.step(a)]
    rolls = [e for e in events if isinstance(e, DiceRolled)]
    assert [(r.rule, r.faces[0], dict(r.mods)) for r in rolls] == [
        ("initiative", 17, {}),
        ("melee", 16, {"combat": 1, "concentration": 1}), ("melee", 10, {"combat": 0, "weapons": 1}),
        ("melee", 4, {"combat": 2, "outnumbering": 2}), ("melee", 2, {"combat": 0, "stunned": -4, "weapons": 1}),
        ("melee", 7, {"combat": 2, "weapons": 1}), ("melee", 9, {"combat": 2}),
        ("shot", 4, {"tir": 1, "range": 1, "aim": 2}), ("shot", 1, {"combat": 0, "cover": 4}),
    ]
    hits = [(n.args["who"], n.args["damage"], n.args["band"]) for n in events
            if isinstance(n, Note) and n.key == "sw.log.hit"]
    assert hits == [("s1_01_legionnaire", 9, "stunned"),
                    ("s1_00_centurion", 13, "wounded"), ("s1_00_centurion", 3, "recoil"),
                    ("s1_02_archer", 4, "recoil")]


def test_the_menu_opens_it_and_the_table_guides_the_player(make_app, lesson):
    from game.core.text import t
    from tests.ui.guide_play import open_lesson, window_play_until
    from tests.ui.test_swidenth_window import ctrl_click

    app = make_app(lang="fr")
    d, sc, g = open_lesson(app, "swidenth", "guide.sw.intro", 6)
    d.press("guide.continue")
    d.frames(2)
    d.press("initiative")
    d.frames(2)
    assert g.index == 2 and t("guide.sw.initiative.after", "fr") in sc.lesson.lines
    d.click(d.figure_pos(sc, "s1_00_centurion"))
    d.press("activate")                                   # alone: the lesson wants the legionary too
    assert sc.controller.refused and sc.controller.message == t("guide.sw.bubble.refuse", "fr")
    assert sc.session.engine.state.activation is None
    ctrl_click(d, d.figure_pos(sc, "s1_01_legionnaire"))
    d.press("activate")
    d.frames(2)
    assert g.index == 3 and set(sc.session.engine.state.activation["members"]) == {
        "s1_00_centurion", "s1_01_legionnaire"}
    outnumber = lesson.chapters()[3][0]
    window_play_until(d, sc, lambda: g.index >= outnumber, 100)     # on to the outnumbering chapter
    assert g.index == outnumber and t("guide.sw.outnumber", "fr") in sc.lesson.lines
    assert app.settings.lessons["swidenth/premiere_partie"] == [0, 1, 2]
    assert sc.session.engine.state.figures["s2_01_brigand"].status["stun"]   # the legionary stunned him
    d.click(d.figure_pos(sc, "s1_00_centurion"))
    d.press("move")
    d.click(d.world_pos(sc, 6.6 * PAS, 8.7 * PAS))      # the ring: the move stops on engaging
    d.frames(3)
    assert g.index == outnumber + 1 and t("guide.sw.outnumber.fight", "fr") in sc.lesson.lines
    table = sc.session.engine.ruleset.table_for(sc.session.engine.state)
    assert table.distance("s1_00_centurion", "s2_01_brigand") <= 0.5 * PAS + 1e-6      # engaged
