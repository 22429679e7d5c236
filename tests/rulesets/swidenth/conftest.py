"""While Swidenth is not registered (its package ``__init__`` says ``IN_PROGRESS``), each test
module here gets a stand-in declaration, so its data files load through ``game.data`` as
they will once the package declares its ``PLUGIN``. A no-op once it does; delete it then."""
from __future__ import annotations

from collections.abc import Iterator

import pytest

from game.core import plugins, ruleset
from game.core.plugins import declare

STAND_IN = declare(
    id="swidenth",
    rules="game.rulesets.swidenth.ruleset:RULESET",
    schemas="game.rulesets.swidenth.schema",
    presentation="game.rulesets.mortebrume.presentation:MortebrumeInfo",  # any will do: unused here
    builder="game.rulesets.swidenth.builder:SwidenthBuilder",
    rules_pages=("rules.sw", ("turn",)),
)


@pytest.fixture(scope="module", autouse=True)
def swidenth_registered() -> Iterator[None]:
    if "swidenth" in plugins.plugins():
        yield
        return
    plugins.register(STAND_IN)
    try:
        yield
    finally:
        plugins.unregister("swidenth")
        ruleset._CACHE.pop("swidenth", None)
