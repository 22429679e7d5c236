"""Swidenth AI profiles (base.yaml, levels, personalities)."""
