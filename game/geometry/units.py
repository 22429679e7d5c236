"""Length units used by rulebooks, converted to and from millimetres."""

from __future__ import annotations

MM_PER_UNIT: dict[str, float] = {"mm": 1.0, "cm": 10.0, "pas": 25.0, "toise": 40.0}


def _factor(unit: str) -> float:
    try:
        return MM_PER_UNIT[unit]
    except (KeyError, TypeError):
        accepted = ", ".join(sorted(MM_PER_UNIT))
        raise ValueError(f"unknown length unit {unit!r}; accepted units: {accepted}") from None


def to_mm(value: float, unit: str) -> float:
    """Convert ``value`` expressed in ``unit`` to millimetres."""
    return float(value) * _factor(unit)


def from_mm(mm: float, unit: str) -> float:
    """Convert a length in millimetres to ``unit``."""
    return float(mm) / _factor(unit)
