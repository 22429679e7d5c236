"""Opening the window: on X11, SDL is told to show the picture through X11's own shared
memory rather than OpenGL (drawn in software on virtual machines, 12 ms a frame), unless
the player set that choice; other drivers are left as SDL chooses."""
from __future__ import annotations

import pygame
import pytest

from game.ui import boot

HINT = "SDL_FRAMEBUFFER_ACCELERATION"


@pytest.fixture
def fake_display(monkeypatch):
    """pygame's display as a stub reporting ``driver``: no window is opened."""
    seen = {}

    def use(driver: str):
        monkeypatch.setattr(pygame.display, "init", lambda: None)
        monkeypatch.setattr(pygame.display, "get_driver", lambda: driver)
        monkeypatch.setattr(pygame.display, "set_caption", lambda *a: None)
        monkeypatch.setattr(pygame.key, "set_repeat", lambda *a: None)

        def set_mode(size, flags=0):
            import os

            seen["hint"] = os.environ.get(HINT)
            return pygame.Surface(size)

        monkeypatch.setattr(pygame.display, "set_mode", set_mode)
        return seen

    return use


@pytest.mark.parametrize("driver, before, expected", [
    ("x11", None, "0"), ("x11", "1", "1"), ("windows", None, None), ("wayland", None, None)])
def test_x11_windows_show_their_picture_without_opengl_unless_told(fake_display, monkeypatch,
                                                                   driver, before, expected):
    monkeypatch.setenv(HINT, "unset")   # recorded, so whatever the game sets is undone after
    if before is None:
        monkeypatch.delenv(HINT)
    else:
        monkeypatch.setenv(HINT, before)
    monkeypatch.setenv("SDL_VIDEODRIVER", driver)   # chosen by the player: not a fallback
    seen = fake_display(driver)
    boot.windowed((320, 200))
    assert seen["hint"] == expected
