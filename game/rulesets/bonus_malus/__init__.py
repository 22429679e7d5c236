"""Bonus / Malus (book 002, issue 14): round bases one pas across, facing, competences as
levels of dice (keep the best or the worst), secret picks or the classic turn, three sides
with a scripted neutral group. Everything the game knows of it is declared here (see
game.core.plugins), its AI planner and profiles included."""
from game.core.plugins import BenchGame, declare

PLUGIN = declare(
    id="bonus_malus",
    rules="game.rulesets.bonus_malus.ruleset:RULESET",
    schemas="game.rulesets.bonus_malus.schema",
    presentation="game.rulesets.bonus_malus.presentation:Info",
    builder="game.rulesets.bonus_malus.builder:BonusMalusBuilder",
    rules_pages=("rules.bm", ("turn", "actions", "dice", "move", "shoot", "melee", "saves", "morale",
                              "attributes", "psi", "neutral")),
    planner="game.ai.bonus_malus.planner:decide",
    ai_profiles="game.ai.profiles.bonus_malus",
    bench=(BenchGame("accrochage", 3, "ai:normal", "random", turns=4),),
    rank=1,                 # after the first three in the menus (the default stays the first one)
)


def __getattr__(name: str):
    if name == "RULESET":   # the rules object, imported only when asked for
        from game.rulesets.bonus_malus.ruleset import RULESET

        return RULESET
    raise AttributeError(name)
