"""Swidenth: round bases, leader phases with command bubbles, a preparation then a deed,
opposed D20 rolls whose gap is measured against Défense. Everything the game knows of it is
declared here (see game.core.plugins).

Provisional declaration (the window slice): the schemas and the builder are placeholders
until the data slice lands, and there is no planner (the generic AI plays)."""
from game.core.plugins import declare

PLUGIN = declare(
    id="swidenth",
    rules="game.rulesets.swidenth.ruleset:RULESET",
    schemas="game.rulesets.swidenth.catalogue",
    presentation="game.rulesets.swidenth.presentation:SwidenthInfo",
    builder="game.rulesets.mortebrume.builder:MortebrumeBuilder",
    rules_pages=("rules.sw", ("turn", "phases", "actions", "move", "melee", "damage", "outnumber",
                              "shoot", "stun", "spells", "morale", "scenarios")),
)


def __getattr__(name: str):
    if name == "RULESET":   # the rules object, imported only when asked for
        from game.rulesets.swidenth.ruleset import RULESET

        return RULESET
    raise AttributeError(name)
