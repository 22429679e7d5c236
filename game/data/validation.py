"""Turning pydantic validation errors into located, plain-English issues."""

from __future__ import annotations

import re
from typing import Any

from pydantic import ValidationError

from .errors import Issue, show, suggest, unknown
from .yaml_source import is_refused

_TYPE_WORDS = {
    "int": "an integer", "float": "a number", "string": "text", "bool": "true or false",
    "list": "a list", "tuple": "a list", "set": "a list", "dict": "a mapping",
    "model": "a mapping", "model_attributes": "a mapping", "dataclass": "a mapping",
}
_FIXED = {
    "int_from_float": "an integer", "int_parsing": "an integer", "float_parsing": "a number",
    "bool_parsing": "true or false", "finite_number": "a finite number",
    "string_sub_type": "text", "none_required": "nothing (null)",
}


def translate(exc: ValidationError, data: Any, context: dict) -> list[Issue]:
    """One Issue per pydantic error, with the loc mapped onto our data paths."""
    issues = []
    models = context.get("models", {})
    for err in exc.errors(include_url=False):
        path, at_key, container = _walk(data, err.get("loc", ()))
        etype = err.get("type", "")
        if etype == "extra_forbidden" and path:
            model = models.get(id(container))
            allowed = model.allowed_keys() if model is not None else []
            issues.append(Issue(path, unknown("key", path[-1], allowed), at_key=True))
            continue
        if etype == "union_tag_invalid":
            key = (err.get("ctx") or {}).get("discriminator", "type").strip("'")
            issues.append(Issue(path + (key,), _message(err)))
            continue
        if etype == "union_tag_not_found":
            key = (err.get("ctx") or {}).get("discriminator", "type").strip("'")
            issues.append(Issue(path + (key,), "required key is missing", at_key=True))
            continue
        if _holds_refused(err.get("input")):
            continue  # already reported while reading the YAML
        issues.append(Issue(path, _message(err), at_key=at_key or etype == "missing"))
    return issues


def _holds_refused(value: Any) -> bool:
    """The value, or one of its direct items, could not be read from the YAML."""
    if isinstance(value, dict):
        return any(map(is_refused, value.values()))
    if isinstance(value, list):
        return any(map(is_refused, value))
    return is_refused(value)


def _walk(data: Any, loc: tuple) -> tuple[tuple, bool, Any]:
    """Follow a pydantic loc through the data; returns (path, at_key, parent container).

    Segments that do not exist in the data (union member tags such as 'escape'
    or 'function-after[...]') are skipped; the last segment of a missing or
    unknown key is kept.
    """
    path: list = []
    node, parent = data, None
    for i, seg in enumerate(loc):
        last = i == len(loc) - 1
        if seg == "[key]":
            return tuple(path), True, parent
        if isinstance(node, dict) and isinstance(seg, str) and seg in node:
            if not last and node.get("type") == seg and not isinstance(node[seg], (dict, list)):
                continue  # a discriminated-union tag that is also a key name
            parent, node = node, node[seg]
            path.append(seg)
        elif isinstance(node, list) and isinstance(seg, int) and 0 <= seg < len(node):
            parent, node = node, node[seg]
            path.append(seg)
        elif last and isinstance(node, dict) and isinstance(seg, str):
            path.append(seg)
            return tuple(path), False, node
    return tuple(path), False, parent


def _message(err: dict) -> str:
    etype: str = err.get("type", "")
    ctx: dict = err.get("ctx") or {}
    got = f" (got {show(err.get('input'))})"
    if etype == "missing":
        return "required key is missing"
    if etype in ("value_error", "assertion_error"):
        text = str(ctx.get("error", err.get("msg", "")))
        return re.sub(r"^(Value error|Assertion failed), ", "", text)
    if etype in _FIXED:
        return "expected " + _FIXED[etype] + got
    if etype.endswith("_type") and etype[:-5] in _TYPE_WORDS:
        return "expected " + _TYPE_WORDS[etype[:-5]] + got
    if etype in ("literal_error", "enum"):
        choices = re.findall(r"'([^']*)'", str(ctx.get("expected", "")))
        hint = suggest(err.get("input"), choices)
        text = f"expected one of {', '.join(choices)}{got}"
        return text + (f"; did you mean '{hint}'?" if hint else "")
    if etype == "union_tag_invalid":
        choices = re.findall(r"'([^']*)'", str(ctx.get("expected_tags", "")))
        tag = ctx.get("tag")
        hint = suggest(tag, choices)
        key = str(ctx.get("discriminator", "type")).strip("'")
        text = f"expected '{key}' to be one of {', '.join(choices)}"
        return text + f" (got {show(tag)})" + (f"; did you mean '{hint}'?" if hint else "")
    bounds = {"greater_than_equal": (">=", "ge"), "greater_than": (">", "gt"),
              "less_than_equal": ("<=", "le"), "less_than": ("<", "lt")}
    if etype in bounds:
        sign, key = bounds[etype]
        return f"expected a number {sign} {ctx.get(key)}{got}"
    if etype in ("too_short", "too_long"):
        word = "at least" if etype == "too_short" else "at most"
        limit = ctx.get("min_length" if etype == "too_short" else "max_length")
        items = "item" if limit == 1 else "items"
        return f"expected {word} {limit} {items} (got {ctx.get('actual_length')})"
    if etype in ("string_too_short", "string_too_long"):
        return "expected a non-empty text" + got if etype == "string_too_short" \
            else f"text is too long (max {ctx.get('max_length')} characters)"
    text = str(err.get("msg", "invalid value"))
    text = re.sub(r"^Input should be ", "expected ", text)
    return text[:1].lower() + text[1:] + got
