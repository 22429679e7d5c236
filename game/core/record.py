"""A game's record (ruleset, scenario, seed, options, decisions, state digests) and saves:
JSON written atomically; loading refuses corrupted, truncated or foreign files with one
clear line (a :class:`BadSave`, whose code and arguments also give the window's text).

A save is untrusted data: it is parsed with bounds on sizes, numbers and nesting, every
field's type is checked (:func:`check_document`), it must prove it is complete
(format 2 stores the number of decisions and the digest of the state after the last one),
and it is replayed with every stored digest checked. Format 1 saves (no count, no final
digest) still load; only a digest stored beyond their last decision shows them truncated.

Format 3 adds who plays each seat (``players``: side number -> ``human`` or an agent spec
such as ``ai:normal`` or ``ai:difficile:prudent``) and what a list of saves shows
(``meta``: the slot's name, when it was saved, the turn). Older documents are migrated on
reading (:func:`upgrade`): they name no players (``Record.players`` is None; the window
then loads them as a game between people, with a hand-off screen first) and no metadata."""
from __future__ import annotations

import json
import math
import os
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from game.core.actions import Action
from game.core.errors import SaveError, UserError

FORMAT = "escarmouche-save"
FORMAT_VERSION = 3
READABLE_VERSIONS = (1, 2, 3)
MAX_SAVE_BYTES = 32 * 1024 * 1024
MAX_INT_DIGITS = 19                  # |n| < 10**19: every 64-bit seed, nothing absurd
# the reasons a save is refused (BadSave.code; the window's text is ui.save.<code>)
SAVE_REFUSALS = ("not_save", "unreadable", "too_large", "format", "damaged", "incomplete",
                 "ruleset_unknown", "ruleset_version", "scenario_unknown", "drift", "illegal",
                 "unplayable")


class BadSave(SaveError):
    """A save refused. ``code`` names the reason (text key ``ui.save.<code>``), ``params``
    its arguments; ``str()`` is the one English line the command line prints."""

    def __init__(self, code: str, message: str, **params: Any) -> None:
        super().__init__(" ".join(message.split()))   # always one line
        self.code = code
        self.params = params

    def at(self, source: str) -> BadSave:
        """The same refusal, its message prefixed with the file it concerns."""
        out = BadSave(self.code, f"{source}: {self}", **self.params)
        out.params.setdefault("file", Path(source).name)
        return out


@dataclass
class Record:
    ruleset: str
    version: int
    scenario: str
    seed: int
    options: dict[str, Any] = field(default_factory=dict)
    actions: list[Action] = field(default_factory=list)
    digests: dict[str, str] = field(default_factory=dict)
    players: dict[int, str] | None = None    # who plays each seat; None: not recorded
    meta: dict[str, Any] = field(default_factory=dict)   # name, saved (ISO date), turn...

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "format": FORMAT, "format_version": FORMAT_VERSION,
            "ruleset": self.ruleset, "ruleset_version": self.version,
            "scenario": self.scenario, "seed": self.seed, "options": self.options,
        }
        if self.players is not None:
            out["players"] = {str(side): spec for side, spec in sorted(self.players.items())}
        if self.meta:
            out["meta"] = dict(self.meta)
        out.update({"decisions": len(self.actions),
                    "actions": [a.to_dict() for a in self.actions], "digests": self.digests})
        return out

    @classmethod
    def from_dict(cls, d: Any, *, source: str = "save", complete: bool = False) -> Record:
        """The record a save's document holds, every field checked (BadSave otherwise).
        ``complete``: a format 2 document must also hold the digest of its last decision."""
        if not isinstance(d, dict) or d.get("format") != FORMAT:
            raise BadSave("not_save", f"{source}: not an Escarmouche save")
        found = d.get("format_version")
        if type(found) is not int or found not in READABLE_VERSIONS:
            shown = found if type(found) is int else "?"
            raise BadSave("format", f"{source}: save format {shown} is not supported "
                          f"(this version reads {', '.join(map(str, READABLE_VERSIONS))})",
                          found=shown, known=FORMAT_VERSION)
        try:
            doc = check_document(upgrade(d))
        except Damaged as exc:
            raise BadSave("damaged", f"{source}: damaged save ({exc.where}: {exc.what})",
                          field=exc.where) from None
        rec = cls(ruleset=doc["ruleset"], version=doc["ruleset_version"], scenario=doc["scenario"],
                  seed=doc["seed"], options=doc["options"],
                  actions=[Action(**a) for a in doc["actions"]], digests=doc["digests"],
                  players=doc["players"], meta=doc["meta"])
        n = len(rec.actions)
        written = doc.get("decisions", -1)
        if found >= 2 and written != n:
            raise BadSave("incomplete" if n < written else "damaged",
                          f"{source}: altered save: it holds {n} decisions, it was written with "
                          f"{written if written >= 0 else 'no count'}", field="decisions")
        last = max(map(int, rec.digests), default=0)
        if last > n:
            raise BadSave("incomplete", f"{source}: incomplete save: it holds {n} decisions but "
                          f"a digest for decision {last}")
        if complete and found >= 2 and str(n) not in rec.digests:
            raise BadSave("incomplete", f"{source}: incomplete save: no digest for its last "
                          f"decision ({n}), it cannot prove it is whole")
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


