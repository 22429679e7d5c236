"""Mortebrume: square bases, facing, mist, la main, and D6/D8/D10 aptitude pools. Everything
the game knows of it is declared here (see game.core.plugins)."""
from game.core.plugins import BenchGame, declare

PLUGIN = declare(
    id="mortebrume",
    rules="game.rulesets.mortebrume.ruleset:RULESET",
    schemas="game.rulesets.mortebrume.schema",
    presentation="game.rulesets.mortebrume.presentation:MortebrumeInfo",
    builder="game.rulesets.mortebrume.builder:MortebrumeBuilder",
    rules_pages=("rules.mb", ("turn", "dice", "actions", "move", "mist", "melee", "shoot",
                              "damage", "destiny", "scenarios")),
    planner="game.ai.mortebrume.planner:decide",
    ai_profiles="game.ai.profiles.mortebrume",
    bench=(BenchGame("dernier_debout", 7, "ai:difficile", "greedy", turns=4),
           BenchGame("pierre_de_brume", 8, "ai:normal:prudent", "ai:facile:agressif", turns=4)),
)


def __getattr__(name: str):
    if name == "RULESET":   # the rules object, imported only when asked for
        from game.rulesets.mortebrume.ruleset import RULESET

        return RULESET
    raise AttributeError(name)
