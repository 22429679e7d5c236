"""Difficile does not silently lack what normal gained. Profiles merge base.yaml and the
level file, so a knob set only in normal.yaml is not in difficile: Swidenth's normal gained
``chef_bubble`` and its ``bubble`` move consideration (round 21) and difficile played on
without them. Every key normal.yaml sets over base.yaml must be set in difficile.yaml too
(to the same value or, deliberately, another), unless it is listed below with its reason."""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from game.ai.profiles import folder_of
from game.core.plugins import available, plugin

# (ruleset, key path) -> why difficile deliberately keeps base.yaml's value
DELIBERATE: dict[tuple[str, str], str] = {
    ("evenor", "plans"): "normal is the weaker level without base's move-then-charge plans; "
                         "difficile keeps them (normal.yaml's header and its session-31 trials)",
}

_META = ("kind", "ruleset")


def _rulesets() -> list[str]:
    return [r for r in available() if plugin(r).ai_profiles]


def _file(ruleset: str, level: str) -> dict:
    path: Path = folder_of(ruleset) / f"{level}.yaml"
    return yaml.safe_load(path.read_text(encoding="utf-8")) or {}


def _leaves(data: dict, prefix: tuple[str, ...] = ()) -> dict[tuple[str, ...], object]:
    """Every leaf key path of a profile mapping (nested mappings walked down)."""
    out: dict[tuple[str, ...], object] = {}
    for k, v in data.items():
        if not prefix and k in _META:
            continue
        if isinstance(v, dict) and v:
            out.update(_leaves(v, (*prefix, str(k))))
        else:
            out[(*prefix, str(k))] = v
    return out


def _get(data: dict, path: tuple[str, ...]) -> tuple[bool, object]:
    """Whether ``data`` sets ``path`` (or a whole value at one of its prefixes), and what."""
    node: object = data
    for k in path:
        if not isinstance(node, dict) or k not in node:
            return False, None
        node = node[k]
        if not isinstance(node, dict):
            return True, node
    return True, node


def _missing(ruleset: str) -> list[str]:
    """The key paths normal.yaml sets (differing from base.yaml) that difficile.yaml does not."""
    base, normal, hard = (_file(ruleset, lv) for lv in ("base", "normal", "difficile"))
    out = []
    for path, value in _leaves(normal).items():
        in_base, base_value = _get(base, path)
        if in_base and base_value == value:
            continue                     # normal restates base: difficile inherits it too
        if not _get(hard, path)[0]:
            out.append(".".join(path))
    return out


def test_there_are_rulesets_with_levels():
    assert "swidenth" in _rulesets() and len(_rulesets()) >= 4


@pytest.mark.parametrize("ruleset", _rulesets())
def test_difficile_sets_every_key_normal_sets(ruleset: str):
    missing = [k for k in _missing(ruleset) if (ruleset, k) not in DELIBERATE]
    assert not missing, (f"{ruleset}: normal.yaml sets {missing} over base.yaml but difficile.yaml "
                         "does not: give difficile the same (or list the key in DELIBERATE with why)")


def test_every_deliberate_difference_is_still_one():
    for (ruleset, key), why in DELIBERATE.items():
        assert why and key in _missing(ruleset), f"{ruleset}.{key} is no longer a difference"


def test_the_guard_sees_a_nested_consideration():
    """The case it was written for: a move consideration set in normal.yaml only."""
    normal = {"chef_bubble": True, "decisions": {"move": {"considerations": {"bubble": {"m": 0.5}}}}}
    leaves = _leaves(normal)
    assert ("decisions", "move", "considerations", "bubble", "m") in leaves
    assert not _get({"decisions": {"move": {"weight": 0.3}}}, ("decisions", "move", "considerations",
                                                                "bubble", "m"))[0]
    assert _get({"search": False}, ("search", "candidates")) == (True, False)


def test_swidenth_difficile_plays_normals_bubble():
    """What the guard caught, in play: difficile's Centurion, alone in its phase, its two
    legionaries 6-8 pas to one side, ends its move with both within its bubble (as normal's
    does, tests/ai/swidenth/test_chef_bubble.py); without chef_bubble it walks off alone."""
    from game.ai.agents import make_agent
    from tests.ai.swidenth.test_chef_bubble import _open_phase, _within

    def best_within(knob: bool) -> int:
        eng = _open_phase()
        agent = make_agent("ai:difficile", 0)
        agent.load("swidenth")
        if not knob:
            agent.profile["chef_bubble"] = False
        action = agent.choose(eng)
        return _within(eng.state, action.path[-1] if action.path else eng.state.figures["chef"].pos)

    assert best_within(True) == 2
    assert best_within(False) == 0
