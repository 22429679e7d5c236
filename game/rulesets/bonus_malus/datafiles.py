"""Reading the Bonus / Malus data files: the validated catalogue and the neutral groups'
presets."""
from __future__ import annotations

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


def catalogue_model() -> Catalogue:
    """The validated catalogue (cached by the data layer once read)."""
    from game.data.documents import load_catalogue

    return load_catalogue(RULESET)
