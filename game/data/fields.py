"""Reusable pydantic building blocks for ruleset data schemas.

``DataModel`` is the base of every schema model: unknown keys are refused,
types are strict, NaN/infinity are refused and models are frozen (the bundled
catalogue is cached and shared).  The ``Annotated`` types below validate the
small list shapes used by scenario files and raise plain-English messages.
"""

from __future__ import annotations

import math
import re
from typing import Annotated, Any

from pydantic import BaseModel, BeforeValidator, ConfigDict, ValidationInfo, model_validator

from .errors import show, unknown
from .table_checks import fmt_num

ID_RE = re.compile(r"^[a-z][a-z0-9_]*$")


class DataModel(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True, allow_inf_nan=False)

    @model_validator(mode="before")
    @classmethod
    def _remember_model(cls, data: Any, info: ValidationInfo) -> Any:
        # Lets error translation find which model rejected an unknown key,
        # so it can suggest the closest allowed key.
        ctx = info.context
        if isinstance(ctx, dict) and isinstance(data, dict):
            ctx.setdefault("models", {})[id(data)] = cls
        return data

    @classmethod
    def allowed_keys(cls) -> list[str]:
        return [f.alias or name for name, f in cls.model_fields.items()]


class LocalText(DataModel):
    """A player-visible text in French with its English variant."""

    fr: Annotated[str, BeforeValidator(lambda v: _text(v))]
    en: Annotated[str, BeforeValidator(lambda v: _text(v))]

    def get(self, lang: str = "fr") -> str:
        return self.en if lang == "en" else self.fr


def _text(value: Any) -> Any:
    if isinstance(value, str) and not value.strip():
        raise ValueError("expected a non-empty text")
    return value


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _numbers(value: Any, count: int, what: str) -> list[float]:
    if not isinstance(value, list) or len(value) != count or not all(map(_is_number, value)):
        raise ValueError(f"expected {what} (got {show(value)})")
    try:
        numbers = [float(v) for v in value]
    except OverflowError:
        numbers = [math.inf]
    if not all(map(math.isfinite, numbers)):
        raise ValueError(f"expected {what} with reasonable values (got {show(value)})")
    return numbers


def check_identifier(value: Any) -> Any:
    if isinstance(value, str) and not ID_RE.match(value):
        raise ValueError(
            f"expected an id of lowercase ASCII letters, digits and '_' (got {show(value)})")
    return value


def check_rect(value: Any) -> tuple[float, float, float, float]:
    x, y, w, h = _numbers(value, 4, "a list of 4 numbers")
    if w <= 0 or h <= 0:
        raise ValueError("width and height must be positive "
                         f"(got [{fmt_num(x)}, {fmt_num(y)}, {fmt_num(w)}, {fmt_num(h)}])")
    return (x, y, w, h)


def check_point(value: Any) -> tuple[float, float]:
    x, y = _numbers(value, 2, "a list of 2 numbers")
    return (x, y)


def check_circle(value: Any) -> tuple[float, float, float]:
    x, y, r = _numbers(value, 3, "a list of 3 numbers")
    if r <= 0:
        raise ValueError(f"the radius must be positive (got {fmt_num(r)})")
    return (x, y, r)


def check_int_range(value: Any) -> tuple[int, int]:
    ok = (isinstance(value, list) and len(value) == 2
          and all(isinstance(v, int) and not isinstance(v, bool) for v in value))
    if not ok:
        raise ValueError(f"expected a list of 2 integers [min, max] (got {show(value)})")
    low, high = value
    if low < 0 or low > high or high > 10_000:
        raise ValueError(f"expected 0 <= min <= max (got [{low}, {high}])")
    return (low, high)


def check_size_range(value: Any) -> tuple[float, float]:
    low, high = _numbers(value, 2, "a list of 2 numbers [min, max]")
    if low <= 0 or low > high:
        raise ValueError(f"expected 0 < min <= max (got [{fmt_num(low)}, {fmt_num(high)}])")
    return (low, high)


def check_ranges(value: Any) -> tuple[float, float, float]:
    """Weapon ranges in pas: [short, medium, long], positive and increasing."""
    short, medium, long = _numbers(value, 3, "a list of 3 numbers [short, medium, long]")
    if not 0 < short < medium < long:
        raise ValueError(f"expected 3 increasing positive ranges (got {show(value)})")
    return (short, medium, long)


def param_item(item: Any, params: dict[str, str], what: str = "trait") -> dict:
    """Read a list item naming an entry of ``params``: either 'id' or {'id': number}.

    ``params[id]`` says which number the entry takes: "none", "count" (1-20)
    or "threshold" (a D6 threshold, 1-6).  Returns {'id': ..., 'value': ...}.
    """
    if isinstance(item, str):
        key, value = item, None
    elif isinstance(item, dict) and len(item) == 1 and isinstance(next(iter(item)), str):
        key, value = next(iter(item.items()))
        if not isinstance(value, int) or isinstance(value, bool):
            raise ValueError(f"expected an integer for {what} '{key}' (got {show(value)})")
    else:
        raise ValueError(f"expected a {what} id or a one-key mapping {{{what}: number}} "
                         f"(got {show(item)})")
    param = params.get(key)
    if param is None:
        raise ValueError(unknown(what, key, params))
    if param == "none" and value is not None:
        raise ValueError(f"{what} '{key}' takes no number (got {value})")
    if param != "none" and value is None:
        raise ValueError(f"{what} '{key}' needs a number, e.g. {{{key}: 2}}")
    low, high = (1, 6) if param == "threshold" else (1, 20)
    if value is not None and not low <= value <= high:
        raise ValueError(f"{what} '{key}' needs a {param} between {low} and {high} (got {value})")
    return {"id": key, "value": value}


Identifier = Annotated[str, BeforeValidator(check_identifier)]
Rect = Annotated[tuple[float, float, float, float], BeforeValidator(check_rect)]
Point = Annotated[tuple[float, float], BeforeValidator(check_point)]
Circle = Annotated[tuple[float, float, float], BeforeValidator(check_circle)]
IntRange = Annotated[tuple[int, int], BeforeValidator(check_int_range)]
SizeRange = Annotated[tuple[float, float], BeforeValidator(check_size_range)]

Ranges = Annotated[tuple[float, float, float], BeforeValidator(check_ranges)]
