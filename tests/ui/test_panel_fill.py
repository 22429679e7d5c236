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


def test_the_card_and_the_log_are_not_painted_over_twice(make_app):
    """The card covers the panel's top with its own opaque picture: the fill starts under it;
    the log is blitted as the plain copy its opaque picture allows (no premultiplied blend)."""
    import pygame

    from game.core.engine import Engine
    from game.ui.scenes.game import GameScene
    from game.ui.session import Session

    app = make_app(lang="fr")
    scene = app.push(GameScene(app, Session(Engine.new("evenor", "premiere_partie", 1), {1: "human", 2: "human"})))
    app.frame([], 1 / 60)
    fills = []
    screen = app.screen

    class Watched(pygame.Surface):
        def fill(self, colour, rect=None, special_flags=0):
            fills.append(pygame.Rect(rect) if rect is not None else self.get_rect())
            return super().fill(colour, rect, special_flags)

    app.screen = Watched(screen.get_size(), 0, screen)
    app.frame([], 1 / 60)
    card = scene.panel._card.get_height()
    side = scene.side_rect
    panel_fills = [r for r in fills if r.colliderect(side)]
    assert panel_fills and card > 0
    assert all(not r.colliderect((side.x, side.y, side.w, card)) for r in panel_fills)
    assert scene.log.box.blendmode == 0 and not scene.log.box.image.get_flags() & pygame.SRCALPHA
    # the picture is the same as with the full fill: the card's pixels are its own
    assert app.screen.get_at((side.x + 2, side.y + card - 1)) == scene.panel._card.get_at((2, card - 1))
