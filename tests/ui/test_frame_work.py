"""How the table spreads its drawing over frames: a new figure's overlays are drawn a part
a frame when the geometry runs in the background, put into the next picture over the
three frames after, and follow the camera at once; the table picture is not drawn again while nothing covers it."""
from __future__ import annotations

import pygame

from tests.rulesets.evenor.sandbox import PAS, fig, sandbox
from tests.ui.driver import Driver
from tests.ui.test_activation_flow import make_duel, table_scene


def sliced_duel(make_app):
    app, scene, d = make_duel(make_app)
    scene.overlays.sliced = True        # as with the background worker (answers come at once here)
    return app, scene, d


def view_bytes(app, scene) -> bytes:
    return pygame.image.tobytes(app.screen.subsurface(scene.view.rect), "RGB")


def test_new_overlays_are_drawn_over_a_few_frames_then_shown(make_app):
    app, scene, d = sliced_duel(make_app)
    state = scene.session.engine.state
    pos = d.figure_pos(scene, "1.ulysse")
    d.move(pos)
    d.frames(1, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)])
    d.frames(1, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)])
    assert scene.controller.selected == "1.ulysse"
    assert scene.overlays.data is not None                        # the geometry is there...
    frames = 1
    while scene.overlays.layer(scene.view, state) == (None, None):
        assert scene.overlays.computing()                          # ..."computing" meanwhile
        before = view_bytes(app, scene)
        d.frames(1)
        frames += 1
        assert frames <= 8
    assert frames >= 3                                             # a part a frame
    shown = view_bytes(app, scene)
    assert shown == before            # the frame that finished it still shows the old picture
    d.frames(2)
    assert view_bytes(app, scene) == shown      # the next two too: the new picture made aside
    d.frames(1)
    made = view_bytes(app, scene)
    assert made != shown                                           # the one after shows it
    assert not scene.overlays.computing()
    scene.view._scene_key = None       # the same picture drawn again at once, in one frame
    d.frames(1)
    assert view_bytes(app, scene) == made


def test_overlays_follow_the_camera_at_once(make_app):
    app, scene, d = sliced_duel(make_app)
    state = scene.session.engine.state
    d.click(d.figure_pos(scene, "1.ulysse"))
    d.frames(10)
    key, layer = scene.overlays.layer(scene.view, state)
    assert layer is not None
    scene.view.camera.zoom(1.25, scene.view.rect.center)
    key2, layer2 = scene.overlays.layer(scene.view, state)
    assert layer2 is not None and key2 != key                      # drawn again, not waited for


def test_an_idle_table_is_not_drawn_again_until_something_covered_it(make_app):
    app, scene, d = sliced_duel(make_app)
    d.move((5, 5))
    d.frames(3)
    assert scene.view.skipped                                      # nothing over it: left as is
    scene.ruler = ((100.0, 100.0), (300.0, 300.0), None)           # drawn over the table
    d.frames(1)
    d.frames(1)
    assert not scene.view.skipped
    scene.ruler = None
    d.frames(1)
    assert not scene.view.skipped                      # the table put back where the ruler was
    d.frames(1)
    assert scene.view.skipped


def test_the_legend_takes_the_corner_that_covers_no_figure(make_app):
    from game.ui.scenes.hud import legend_box

    app = make_app()
    engine = sandbox([fig(1, "ulysse", 12, 12), fig(2, "kara", 1, 23), fig(2, "jorund", 20, 20)])
    scene = table_scene(app, engine)
    Driver(app).frames(2)
    box = legend_box(scene, 220, 60)
    corner = scene.view.camera.to_screen(1 * PAS, 23 * PAS)
    assert not box.inflate(20, 20).collidepoint(corner)      # Kara sits in the bottom-left
    engine.state.figures["2.kara"].x = 12 * PAS
    assert legend_box(scene, 220, 60).bottom > scene.view.rect.centery    # free again: bottom
    assert legend_box(scene, 220, 60).left < scene.view.rect.centerx      # left first
    zone = legend_box(scene, 220, 60)                         # an area to keep clear, too
    assert legend_box(scene, 220, 60, avoid=[zone]) != zone
