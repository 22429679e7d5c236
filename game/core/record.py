"""A game's record (ruleset, scenario, seed, options, decisions, state digests) and saves:
JSON written atomically; loading refuses corrupted or foreign files with a clear message."""
from __future__ import annotations

import json
import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.core.actions import Action
from game.core.errors import SaveError

FORMAT = "escarmouche-save"
FORMAT_VERSION = 1


@dataclass
class Record:
    ruleset: str
    version: int
    scenario: str
    seed: int
    options: dict[str, Any] = field(default_factory=dict)
    actions: list[Action] = field(default_factory=list)
    digests: dict[str, str] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": FORMAT, "format_version": FORMAT_VERSION,
            "ruleset": self.ruleset, "ruleset_version": self.version,
            "scenario": self.scenario, "seed": self.seed, "options": self.options,
            "actions": [a.to_dict() for a in self.actions], "digests": self.digests,
        }

    @classmethod
    def from_dict(cls, d: Any, *, source: str = "save") -> Record:
        if not isinstance(d, dict) or d.get("format") != FORMAT:
            raise SaveError(f"{source}: not an Escarmouche save")
        if d.get("format_version") != FORMAT_VERSION:
            raise SaveError(f"{source}: save format {d.get('format_version')!r} is not supported "
                            f"(this version reads {FORMAT_VERSION})")
        try:
            rec = cls(ruleset=str(d["ruleset"]), version=int(d["ruleset_version"]),
                      scenario=str(d["scenario"]), seed=int(d["seed"]),
                      options=dict(d.get("options") or {}),
                      actions=[Action.from_dict(a) for a in d["actions"]],
                      digests={str(k): str(v) for k, v in dict(d.get("digests") or {}).items()})
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise SaveError(f"{source}: damaged save ({type(exc).__name__}: {exc})") from None
        return rec


def write_atomic(path: str | os.PathLike, text: str, *, backup: bool = True) -> None:
    """Write through a temp file in the same folder, fsync, then os.replace; keep a .bak."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        if backup and path.exists():
            os.replace(path, path.with_name(path.name + ".bak"))
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def save_game(engine, path: str | os.PathLike) -> None:
    write_atomic(path, json.dumps(engine.record.to_dict(), ensure_ascii=False, indent=1))


def read_record(path: str | os.PathLike) -> Record:
    p = Path(path)
    try:
        raw = p.read_bytes()
    except OSError as exc:
        raise SaveError(f"{p}: cannot read ({exc.strerror or exc})") from None
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError):
        raise SaveError(f"{p}: not an Escarmouche save (not JSON text)") from None
    return Record.from_dict(data, source=str(p))


def load_game(path: str | os.PathLike):
    """Read a save and replay it, verifying digests. Raises SaveError with a clear message."""
    from game.core.engine import Engine
    from game.core.errors import UserError
    from game.core.ruleset import get_ruleset

    rec = read_record(path)
    try:
        rs = get_ruleset(rec.ruleset)
    except UserError as exc:
        raise SaveError(f"{path}: {exc}") from None
    if rs.info.version != rec.version:
        raise SaveError(f"{path}: saved with {rec.ruleset} rules version {rec.version}, "
                        f"this game has version {rs.info.version}")
    try:
        return Engine.replay(rec, verify=True)
    except SaveError as exc:
        raise SaveError(f"{path}: {exc}") from None
    except UserError as exc:
        raise SaveError(f"{path}: {exc}") from None
