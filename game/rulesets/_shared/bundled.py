"""A ruleset's bundled data as setup needs it: its scenarios by id, and the warbands of
either side (a preset id, a roster file, or a list of profile ids)."""
from __future__ import annotations

from typing import Any

from game.core.dice import Stream
from game.core.errors import UserError


def scenario_ids(ruleset: str) -> list[str]:
    from game.data import scenario_paths

    return [p.stem for p in scenario_paths(ruleset)]


def load_scenario(ruleset: str, sid: str):
    """The validated scenario model; an unknown id or a bad file is a one-line user error."""
    from game.data import DataError, load_document, scenario_path

    try:
        path = scenario_path(ruleset, sid)
    except (KeyError, FileNotFoundError, ValueError):
        path = None
    if path is None or not path.exists():
        raise UserError(f"unknown scenario '{sid}' for {ruleset} "
                        f"(known: {', '.join(scenario_ids(ruleset))})")
    try:
        return load_document(path, expected_kind="scenario", expected_ruleset=ruleset).model
    except DataError as exc:
        raise UserError(str(exc)) from None


def roster_ids(ruleset: str) -> list[str]:
    """The ruleset's preset ids, sorted."""
    from game.data import roster_paths

    return sorted(p.stem for p in roster_paths(ruleset))


def roster_members(ruleset: str, spec: Any) -> tuple[str, list[str]]:
    """(roster id, profile ids) for a preset id, a roster file path, or a list of ids."""
    from game.data import DataError, load_document, roster_paths

    if isinstance(spec, (list, tuple)):
        return "custom", [str(m) for m in spec]
    paths = {p.stem: p for p in roster_paths(ruleset)}
    path = paths.get(str(spec), str(spec))
    try:
        doc = load_document(path, expected_kind="roster", expected_ruleset=ruleset)
    except DataError as exc:
        if str(spec) not in paths and not str(spec).endswith((".yaml", ".yml")):
            raise UserError(f"unknown roster '{spec}' (presets: {', '.join(sorted(paths))})") from None
        raise UserError(str(exc)) from None
    return doc.model.id, list(doc.model.members)


def default_rosters(ruleset: str, seed: int) -> tuple[str, str]:
    """Two different presets, chosen from the game seed."""
    from game.data import roster_paths

    ids = sorted(p.stem for p in roster_paths(ruleset))
    s = Stream(seed, stream=3)
    a = s.below(len(ids))
    return ids[a], ids[(a + 1 + s.below(len(ids) - 1)) % len(ids)]
