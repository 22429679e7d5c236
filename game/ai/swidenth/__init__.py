"""Swidenth utility AI."""
