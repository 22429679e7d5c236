"""Where the bundled data files live.

``scenarios/`` sits next to the ``game`` package (repository root, or
site-packages once installed); catalogues live in ``game/rulesets/<id>/``.
"""

from __future__ import annotations

from pathlib import Path

from .fields import ID_RE

GAME_DIR = Path(__file__).resolve().parents[1]
SCENARIOS_DIR = GAME_DIR.parent / "scenarios"


def _checked(value: str, what: str) -> str:
    if not isinstance(value, str) or not ID_RE.match(value):
        raise ValueError(f"invalid {what} id: {value!r}")
    return value


def catalogue_path(ruleset: str) -> Path:
    return GAME_DIR / "rulesets" / _checked(ruleset, "ruleset") / "catalogue.yaml"


def scenario_path(ruleset: str, scenario_id: str) -> Path:
    """Path of a bundled scenario file (it may not exist)."""
    return SCENARIOS_DIR / _checked(ruleset, "ruleset") / f"{_checked(scenario_id, 'scenario')}.yaml"


def scenario_paths(ruleset: str) -> list[Path]:
    """All bundled scenario files of a ruleset, sorted by name."""
    return sorted((SCENARIOS_DIR / _checked(ruleset, "ruleset")).glob("*.yaml"))


def roster_paths(ruleset: str) -> list[Path]:
    """All bundled preset roster files of a ruleset, sorted by name."""
    return sorted((SCENARIOS_DIR / "rosters" / _checked(ruleset, "ruleset")).glob("*.yaml"))


def situation_paths(ruleset: str) -> list[Path]:
    """The rules pages' situation files of a ruleset, sorted by name."""
    return sorted((SCENARIOS_DIR / "situations" / _checked(ruleset, "ruleset")).glob("*.yaml"))


def lesson_paths(ruleset: str) -> list[Path]:
    """All bundled lesson files (guided games) of a ruleset, sorted by name."""
    return sorted((SCENARIOS_DIR / "lessons" / _checked(ruleset, "ruleset")).glob("*.yaml"))
