"""AI profiles of this package's ruleset (base.yaml, levels, personalities)."""
