"""The opponent of a guided game: it plays the lesson's scripted step (the first legal
action matching the step's ``play`` pattern), and otherwise leaves the decision to its
fallback agent (``ai:facile`` by default). Deterministic: patterns are matched in the
order the ruleset lists its templates, the fallback is seeded."""
from __future__ import annotations

from typing import Any

from game.ai.candidates import cover_paths
from game.core.actions import Action, ActionChoice
from game.core.guide import Guide, admits, matches
from game.rulesets._shared.tables import base_of


def _reach(engine, choice: ActionChoice, value: Any) -> tuple[float, float]:
    """(gap the attack needs no approach from, farthest gap the rules accept it from), mm,
    as the ruleset's presentation gives them (0, 0: only in contact)."""
    from game.core.plugins import plugin

    pres = plugin(engine.ruleset.info.id).load("presentation")()
    return pres.contact_reach(choice, value), pres.approach_limit(choice, value)


def _approach_paths(engine, fig, target, move, reach: tuple[float, float]):
    """An attack's approach when it only declares "contact": nothing when the target is
    already within reach, else routes ending within reach (a weapon that strikes from a
    gap need not touch), then touching, then within the farthest accepted gap."""
    table = engine.ruleset.table_for(engine.state)
    near, far = reach
    if table.distance(base_of(fig), base_of(target)) <= near + 1e-6:
        return [()]
    out = []
    for gap in ([0.9 * near] if near > 0 else []) + [0.0] + ([0.9 * far] if far > near else []):
        for p in table.approach_points(base_of(fig), base_of(target), gap, n=12):
            res = table.shortest_path(base_of(fig), p, max_cost=move.allowance, **_flags(move))
            if res is not None:
                out.append((res[1], tuple(tuple(q) for q in res[0])))
        if out:
            break
    out.sort()
    return [p for _, p in out] + ([] if move.required else [()])


def _flags(move) -> dict:
    return {"ignore_terrain": move.ignore_terrain, "ignore_difficult": move.ignore_difficult}


def _paths(engine, choice: ActionChoice, pattern: Any, targets: tuple[str, ...], unit_mm: float,
           value: Any = None):
    """Candidate paths for the pattern: a route into its circle, within reach of (or into
    contact with) its target, to cover, or none."""
    move = choice.move
    if move is None:
        return [()]
    fig = engine.state.figures[choice.actor]
    if pattern.into is not None:
        x, y, _ = pattern.into
        table = engine.ruleset.table_for(engine.state)
        res = table.shortest_path(base_of(fig), (x * unit_mm, y * unit_mm), max_cost=move.allowance,
                                  ignore_terrain=move.ignore_terrain,
                                  ignore_difficult=move.ignore_difficult)
        return [tuple(tuple(q) for q in res[0])] if res is not None else []
    if move.goal == "contact" and targets:
        return _approach_paths(engine, fig, engine.state.figures[targets[0]], move,
                               _reach(engine, choice, value))
    if move.goal == "cover":
        return [()] + cover_paths(engine, fig, move)
    return [] if move.required else [()]


def instance(engine, pattern: Any, unit_mm: float) -> Action | None:
    """The first action legal now that fits the pattern, or None."""
    for c in engine.legal_actions():
        if not admits(c, pattern):
            continue
        targets = tuple(pattern.targets) if pattern.targets is not None else tuple(c.targets[:c.min_targets])
        values = [pattern.value] if pattern.value is not None else (list(c.values) or [None])
        partners = tuple(pattern.partners or ())
        for value in values:
            for path in _paths(engine, c, pattern, targets, unit_mm, value):
                at = (len(path) - 1,) if path and c.hints.get("at_point") else ()
                action = Action(kind=c.kind, actor=c.actor, targets=targets, path=tuple(path),
                                value=value, partners=partners, values=at)
                if matches(pattern, action, unit_mm) and engine.check(action) is None:
                    return action
    return None


class ScriptedAgent:
    """An agent of the desktop game's kind (see game.ai.agents) bound to a guide."""

    timed = False

    def __init__(self, guide: Guide, fallback):
        self.guide = guide
        self.fallback = fallback
        self.name = "scripted"
        self._scripted = False

    def scripted(self, engine) -> Action | None:
        step = self.guide.step
        if step is None or step.play is None:
            return None
        return instance(engine, step.play, self.guide.unit_mm)

    def choose(self, engine) -> Action:
        action = self.scripted(engine)
        self._scripted = action is not None
        return action if action is not None else self.fallback.choose(engine)

    def think(self, engine):
        while self.guide.waiting() == "continue":
            yield None                    # the player reads the lesson first
        action = self.scripted(engine)
        self._scripted = action is not None
        if action is not None:
            yield action
            return
        if hasattr(self.fallback, "think"):
            yield from self.fallback.think(engine)
        else:
            yield self.fallback.choose(engine)

    def another(self) -> Action | None:
        if self._scripted:
            return None
        return self.fallback.another() if hasattr(self.fallback, "another") else None

    def trace(self, top: int = 8) -> list[dict]:
        if self._scripted or not hasattr(self.fallback, "trace"):
            return []
        return self.fallback.trace(top)

    def take_recap(self) -> list[dict]:
        if hasattr(self.fallback, "take_recap"):
            took = self.fallback.take_recap()
            return [] if self._scripted else took
        return []
