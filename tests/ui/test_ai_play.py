"""Agents on screen, driven headless with posted events: an AI turn animated then skipped
with its recap, AI versus AI under pause / one decision / resume with no hand-off and the
end screen, the debug overlay of a real trace."""
from __future__ import annotations

import pygame
import pytest

from game.core.text import t
from tests.rulesets.evenor.sandbox import fig, sandbox
from tests.ui.driver import Driver


def table_scene(app, engine, players):
    from game.ui.scenes.game import GameScene
    from game.ui.session import Session

    session = Session(engine, players, lang=app.lang, seed=3)
    return app.push(GameScene(app, session))


def skirmish(seed: int | None = None):
    """Two figures a side, side 2 (the AI in these tests) decides first; without a seed
    every die is a 6, so an activation always goes on after its initiative tests."""
    figures = [fig(1, "ulysse", 4, 4), fig(1, "kara", 6, 3),
               fig(2, "thorvald", 16, 18), fig(2, "jorund", 19, 16)]
    if seed is not None:
        return sandbox(figures, to_act=2, seed=seed)
    return sandbox(figures, to_act=2, dice=[6] * 2000)


def mist_duel():
    """Mortebrume: one fighter a side in opposite corners, a thin mist, side 2 to activate
    its own fighter (which the person playing side 1 cannot see)."""
    from tests.rulesets.mortebrume.sandbox import fig as mb_fig
    from tests.rulesets.mortebrume.sandbox import sandbox as mb_sandbox

    engine = mb_sandbox([mb_fig(1, "shimeien_veteran", 10, 10, 0.0, name="A"),
                         mb_fig(2, "thanigiste_recrue", 70, 70, 180.0, name="Z")],
                        dice=[4] * 200, mist=15, to_act=2)
    engine.state.extras["imposed"] = True
    return engine


def frames_until(d, cond, limit: int = 600) -> int:
    for i in range(limit):
        if cond():
            return i
        d.frames(1)
    raise AssertionError("condition not reached")


@pytest.fixture
def versus_ai(make_app):
    app = make_app()
    app.settings.ai_speed = 1.0
    scene = table_scene(app, skirmish(), {1: "human", 2: "ai:normal"})
    return app, scene, Driver(app)


def test_ai_turn_animates_then_is_skipped_and_recapped(versus_ai):
    app, scene, d = versus_ai
    s = scene.session
    record = s.engine.record.actions
    assert s.decider() == 2 and not scene.interactive()
    frames_until(d, lambda: len(record) >= 1)
    assert scene.playback.deciding()                     # the AI's activation goes on
    start = {f.id: f.pos for f in s.engine.state.figures.values()}
    frames_until(d, lambda: scene.playback.motion is not None)   # a move, animated
    moving = scene.playback.moving()
    assert moving
    fid, (x, y, _) = next(iter(moving.items()))
    end = s.engine.state.figures[fid].pos
    assert (x, y) != end and min(start[fid][0], end[0]) - 1 <= x <= max(start[fid][0], end[0]) + 1
    done = len(record)
    d.press("ai.skip")                                   # the visible control
    assert scene.playback.motion is None                 # no animation any more
    frames_until(d, lambda: s.human_to_decide(), limit=200)
    played = list(record[done - 1 if done else 0:])
    assert len(record) > done
    # the recap opened by itself and lists every AI decision of that turn, in words
    assert scene.recap.open
    entries = scene.recap.entries
    ai_actions = [a for a, who in zip(record, s.deciders) if who == 2]
    assert [e["kind"] for e in entries] == [a.kind for a in ai_actions]
    text = scene.recap.text()
    names = {s.engine.state.figures[a.actor].name for a in ai_actions if a.actor}
    assert names and all(n in text for n in names)
    assert any(t(f"ai.decision.{e['decision']}", "fr") in text for e in entries if e["decision"])
    assert played
    # dismissed, then reopened from its tab on the table (the AI strip is gone meanwhile)
    d.press("recap.close")
    assert not scene.recap.open
    d.press("recap.open")
    assert scene.recap.open and scene.recap.entries == entries
    d.key(pygame.K_ESCAPE)
    assert not scene.recap.open
    assert scene.interactive()


def test_space_skips_the_ai_turn(versus_ai):
    app, scene, d = versus_ai
    s = scene.session
    frames_until(d, lambda: len(s.engine.record.actions) >= 1)
    d.key(pygame.K_SPACE)
    frames_until(d, lambda: s.human_to_decide(), limit=200)
    d.frames(2)                                          # the scene takes in the last decision
    assert scene.recap.open and scene.recap.entries


