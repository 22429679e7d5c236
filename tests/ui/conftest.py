"""Headless interface tests: the dummy video driver (set only while SDL starts, so child
processes never inherit it), a temporary user folder for every test, none of the caller's
display, driver or language variables, and a driver posting real events."""
from __future__ import annotations

import pytest

from tests.hermetic import CALLER_VARIABLES


@pytest.fixture(autouse=True)
def isolated(tmp_path, monkeypatch):
    """Whatever the caller's session holds (a display, SDL drivers, a language, settings
    saved in its user folder), every interface test starts from nothing."""
    for name in CALLER_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("ESCARMOUCHE_HOME", str(tmp_path / "home"))


@pytest.fixture
def home(tmp_path, isolated):
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


@pytest.fixture(autouse=True)
def check_untouched_frames(monkeypatch, request):
    """Every frame whose table picture was left on the screen as it was (nothing drawn over
    the view the frame before) must look exactly as if the picture had been drawn again:
    the frame is redrawn in full and the view compared, pixel for pixel. A frame the loop
    did not draw at all (nothing changed) must show what a full redraw would: the whole
    screen is compared."""
    if request.node.get_closest_marker("threaded_layers"):
        # the geometry worker in its own process: a new overlay layer's picture is made
        # aside over a few frames, then shown (by design), so a frame drawn twice may differ
        return
    import pygame

    from game.ui.app import App

    frame, redraw = App.frame, App.draw

    def checked(self, events, dt, **kw):
        drawn = frame(self, events, dt, **kw)
        if drawn is False and self.scenes and self.running:
            before = pygame.image.tobytes(self.screen, "RGB")
            for s in self.scenes:
                if getattr(s, "view", None) is not None:
                    s.view._on_screen = None
            redraw(self)
            if pygame.image.tobytes(self.screen, "RGB") != before:
                raise AssertionError(f"frame {self.frames}: the screen left as it was differs "
                                     f"from the screen drawn again")
            return drawn
        views = [s.view for s in self.scenes if getattr(getattr(s, "view", None), "skipped", False)]
        if not views:
            return drawn
        rects = [v.rect.clip(self.screen.get_rect()) for v in views]
        before = [pygame.image.tobytes(self.screen.subsurface(r), "RGB") for r in rects]
        for v in views:
            v._on_screen = None
        redraw(self)
        for v, r, b in zip(views, rects, before):
            if pygame.image.tobytes(self.screen.subsurface(r), "RGB") != b:
                raise AssertionError(f"frame {self.frames}: the table left on the screen differs "
                                     f"from the table drawn again in {tuple(r)}")
            v.skipped = True          # as the frame left it (the check drew it again)
        return drawn

    monkeypatch.setattr(App, "frame", checked)