def upgrade(d: dict[str, Any]) -> dict[str, Any]:
    """A document of an older readable format in the shape of the current one (a copy; the
    fields are checked afterwards). Format 1 and 2 never held players nor metadata: such a
    field in them is unknown (left for :func:`check_document` to refuse); they come out
    with ``players`` null (not recorded) and no metadata."""
    found = d.get("format_version")
    if found == FORMAT_VERSION:
        return d
    out = dict(d)
    for key in ("players", "meta"):
        if key in out:
            out[f"{key} (format {found})"] = out.pop(key)   # not a field of that format
    out["format_version"] = FORMAT_VERSION
    out["players"] = None
    return out


def save_game(engine, path: str | os.PathLike, *, name: str = "") -> None:
    """Write the engine's record, with the digest of the state after its last decision
    (what proves, on loading, that no decision was cut off the end), who plays each seat
    (``engine.record.players`` when known) and the metadata a list of saves shows: the
    slot's ``name`` (the one the record was loaded with when not given), the date and the
    turn."""
    rec = engine.record
    state = engine.state
    meta = {"saved": datetime.now(UTC).replace(microsecond=0).isoformat(),
            "turn": int(state.turn), "max_turns": int(state.max_turns)}
    name = name or rec.meta.get("name", "")
    if name:
        meta["name"] = name[:MAX_NAME]
    doc = rec.to_dict()
    doc["meta"] = meta
    doc["digests"] = {**doc["digests"], str(len(rec.actions)): state.digest()}
    write_atomic(path, json.dumps(doc, ensure_ascii=False, indent=1))


class _Absurd(ValueError):
    """A number no save holds (raised while parsing)."""


def _parse_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_INT_DIGITS:
        raise _Absurd(f"an integer of {len(text.lstrip('-'))} digits")
    return int(text)


def _parse_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise _Absurd(f"the number {text[:20]}")
    return value


def _no_constant(text: str) -> float:
    raise _Absurd(f"the constant {text}")


def parse_save_text(raw: bytes, source: str) -> Any:
    """JSON text to data, refusing what no save holds: absurd numbers (1e400, NaN,
    integers of thousands of digits) and nesting deep enough to exhaust the parser."""
    try:
        text = raw.decode("utf-8")
        return json.loads(text, parse_int=_parse_int, parse_float=_parse_float,
                          parse_constant=_no_constant)
    except _Absurd as exc:
        raise BadSave("damaged", f"{source}: damaged save ({exc} is not a saved value)",
                      field="?") from None
    except RecursionError:
        raise BadSave("damaged", f"{source}: damaged save (nested too deeply)", field="?") from None
    except (UnicodeDecodeError, ValueError):
        raise BadSave("not_save", f"{source}: not an Escarmouche save (not JSON text)") from None


