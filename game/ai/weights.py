"""The weights of a ruleset's position evaluation: its defaults, each overridden by the
profile's ``evaluation`` mapping (YAML profiles, ``game/ai/profiles/<ruleset>/``)."""
from __future__ import annotations


def evaluation_weights(defaults: dict[str, float], profile: dict) -> dict[str, float]:
    w = dict(defaults)
    w.update({k: float(v) for k, v in (profile.get("evaluation") or {}).items()})
    return w
