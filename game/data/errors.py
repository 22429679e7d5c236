"""Error values and the one-line message format shared by all data checks.

Every problem found in a data file becomes one line::

    FILE:LINE:COL: path.to.field: what was expected (got ...)
"""

from __future__ import annotations

import difflib
import math
from collections.abc import Iterable
from typing import NamedTuple

Path = tuple  # a path into a document: str keys and int list indices

ROOT_LABEL = "(document)"
FILE_LABEL = "(file)"


class DataError(Exception):
    """One or more problems in a data file; ``messages`` holds one line each."""

    def __init__(self, messages: list[str]):
        self.messages = list(messages)
        super().__init__("\n".join(self.messages))

    def __str__(self) -> str:
        return "\n".join(self.messages)


class Issue(NamedTuple):
    """A problem located by its path in the document (positions come later)."""

    path: Path
    message: str
    at_key: bool = False  # point at the mapping key rather than at its value


def format_path(path: Iterable) -> str:
    """('terrain', 'fixed', 2, 'rect') -> 'terrain.fixed[2].rect'."""
    out = ""
    for part in path:
        if isinstance(part, int) and not isinstance(part, bool):
            out += f"[{part}]"
        else:
            out += ("." if out else "") + str(part)
    return out or ROOT_LABEL


def format_line(file: str, line: int, col: int, label: str, message: str) -> str:
    text = f"{file}:{line}:{col}: {label}: {message}"
    return text.replace("\n", " ").replace("\r", " ")


def show(value: object, limit: int = 40) -> str:
    """A short, user-facing rendering of a YAML value for '(got ...)'."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        try:
            text = str(value)
        except ValueError:  # more digits than Python agrees to print
            return "a very large integer"
        return text if len(text) <= 20 else text[:17] + "..."
    if isinstance(value, float):
        if math.isnan(value):
            return ".nan"
        if math.isinf(value):
            return ".inf" if value > 0 else "-.inf"
        return repr(value)
    if isinstance(value, str):
        if len(value) > limit:
            value = value[: limit - 3] + "..."
        return repr(value)
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, (list, tuple)):
        simple = all(v is None or isinstance(v, (bool, int, float, str)) for v in value)
        if simple and len(value) <= 6:
            text = "[" + ", ".join(show(v, 12) for v in value) + "]"
            if len(text) <= 60:
                return text
        return "a list"
    return f"a {type(value).__name__}"


def suggest(word: object, choices: Iterable[str]) -> str | None:
    """The closest choice to ``word`` (difflib), or None."""
    if not isinstance(word, str):
        return None
    options = [c for c in choices if isinstance(c, str)]
    found = difflib.get_close_matches(word, options, n=1, cutoff=0.6)
    if not found:
        lowered = {c.lower(): c for c in options}
        found = difflib.get_close_matches(word.lower(), list(lowered), n=1, cutoff=0.6)
        found = [lowered[f] for f in found]
    return found[0] if found else None


def unknown(what: str, word: object, choices: Iterable[str]) -> str:
    """"unknown key 'coût'; did you mean 'cost'?" (or the list of choices)."""
    choices = sorted(set(choices))
    hint = suggest(word, choices)
    head = f"unknown {what} {show(word)}"
    if hint is not None:
        return f"{head}; did you mean '{hint}'?"
    if choices and len(choices) <= 12:
        return f"{head} (expected one of: {', '.join(choices)})"
    return head
