"""Evenor's guided first game, headless: played to its end through the session with its
guide (a wrong action is refused with the lesson's reason, the opponent follows its
script), and in the window from the main menu with posted events."""
from __future__ import annotations

from types import SimpleNamespace

import pytest

from game.core.actions import Action
from game.core.errors import Refusal
from game.core.guide import Guide
from game.core.text import t
from tests.ui.guide_play import play_to_free


@pytest.fixture(scope="module")
def lesson():
    from game.ui.guided import lessons

    found = {le.id: le for le in lessons("evenor")}
    return found["premiere_partie"]



def test_the_lesson_plays_to_its_end_through_the_session(lesson):
    from game.ui.guided import guided_session

    s = guided_session(lesson, "en")
    g = s.guide
    refused, played = play_to_free(s, 25.0, done=lambda guide: guide.finished, limit=500)
    assert g.finished and s.over()
    assert s.engine.state.outcome is not None and s.engine.state.outcome.winner == 1
    assert refused >= 8 and played >= 12
    assert g.chapters_done() == [0, 1, 2, 3, 4, 5]


def test_each_step_explains_the_rolls_its_action_caused(lesson):
    from game.ui.guided import guided_session, play_until

    s = guided_session(lesson, "en")
    shoot = next(i for i, st in enumerate(lesson.steps) if st.after == "guide.evenor.shoot.after")
    assert play_until(s, shoot + 1)
    rules = [e.rule for e in s.guide.after.rolls]
    assert "shoot" in rules and "damage" in rules, rules
    shot = next(e for e in s.guide.after.rolls if e.rule == "shoot")
    assert ("cover", 2) in shot.mods


def test_a_chapter_starts_where_the_script_left_the_game(lesson):
    from game.ui.guided import guided_session

    starts = lesson.chapters()
    s = guided_session(lesson, "en", chapter=5)
    assert s.guide.index == starts[5][0] and s.guide.after is None
    state = s.engine.state
    assert state.figures["2.hiera"].out and not state.figures["1.phobos"].out
    assert state.activation is None and state.to_act == 2       # the Amazons' move: Thalestri's charge


def test_the_player_is_never_stuck_on_an_action_that_cannot_be_played():
    step = SimpleNamespace(expect=SimpleNamespace(kind="charge", actor="1.a", targets=None, value=None,
                                                  partners=None, into=None),
                           play=None, refuse="guide.evenor.melee.refuse2", after=None, chapter=None, until=None)
    guide = Guide(SimpleNamespace(steps=[step]), 25.0)
    from game.core.actions import ActionChoice

    charge = ActionChoice("charge", "1.a", targets=("2.b",), min_targets=1)
    other = Action("move", "1.a", path=((0.0, 0.0), (10.0, 0.0)))
    assert guide.screen([charge, ActionChoice("move", "1.a")], other) == Refusal("guide.evenor.melee.refuse2")
    assert guide.screen([ActionChoice("move", "1.a")], other) is None       # no charge possible now
    assert not guide.observe(other, [])
    assert guide.observe(Action("charge", "1.a", targets=("2.b",)), []) and guide.finished


def test_the_menu_opens_the_lessons_and_the_table_guides_the_player(make_app, lesson):
    from game.ui.scenes.end import EndScene
    from game.ui.scenes.menu import MainMenu
    from tests.ui.guide_play import open_lesson, window_play_until

    app = make_app(lang="fr")
    d, sc, g = open_lesson(app, "evenor", "guide.evenor.intro", 5, unfold=False)   # the first: open
    d.press("guide.continue")
    assert g.index == 1
    d.frames(2)
    assert sc.controller.selected == "1.ulysse"          # the figure the step is about
    d.press("activate.1")                                 # not what the lesson asks
    assert sc.controller.refused and sc.controller.message == t("guide.evenor.ladder.refuse", "fr")
    assert g.index == 1
    d.press("activate.2")
    d.frames(2)
    assert g.index == 2
    assert t("guide.evenor.ladder.after", "fr") in sc.lesson.lines
    assert t("why.dice", "fr", n=1, sides=6) in sc.lesson.lines        # the roll explained
    window_play_until(d, sc, lambda: g.finished)
    d.frames(3)
    assert g.finished and isinstance(app.top, EndScene)
    assert app.settings.lessons["evenor/premiere_partie"] == [0, 1, 2, 3, 4, 5]
    app.reset(MainMenu(app))
    d.press("menu.learn")
    keys = [b.key for b in d.buttons()]          # finished, it closes: the next one opens
    assert "lesson.evenor.premiere_partie.0" not in keys and "lesson.evenor.premiere_partie.open" in keys
    assert len(keys) < 20
    d.press("lesson.evenor.premiere_partie.open")
    assert d.button("lesson.evenor.premiere_partie.0").element.text.startswith("\u2713")


def test_progress_is_kept_in_the_settings(home, lesson):
    from game.ui.guided import guided_session, mark_progress, play_until
    from game.ui.settings import Settings

    s = guided_session(lesson, "en")
    settings = Settings()
    assert not mark_progress(settings, lesson, s.guide)          # nothing passed yet
    assert play_until(s, lesson.chapters()[2][0])
    assert mark_progress(settings, lesson, s.guide)
    settings.save()
    again = Settings.load()
    assert again.lessons == {"evenor/premiere_partie": [0, 1]}
    (home / "settings.json").write_text('{"lessons": {"evenor/x": [0, "a", 2], "bad": 3}}', encoding="utf-8")
    assert Settings.load().lessons == {"evenor/x": [0, 2]}


def test_the_box_says_when_the_lesson_and_the_game_part(make_app, lesson):
    from game.ui.guided import guided_session
    from game.ui.scenes.game import GameScene

    app = make_app(lang="en")
    session = guided_session(lesson, "en")
    scene = app.push(GameScene(app, session))
    session.proceed()
    g = session.guide
    scene.draw(app.screen)
    assert t("guide.box.stuck", "en") not in scene.lesson.lines
    g.index = next(i for i, st in enumerate(lesson.steps) if st.play is not None)   # the script says the opponent plays
    scene.lesson.invalidate()
    scene.draw(app.screen)
    assert session.human_to_decide() and t("guide.box.stuck", "en") in scene.lesson.lines
    assert session.submit(Action("activate", "1.ulysse", value=1)) is None      # the player plays on
