"""AI profiles as data: the base.yaml of the ruleset's profile package (named by its
declaration, ``ai_profiles``), then a level file (facile, normal, difficile), then an
optional personality (agressif, prudent), merged."""
from __future__ import annotations

from pathlib import Path

import yaml

from game.core.errors import UserError

HERE = Path(__file__).parent
LEVELS = ("facile", "normal", "difficile")
PERSONALITIES = ("agressif", "prudent")


def _read(path: Path) -> dict:
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    except OSError as exc:
        raise UserError(f"{path}: cannot read the AI profile ({exc.strerror})") from None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f"{path}:{mark.line + 1}:{mark.column + 1}" if mark else str(path)
        raise UserError(f"{where}: not valid YAML ({getattr(exc, 'problem', exc)})") from None
    if not isinstance(data, dict) or data.get("kind") != "ai_profile":
        raise UserError(f"{path}: expected a mapping with 'kind: ai_profile'")
    return data


def merge(base: dict, over: dict) -> dict:
    out = dict(base)
    for k, v in over.items():
        out[k] = merge(out[k], v) if isinstance(v, dict) and isinstance(out.get(k), dict) else v
    return out


def folder_of(ruleset: str) -> Path:
    """The folder of a ruleset's AI profiles."""
    import importlib.util

    from game.core.plugins import plugin

    ref = plugin(ruleset).ai_profiles
    spec = importlib.util.find_spec(ref) if ref else None
    if spec is None or not spec.submodule_search_locations:
        raise UserError(f"ruleset '{ruleset}' declares no AI profiles")
    return Path(list(spec.submodule_search_locations)[0])


def load_profile(ruleset: str, *names: str) -> dict:
    """base.yaml of the ruleset merged with each named file in turn."""
    folder = folder_of(ruleset)
    profile = _read(folder / "base.yaml")
    sources = ["base"]
    for name in names:
        path = folder / f"{name}.yaml"
        if not path.exists():
            raise UserError(f"no AI profile '{name}' for {ruleset} (expected {path})")
        profile = merge(profile, _read(path))
        sources.append(name)
    profile["_source"] = f"{folder}/" + "+".join(sources)
    return profile
