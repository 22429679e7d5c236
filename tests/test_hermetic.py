"""The tests do not depend on the caller's environment: a few of them that start the game
(the command with no arguments, the window's Load, the settings) run again here, in a
pytest of their own, under a hostile session (a dummy or X11 video driver, a display
without a server, another language, and settings saved in the caller's user folder)."""
from __future__ import annotations

import os
import subprocess
import sys

import pytest

from tests.hermetic import ROOT

SELECTION = ["tests/cli/test_cli.py::test_no_arguments_prints_help_and_exits_0",
             "tests/ui/test_scenes.py::test_bad_save_shows_a_clear_message",
             "tests/ui/test_load_damaged.py::test_a_damaged_save_loaded_during_a_game_leaves_the_game_as_it_was"]


@pytest.mark.parametrize("driver", ["dummy", "x11"])
def test_tests_pass_whatever_the_callers_environment(tmp_path, driver):
    callers_home = tmp_path / "callers_home"
    (callers_home / "saves").mkdir(parents=True)
    (callers_home / "settings.json").write_text('{"lang": "en", "scale": 150, "anim_speed": 3}',
                                                encoding="utf-8")
    (callers_home / "saves" / "partie.json").write_text("{}", encoding="utf-8")
    env = {**os.environ, "SDL_VIDEODRIVER": driver, "SDL_AUDIODRIVER": "dummy", "DISPLAY": ":99",
           "LANG": "en_US.UTF-8", "LC_ALL": "en_US.UTF-8", "ESCARMOUCHE_HOME": str(callers_home)}
    out = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-n", "0", *SELECTION],
                         cwd=ROOT, env=env, capture_output=True, text=True, timeout=280)
    assert out.returncode == 0, out.stdout[-2000:] + out.stderr[-2000:]
    assert "3 passed" in out.stdout
