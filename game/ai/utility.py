"""The utility AI, independent of any ruleset: options scored by considerations through
response curves (profile data), selection by difficulty, a trace of the top options, a
recap of what it did, and an incremental ``think`` for the desktop game.

Thinking is bounded by counted work, never by the clock, so the same seeds give the same
game on any machine, under any load, in ``sim`` and in the window alike: planners call
``agent.spend()`` before each costly unit (planning one figure, building one template's
options) and keep the best so far once it answers False; path searches are capped too.

A ruleset plugs in through its declaration (game.core.plugins): its ``planner``,
``decide(engine, view, agent) -> list[Option]``, returns the scored options of the current
decision (using ``agent.score``), weighed by the profiles in its ``ai_profiles`` package;
``engine`` is the side's view engine (``game.core.view.SideEngine``) and ``view`` a copy of
its state the planner may change."""
from __future__ import annotations

import copy
import importlib
import math
from dataclasses import dataclass, field

from game.ai import lookahead
from game.ai.curves import Curve
from game.core.actions import Action
from game.core.dice import Stream
from game.core.view import decider_view

MAX_PATH_SEARCHES = 16   # deferred paths tried per decision before settling for the rest
MARGIN = 0.1             # how much better than staying put a short move must leave a figure
WORK_BUDGET = 48         # costly planning units per decision (a figure planned, a template built)
_PROFILES: dict = {}     # (ruleset, names, folder) -> merged profile, read once


@dataclass
class Option:
    action: Action
    decision: str                      # which profile decision scores it (attack, move, ...)
    inputs: dict[str, float]           # raw consideration inputs in [0, 1]
    score: float = 0.0
    parts: dict[str, float] = field(default_factory=dict)   # consideration -> curve output
    note: str = ""
    resolve: object = None             # optional callable -> Action | None (a deferred path)
    followup: dict | None = None       # inputs of the attack this option sets up (lookahead)

    def describe(self) -> dict:
        a = self.action
        return {"kind": a.kind, "actor": a.actor, "targets": list(a.targets),
                "value": a.value, "to": list(a.path[-1]) if a.path else None,
                "decision": self.decision, "score": round(self.score, 4),
                "inputs": {k: round(v, 3) for k, v in self.inputs.items()},
                "considerations": {k: round(v, 3) for k, v in self.parts.items()},
                "note": self.note}


def worth_moving(length: float, shortest: float, inputs: dict[str, float],
                 stay: dict[str, float]) -> bool:
    """Whether a move is worth proposing: at least ``shortest`` long, or leaving the figure
    better off than staying put (``stay``: the inputs of not moving) by the margin in
    something other than progress; a sliver of progress alone is never worth a move."""
    if length >= shortest:
        return True
    return any(v - stay.get(k, v) >= MARGIN for k, v in inputs.items() if k != "progress")


class Scorer:
    """Weights and curves of one profile (decision -> weight, considerations)."""

    def __init__(self, profile: dict):
        self.profile = profile
        self.decisions = {}
        for name, d in (profile.get("decisions") or {}).items():
            curves = {k: Curve.from_dict(v or {}, f"{profile.get('_source', 'profile')}: "
                                                  f"decisions.{name}.{k}")
                      for k, v in (d.get("considerations") or {}).items()}
            self.decisions[name] = (float(d.get("weight", 1.0)), curves)

    def __call__(self, option: Option, best: float = 0.0) -> float:
        """Score an option; cheap early exit on a veto (a zero) or once the running
        product (each compensated factor is at most 1) cannot reach ``best``."""
        weight, curves = self.decisions.get(option.decision, (0.0, {}))
        names = [k for k in curves if k in option.inputs]
        mod = 1.0 - 1.0 / len(names) if names else 0.0
        parts = {}
        score = weight
        for name in names:
            v = curves[name](option.inputs[name])
            parts[name] = v
            score *= v + (1.0 - v) * mod * v
            if score <= 0.0 or (best > 0.0 and score < best):
                option.note = option.note or "pruned"
                break
        option.parts = parts
        option.score = max(0.0, score)
        return option.score


