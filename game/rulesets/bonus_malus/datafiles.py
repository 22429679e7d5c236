"""Reading the Bonus / Malus data files: the validated catalogue, the neutral groups'
presets, and ``lent``, which lends the data layer a declaration of the ruleset while the
package is not registered yet (so setup and the tests read the files exactly as
``python main.py check`` will)."""
from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .schema import Catalogue

RULESET = "bonus_malus"
NEUTRAL_DIR = "neutres"      # scenarios/rosters/bonus_malus/neutres/: not offered as team presets


def neutral_presets() -> dict[str, Any]:
    """The bundled neutral groups' roster files by id (a folder of their own, so that the
    new-game form and the builder, which list the presets, offer player teams only)."""
    from game.data.paths import SCENARIOS_DIR

    return {p.stem: p for p in sorted((SCENARIOS_DIR / "rosters" / RULESET / NEUTRAL_DIR).glob("*.yaml"))}


RULES = "game.rulesets.bonus_malus.ruleset:RULESET"


@contextlib.contextmanager
def lent() -> Iterator[None]:
    """While the package is not registered (``IN_PROGRESS``), the data layer does not know
    the ruleset: this lends it a declaration for the time of a load (setup, tests), so the
    files are read exactly as ``python main.py check`` will read them. Once the package
    declares its ``PLUGIN`` this does nothing (and can go)."""
    from game.core import plugins
    from game.core.plugins import RulesetPlugin

    if RULESET in plugins.plugins():
        yield
        return
    plugins.register(RulesetPlugin(id=RULESET, rules=RULES, schemas="game.rulesets.bonus_malus.schema",
                                   presentation=RULES, builder="game.rulesets.bonus_malus.builder:BonusMalusBuilder",
                                   rules_pages=("rules.bm", ())))
    try:
        yield
    finally:
        plugins.unregister(RULESET)


def catalogue_model() -> Catalogue:
    """The validated catalogue (cached by the data layer once read)."""
    from game.data.documents import load_catalogue

    with lent():
        return load_catalogue(RULESET)
