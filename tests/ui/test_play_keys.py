"""The texts of the AI's play on screen and of the odds previews exist in French and
English: every literal ``play.`` key of the interface code, and the decision and
consideration labels of every AI profile the debug overlay may show."""
from __future__ import annotations

import re
from pathlib import Path

import yaml

from game.core.text import catalogue

ROOT = Path(__file__).resolve().parents[2]


def test_play_keys_exist_in_both_languages():
    used = set()
    shown = [*(ROOT / "game" / "ui").rglob("*.py"), *(ROOT / "game" / "rulesets").rglob("presentation.py")]
    for p in shown:
        used |= set(re.findall(r'"(play\.[a-z_.]+[a-z_])"', p.read_text(encoding="utf-8")))
    assert len(used) > 20
    # one button per value of Mortebrume's choices (labelled from their kind and value)
    value_choices = {"priority": ("first", "second"), "deploy_order": ("place", "impose")}
    for kind, values in value_choices.items():
        used |= {f"play.{part}.{kind}.{v}" for v in values for part in ("choice", "tip")}
    used.add("play.choice.deploy.auto")
    for lang in ("fr", "en"):
        assert sorted(k for k in used if k not in catalogue(lang)) == [], lang


def test_every_profile_label_exists_in_both_languages():
    keys = {"ai.decision.fallback"}
    for path in (ROOT / "game" / "ai" / "profiles").rglob("*.yaml"):
        doc = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
        for name, d in (doc.get("decisions") or {}).items():
            keys.add(f"ai.decision.{name}")
            keys |= {f"ai.input.{k}" for k in ((d or {}).get("considerations") or {})}
    assert len(keys) > 10
    for lang in ("fr", "en"):
        assert sorted(k for k in keys if k not in catalogue(lang)) == [], lang