class UtilityAgent:
    """``choose(view_engine)`` for headless play; ``think(view_engine)`` yields while it
    works (the last value it yields is the action); ``another()`` when the true game
    refused it; ``trace()`` and ``recap`` for the interface (see game.ai.agents)."""

    timed = True

    def __init__(self, names: tuple[str, ...] = ("normal",), seed: int = 0, name: str = "ai"):
        self.names = names
        self.name = name
        self.rng = Stream(seed, stream=202)
        self.profile: dict = {}
        self.score: Scorer | None = None
        self._ruleset: str | None = None
        self.top, self.temperature = 1, 0.0
        self.last: list[Option] = []
        self.recap: list[dict] = []
        self.work = 0
        self.budget = WORK_BUDGET          # planning units per decision (rollout policies: fewer)
        self._left = None                  # (view engine, side, the options not offered yet)
        self._policies: dict = {}          # the lookahead's rollout policies, built once

    def load(self, ruleset_id: str) -> None:
        """Load this agent's profile for a ruleset (done by itself on the first decision)."""
        from game.ai.profiles import load_profile

        if self._ruleset == ruleset_id:
            return
        if _planner_ref(ruleset_id) is not None:
            key = (ruleset_id, self.names)
            if key not in _PROFILES:   # read once per process: the files do not change
                _PROFILES[key] = load_profile(ruleset_id, *self.names)
            self.profile = copy.deepcopy(_PROFILES[key])
        else:
            self.profile = {"select": {}}
        self.score = Scorer(self.profile)
        sel = self.profile.get("select") or {}
        self.top = int(sel.get("top", 1))
        self.temperature = float(sel.get("temperature", 0.0))
        self._ruleset = ruleset_id

    # --- the public API
    def choose(self, engine) -> Action:
        action = None
        for step in self.think(engine):
            action = step
        return action

    def think(self, engine):
        """A generator: yields None while working, then the chosen Action (legal in the
        view it was given: see ``game.ai.agents``)."""
        from game.ai import candidates

        engine = decider_view(engine)
        self.work = 0
        self.load(engine.ruleset.info.id)
        side = engine.decider()
        view = engine.state.clone()   # the planner's to change; the engine's view stays as is
        self._left = None
        yield None
        planner = _planner(engine.ruleset.info.id)
        options = yield from _drain(planner(engine, view, self))
        options.sort(key=lambda o: -o.score)
        options = yield from lookahead.search(engine, self, options)   # difficile
        self.last = options
        offers = self._offers(engine, self._ranked(options))
        chosen = None
        for chosen in offers:
            if chosen is not None:
                break
            yield None   # one path search per slice
        self._left = (engine, side, offers)
        action = chosen.action if chosen else candidates.fallback(engine)
        self._note(engine, side, chosen, action)
        yield action

    def another(self) -> Action | None:
        """After the true game refused the last choice: the next-ranked option legal in
        the view (its recap entry replaces the refused one); None when none is left."""
        if self._left is None:
            return None
        engine, side, offers = self._left
        chosen = next((o for o in offers if o is not None), None)
        if chosen is None:
            self._left = None
            return None
        if self.recap:
            self.recap.pop()
        self._note(engine, side, chosen, chosen.action)
        return chosen.action

    def _offers(self, engine, ranked: list[Option]):
        """The options the view finds legal, in order; None between path searches."""
        searches = 0
        for option in ranked:
            if option.resolve is not None:
                searches += 1
                if searches > MAX_PATH_SEARCHES:
                    continue
                resolved, option.resolve = option.resolve(), None
                yield None
                if resolved is None:
                    option.note = "no path"
                    continue
                option.action = resolved
            if engine.check(option.action) is None:
                yield option

    def _note(self, engine, side: int, chosen: Option | None, action: Action) -> None:
        self.recap.append({"turn": engine.state.turn, "side": side, "action": action.to_dict(),
                           "decision": chosen.decision if chosen else "fallback",
                           "score": round(chosen.score, 4) if chosen else 0.0})

    def spend(self, units: int = 1) -> bool:
        """For planners: count a costly unit of work; False once this decision's budget
        is used up (keep the best so far)."""
        self.work += units
        return self.work <= min(self.budget, WORK_BUDGET)

    def rollout_policies(self, cfg) -> dict:
        """The lookahead's policies (``game.ai.lookahead``): ours and the enemy's, each a
        utility agent on its own stream, seeded from this one's, with a small budget;
        ``self`` names this agent's own profile (without the search)."""
        key = (cfg.policy, cfg.enemy, int(cfg.policy_budget))
        if self._policies.get("key") != key:
            base = self.rng.below(2**31)
            made = {}
            for k, (role, spec) in enumerate((("own", cfg.policy), ("enemy", cfg.enemy))):
                names = self.names if spec == "self" else (spec,)
                agent = UtilityAgent(names, base + k, name=f"look:{spec}")
                agent.budget = int(cfg.policy_budget)
                if self._ruleset is not None:
                    agent.load(self._ruleset)
                    agent.profile["search"] = False   # no search inside the search
                made[role] = agent
            self._policies = {"key": key, **made}
        return self._policies

    def trace(self, top: int = 8) -> list[dict]:
        """The last decision's best options with every consideration (debug overlay)."""
        return [o.describe() for o in self.last[:top]]

    def take_recap(self) -> list[dict]:
        """What the agent did since the last call (the interface's turn recap)."""
        out, self.recap = self.recap, []
        return out

    # --- selection by difficulty
    def _ranked(self, options: list[Option]) -> list[Option]:
        """Options in the order to try: the first is the pick (the best, or a weighted draw
        among the top few), then the rest by score in case the engine refuses one."""
        if self.top <= 1 or len(options) <= 1 or self.temperature <= 0:
            return options
        pool = [o for o in options[:self.top] if o.score > 0] or options[:1]
        best = pool[0].score
        weights = [math.exp((o.score - best) / max(self.temperature, 1e-6)) for o in pool]
        r = self.rng.random() * sum(weights)
        for o, w in zip(pool, weights):
            r -= w
            if r <= 0:
                return [o] + [x for x in options if x is not o]
        return options


