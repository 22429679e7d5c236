"""Bonus / Malus's guided first game, headless: the lesson validates, and it plays to its end
through the session with its guide (a wrong action is refused with the lesson's reason, the
opponent follows its script, the dice tell the story the texts tell), then on to the end of
the game in its last chapter, free play with hints; and the menu opens it in the window."""
from __future__ import annotations

from pathlib import Path

import pytest

from tests.ui.guide_play import free_step, play_free, play_to_free

LESSON = Path(__file__).resolve().parents[2] / "scenarios" / "lessons" / "bonus_malus" / "premiere_partie.yaml"
UNIT = 25.0     # mm per pas


@pytest.fixture(scope="module")
def lesson():
    from game.ui.guided import lessons

    return {le.id: le for le in lessons("bonus_malus")}["premiere_partie"]


def test_the_lesson_checks_ok(lesson):
    from game.data import check_files

    code, lines = check_files([str(LESSON)])
    assert (code, lines) == (0, [f"ok: {LESSON} (lesson bonus_malus/premiere_partie)"])
    assert [key.rsplit(".", 1)[1] for _, key in lesson.chapters()] == [
        "pick", "actions", "levels", "saves", "facing", "melee", "morale", "free"]
    assert lesson.steps[-1].until == "end" and lesson.steps[-1].hints


def test_the_lesson_plays_to_its_end_through_the_session(lesson):
    from game.core.events import Note
    from game.ui.guided import guided_session

    s = guided_session(lesson, "en")
    g = s.guide
    refused, played = play_to_free(s, UNIT)
    assert g.index == free_step(lesson) and refused >= 6 and played == 5
    assert g.chapters_done() == list(range(7))
    state = s.engine.state
    figs = state.figures
    assert figs["b2_00_milicien"].out and figs["b2_01_recrue"].out
    assert not any(f.out for f in figs.values() if f.side == 1)
    assert 30 < figs["b1_00_grenadier"].facing < 90           # turned to the recruit that touched it
    # aiming twice is not offered: never twice the same type in one activation (B-R10)
    aims = [a for a in s.engine.record.actions if a.kind == "aim"]
    assert len(aims) == 1
    # the last chapter: the player plays on (here an agent in its place) to the end of the game
    hints = play_free(s, 800)
    assert s.over() and g.finished and g.chapters_done() == list(range(8))
    assert ("activate", "guide.bm.hint.activate") in hints
    # the medic, its team demoralised, tested its Nerve when it next activated
    from game.core.engine import Engine

    again = Engine.new("bonus_malus", lesson.scenario, lesson.seed, lesson.engine_options())
    events = [e for a in s.engine.record.actions for e in again.step(a)]
    nerve = [e for e in events if isinstance(e, Note) and e.key in ("bm.log.morale_held", "bm.log.flees_for_good")
             and e.args["who"] == "b2_02_infirmier"]
    activated = any(a.kind == "activate" and a.actor == "b2_02_infirmier" for a in s.engine.record.actions)
    assert activated and len(nerve) == 1, nerve


