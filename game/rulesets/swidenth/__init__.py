"""Swidenth (book 001, issue 13). PROVISIONAL declaration written by the AI slice (wt-swai)
so that ``sim`` can run the planner: schemas, presentation and builder are placeholders
(Mortebrume's) until the data and window slices land; the final declaration replaces it."""
from game.core.plugins import BenchGame, declare

PLUGIN = declare(
    id="swidenth",
    rules="game.rulesets.swidenth.ruleset:RULESET",
    schemas="game.rulesets.swidenth.catalogue",
    presentation="game.rulesets.mortebrume.presentation:MortebrumeInfo",
    builder="game.rulesets.mortebrume.builder:MortebrumeBuilder",
    rules_pages=("rules.sw", ("turn",)),
    planner="game.ai.swidenth.planner:decide",
    ai_profiles="game.ai.profiles.swidenth",
    bench=(BenchGame("escarmouche", 7, "ai:difficile", "greedy", turns=4),
           BenchGame("le_gue", 8, "ai:normal:prudent", "ai:facile:agressif", turns=4)),
)


def __getattr__(name: str):
    if name == "RULESET":   # the rules object, imported only when asked for
        from game.rulesets.swidenth.ruleset import RULESET

        return RULESET
    raise AttributeError(name)
