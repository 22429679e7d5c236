"""Mortebrume: square bases, facing, mist, la main, and D6/D8/D10 aptitude pools."""
from game.rulesets.mortebrume.ruleset import RULESET

__all__ = ["RULESET"]
