"""The Khârn-Ages rules core lands unregistered: its package says IN_PROGRESS, so discovery
does not offer a half-built ruleset, yet every module imports."""
from __future__ import annotations

import importlib
from pathlib import Path

from game.core import plugins

FOLDER = Path(__file__).resolve().parents[3] / "game" / "rulesets" / "kharn_ages"


def test_the_core_imports_without_being_registered():
    package = importlib.import_module("game.rulesets.kharn_ages")
    assert package.IN_PROGRESS and not hasattr(package, "PLUGIN")
    modules = sorted(FOLDER.glob("*.py"))
    assert len(modules) > 1
    for path in modules:
        importlib.import_module(f"game.rulesets.kharn_ages.{path.stem}")
    assert "kharn_ages" not in plugins.available()
    assert "kharn_ages" in plugins.in_progress()
