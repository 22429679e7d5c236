"""Khârn-Ages (book 003, issue 15): toises on round bases, action points spent between
walks, attacks built from one to three characteristics, defences chosen knowing the
attack's total, mastery dice, armour and shield boxes, states and carcasses; shots, throws,
cover and hiding, spells (issue 16). Everything the game knows of it is declared here (see
game.core.plugins). Morale tests are in the flow (morale_flow); spells are cast in the flow
(casting, spells; docs/kharn_ages_registration.md)."""
from game.core.plugins import BenchGame, declare

PLUGIN = declare(
    id="kharn_ages",
    rules="game.rulesets.kharn_ages.ruleset:RULESET",
    schemas="game.rulesets.kharn_ages.schema",
    presentation="game.rulesets.kharn_ages.presentation:Info",
    builder="game.rulesets.kharn_ages.builder:KharnAgesBuilder",
    rules_pages=("rules.ka", ("turn", "action_points", "assault", "attacks", "defences", "damage", "shooting",
                              "magic", "states", "morale", "mastery", "actions")),
    planner="game.ai.kharn_ages.planner:decide",
    ai_profiles="game.ai.profiles.kharn_ages",
    bench=(BenchGame("gue_des_crocs", 1, "ai:normal", "random", turns=3),),
    ui_bench=("gue_des_crocs", 1),
    rank=2,                 # after Bonus / Malus in the menus
)


def __getattr__(name: str):
    if name == "RULESET":   # the rules object, imported only when asked for
        from game.rulesets.kharn_ages.ruleset import RULESET

        return RULESET
    raise AttributeError(name)