def _drain(gen):
    """Run a planner that may be a generator (yielding None to let the caller breathe)."""
    if not hasattr(gen, "send"):
        return gen
    result = yield from gen
    return result


_CACHE: dict[str, object] = {}


def fallback_options(engine, choices, agent) -> list[Option]:
    """Templates a ruleset's planner does not know: one random legal instance each, scored
    as a fallback (so a new kind of decision never stalls a planner)."""
    from game.ai import candidates

    out = []
    for choice in choices:
        action = candidates.instantiate(engine, choice, agent.rng, tries=2)
        if action is not None:
            out.append(Option(action, "fallback", {}, note="generic"))
    return out


def generic(engine, view, agent):
    """Rulesets without a planner of their own: one random concrete instance of each
    template (the random agent's play), so every ruleset can be played against the AI."""
    from game.ai import candidates

    options = []
    choices = list(engine.legal_actions())
    agent.rng.shuffle(choices)
    for choice in choices:
        action = candidates.instantiate(engine, choice, agent.rng, tries=2)
        if action is not None:
            options.append(Option(action, "generic", {}, score=0.0, note="no planner"))
    return options


def _planner_ref(ruleset_id: str) -> str | None:
    """The "module:function" of a ruleset's planner (None: the generic one)."""
    from game.core.plugins import plugin

    return plugin(ruleset_id).planner


def _planner(ruleset_id: str):
    if ruleset_id not in _CACHE:
        target = _planner_ref(ruleset_id)
        if target is None:
            return generic
        mod, fn = target.split(":")
        _CACHE[ruleset_id] = getattr(importlib.import_module(mod), fn)
    return _CACHE[ruleset_id]
