"""Agents that decide for a side through the engine's legal actions.

Specs (``make_agent(spec, seed)``): ``random``; ``greedy``; ``ai`` (= ``ai:normal``);
``ai:facile|normal|difficile[:agressif|prudent]``. Scenarios may also name ``neutral``
(``game.ai.neutral``) for a neutral side (``Side.neutral``, played by ``Side.agent``, its
parameters in ``Side.extras["agent"]``): ``neutral_agents(state, seed)`` builds those; it
is never offered to a person as a player (``accepted_specs``).

Agents decide from their side's view only, by construction: they are given
``engine.view_for(side)`` (a ``game.core.view.SideEngine``: legal_actions, check, decider
and state computed on ``side_view``, dice scrambled), never the true engine; handed the
true engine anyway, they keep only its decider's view (``decider_view``). Whether the true
game accepts their choice is settled outside them (``settle``): a figure they cannot see
may stand in the way.

API for the desktop game (every agent):
- ``agent.choose(view_engine) -> Action``: an action legal in the view for its decider.
  Pure with respect to the engine (it reads, never steps); a SideEngine pickles as plain
  data (a view and the ruleset).
- ``agent.another() -> Action | None``: after the true game refused the last choice, the
  agent's next option for the same decision that its view finds legal (None: none left).
- ``agent.timed``: True for agents whose decision time ``sim`` measures.
- ``settle(engine, view, agent, action) -> Settled``: the referee's side: the action the
  true game accepts (the agent's choice, its next options, else the engine's fallback)
  and how many choices the true game refused.
Utility agents (``greedy``, ``ai:*``, class ``game.ai.utility.UtilityAgent``) add:
- ``agent.think(view_engine)``: a generator doing the same work in slices; it yields None
  between slices (every few milliseconds: between figures when planning an activation)
  and finally yields the Action. Drive it from the frame loop:
  ``for out in agent.think(view): if out is not None: action = out`` (one ``next()`` per
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
Agents draw their own randomness from a seeded ``Stream``: same seeds, same game.
"""
from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from game.ai import candidates
from game.ai.neutral import NeutralAgent
from game.ai.profiles import LEVELS, PERSONALITIES
from game.ai.utility import UtilityAgent
from game.core.actions import Action
from game.core.dice import Stream
from game.core.errors import Refusal, UserError
from game.core.view import SideEngine, decider_view


class RandomAgent:
    """Uniform over legal templates, random targets, options and destinations."""

    name = "random"
    timed = False

    def __init__(self, seed: int = 0):
        self.rng = Stream(seed, stream=101)
        self._left: Iterator[Action] | None = None

    def choose(self, engine) -> Action:
        engine = decider_view(engine)
        choices = list(engine.legal_actions())
        self.rng.shuffle(choices)
        self._left = self._instances(engine, choices)
        action = next(self._left, None)
        return action if action is not None else candidates.fallback(engine)

    def another(self) -> Action | None:
        """An instance of one of the templates not tried yet (None: none left)."""
        return next(self._left, None) if self._left is not None else None

    def _instances(self, engine: SideEngine, choices) -> Iterator[Action]:
        for choice in choices:
            action = candidates.instantiate(engine, choice, self.rng, tries=2)
            if action is not None:
                yield action


@dataclass
class Settled:
    """What the referee made of an agent's choice."""

    action: Action            # the action the true game accepts
    unseen: int = 0           # choices legal in the agent's view that the true game refused
    illegal: int = 0          # choices its own view refuses too (an agent's mistake)
    fallback: bool = False    # none of its options passed: the engine's fallback
    refusals: tuple[tuple[Action, Refusal, bool], ...] = ()   # (choice, why, legal in view)


def settle(engine, view: SideEngine, agent, action: Action) -> Settled:
    """The referee, outside the agent: ``action`` if the true game accepts it, else the
    agent's next options (``agent.another()``) until one passes, else the engine's
    fallback. ``view`` is the SideEngine the agent decided from."""
    refusals: list[tuple[Action, Refusal, bool]] = []
    while action is not None:
        why = engine.check(action)
        if why is None:
            break
        refusals.append((action, why, view.check(action) is None))
        action = agent.another() if hasattr(agent, "another") else None
    unseen = sum(1 for _, _, seen in refusals if seen)
    if action is None:
        action, fell_back = candidates.fallback(engine), True
    else:
        fell_back = False
    return Settled(action, unseen, len(refusals) - unseen, fell_back, tuple(refusals))


def _greedy(seed: int) -> UtilityAgent:
    """Best immediate expected damage, else straight at the nearest enemy."""
    return UtilityAgent(("greedy",), seed, name="greedy")


AGENTS = {"random": RandomAgent, "greedy": _greedy}
BASELINES = ("random", "greedy")   # yardsticks for developers: offered to players only on request
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
