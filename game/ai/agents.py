"""Agents that decide for a side through the engine's legal actions.

Specs (``make_agent(spec, seed)``): ``random``; ``greedy``; ``ai`` (= ``ai:normal``);
``ai:facile|normal|difficile[:agressif|prudent]``. Scenarios may also name ``neutral``
(``game.ai.neutral``) for a neutral side (``Side.neutral``, played by ``Side.agent``, its
parameters in ``Side.extras["agent"]``): ``neutral_agents(state, seed)`` builds those; it
is never offered to a person as a player (``accepted_specs``).

API for the desktop game (every agent):
- ``agent.choose(engine) -> Action``: a legal action for ``engine.decider()``. Pure with
  respect to the engine (it reads, never steps); safe to call in a worker process with a
  clone (``engine.clone()`` pickles as plain data).
- ``agent.timed``: True for agents whose decision time ``sim`` measures.
Utility agents (``greedy``, ``ai:*``, class ``game.ai.utility.UtilityAgent``) add:
- ``agent.think(engine)``: a generator doing the same work in slices; it yields None
  between slices (every few milliseconds: between figures when planning an activation)
  and finally yields the Action. Drive it from the frame loop:
  ``for out in agent.think(engine): if out is not None: action = out`` (one ``next()`` per
  frame keeps the window responsive without threads).
- ``agent.trace(top=8) -> list[dict]``: the last decision's best options, each with kind,
  actor, targets, destination ("to"), decision, score, raw ``inputs`` and the curve output
  of every consideration (``considerations``): the debug overlay.
- ``agent.take_recap() -> list[dict]``: the decisions made since the last call (turn,
  side, action as a dict, decision kind, score): the recap of the AI's turn. Narration of
  the resulting events stays with ``engine.ruleset.describe``.
- ``spec_label(spec, lang)``, ``accepted_specs()``: names for menus (texts in
  assets/i18n/<lang>/ai.json: levels, personalities, decision and consideration labels
  ``ai.decision.<decision>``, ``ai.input.<input>`` for the overlay).
The AI reads only ``game.core.view.side_view`` of its side and draws its own randomness
from a seeded ``Stream``: same seeds, same game.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.ai import candidates
from game.ai.neutral import NeutralAgent
from game.ai.profiles import LEVELS, PERSONALITIES
from game.ai.utility import UtilityAgent
from game.core.actions import Action
from game.core.dice import Stream
from game.core.errors import UserError


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


def _greedy(seed: int) -> UtilityAgent:
    """Best immediate expected damage, else straight at the nearest enemy."""
    return UtilityAgent(("greedy",), seed, name="greedy")


AGENTS = {"random": RandomAgent, "greedy": _greedy}
SCENARIO_AGENTS = {"neutral": NeutralAgent}    # for the sides a scenario plays itself


def accepted_specs() -> list[str]:
    out = ["random", "greedy", "ai"]
    out += [f"ai:{lv}" for lv in LEVELS]
    out += [f"ai:{lv}:{p}" for lv in LEVELS for p in PERSONALITIES]
    return out


def make_agent(spec: str, seed: int, params: Mapping[str, Any] | None = None):
    """Build an agent from its command-line name (random, greedy, ai[:level[:personality]])
    or a scenario's (neutral, with its ``params``: see game.ai.neutral)."""
    parts = spec.split(":")
    if spec in SCENARIO_AGENTS:
        return SCENARIO_AGENTS[spec](seed, params)
    if parts[0] == "ai" and len(parts) <= 3:
        level = parts[1] if len(parts) > 1 else "normal"
        names = (level,) + tuple(parts[2:])
        if level in LEVELS and all(p in PERSONALITIES for p in parts[2:]):
            return UtilityAgent(names, seed, name=spec)
    elif len(parts) == 1 and parts[0] in AGENTS:
        return AGENTS[parts[0]](seed)
    raise UserError(f"unknown agent '{spec}' (accepted: random, greedy, ai, "
                    f"ai:{'|'.join(LEVELS)}[:{'|'.join(PERSONALITIES)}])")


def neutral_agents(state, seed: int) -> dict[int, Any]:
    """The agents of a game's neutral sides, as their scenario names them (``Side.agent``,
    ``neutral`` by default, with ``Side.extras["agent"]`` as parameters), each seeded
    apart from ``seed``."""
    out = {}
    for sid in state.side_ids():
        side = state.sides[sid]
        if side.neutral:
            out[sid] = make_agent(side.agent or "neutral", seed * 64 + 37 + sid,
                                  side.extras.get("agent"))
    return out


def spec_label(spec: str, lang: str = "fr") -> str:
    """A player-facing name for an agent spec (menus, recap headers)."""
    from game.core.text import t

    parts = spec.split(":")
    if parts[0] != "ai":
        return t(f"ai.agent.{parts[0]}", lang)
    level = parts[1] if len(parts) > 1 else "normal"
    pers = parts[2] if len(parts) > 2 else "none"
    return t("ai.spec", lang, level=t(f"ai.level.{level}", lang),
             personality=t(f"ai.personality.{pers}", lang))
