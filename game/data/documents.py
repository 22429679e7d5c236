"""Loading and checking data files: read, parse, validate, cross-check."""

from __future__ import annotations

import copy
import functools
import hashlib
import os
from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError

from .errors import FILE_LABEL, DataError, Issue, format_line, format_path, show, unknown
from .paths import catalogue_path
from .registry import KINDS, has_schemas, known_rulesets, lookup
from .validation import translate
from .yaml_source import Source, is_refused, read_yaml

MAX_BYTES = 1_000_000


@dataclass(frozen=True)
class Document:
    kind: str
    ruleset: str
    model: Any
    path: str


_LOADED: dict[tuple, Document] = {}   # valid documents by (file, content, expectations)
_LOADED_MAX = 512


def load_document(path, expected_kind: str | None = None,
                  expected_ruleset: str | None = None) -> Document:
    """Read and validate one data file; raises DataError listing every problem.

    A file already read with the same bytes, the same expectations and the same rulesets
    known is not parsed and validated again: a copy of the first answer is returned (the
    game builds many games from the same scenario and roster files)."""
    key = _cache_key(path, expected_kind, expected_ruleset)
    if key is not None and key in _LOADED:
        return copy.deepcopy(_LOADED[key])
    doc, messages = _load(path, expected_kind, expected_ruleset)
    if messages or doc is None:
        raise DataError(messages or [f"{_name(path)}:1:1: {FILE_LABEL}: cannot be loaded"])
    if key is not None:
        if len(_LOADED) >= _LOADED_MAX:
            _LOADED.clear()
        _LOADED[key] = copy.deepcopy(doc)
    return doc


def _cache_key(path, expected_kind, expected_ruleset) -> tuple | None:
    """What a file's validation depends on, or None when the file cannot be read."""
    if not isinstance(path, (str, bytes, os.PathLike)):
        return None
    name = _name(path)
    try:
        with open(name, "rb") as handle:
            raw = handle.read(MAX_BYTES + 1)
    except (OSError, ValueError):
        return None
    digest = hashlib.blake2b(raw, digest_size=16).digest()
    return (os.path.abspath(name), digest, expected_kind, expected_ruleset, tuple(known_rulesets()))


@functools.cache
def load_catalogue(ruleset: str):
    """The validated catalogue model of a ruleset (cached)."""
    try:
        path = catalogue_path(ruleset)
    except ValueError as exc:
        raise DataError([f"{ruleset!r}:1:1: {FILE_LABEL}: {exc}"]) from None
    return load_document(path, expected_kind="catalogue", expected_ruleset=ruleset).model


def check_files(paths: list) -> tuple[int, list[str]]:
    """Check data files; (0, 'ok: ...' lines) if all are valid, else (2, error lines)."""
    ok_lines: list[str] = []
    errors: list[str] = []
    for path in paths:
        try:
            doc, messages = _load(path, None, None)
        except Exception as exc:  # noqa: BLE001 - this function must never raise
            doc, messages = None, [f"{_name(path)}:1:1: {FILE_LABEL}: internal error ({exc!r})"]
        if messages or doc is None:
            errors.extend(messages)
            continue
        ident = getattr(doc.model, "id", None)
        label = f"{doc.ruleset}/{ident}" if isinstance(ident, str) else doc.ruleset
        ok_lines.append(f"ok: {doc.path} ({doc.kind} {label})")
    return (2, errors) if errors else (0, ok_lines)


# ---------------------------------------------------------------------------


def _name(path) -> str:
    try:
        return os.fsdecode(path)
    except TypeError:
        return repr(path)


def _file_error(name: str, message: str, pos=(1, 1)) -> list[str]:
    return [format_line(name, pos[0], pos[1], FILE_LABEL, message)]


def _read_text(name: str) -> tuple[str | None, list[str]]:
    try:
        if os.path.isdir(name):
            return None, _file_error(name, "is a directory, not a data file")
        with open(name, "rb") as handle:
            raw = handle.read(MAX_BYTES + 1)
    except FileNotFoundError:
        return None, _file_error(name, "file not found")
    except (OSError, ValueError) as exc:
        reason = getattr(exc, "strerror", None) or str(exc)
        return None, _file_error(name, f"cannot read file ({reason})")
    if len(raw) > MAX_BYTES:
        return None, _file_error(name, f"file too large (more than {MAX_BYTES} bytes)")
    try:
        return raw.decode("utf-8-sig"), []
    except UnicodeDecodeError as exc:
        before = raw[: exc.start]
        line = before.count(b"\n") + 1
        col = len(before) - (before.rfind(b"\n") + 1) + 1
        return None, _file_error(name, "not UTF-8 text (is this a binary file?)", (line, col))


