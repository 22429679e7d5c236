"""Headless interface tests: the dummy video driver (set only while SDL starts, so child
processes never inherit it), a temporary user folder, and a driver posting real events."""
from __future__ import annotations

import pytest


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("ESCARMOUCHE_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


@pytest.fixture
def make_app(home):
    from game.ui import boot
    from game.ui.app import App
    from game.ui.settings import Settings

    apps = []

    def build(size=(1280, 800), lang="fr", **settings):
        screen = boot.headless(size)
        app = App(screen, Settings(lang=lang, anim_speed=0.0, ai_speed=0.0, **settings), threaded=False,
                  persist=False)
        apps.append(app)
        return app

    yield build
    for app in apps:
        app.worker.close()
