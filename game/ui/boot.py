"""Starting pygame: the pygame-ce check, headless (dummy driver) or windowed start."""
from __future__ import annotations

import os
from contextlib import contextmanager

from game.core.errors import UserError

DEFAULT_SIZE = (1280, 800)
HEADLESS_DRIVERS = ("offscreen", "dummy")


@contextmanager
def _env(**values: str):
    """Set environment variables only while SDL reads them (children must not inherit them)."""
    old = {k: os.environ.get(k) for k in values}
    os.environ.update(values)
    try:
        yield
    finally:
        for k, v in old.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v


def _import_pygame():
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    try:
        import pygame
    except ImportError:
        raise UserError("pygame-ce is not installed (pip install pygame-ce)") from None
    if not getattr(pygame, "IS_CE", False):
        raise UserError("the old 'pygame' package is installed: uninstall it and install "
                        "pygame-ce (pip uninstall pygame && pip install pygame-ce)")
    try:
        import pygame_gui  # noqa: F401  (the menus and dialogs)
    except ImportError:
        raise UserError("pygame-gui is not installed (pip install pygame-gui)") from None
    return pygame


def headless(size: tuple[int, int] = DEFAULT_SIZE):
    """Initialise pygame with the dummy video driver; returns the display surface."""
    pygame = _import_pygame()
    with _env(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy"):
        if not pygame.display.get_init() or pygame.display.get_driver() != "dummy":
            pygame.display.quit()
            pygame.display.init()
        pygame.font.init()
        screen = pygame.display.set_mode(size)
    return screen


def windowed(size: tuple[int, int] = DEFAULT_SIZE, title: str = "Escarmouche"):
    """Open the resizable game window, or raise a UserError when no display is available."""
    pygame = _import_pygame()
    try:
        pygame.display.init()
    except pygame.error as exc:
        raise UserError(f"cannot open a window ({exc})") from None
    driver = pygame.display.get_driver()
    if driver in HEADLESS_DRIVERS and os.environ.get("SDL_VIDEODRIVER") != driver:
        pygame.display.quit()   # SDL fell back to drawing nowhere: there is no screen here
        raise UserError("cannot open a window: no display found (set DISPLAY, or use the "
                        "commands: play needs a screen, screenshot does not)")
    if driver == "x11":
        # SDL shows an X11 window's picture through OpenGL unless told otherwise; where that GL
        # is drawn in software (virtual machines, remote desktops, Xvfb) a 1280x800 frame took
        # 12 ms of CPU to show, against 1 ms by X11's own shared memory. The player's own
        # setting, if any, stands.
        os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")
    try:
        pygame.font.init()
        screen = pygame.display.set_mode(size, pygame.RESIZABLE)
    except pygame.error as exc:
        raise UserError(f"cannot open a window ({exc})") from None
    pygame.display.set_caption(title)
    pygame.key.set_repeat(300, 40)
    return screen
