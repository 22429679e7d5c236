"""Khârn-Ages's guided first game, headless: the lesson validates, and it plays to its end
through the session with its guide (a wrong action is refused with the lesson's reason, the
opponent follows its script, the dice tell the story the texts tell), then on to the end of
the game in its last chapter, free play with hints; and the menu opens it in the window."""
from __future__ import annotations

from pathlib import Path

import pytest

from tests.ui.guide_play import free_step, play_free, play_to_free

LESSON = Path(__file__).resolve().parents[2] / "scenarios" / "lessons" / "kharn_ages" / "premiere_partie.yaml"
TOISE = 40.0     # mm per toise


@pytest.fixture(scope="module")
def lesson():
    from game.ui.guided import lessons

    return {le.id: le for le in lessons("kharn_ages")}["premiere_partie"]


def test_the_lesson_checks_ok(lesson):
    from game.data import check_files

    code, lines = check_files([str(LESSON)])
    assert (code, lines) == (0, [f"ok: {LESSON} (lesson kharn_ages/premiere_partie)"])
    assert [key.rsplit(".", 1)[1] for _, key in lesson.chapters()] == [
        "pa", "walk", "zone", "attack", "mastery", "damage", "defence", "free"]
    assert lesson.steps[-1].until == "end" and lesson.steps[-1].hints


def test_the_lesson_plays_to_its_end_through_the_session(lesson):
    from game.ui.guided import guided_session

    s = guided_session(lesson, "en")
    g = s.guide

    def on_step(s, step):
        if step.expect.kind == "defend":               # the form names the attacker, not its id
            from game.rulesets.kharn_ages.forms import defence_layout

            choice = next(c for c in s.engine.legal_actions() if c.kind == "defend")
            assert defence_layout(s.engine.state, choice, "en").title == "Defend against Blackfang (total 16)"

    refused, played = play_to_free(s, TOISE, on_step)
    assert g.index == free_step(lesson) and refused >= 4 and played == 4
    assert g.chapters_done() == list(range(7))
    state = s.engine.state
    figs = state.figures
    squire, fang = figs["k1_01_ecuyer"], figs["k2_00_croc_noir"]
    assert fang.vitality < 16 and squire.vitality == 16          # the leather's 10 stopped it all
    assert int(squire.status["pa"]) == 0 and not fang.out
    assert squire.status.get("bleeding")                         # the axe's bleeding, armour or not
    # the last chapter: the player plays on (here an agent in its place) to the end of the game
    hints = play_free(s, 1500)
    assert s.over() and g.finished and g.chapters_done() == list(range(8))
    assert ("activate", "guide.ka.hint.activate") in hints


def test_the_rolls_tell_the_story(lesson):
    """What the texts say: the squire's 3 re-rolled by his mastery die into an 8 with V + C,
    the Blackfang's V + P defence short, the push of 1.5 toises; the assault's + 3 against the
    squire's V alone, and a 10 on his leather."""
    from game.core.engine import Engine
    from game.core.events import DiceRolled, Note
    from game.ui.guided import guided_session, play_until

    s = guided_session(lesson, "en")
    assert play_until(s, free_step(lesson))
    again = Engine.new("kharn_ages", lesson.scenario, lesson.seed, lesson.engine_options())
    events = [e for a in s.engine.record.actions for e in again.step(a)]
    rolls = [(r.rule, r.faces[0], dict(r.mods)) for r in events if isinstance(r, DiceRolled)]
    mastery = next(r for r in events if isinstance(r, DiceRolled) and r.rule == "attack.mastery")
    assert mastery.result == 8 + 5 + 3            # the roll as it now stands, not the die alone
    assert rolls == [
        ("attack", 3, {"V": 5, "C": 3}), ("attack.mastery", 8, {"V": 5, "C": 3}), ("defence", 3, {"V": 5, "P": 4}),
        ("armour", 7, {}),
        ("attack", 4, {"V": 5, "P": 4, "assault": 3}), ("defence", 6, {"V": 5}), ("armour", 10, {}),
    ]
    notes = [(n.key, n.args) for n in events if isinstance(n, Note)]
    assert ("ka.log.zone_stop", {"who": "k1_01_ecuyer", "by": "k2_00_croc_noir"}) in notes
    assert ("ka.log.pushed", {"who": "k2_00_croc_noir", "by": "k1_01_ecuyer", "toises": 1.5}) in notes
    paid = [n.args["pa"] for n in events if isinstance(n, Note) and n.key == "ka.log.paid"
            and n.args["who"] == "k1_01_ecuyer"]
    assert paid[:2] == [0, 1]                  # the first walk free, the second 1 PA


def test_the_menu_opens_it_and_the_table_guides_the_player(make_app, lesson):
    from game.core.text import t
    from tests.ui.guide_play import open_lesson

    app = make_app(lang="fr")
    d, sc, g = open_lesson(app, "kharn_ages", "guide.ka.intro", 7)
    d.press("guide.continue")
    d.frames(2)
    d.click(d.figure_pos(sc, "k1_00_guerrier_kharn"))
    d.press("activate")                                   # the warrior: the lesson wants the squire
    assert sc.controller.refused and sc.controller.message == t("guide.ka.activate.refuse", "fr")
    assert sc.session.engine.state.activation is None
    d.click(d.figure_pos(sc, "k1_01_ecuyer"))
    d.press("activate")
    d.frames(2)
    assert g.index == 2 and sc.session.engine.state.activation["figure"] == "k1_01_ecuyer"
    d.press("walk")
    d.click(d.world_pos(sc, 5 * TOISE, 4.5 * TOISE))
    d.frames(3)
    assert g.index == 3 and t("guide.ka.zone", "fr") in sc.lesson.lines
    assert app.settings.lessons["kharn_ages/premiere_partie"] == [0, 1]
    d.press("walk")
    d.click(d.world_pos(sc, 5 * TOISE, 5.5 * TOISE))
    d.frames(3)
    assert g.step.expect.kind == "attack" and g.step.expect.value    # a build no quick button makes:
    assert [b.key for b in sc.lesson._glowing()] == ["attack.builder"]   # the builder glows, alone
    d.press("attack.builder")
    d.press("target.k2_00_croc_noir")
    form = sc.controller.building.form
    assert form.layout.marked == g.step.expect.value                 # its chips are the ones marked
    assert form.value != form.layout.marked                          # for the player to click
    assert {(r.field, c.key) for r in form.rows() for c in r.chips if c.marked} >= {("damage", "V")}