def test_ai_versus_ai_pause_step_resume_without_handoff(make_app):
    from game.ui.scenes.end import EndScene
    from game.ui.scenes.handoff import HandoffScene

    app = make_app()
    app.settings.ai_speed = 1.0
    scene = table_scene(app, skirmish(seed=4), {1: "ai:facile", 2: "ai:normal"})
    d = Driver(app)
    record = scene.session.engine.record.actions
    d.press("ai.pause")
    assert scene.playback.paused
    assert d.button("ai.pause").label == t("play.ai.resume", "fr")
    d.frames(90)
    assert len(record) == 0                              # paused: nothing played
    for n in (1, 2):
        d.press("ai.step")
        frames_until(d, lambda: len(record) >= n, limit=300)
        d.frames(60)
        assert len(record) == n                          # one decision a step
    d.key(pygame.K_n)                                    # the key steps too
    frames_until(d, lambda: len(record) >= 3, limit=300)
    d.key(pygame.K_p)                                    # resume
    assert not scene.playback.paused
    frames_until(d, lambda: len(record) >= 6, limit=900)
    seen = set()
    app.settings.ai_speed = 0.0                          # then to the end, at full speed
    d.frames(120)
    for _ in range(3000):
        seen.add(type(app.top).__name__)
        if isinstance(app.top, EndScene):
            break
        d.frames(1)
        assert scene.playback.motion is None             # speed 0: nothing animates
    assert isinstance(app.top, EndScene)
    assert HandoffScene.__name__ not in seen and seen <= {"GameScene", "EndScene"}


def test_debug_overlay_draws_the_real_trace(versus_ai):
    from game.ui.ai_overlay import RANK_COLOURS

    app, scene, d = versus_ai
    s = scene.session
    frames_until(d, lambda: len(s.engine.record.actions) >= 2)
    trace = s.last_trace
    assert trace and trace["side"] == 2 and trace["options"]
    assert trace["options"] == s.agents[2].trace(8)
    assert d.button("ai.debug").tooltip and "F3" in d.button("ai.debug").tooltip
    d.key(pygame.K_F3)
    assert scene.ai_overlay.on
    d.press("ai.pause")                                  # hold the trace still
    d.frames(2)
    markers = scene.ai_overlay.markers
    assert len(markers) == len(scene.ai_overlay.options()) > 0
    best = next(m for m in markers if m[2] == 0)
    assert best[1] == trace["options"][0]
    assert tuple(app.screen.get_at(best[0]))[:3] == RANK_COLOURS[0]
    d.move(best[0])
    got = scene.ai_overlay.hovered()
    assert got is not None and got[1] == 0
    lines = scene.ai_overlay.details(*got)
    assert t(f"ai.decision.{best[1]['decision']}", "fr") in lines[0]
    for key in best[1]["considerations"]:
        assert any(line.startswith(t(f"ai.input.{key}", "fr")) for line in lines)
    d.key(pygame.K_F3)
    assert not scene.ai_overlay.on and not scene.ai_overlay.markers


def test_recap_keeps_the_mist_secrets(make_app):
    """Mortebrume: what a fighter hidden in the mist did is not told, only that it acted."""
    app = make_app()
    scene = table_scene(app, mist_duel(), {1: "human", 2: "random"})
    s = scene.session
    d = Driver(app)
    frames_until(d, lambda: s.human_to_decide() and s.engine.record.actions, limit=200)
    d.frames(2)
    entries = s.last_recap
    moved = [e for e in entries if e.get("hidden")]
    assert moved and all(e["lines"] == [t("play.recap.hidden", "fr")] for e in moved)
    assert "Recrue thanigiste" not in scene.recap.text()
    assert not scene.recap.open or any(not e.get("hidden") for e in entries)


def test_the_recap_labels_decisions_but_not_the_end_of_an_activation():
    from game.ui.recap import entry_rows

    move = {"kind": "move", "actor": "Léonidas", "decision": "move", "lines": ["Léonidas avance"]}
    end = {"kind": "end", "actor": "Léonidas", "decision": "idle", "lines": []}
    assert t("ai.decision.move", "fr") in entry_rows(move, "fr")[0][0]
    (head, bold), = entry_rows(end, "fr")
    assert bold and t("ai.decision.idle", "fr") not in head and t("ui.action.end", "fr") in head
