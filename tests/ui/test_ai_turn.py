"""The AI's turn does not block the table: its recap is a panel docked beside the table
(the whole table stays in view and answers clicks), the camera follows the AI's moves
unless the person moved it, the AI's last move stays marked on the table until the person
acts, the recap tells a failed activation roll, and the AI controls show only while the AI
decides."""
from __future__ import annotations

import pygame
import pytest

from game.core.events import Moved
from game.core.text import t
from game.ui import theme
from tests.rulesets.evenor.sandbox import fig, sandbox
from tests.ui.driver import Driver
from tests.ui.test_ai_play import frames_until, skirmish, table_scene


@pytest.fixture
def after_ai(make_app):
    """The AI (side 2) has played its first activation; the person (side 1) decides."""
    app = make_app()
    app.settings.ai_speed = 1.0
    scene = table_scene(app, skirmish(), {1: "human", 2: "ai:normal"})
    d = Driver(app)
    frames_until(d, lambda: scene.session.human_to_decide(), limit=900)
    d.frames(3)
    return app, scene, d


def test_the_recap_is_docked_beside_the_table_which_stays_usable(after_ai):
    app, scene, d = after_ai
    recap, view = scene.recap, scene.view
    assert recap.open and recap.entries
    assert not recap.rect.colliderect(view.rect)              # beside the table, not over it
    assert recap.rect.right <= view.rect.left + 1 and recap.rect.h >= view.rect.h // 2
    bar = scene.fighters                                      # the fighter bar, compact, above it
    assert bar.compact and bar.rect.bottom <= recap.rect.top and bar.rect.right <= view.rect.left + 1
    s = scene.session
    for f in s.engine.state.figures.values():                 # every figure still in view
        assert view.rect.collidepoint(d.figure_pos(scene, f.id))
    d.click(d.figure_pos(scene, "2.thorvald"))                # looking around with it open
    assert scene.controller.selected == "2.thorvald" and recap.open
    d.click(d.figure_pos(scene, "1.ulysse"))
    d.press("activate.0")                                     # and playing
    assert s.engine.state.activation is not None


def test_the_ai_controls_show_only_while_the_ai_decides(make_app):
    app = make_app()
    app.settings.ai_speed = 1.0
    scene = table_scene(app, skirmish(), {1: "human", 2: "ai:normal"})
    d = Driver(app)
    d.frames(2)
    assert scene.playback.deciding()
    keys = {b.key for b in d.buttons() if b.element.visible}
    assert {"ai.skip", "ai.pause", "ai.step", "ai.recap", "ai.debug"} <= keys
    frames_until(d, lambda: scene.session.human_to_decide(), limit=900)
    d.frames(2)
    shown = [b for b in d.buttons() if b.key.startswith("ai.") and b.element.visible and b.enabled]
    assert shown == [] and scene.strip_rect.h == 0
    assert scene.view.rect.bottom == app.screen.get_height()  # the table has the room


def test_the_last_ai_move_stays_marked_until_the_person_acts(after_ai):
    app, scene, d = after_ai
    s = scene.session
    last = s.last_move
    assert last and last["figures"] and last["paths"]
    path = last["paths"][-1]
    assert any(isinstance(e, Moved) and tuple(map(tuple, e.path)) == path
               for e in s.engine.last_events) or path      # a real path of the AI's moves
    d.move((2, scene.view.rect.bottom - 2))
    frames_until(d, lambda: scene.playback.motion is None)   # marked once it has arrived
    d.frames(2)
    a, b = path[len(path) // 2 - 1], path[len(path) // 2]
    mid = d.world_pos(scene, (a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
    near = [tuple(app.screen.get_at((mid[0] + dx, mid[1] + dy)))[:3]
            for dx in range(-2, 3) for dy in range(-2, 3)]
    assert theme.AI_MOVE in near                              # the path, drawn on the table
    d.click(d.figure_pos(scene, "1.ulysse"))                  # looking around: still marked
    assert s.last_move == last
    d.press("activate.0")                                     # the person acts: gone
    assert s.last_move is None
    d.frames(2)
    near = [tuple(app.screen.get_at((mid[0] + dx, mid[1] + dy)))[:3]
            for dx in range(-2, 3) for dy in range(-2, 3)]
    assert theme.AI_MOVE not in near


def _far_duel():
    """A long table; the AI's figure starts far from the person's, who decides second."""
    return sandbox([fig(1, "ulysse", 2, 2), fig(2, "thorvald", 21, 21), fig(2, "jorund", 22, 19)],
                   to_act=2, dice=[6] * 2000)


def test_the_camera_follows_the_ai(make_app):
    app = make_app()
    app.settings.ai_speed = 1.0
    scene = table_scene(app, _far_duel(), {1: "human", 2: "ai:normal"})
    d = Driver(app)
    d.frames(2)
    view = scene.view
    for _ in range(3):                                        # zoomed on side 1's corner
        view.camera.zoom(1.6, d.figure_pos(scene, "1.ulysse"))
    s = scene.session
    assert not any(view.rect.collidepoint(d.figure_pos(scene, f)) for f in ("2.thorvald", "2.jorund"))
    frames_until(d, lambda: s.last_move is not None, limit=900)
    d.frames(2)
    frames_until(d, lambda: not scene.playback.follow.active(), limit=300)
    moved = s.last_move["figures"][0]
    assert view.rect.collidepoint(d.figure_pos(scene, moved))  # brought into view


def test_the_camera_stays_where_the_person_put_it(make_app):
    app = make_app()
    app.settings.ai_speed = 1.0
    scene = table_scene(app, _far_duel(), {1: "human", 2: "ai:normal"})
    d = Driver(app)
    d.frames(2)
    start = d.figure_pos(scene, "1.ulysse")
    d.drag((start[0] + 40, start[1] + 40), (start[0] + 90, start[1] + 60))   # a pan
    cam = scene.view.camera
    where = (cam.ox, cam.oy, cam.scale)
    assert scene.session.last_move is None                    # before the AI moved
    frames_until(d, lambda: scene.session.last_move is not None, limit=900)
    d.frames(30)
    assert (cam.ox, cam.oy, cam.scale) == where


def test_the_recap_tells_a_failed_activation_roll(make_app):
    app = make_app()
    figures = [fig(1, "ulysse", 4, 4), fig(2, "thorvald", 16, 18)]
    engine = sandbox(figures, to_act=2, dice=[1] * 200)       # every initiative test fails
    scene = table_scene(app, engine, {1: "human", 2: "ai:normal"})
    d = Driver(app)
    frames_until(d, lambda: scene.session.human_to_decide(), limit=900)
    d.frames(2)
    text = scene.recap.text()
    assert t("log.activation_failed", "fr", figures="Thorvald") in text
    assert "Thorvald — test d'initiative" in text and t("log.failure", "fr") in text
    assert pygame.K_ESCAPE
