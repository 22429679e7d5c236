"""Trio, a three-side test ruleset (see rules.py): registered for a test with
``registered()`` (its declaration and its texts join the game's while the test runs, and
leave after it)."""
from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from game.core.plugins import declare

TEXTS = Path(__file__).with_name("texts.json")

PLUGIN = declare(
    id="trio",
    rules="tests.rulesets.trio.rules:RULESET",
    schemas="tests.rulesets.trio.rules",
    presentation="tests.rulesets.trio.rules:TrioPresentation",
    builder="tests.rulesets.trio.rules:TrioBuilder",
    rules_pages=("trio", ("turn",)),
)


@contextmanager
def registered() -> Iterator[None]:
    """Trio registered, with its texts in the catalogue, for the duration of the block."""
    from game.core import plugins, ruleset
    from game.core.text import catalogue
    from game.ui import rules_info

    texts = json.loads(TEXTS.read_text(encoding="utf-8"))
    for lang, keys in texts.items():
        clash = set(keys) & set(catalogue(lang))
        assert not clash, f"trio texts already in the catalogue: {sorted(clash)}"
        catalogue(lang).update(keys)
    plugins.register(PLUGIN)
    try:
        yield
    finally:
        plugins.unregister("trio")
        ruleset._CACHE.pop("trio", None)
        rules_info._CACHE.pop("trio", None)
        for lang, keys in texts.items():
            for k in keys:
                catalogue(lang).pop(k, None)
