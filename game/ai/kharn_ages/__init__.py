"""Utility AI of one ruleset (its planner)."""
