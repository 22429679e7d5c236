"""Every way a registered ruleset can end a game reads as words in both languages (the end
screen once showed the raw key 'reason.last_standing' after a Mortebrume game)."""
from __future__ import annotations

import importlib
import inspect
import pathlib
import re

import pytest

from game.core import plugins

REASON = re.compile(r"reason=\"(\w+)\"")


def _reasons(rid: str) -> set[str]:
    package = importlib.import_module(plugins.plugin(rid).rules.partition(":")[0].rsplit(".", 1)[0])
    folder = pathlib.Path(inspect.getfile(package)).parent
    return {m for path in folder.glob("*.py") for m in REASON.findall(path.read_text(encoding="utf-8"))}


@pytest.mark.parametrize("rid", plugins.available())
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_every_outcome_reason_has_words(rid, lang):
    reasons = _reasons(rid)
    assert reasons, f"{rid}: no outcome reason found in its package"
    pres = plugins.plugin(rid).load("presentation")()
    for reason in sorted(reasons):
        text = pres.outcome_reason(reason, lang)
        assert text and "reason." not in text and text != reason, (rid, reason, text)
