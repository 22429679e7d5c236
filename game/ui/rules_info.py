"""The window's door to a ruleset's presentation (game.core.presentation): looked up from
the ruleset's registration, built once per ruleset."""
from __future__ import annotations

from game.core.plugins import plugin
from game.core.presentation import Presentation

_CACHE: dict[str, Presentation] = {}


def info_for(ruleset_id: str) -> Presentation:
    """The presentation of a registered ruleset (UserError for an unknown id)."""
    if ruleset_id not in _CACHE:
        _CACHE[ruleset_id] = plugin(ruleset_id).load("presentation")()
    return _CACHE[ruleset_id]


def builder_for(ruleset_id: str):
    """The warband builder rules a ruleset declares (a fresh object: it holds no state)."""
    return plugin(ruleset_id).load("builder")()


def rule_pages(ruleset_id: str) -> tuple[str, tuple[str, ...]]:
    """(text key prefix, page ids) of a ruleset's pages in the rules reference."""
    return plugin(ruleset_id).rules_pages


def rulesets() -> list[str]:
    """Every registered ruleset, the default one first."""
    from game.core.plugins import available

    return available()