def read_record(path: str | os.PathLike) -> Record:
    """A save's record, checked and complete (BadSave otherwise); not replayed."""
    p = Path(path)
    try:
        if p.stat().st_size > MAX_SAVE_BYTES:
            raise BadSave("too_large", f"{p}: too large for a save "
                          f"(more than {MAX_SAVE_BYTES // (1024 * 1024)} MB)", file=p.name)
        raw = p.read_bytes()
    except OSError as exc:
        raise BadSave("unreadable", f"{p}: cannot read ({exc.strerror or exc})",
                      file=p.name) from None
    try:
        return Record.from_dict(parse_save_text(raw, str(p)), source=str(p), complete=True)
    except BadSave as exc:
        exc.params.setdefault("file", p.name)
        raise


def load_game(path: str | os.PathLike, known_player: Callable[[str], bool] | None = None):
    """Read a save and replay it, verifying digests. Raises BadSave with a clear message.
    The players it names must be exactly the game's seats, each spec accepted by
    ``known_player`` when given (the agents the caller can build); the returned engine's
    record keeps them and the save's metadata."""
    from game.core.engine import Engine
    from game.core.ruleset import get_ruleset

    rec = read_record(path)
    src, name = str(path), Path(path).name
    try:
        rs = get_ruleset(rec.ruleset)
    except UserError as exc:
        raise BadSave("ruleset_unknown", f"{src}: {exc}", ruleset=rec.ruleset,
                      file=name) from None
    if rs.info.version != rec.version:
        raise BadSave("ruleset_version", f"{src}: saved with {rec.ruleset} rules version "
                      f"{rec.version}, this game has version {rs.info.version}",
                      ruleset=rec.ruleset, found=rec.version, known=rs.info.version, file=name)
    if rec.scenario not in rs.scenarios():
        raise BadSave("scenario_unknown", f"{src}: unknown scenario '{rec.scenario}' for "
                      f"{rec.ruleset}", scenario=rec.scenario, file=name)
    try:
        engine = Engine.replay(rec, verify=True)
    except BadSave as exc:
        raise exc.at(src) from None
    except Exception as exc:  # noqa: BLE001 - untrusted data met a rule: refuse the file
        detail = " ".join(f"{type(exc).__name__}: {exc}".split())[:160]
        raise BadSave("unplayable", f"{src}: the saved game cannot be replayed ({detail})",
                      file=name) from None
    if rec.players is not None:
        _check_players(rec.players, engine.state.seats(), known_player, src, name)
    engine.record.players, engine.record.meta = rec.players, rec.meta
    return engine


def _check_players(players: dict[int, str], seats, known_player, src: str, name: str) -> None:
    """The players of a save name every seat of its game, and only those, with specs the
    caller knows."""
    missing = sorted(set(seats) - set(players))
    extra = sorted(set(players) - set(seats))
    if missing or extra:
        side = (missing or extra)[0]
        what = "missing" if missing else "not a seat of this game"
        raise BadSave("damaged", f"{src}: damaged save (players.{side}: {what})",
                      field=f"players.{side}", file=name)
    for side, spec in sorted(players.items()):
        if known_player is not None and not known_player(spec):
            raise BadSave("damaged", f"{src}: damaged save (players.{side}: unknown player "
                          f"'{spec}')", field=f"players.{side}", file=name)


def refusal_text(exc: SaveError, lang: str, file: str = "") -> str:
    """What the window says about a refused save (from the text catalogue)."""
    from game.core.text import t

    code = getattr(exc, "code", "unplayable")
    params = {"file": file, "field": "?", "n": "?", "found": "?", "known": "?", "ruleset": "?",
              "scenario": "?", **getattr(exc, "params", {})}
    return t(f"ui.save.{code}", lang, **params)


# --------------------------------------------------------------------------- fields
class Damaged(Exception):
    """A field of a save that no game writes: where (a path such as ``actions[3].path``)
    and what is wrong with it."""

    def __init__(self, where: str, what: str) -> None:
        super().__init__(f"{where}: {what}")
        self.where, self.what = where, what


_TOP = ("format", "format_version", "ruleset", "ruleset_version", "scenario", "seed", "options",
        "players", "meta", "decisions", "actions", "digests")
_ACTION = ("kind", "actor", "targets", "path", "value", "values", "partners")
MAX_DECISIONS = 100_000
MAX_ITEMS = 10_000           # elements of a list or mapping (a path's points, the options...)
MAX_TEXT = 1_000             # characters of a string
MAX_DEPTH = 8                # nesting of the options
MAX_COORD = 1e6              # mm: a point of a path
MAX_NAME = 80                # characters of a save's name
MAX_SEATS = 16
_HEX = frozenset("0123456789abcdef")


