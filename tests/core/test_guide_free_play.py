"""A lesson's free-play step (``until: end``): checked like every step, it refuses nothing,
gives the hint of the first kind it names that the player may play, and passes when the
game is over."""
from __future__ import annotations

from types import SimpleNamespace

from game.core.actions import Action
from game.core.guide import Guide
from game.data import check_files

LESSON = """\
kind: lesson
ruleset: evenor
id: essai
title: guide.evenor.title
summary: guide.evenor.summary
scenario: premiere_partie
seed: 1029
side: 1
rosters:
  1: [leonidas, ulysse, phobos]
  2: [asteria, hiera, thalestri]
steps:
  - text: guide.evenor.intro
  - chapter: guide.mb.ch.free
    text: guide.mb.done
    until: end
    hints: {react: guide.mb.hint.react, activate: guide.mb.hint.activate, end: guide.mb.hint.end}
"""


def test_a_free_play_step_checks_ok_and_a_bad_one_is_named(tmp_path):
    path = tmp_path / "ok.yaml"
    path.write_text(LESSON, encoding="utf-8")
    assert check_files([path])[0] == 0
    bad = LESSON.replace("    until: end\n", "    until: end\n    expect: {kind: end}\n") \
        .replace("end: guide.mb.hint.end}", "end: guide.mb.hint.nulle}")
    path.write_text(bad, encoding="utf-8")
    code, lines = check_files([path])
    text = "\n".join(lines)
    assert code == 2 and "waits for no action" in text
    path.write_text(LESSON.replace("end: guide.mb.hint.end}", "end: guide.mb.hint.nulle}"), encoding="utf-8")
    code, lines = check_files([path])
    assert code == 2 and any(":17:80: steps[1].hints.end:" in ln and "guide.mb.hint.nulle" in ln for ln in lines), lines
    path.write_text(LESSON.replace("    until: end\n", ""), encoding="utf-8")
    code, lines = check_files([path])
    assert code == 2 and any("'hints' only go with a free-play step" in ln for ln in lines), lines


def test_free_play_refuses_nothing_hints_and_ends_with_the_game(tmp_path):
    from game.data import load_document

    path = tmp_path / "ok.yaml"
    path.write_text(LESSON, encoding="utf-8")
    lesson = load_document(path, expected_kind="lesson").model
    g = Guide(lesson, 25.0)
    assert g.waiting() == "continue" and g.hint(["activate"]) is None and not g.game_over()
    assert g.proceed() and g.waiting() == "free"
    assert g.screen([], Action("end")) is None                        # anything goes
    assert not g.observe(Action("end"), []) and g.waiting() == "free"   # no action ends it
    assert g.hint(["end", "activate", "react"]) == "guide.mb.hint.react"     # the lesson's order
    assert g.hint(["move", "end"]) == "guide.mb.hint.end" and g.hint(["move"]) is None
    assert g.chapters_done() == []
    assert g.game_over() and g.finished and g.chapters_done() == [0]
    assert g.waiting() is None and not g.game_over()


def test_the_session_passes_the_free_step_when_the_game_ends():
    from game.ui.guided import guided_session, lessons

    lesson = {le.id: le for le in lessons("mortebrume")}["premiere_partie"]
    s = guided_session(lesson, "en", chapter=len(lesson.chapters()) - 1)
    g = s.guide
    assert g.waiting() == "free" and not s.over()
    ended = SimpleNamespace(winner=1, reason="last_standing", scores=(0.0, 0.0))
    choice = next(c for c in s.engine.legal_actions() if c.kind == "end" or not c.move)
    s.engine.state.outcome = ended                  # as if this decision ended the game
    s._absorb([], Action(choice.kind, choice.actor))
    assert g.finished and s.over()
