"""Lesson files (guided games) are validated like every data file: the bundled one passes,
a broken one is answered line by line with file:line:col."""
from pathlib import Path

from game.data import check_files, load_document
from game.data.paths import lesson_paths

BUNDLED = Path(__file__).resolve().parents[2] / "scenarios" / "lessons" / "evenor" / "premiere_partie.yaml"

GOOD = """\
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
  - chapter: guide.evenor.ch.ladder
    text: guide.evenor.intro
    highlight: {figures: [1.ulysse]}
  - text: guide.evenor.ladder
    expect: {kind: activate, actor: 1.ulysse, value: 2}
    refuse: guide.evenor.ladder.refuse
"""


def test_the_bundled_lesson_checks_ok():
    assert BUNDLED in lesson_paths("evenor")
    code, lines = check_files([str(BUNDLED)])
    assert code == 0, lines
    assert lines == [f"ok: {BUNDLED} (lesson evenor/premiere_partie)"]
    lesson = load_document(BUNDLED, expected_kind="lesson").model
    assert [key for _, key in lesson.chapters()] == [
        "guide.evenor.ch.ladder", "guide.evenor.ch.move", "guide.evenor.ch.shoot",
        "guide.evenor.ch.charge", "guide.evenor.ch.leader", "guide.evenor.ch.melee"]


def test_a_small_lesson_checks_ok(tmp_path):
    path = tmp_path / "essai.yaml"
    path.write_text(GOOD, encoding="utf-8")
    code, lines = check_files([str(path)])
    assert (code, lines) == (0, [f"ok: {path} (lesson evenor/essai)"])


def test_a_broken_lesson_is_answered_with_file_line_and_column(tmp_path):
    bad = (GOOD.replace("highlight: {figures: [1.ulysse]}", "highlight: {figures: [1.ulyse]}")
               .replace("refuse: guide.evenor.ladder.refuse", "refuse: guide.nowhere")
               .replace("  - text: guide.evenor.ladder\n", "  - text: guide.evenor.ladder\n    wait: 2\n"))
    path = tmp_path / "bad.yaml"
    path.write_text(bad, encoding="utf-8")
    code, lines = check_files([str(path)])
    assert code == 2
    assert lines == [f"{path}:17:5: steps[1].wait: unknown key 'wait' "
                     "(expected one of: after, chapter, expect, highlight, hints, play, refuse, text, until)"], lines
    path.write_text(bad.replace("    wait: 2\n", ""), encoding="utf-8")
    code, lines = check_files([str(path)])
    assert code == 2
    assert f"{path}:15:27: steps[0].highlight.figures[0]: unknown figure '1.ulyse'; did you mean '1.ulysse'?" \
        in lines, lines
    assert f"{path}:18:13: steps[1].refuse: text key 'guide.nowhere' is missing from the fr catalogue" \
        in lines, lines
    assert f"{path}:18:13: steps[1].refuse: text key 'guide.nowhere' is missing from the en catalogue" \
        in lines, lines


def test_a_lesson_naming_a_missing_scenario_or_both_expect_and_play(tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_text(GOOD.replace("scenario: premiere_partie", "scenario: premiere_parti"), encoding="utf-8")
    code, lines = check_files([str(path)])
    assert lines == [f"{path}:6:11: scenario: unknown scenario 'premiere_parti'; "
                     "did you mean 'premiere_partie'?"], lines
    both = GOOD.replace("    refuse: guide.evenor.ladder.refuse\n",
                        "    play: {kind: end}\n")
    path.write_text(both, encoding="utf-8")
    code, lines = check_files([str(path)])
    assert code == 2 and len(lines) == 1 and lines[0].startswith(f"{path}:16:5: steps[1]: a step has either")


def test_a_placement_of_a_figure_the_game_lacks_stops_the_lesson(tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_text(GOOD.replace("steps:\n", 'options:\n  placements: {"1.ulysses": [7, 5]}\nsteps:\n'),
                    encoding="utf-8")
    code, lines = check_files([str(path)])
    assert lines == [f"{path}:6:11: scenario: the game this lesson sets up cannot start (placements: "
                     "no figure '1.ulysses' or no [x, y] for it)"], lines
    path.write_text(GOOD.replace("steps:\n", 'options:\n  placements: {"1.ulysse": [1.5, 5]}\nsteps:\n'),
                    encoding="utf-8")
    assert check_files([str(path)])[0] == 0
