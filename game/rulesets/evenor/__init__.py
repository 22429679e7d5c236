"""Evenor, le Royaume Oublié (Sygill Forge): everything the game knows of it is declared
here (see game.core.plugins)."""
from game.core.plugins import BenchGame, declare

PLUGIN = declare(
    id="evenor",
    rules="game.rulesets.evenor.ruleset:RULESET",
    schemas="game.rulesets.evenor.schema",
    presentation="game.rulesets.evenor.presentation:EvenorInfo",
    builder="game.rulesets.evenor.builder:EvenorBuilder",
    rules_pages=("rules", ("turn", "activation", "move", "shoot", "melee", "reactions", "wounds",
                           "statics", "powers", "scenarios", "table")),
    planner="game.ai.evenor.planner:decide",
    ai_profiles="game.ai.profiles.evenor",
    bench=(BenchGame("extermination", 1, "ai:normal", "random"),
           BenchGame("extermination", 2, "ai:difficile", "greedy"),
           BenchGame("chasse_orichalque", 3, "ai:normal", "greedy"),
           BenchGame("chasse_orichalque", 4, "ai:difficile:prudent", "random"),
           BenchGame("embuscade", 5, "ai:normal:agressif", "greedy"),
           BenchGame("embuscade", 6, "ai:facile", "ai:difficile")),
    ui_bench=("extermination", 7),
)


def __getattr__(name: str):
    if name == "RULESET":   # the rules object, imported only when asked for
        from game.rulesets.evenor.ruleset import RULESET

        return RULESET
    raise AttributeError(name)
