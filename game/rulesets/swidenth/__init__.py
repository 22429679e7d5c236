"""Swidenth: round bases, leader phases with command bubbles, a preparation then a deed,
opposed D20 rolls whose gap is measured against Défense. Everything the game knows of it is
declared here (see game.core.plugins)."""
from game.core.plugins import BenchGame, declare

PLUGIN = declare(
    id="swidenth",
    rules="game.rulesets.swidenth.ruleset:RULESET",
    schemas="game.rulesets.swidenth.schema",
    presentation="game.rulesets.swidenth.presentation:SwidenthInfo",
    builder="game.rulesets.swidenth.builder:SwidenthBuilder",
    rules_pages=("rules.sw", ("turn", "phases", "actions", "move", "melee", "damage", "outnumber",
                              "shoot", "stun", "spells", "morale", "scenarios")),
    planner="game.ai.swidenth.planner:decide",
    ai_profiles="game.ai.profiles.swidenth",
    bench=(BenchGame("escarmouche", 3, "ai:normal", "greedy", turns=3),
           BenchGame("le_gue", 4, "ai:difficile", "ai:normal", turns=3)),
)


def __getattr__(name: str):
    if name == "RULESET":   # the rules object, imported only when asked for
        from game.rulesets.swidenth.ruleset import RULESET

        return RULESET
    raise AttributeError(name)
