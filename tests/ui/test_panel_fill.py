"""The side panel is painted each frame only above the log: the log box paints its own
rectangle (a redundant fill under it cost every idle frame); the picture is the same."""
from __future__ import annotations


def test_the_panel_fill_stops_at_the_log(make_app):
    import pygame

    from game.core.engine import Engine
    from game.ui.scenes.game import GameScene
    from game.ui.session import Session

    app = make_app(lang="fr")
    scene = app.push(GameScene(app, Session(Engine.new("evenor", "premiere_partie", 1), {1: "human", 2: "human"})))
    for _ in range(3):
        app.frame([], 1 / 60)
    fill, log, side = scene.panel_fill_rect(), scene.log_rect, scene.side_rect
    assert fill.bottom == log.top and fill.union(log) == side
    below = (log.centerx, log.bottom - 3)
    before = app.screen.get_at(below)
    pygame.draw.rect(app.screen, (255, 0, 255), log)   # anything under the log is painted over
    app.frame([], 1 / 60)
    assert app.screen.get_at(below) == before
