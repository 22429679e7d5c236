"""The table asks a figure's role and whether it has acted once per drawn version of the
game: selecting another figure redraws the bases without asking again; a new version asks
afresh (a role read the figure's profile on every redraw, a third of a redraw's cost)."""
from __future__ import annotations


def test_a_redraw_of_the_same_version_asks_no_role_again(make_app, monkeypatch):
    import pygame

    from game.core.engine import Engine
    from game.ui.scenes.game import GameScene
    from game.ui.session import Session

    app = make_app(lang="fr")
    session = Session(Engine.new("evenor", "premiere_partie", 1), {1: "human", 2: "human"})
    scene = app.push(GameScene(app, session))
    app.frame([], 1 / 60)
    adapter = scene.view.adapter
    asked = []
    role = type(adapter).figure_role
    monkeypatch.setattr(type(adapter), "figure_role", lambda self, st, f: asked.append(f.id) or role(self, st, f))
    shown = [f for f in session.engine.state.figures.values() if not f.out]
    for f in shown[:3]:                       # three selections: three redraws of the bases
        p = scene.view.camera.to_screen(f.x, f.y)
        app.frame([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=p, button=1),
                   pygame.event.Event(pygame.MOUSEBUTTONUP, pos=p, button=1)], 1 / 60)
        app.frame([], 1 / 60)
    assert asked == []                        # asked before the patch, for this version
    session.version += 1                      # the game moved on: every role asked afresh
    app.frame([], 1 / 60)
    assert sorted(asked) == sorted(f.id for f in shown)