def check_document(d: dict[str, Any]) -> dict[str, Any]:
    """A save document's fields, checked and copied (Damaged names the first bad one):
    the keyword arguments of :class:`Record` plus ``decisions`` when stored."""
    for key in d:
        if key not in _TOP:
            raise Damaged(str(key)[:40], "unknown field")
    for key in ("ruleset", "ruleset_version", "scenario", "seed", "actions"):
        if key not in d:
            raise Damaged(key, "missing")
    out: dict[str, Any] = {
        "ruleset": _text(d["ruleset"], "ruleset", 64), "scenario": _text(d["scenario"], "scenario", 64),
        "ruleset_version": _int(d["ruleset_version"], "ruleset_version", 0, 10**6),
        "seed": _int(d["seed"], "seed", -(2**63), 2**64 - 1),
        "options": _mapping(d.get("options", {}), "options"),
        "actions": [_action(a, f"actions[{i}]") for i, a in enumerate(_list(d["actions"], "actions",
                                                                            MAX_DECISIONS))],
        "digests": _digests(d.get("digests", {})),
        "players": None if d.get("players") is None else _players(d["players"]),
        "meta": _meta(d.get("meta", {})),
    }
    if "decisions" in d:
        out["decisions"] = _int(d["decisions"], "decisions", 0, MAX_DECISIONS)
    return out


def _action(a: Any, where: str) -> dict[str, Any]:
    if not isinstance(a, dict):
        raise Damaged(where, "a decision must be a mapping")
    for key in a:
        if key not in _ACTION:
            raise Damaged(f"{where}.{str(key)[:40]}", "unknown field")
    if "kind" not in a:
        raise Damaged(f"{where}.kind", "missing")
    out: dict[str, Any] = {"kind": _text(a["kind"], f"{where}.kind", 64)}
    if a.get("actor") is not None:
        out["actor"] = _text(a["actor"], f"{where}.actor", 200)
    for key in ("targets", "partners"):
        items = _list(a.get(key, []), f"{where}.{key}", 64)
        out[key] = tuple(_text(v, f"{where}.{key}[{i}]", 200) for i, v in enumerate(items))
    out["values"] = tuple(_int(v, f"{where}.values[{i}]", -(2**31), 2**31)
                          for i, v in enumerate(_list(a.get("values", []), f"{where}.values", 64)))
    value = a.get("value")
    if value is not None:
        out["value"] = (_text(value, f"{where}.value", 200) if isinstance(value, str)
                        else _int(value, f"{where}.value", -(2**31), 2**31))
    out["path"] = tuple(_point(p, f"{where}.path[{i}]")
                        for i, p in enumerate(_list(a.get("path", []), f"{where}.path", MAX_ITEMS)))
    return out


def _players(v: Any) -> dict[int, str]:
    """Side number -> ``human`` or an agent spec (lower-case words joined by colons)."""
    if not isinstance(v, dict):
        raise Damaged("players", f"expected a mapping, found {_kind(v)}")
    if not 1 <= len(v) <= MAX_SEATS:
        raise Damaged("players", f"1 to {MAX_SEATS} seats")
    out = {}
    for k, spec in v.items():
        if not (isinstance(k, str) and k.isdigit() and k == str(int(k)) and 0 < int(k) <= 99):
            raise Damaged("players", f"{str(k)[:20]!r} is not a side number")
        where = f"players.{k}"
        words = _text(spec, where, 64).split(":")
        if len(words) > 3 or not all(w.isascii() and w.isalpha() and w.islower() for w in words):
            raise Damaged(where, "a player is 'human' or an agent such as 'ai:normal'")
        out[int(k)] = spec
    return out