def test_the_rolls_tell_the_story(lesson):
    """What the texts say: Initiative 3 against 1; the aimed shot's 3 and 4, the save's 3, the
    rifle's damage 3 and 4; Initiative− 5 and 1 against 6 and 4; the recruit's fight (5 and 6
    against 3 and 1), the grenadier's save (2, 3, 2) and the club's damage (6 and 2); the
    brute's 4 against 1, 6 and 4, its damage 1 and 5."""
    from game.core.engine import Engine
    from game.core.events import DiceRolled
    from game.ui.guided import guided_session, play_until

    s = guided_session(lesson, "en")
    assert play_until(s, free_step(lesson))
    again = Engine.new("bonus_malus", lesson.scenario, lesson.seed, lesson.engine_options())
    rolls = [e for a in s.engine.record.actions for e in again.step(a) if isinstance(e, DiceRolled)]
    assert [(r.who, r.rule, r.faces, r.result, sum(v for _, v in r.mods)) for r in rolls] == [
        ("b1_00_grenadier", "initiative", (3,), 3, 0), ("b2_00_milicien", "initiative", (1,), 1, 0),
        ("b1_00_grenadier", "shot", (3, 4), 4, 1), ("b2_00_milicien", "save", (3,), 3, 0),
        ("b1_00_grenadier", "damage", (3, 4), 4, 1),
        ("b1_01_brute", "initiative", (5, 1), 1, -1), ("b2_01_recrue", "initiative", (6, 4), 4, -1),
        ("b2_01_recrue", "combat", (5, 6), 5, -1), ("b1_00_grenadier", "combat", (3, 1), 1, -1),
        ("b1_00_grenadier", "save", (2, 3, 2), 2, -2), ("b2_01_recrue", "damage", (6, 2), 2, -1),
        ("b2_01_recrue", "assommoir", (2, 2, 6), 2, -2),
        ("b1_01_brute", "combat", (4,), 4, 0), ("b2_01_recrue", "combat", (1, 6, 4), 1, -2),
        ("b1_01_brute", "damage", (1, 5), 5, 1),
    ]


def test_the_menu_opens_it_and_the_table_guides_the_player(make_app, lesson):
    from pygame_gui.elements import UIScrollingContainer

    from game.core.text import t
    from game.rulesets.bonus_malus import actions as A
    from game.ui.scenes.lessons import LessonsScene
    from game.ui.scenes.menu import MainMenu
    from tests.ui.driver import Driver
    from tests.ui.guide_play import open_lesson, window_play_until

    app = make_app(lang="fr")
    app.reset(MainMenu(app))
    d = Driver(app)
    d.frames(2)
    d.press("menu.learn")                       # the list fits the window, with no scrolling
    assert isinstance(app.top, LessonsScene)
    d.press("lesson.bonus_malus.premiere_partie.open")
    assert not any(isinstance(e, UIScrollingContainer) for e in app.ui.get_sprite_group().sprites())
    assert app.screen.get_rect().contains(d.button("lesson.bonus_malus.premiere_partie").rect)
    d, sc, g = open_lesson(app, "bonus_malus", "guide.bm.intro", 7)
    d.press("guide.continue")
    d.frames(2)
    d.press("pick.b1_01_brute")                           # not the figure the lesson asks for
    assert sc.controller.refused and sc.controller.message == t("guide.bm.pick.refuse", "fr")
    assert g.index == 1 and sc.session.engine.state.pending[-1].side == 1
    d.press("pick.b1_00_grenadier")
    d.frames(2)
    melee = lesson.chapters()[5][0] + 1         # the brute's turn, after the recruit's fight
    window_play_until(d, sc, lambda: g.index >= melee, 100)     # on to the melee chapter
    assert g.index == melee and sc.session.engine.state.figures["b2_00_milicien"].out
    assert t("guide.bm.brute", "fr") in sc.lesson.lines
    d.press("activate")
    d.frames(2)
    assert t("guide.bm.brute.move", "fr") in sc.lesson.lines
    d.click(d.figure_pos(sc, "b1_01_brute"))
    d.press("move")
    x, y = d.figure_pos(sc, "b2_01_recrue")
    d.click((x + 10, y - 3))             # on the recruit's base, east of its centre: into contact
    d.click((x - 40, y))                 # facing west, towards it
    d.frames(3)
    state = sc.session.engine.state
    table = sc.session.engine.ruleset.table_for(state)
    assert [f.id for f in A.engaged(state, table, state.figures["b1_01_brute"])] == ["b2_01_recrue"]
    assert t("guide.bm.melee", "fr") in sc.lesson.lines
    d.press("fight")
    d.click((x, y))                      # the recruit, the fight's target
    d.frames(3)
    assert state.figures["b2_01_recrue"].out and t("guide.bm.melee.after", "fr") in sc.lesson.lines
    assert app.settings.lessons["bonus_malus/premiere_partie"] == [0, 1, 2, 3, 4, 5]