def _load(path, expected_kind, expected_ruleset) -> tuple[Document | None, list[str]]:
    name = _name(path)
    if not isinstance(path, (str, bytes, os.PathLike)):
        return None, _file_error(name, "expected a file path")
    text, messages = _read_text(name)
    if text is None:
        return None, messages
    src = read_yaml(text)
    issues: list[tuple[tuple[int, int], Issue]] = list(src.problems)
    fatal = any(not i.path for _, i in src.problems) and not isinstance(src.data, dict)
    doc = None
    if not fatal:
        header, kind, ruleset = _check_header(src, expected_kind, expected_ruleset)
        issues += [(_where(src, i), i) for i in header]
        if not header:
            doc, more = _validate(src, kind, ruleset, name)
            issues += more
    issues.sort(key=lambda item: item[0])
    lines = [format_line(name, line, col, format_path(i.path), i.message)
             for (line, col), i in issues]
    return (None if lines else doc), lines


def _where(src: Source, issue: Issue) -> tuple[int, int]:
    return src.key_pos(issue.path) if issue.at_key else src.value_pos(issue.path)


def _check_header(src: Source, expected_kind, expected_ruleset):
    data = src.data
    if data is None:
        return [Issue((), "the file is empty (expected a mapping with 'kind' and 'ruleset')")], None, None
    if not isinstance(data, dict):
        return [Issue((), "expected a mapping with 'kind' and 'ruleset' at the top level "
                          f"(got {show(data)})")], None, None
    issues: list[Issue] = []
    kind = _header_field(data, "kind", KINDS, expected_kind, issues)
    ruleset = _header_field(data, "ruleset", known_rulesets(), expected_ruleset, issues)
    try:
        if ruleset is not None and not has_schemas(ruleset):
            issues.append(Issue(("ruleset",), f"ruleset '{ruleset}' has no data schemas yet"))
        elif kind is not None and ruleset is not None and lookup(ruleset, kind) is None:
            issues.append(Issue(("kind",), f"ruleset '{ruleset}' has no schema for '{kind}' files yet"))
    except Exception as exc:  # noqa: BLE001 - a broken ruleset module must not crash checks
        issues.append(Issue(("ruleset",), f"cannot load the data schemas of ruleset '{ruleset}' "
                                          f"({type(exc).__name__}: {exc})"))
    return issues, kind, ruleset


def _header_field(data: dict, key: str, choices, expected, issues: list) -> str | None:
    if key not in data:
        issues.append(Issue((key,), "required key is missing", at_key=True))
        return None
    value = data[key]
    if is_refused(value):
        return None  # already reported while reading the YAML
    if not isinstance(value, str):
        issues.append(Issue((key,), f"expected text (got {show(value)})"))
    elif value not in choices:
        issues.append(Issue((key,), unknown(key, value, choices)))
    elif expected is not None and value != expected:
        issues.append(Issue((key,), f"expected {key} '{expected}' here (got {show(value)})"))
    else:
        return value
    return None


def _validate(src: Source, kind: str, ruleset: str, name: str):
    schema = lookup(ruleset, kind)
    context: dict = {}
    located = []
    try:
        model = schema.model.model_validate(src.data, context=context)
    except ValidationError as exc:
        refused = [i.path for _, i in src.problems if i.path and not i.at_key]
        for issue in translate(exc, src.data, context):
            if not any(issue.path[: len(p)] == p for p in refused):
                located.append((_where(src, issue), issue))
        return None, located
    except (RecursionError, MemoryError, ValueError, TypeError) as exc:
        issue = Issue((), f"cannot validate this file ({type(exc).__name__})")
        return None, [((1, 1), issue)]
    if src.problems:
        return None, located
    document = Document(kind=kind, ruleset=ruleset, model=model, path=name)
    if schema.cross_check is not None:
        try:
            issues = schema.cross_check(model)
        except DataError as exc:  # e.g. the catalogue it depends on is broken
            issues = [Issue((), "the ruleset catalogue is invalid: " + m) for m in exc.messages]
        located += [(_where(src, i), i) for i in issues]
    return document, located
