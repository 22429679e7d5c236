"""While Swidenth is not registered (its package ``__init__`` says ``IN_PROGRESS``), tests
that need it through the registry (data files, the builder) run inside ``registered()``: a
stand-in declaration joins the registry for the block, so the data load through
``game.data`` as they will once the package declares its ``PLUGIN``. A no-op once it does;
delete this module and its uses then."""
from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from game.core import plugins, ruleset
from game.core.plugins import declare

STAND_IN = declare(
    id="swidenth",
    rules="game.rulesets.swidenth.ruleset:RULESET",
    schemas="game.rulesets.swidenth.schema",
    presentation="game.rulesets.mortebrume.presentation:MortebrumeInfo",  # any will do: unused
    builder="game.rulesets.swidenth.builder:SwidenthBuilder",
    rules_pages=("rules.sw", ("turn",)),
)


@contextmanager
def registered() -> Iterator[None]:
    if "swidenth" in plugins.plugins():
        yield
        return
    plugins.register(STAND_IN)
    try:
        yield
    finally:
        plugins.unregister("swidenth")
        ruleset._CACHE.pop("swidenth", None)
