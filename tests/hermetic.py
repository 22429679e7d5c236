"""Tests do not depend on the caller's environment: the variables that choose a display,
an audio device, a language or the user folder are cleared (``tests/conftest.py`` does it
for the whole session), and subprocesses get an explicit clean environment of their own."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# what the caller may have set that would change what the game does: a screen to open a
# window on, SDL drivers, a language and locale, and the user folder (settings, saves)
CALLER_VARIABLES = ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER", "SDL_AUDIODRIVER",
                    "SDL_RENDER_DRIVER", "LANG", "LANGUAGE", "LC_ALL", "LC_CTYPE", "LC_MESSAGES",
                    "ESCARMOUCHE_HOME", "PYTHONIOENCODING", "XDG_DATA_HOME")


def clean_env(home: Path | str) -> dict[str, str]:
    """The environment a subprocess of a test runs in: the caller's without the variables
    above, a UTF-8 locale and output, and ``home`` as the user folder."""
    env = {k: v for k, v in os.environ.items()
           if k not in CALLER_VARIABLES and not k.startswith(("SDL_", "LC_"))}
    env.update(LC_ALL="C.UTF-8", PYTHONIOENCODING="utf-8", ESCARMOUCHE_HOME=str(home))
    return env


def run_main(*args: str, home: Path | str, timeout: float = 240) -> subprocess.CompletedProcess:
    """``python main.py ARGS`` from the checkout, in a clean environment."""
    return subprocess.run([sys.executable, str(ROOT / "main.py"), *args], capture_output=True,
                          text=True, encoding="utf-8", cwd=ROOT, timeout=timeout,
                          env=clean_env(home))
