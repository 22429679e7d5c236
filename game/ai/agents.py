"""Agents that decide for a side through the engine's legal actions."""
from __future__ import annotations

from game.core.actions import Action
from game.core.dice import Stream
from game.core.errors import UserError
from game.ai import candidates


class RandomAgent:
    """Uniform over legal templates, random targets, options and destinations."""

    name = "random"
    timed = False

    def __init__(self, seed: int = 0):
        self.rng = Stream(seed, stream=101)

    def choose(self, engine) -> Action:
        choices = list(engine.legal_actions())
        self.rng.shuffle(choices)
        for choice in choices:
            action = candidates.instantiate(engine, choice, self.rng, tries=2)
            if action is not None:
                return action
        return candidates.fallback(engine)


AGENTS = {"random": RandomAgent}


def make_agent(spec: str, seed: int):
    """Build an agent from its command-line name (random, greedy, ai[:level[:personality]])."""
    kind = spec.split(":", 1)[0]
    if kind not in AGENTS:
        known = ", ".join(sorted(AGENTS))
        raise UserError(f"unknown agent '{spec}' (available: {known})")
    return AGENTS[kind](seed)
