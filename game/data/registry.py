"""Which pydantic model validates which (ruleset, kind) of data file.

Rulesets register their schemas with :func:`register` when their schema
module is imported.  Which module that is comes from the ruleset's declaration
(game.core.plugins); the registry imports it lazily, the first time a ruleset
is looked up, so ``game.data`` never names a ruleset itself.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass

from .errors import Issue
from .scenarios import Scenario, check_scenario_base

KINDS = ("scenario", "roster", "catalogue", "situation", "lesson")


def known_rulesets() -> list[str]:
    """The ids of the registered rulesets."""
    from game.core.plugins import available

    return available()

CrossCheck = Callable[[object], "list[Issue]"]


@dataclass(frozen=True)
class Schema:
    ruleset: str
    kind: str
    model: type
    cross_check: CrossCheck | None = None


_SCHEMAS: dict[tuple[str, str], Schema] = {}
_GENERIC: dict[str, Schema] = {}     # kinds every ruleset has, with one ruleset-agnostic model
GENERIC_MODULES = {"situation": "game.data.situations", "lesson": "game.data.lessons"}   # where registered


def register_generic(kind: str, model: type, cross_check: CrossCheck | None = None) -> None:
    """Declare the schema of ``kind`` files for every ruleset (a ruleset may still register
    its own for that kind); the cross-check reads the document's ``ruleset`` itself."""
    if kind not in KINDS:
        raise ValueError(f"unknown data kind {kind!r}")
    _GENERIC[kind] = Schema("*", kind, model, cross_check)


def register(ruleset: str, kind: str, model: type, cross_check: CrossCheck | None = None) -> None:
    """Declare ``model`` as the schema of ``kind`` files of ``ruleset``.

    ``cross_check(model_instance)`` may return a list of :class:`Issue` for
    checks pydantic cannot do (references to other ids, warband rules...). A scenario
    model derived from ``game.data.scenarios.Scenario`` gets the base checks first.
    """
    if kind not in KINDS:
        raise ValueError(f"unknown data kind {kind!r}")
    if kind == "scenario" and isinstance(model, type) and issubclass(model, Scenario):
        cross_check = _with_base_checks(cross_check)
    _SCHEMAS[(ruleset, kind)] = Schema(ruleset, kind, model, cross_check)


def _with_base_checks(own: CrossCheck | None) -> CrossCheck:
    def check(model: object) -> list[Issue]:
        return check_scenario_base(model) + (own(model) if own is not None else [])

    return check


def _ensure_loaded(ruleset: str) -> None:
    from game.core.plugins import plugins

    decl = plugins().get(ruleset)
    if decl is not None and not any(r == ruleset for r, _ in _SCHEMAS):
        importlib.import_module(decl.schemas)


def lookup(ruleset: str, kind: str) -> Schema | None:
    """The schema for (ruleset, kind), importing the ruleset's schema module if needed."""
    _ensure_loaded(ruleset)
    found = _SCHEMAS.get((ruleset, kind))
    if found is None and kind in GENERIC_MODULES:
        importlib.import_module(GENERIC_MODULES[kind])
    return found or _GENERIC.get(kind)


def has_schemas(ruleset: str) -> bool:
    _ensure_loaded(ruleset)
    return any(r == ruleset for r, _ in _SCHEMAS)
