"""Mortebrume's guided first game, headless: the lesson validates, and it plays to its end
through the session with its guide (a wrong action is refused with the lesson's reason, the
opponent follows its script, the dice tell the story the texts tell), then on to the end of
the game in its last chapter, free play with hints."""
from __future__ import annotations

from pathlib import Path

import pytest

from game.data import check_files
from tests.ui.guide_play import free_step, play_free, play_to_free

LESSON = Path(__file__).resolve().parents[2] / "scenarios" / "lessons" / "mortebrume" / "premiere_partie.yaml"
UNIT = 10.0     # mm per cm


@pytest.fixture(scope="module")
def lesson():
    from game.ui.guided import lessons

    return {le.id: le for le in lessons("mortebrume")}["premiere_partie"]



def test_the_lesson_checks_ok(lesson):
    code, lines = check_files([str(LESSON)])
    assert (code, lines) == (0, [f"ok: {LESSON} (lesson mortebrume/premiere_partie)"])
    assert [key.rsplit(".", 1)[1] for _, key in lesson.chapters()] == [
        "mist", "hand", "intent", "back", "reach", "react", "destiny", "free"]
    assert lesson.steps[-1].until == "end" and lesson.steps[-1].hints



def test_the_lesson_plays_to_its_end_through_the_session(lesson):
    from game.rulesets.mortebrume import sight
    from game.ui.guided import guided_session

    s = guided_session(lesson, "en")
    g = s.guide
    state = s.engine.state
    table = s.engine.ruleset.table_for(state)
    assert state.extras["mist_cm"] == 20 and state.to_act == 1          # the Meleians hold the hand
    seen = sight.visible_to(state, table, 1)
    assert "2.thanigiste_veteran" not in seen and "2.thanigiste_recrue" in seen
    assert "1.meleien_recrue" not in sight.visible_to(state, table, 2)   # its back is turned

    def veteran_seen(s, step):
        if step.after == "guide.mb.veteran.after":
            assert "2.thanigiste_veteran" in sight.visible_to(s.engine.state, table, 1)

    refused, played = play_to_free(s, UNIT, after=veteran_seen)
    assert g.index == free_step(lesson) and refused >= 8 and played >= 9
    assert g.chapters_done() == list(range(7))
    state = s.engine.state
    figs = state.figures
    assert figs["2.thanigiste_recrue"].vitality == 2 and not figs["2.thanigiste_recrue"].out
    assert figs["1.gueorwen"].vitality == figs["1.gueorwen"].max_vitality      # healed
    assert state.turn == 3 and state.extras["destiny"]["1"] == 1      # both spent, a fresh one
    # the last chapter: the player plays on (here an agent in its place) to the end of the game
    hints = play_free(s, 500)
    assert s.over() and state.outcome.reason in ("last_standing", "turn_limit") and g.finished   # facile draws loosely
    assert g.chapters_done() == list(range(8))
    assert ("activate", "guide.mb.hint.activate") in hints and ("end", "guide.mb.hint.strike_at") in hints
    assert ("react", "guide.mb.hint.react") in hints


def test_the_rolls_tell_the_story(lesson):
    """What the texts say happened: the back strike's +3, the heavy blade striking in its
    band, the riposte out of band losing, the inspired strike with two dice."""
    from game.ui.guided import guided_session, play_until

    s = guided_session(lesson, "en")
    assert play_until(s, free_step(lesson))
    from game.core.engine import Engine
    from game.core.events import DiceRolled

    again = Engine.new("mortebrume", lesson.scenario, lesson.seed, lesson.engine_options())
    rolls = [e for a in s.engine.record.actions for e in again.step(a) if isinstance(e, DiceRolled)]
    strikes = [r for r in rolls if r.rule == "strike"]
    assert [dict(r.mods).get("back") for r in strikes] == [3, None, None, 3]
    assert not any(dict(r.mods).get("out_of_band") for r in strikes)
    dodges = [r for r in rolls if r.rule == "dodge"]
    assert strikes[0].result > dodges[0].result          # the blow from behind lands
    assert strikes[1].result <= dodges[1].result         # the veteran dodges Gueorwen
    assert strikes[3].result > dodges[2].result          # the inspired blow lands
    riposte = next(r for r in rolls if r.rule == "riposte")
    assert dict(riposte.mods)["out_of_band"] == -3
    assert len(strikes[-1].faces) == 2                 # inspired: its die once more


def test_the_opponent_approaches_an_attack_declared_by_contact_only(lesson):
    """The scripted opponent's strike names only its target: it walks into its weapon's
    band, not just into base contact."""
    from game.rulesets.mortebrume import stats
    from game.ui.guided import guided_session

    s = guided_session(lesson, "en", chapter=5)
    from game.ui.guided import agent_move

    for _ in range(4):                                 # the recruit's turn; activate, strike by "contact"
        assert agent_move(s)
    strike = s.engine.record.actions[-1]
    assert strike.kind == "strike" and strike.path          # it walked in to strike
    state = s.engine.state
    gap = s.engine.ruleset.table_for(state).distance("2.thanigiste_veteran", "1.gueorwen")
    assert stats.in_band("fleau", gap) and gap > 1.0


def test_the_menu_opens_it_and_the_table_guides_the_player(make_app, lesson):
    from game.core.text import t
    from tests.ui.guide_play import open_lesson, window_play_until

    app = make_app(lang="fr")
    d, sc, g = open_lesson(app, "mortebrume", "guide.mb.intro", 6)
    d.press("guide.continue")
    d.frames(2)
    d.press("activate")                                   # the recruit, as the lesson asks
    d.frames(2)
    assert g.index == 2 and t("guide.mb.hand.after", "fr") in sc.lesson.lines
    d.press("end")                                        # not what the lesson asks
    assert sc.controller.refused and sc.controller.message == t("guide.mb.intent.refuse", "fr")
    window_play_until(d, sc, lambda: g.waiting() == "free")
    assert g.waiting() == "free"
    assert app.settings.lessons["mortebrume/premiere_partie"] == list(range(7))
    for _ in range(60):                         # free play: the band gives a hint when the player decides
        if sc.session.human_to_decide():
            break
        d.frames(3)
    d.frames(2)
    kinds = [c.kind for c in sc.session.engine.legal_actions()]
    assert t(g.hint(kinds), "fr") in sc.lesson.lines and "guide.continue" not in [b.key for b in d.buttons()]
