"""Evenor, le Royaume Oublié (Sygill Forge): the first complete ruleset."""
from game.rulesets.evenor.ruleset import RULESET

__all__ = ["RULESET"]
