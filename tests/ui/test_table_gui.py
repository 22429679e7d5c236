"""The table scene's side panel, AI strip, recap and log on pygame-gui: real elements found
by their keys with pygame-gui tooltips, a column that fits (or scrolls) at 200 %, the log
appended to rather than rebuilt, and every part hidden while another scene covers the table."""
from __future__ import annotations

import pygame

from tests.ui.driver import Driver
from tests.ui.test_activation_flow import make_duel as duel


def test_panel_buttons_are_pygame_gui_with_tooltips_and_odds(make_app):
    app, scene, d = duel(make_app)
    d.click(d.figure_pos(scene, "1.ulysse"))
    b = scene.panel.find("activate.2")
    assert b.element.alive() and b.element.ui_manager is app.ui
    assert "%" in b.label and b.element.tool_tip_text == b.tooltip and "3+, 4+" in b.tooltip
    assert all(scene.side_rect.contains(x.rect) for x in scene.panel.buttons)
    kept = b.element
    d.move((scene.view.rect.centerx, scene.view.rect.centery))    # nothing changed: kept
    assert scene.panel.find("activate.2").element is kept
    d.press("activate.2")
    assert scene.panel.find("activate.2") is None                 # the panel moved on:
    assert not kept.visible or kept in [x.element for x in scene.panel.buttons]   # pooled or reused
    assert scene.panel.find("move") is not None


def test_panel_column_fits_above_the_log_at_200_percent(make_app):
    app, scene, d = duel(make_app, scale=200)
    d.click(d.figure_pos(scene, "1.ulysse"))
    buttons = scene.panel.buttons
    assert len(buttons) >= 5
    column = scene.panel.set.scroller
    bottom = column.rect.bottom if column is not None else max(b.rect.bottom for b in buttons)
    assert bottom <= scene.log_rect.y and scene.log.box.rect.y == scene.log_rect.y
    if column is not None:                                         # overflowing: it scrolls
        assert all(b.element.ui_container is column.scrollable_container for b in buttons)
    top = min(b.rect.y for b in buttons)
    d.press(min(buttons, key=lambda b: b.rect.y).key)              # the first one still works
    assert scene.session.engine.state.activation is not None and top >= scene.top_rect.bottom


def test_log_is_appended_and_rebuilt_only_when_replaced_or_another_reads(make_app):
    app, scene, d = duel(make_app)
    log = scene.log
    made = log.rebuilds
    d.click(d.figure_pos(scene, "1.ulysse"))
    d.press("activate.0")                                          # no dice: it can be undone
    d.frames(2)
    assert log.rebuilds == made and log.count == len(scene.session.shown_log()) >= 1
    assert "Ulysse" in log.text()
    first = log.box
    assert scene.session.undo()                                    # undo adds a line
    d.frames(2)
    assert log.rebuilds == made and log.box is first and log.count == len(scene.session.log)
    scene.session.log[:] = scene.session.log[1:]                   # replaced (a load): made anew
    d.frames(2)
    assert log.rebuilds == made + 1 and log.box is not first and "Ulysse" not in log.text()
    log.sync(scene.session.shown_log(), scene.log_rect, viewer="someone else")
    assert log.rebuilds == made + 2


def test_parts_hide_under_another_scene_and_come_back(make_app):
    from game.ui.scenes.menu import PauseScene

    app, scene, d = duel(make_app)
    d.click(d.figure_pos(scene, "1.ulysse"))
    d.key(pygame.K_ESCAPE)
    d.key(pygame.K_ESCAPE)
    assert isinstance(app.top, PauseScene)
    assert not any(b.element.visible for b in scene.panel.buttons) and not scene.log.box.visible
    d.press("pause.resume")
    assert app.top is scene and scene.log.box.visible
    assert all(b.element.visible for b in scene.panel.buttons)


def test_ai_strip_and_recap_on_pygame_gui(make_app):
    from tests.ui.test_ai_play import frames_until, skirmish
    from tests.ui.test_ai_play import table_scene as ai_table

    app = make_app()
    app.settings.ai_speed = 1.0
    scene = ai_table(app, skirmish(), {1: "human", 2: "ai:normal"})
    d = Driver(app)
    frames_until(d, lambda: len(scene.session.engine.record.actions) >= 1)
    pause = scene.playback.strip.find("ai.pause")
    assert pause.element.ui_manager is app.ui and pause.element.tool_tip_text
    d.press("ai.pause")
    assert scene.playback.paused and scene.playback.strip.find("ai.pause").toggled
    d.press("ai.pause")
    d.press("ai.skip")
    frames_until(d, lambda: scene.session.human_to_decide(), limit=200)
    assert scene.recap.open and scene.recap.body.alive()
    assert "Thorvald" in scene.recap.body.html_text
    box = scene.recap.rect
    zoom = scene.view.camera.scale if hasattr(scene.view.camera, "scale") else None
    d.move(box.center)
    d.frames(1, [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False, precise_x=0.0,
                                    precise_y=1.0)])
    if zoom is not None:
        assert scene.view.camera.scale == zoom                     # the table did not zoom
    d.press("recap.close")
    assert not scene.recap.open and scene.recap.box is None


def test_button_set_keeps_relabels_pools_and_kills_elements(make_app):
    from game.ui.gui import ButtonSet, ButtonSpec

    app = make_app()
    hits = []
    bs = ButtonSet(app, after=lambda: hits.append("after"))
    a, b = bs.set([ButtonSpec("a", (10, 10, 120, 30), "Un", lambda: hits.append("a"), "tip a"),
                   ButtonSpec("b", (10, 50, 120, 30), "Deux", lambda: hits.append("b"))])
    el_a, el_b = a.element, b.element
    a2, b2 = bs.set([ButtonSpec("a", (10, 90, 120, 30), "Un autre libellé bien plus long que la place",
                                lambda: hits.append("a2"), "tip 2", toggled=True),
                     ButtonSpec("b", (10, 50, 200, 30), "Deux", None)])
    assert a2.element is el_a and el_a.rect.y == 90 and el_a.tool_tip_text == "tip 2" and a2.toggled
    assert a2.label.startswith("Un autre") and el_a.text.endswith("…")     # shortened on screen
    assert b2.element is not el_b and not el_b.visible and not b2.enabled  # resized, no action
    Driver(app).click(el_a.rect.center)
    assert hits == ["a2", "after"]
    bs.set([])
    assert bs.buttons == [] and el_a.alive() and not el_a.visible      # hidden, kept
    again = bs.set([ButtonSpec("c", (10, 130, 200, 30), "Deux", None)])
    assert again[0].element is b2.element and b2.element.visible            # the same look: reused
    assert again[0].element.rect.y == 130 and not el_a.visible
    bs.kill()
    assert not el_a.alive() and not b2.element.alive()
