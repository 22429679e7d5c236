"""The Bonus / Malus rules core lands unregistered: its folder has no ``__init__`` (so
discovery, which lists only regular packages, does not offer a half-built ruleset), yet
every module imports as ``game.rulesets.bonus_malus.<module>``."""
from __future__ import annotations

import importlib
from pathlib import Path

from game.core import plugins

FOLDER = Path(__file__).resolve().parents[3] / "game" / "rulesets" / "bonus_malus"


def test_the_core_imports_without_being_registered():
    assert not (FOLDER / "__init__.py").exists()
    for path in sorted(FOLDER.glob("*.py")):
        importlib.import_module(f"game.rulesets.bonus_malus.{path.stem}")
    assert "bonus_malus" not in plugins.available()