def _meta(v: Any) -> dict[str, Any]:
    """What a list of saves shows: name, saved (an ISO date), turn, max_turns."""
    if not isinstance(v, dict):
        raise Damaged("meta", f"expected a mapping, found {_kind(v)}")
    out: dict[str, Any] = {}
    for k, item in v.items():
        where = f"meta.{str(k)[:40]}"
        if k == "name":
            out[k] = _text(item, where, MAX_NAME)
        elif k == "saved":
            try:
                datetime.fromisoformat(_text(item, where, 40))
            except ValueError:
                raise Damaged(where, "a date such as 2026-11-24T01:02:03+00:00") from None
            out[k] = item
        elif k in ("turn", "max_turns"):
            out[k] = _int(item, where, 0, 10_000)
        else:
            raise Damaged(where, "unknown field")
    return out


def _point(p: Any, where: str) -> tuple[float, float]:
    if not isinstance(p, (list, tuple)) or len(p) != 2:
        raise Damaged(where, "a point must be two numbers")
    return (_coord(p[0], where), _coord(p[1], where))


def _coord(v: Any, where: str) -> float:
    if type(v) not in (int, float) or not -MAX_COORD <= v <= MAX_COORD:
        raise Damaged(where, f"a coordinate must be a number within {MAX_COORD:g} mm")
    return float(v)


def _int(v: Any, where: str, lo: int, hi: int) -> int:
    if type(v) is not int:
        raise Damaged(where, f"expected a whole number, found {_kind(v)}")
    if not lo <= v <= hi:
        raise Damaged(where, f"{v} is out of range ({lo} to {hi})")
    return v


def _text(v: Any, where: str, limit: int) -> str:
    if not isinstance(v, str):
        raise Damaged(where, f"expected text, found {_kind(v)}")
    if not v or len(v) > limit:
        raise Damaged(where, f"text must hold 1 to {limit} characters")
    return v


def _list(v: Any, where: str, limit: int) -> list | tuple:
    if not isinstance(v, (list, tuple)):
        raise Damaged(where, f"expected a list, found {_kind(v)}")
    if len(v) > limit:
        raise Damaged(where, f"more than {limit} items")
    return v


def _digests(v: Any) -> dict[str, str]:
    if not isinstance(v, dict):
        raise Damaged("digests", f"expected a mapping, found {_kind(v)}")
    out = {}
    for k, digest in v.items():
        if not (isinstance(k, str) and k.isdigit() and k == str(int(k)) and int(k) <= MAX_DECISIONS):
            raise Damaged("digests", f"{str(k)[:20]!r} is not a decision number")
        if not (isinstance(digest, str) and len(digest) == 16 and set(digest) <= _HEX):
            raise Damaged(f"digests.{k}", "a digest is 16 hexadecimal digits")
        out[k] = digest
    return out


def _mapping(v: Any, where: str, depth: int = 0) -> dict[str, Any]:
    if not isinstance(v, dict):
        raise Damaged(where, f"expected a mapping, found {_kind(v)}")
    if len(v) > MAX_ITEMS:
        raise Damaged(where, f"more than {MAX_ITEMS} items")
    out = {}
    for k, item in v.items():
        if not isinstance(k, str) or len(k) > MAX_TEXT:
            raise Damaged(where, "keys must be short text")
        out[k] = _plain(item, f"{where}.{k[:40]}", depth + 1)
    return out


def _plain(v: Any, where: str, depth: int) -> Any:
    """A copy of an option's value: JSON data of bounded size, depth and magnitude."""
    if depth > MAX_DEPTH:
        raise Damaged(where, "nested too deeply")
    if v is None or type(v) in (bool, str, int, float):
        if isinstance(v, str) and len(v) > MAX_TEXT:
            raise Damaged(where, f"text longer than {MAX_TEXT} characters")
        if type(v) is float and not math.isfinite(v) or type(v) is int and abs(v) > 2**53:
            raise Damaged(where, "number out of range")
        return v
    if isinstance(v, dict):
        return _mapping(v, where, depth)
    if isinstance(v, (list, tuple)):
        return [_plain(x, f"{where}[{i}]", depth + 1) for i, x in enumerate(_list(v, where, MAX_ITEMS))]
    raise Damaged(where, f"unexpected {_kind(v)}")


def _kind(v: Any) -> str:
    names = {bool: "true/false", int: "a whole number", float: "a number", str: "text",
             list: "a list", tuple: "a list", dict: "a mapping", type(None): "null"}
    return names.get(type(v), type(v).__name__)
