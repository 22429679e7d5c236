"""What a won fight or a landed shot does besides its damage roll (B-R31, B-R34): the
winner's attribute effects found through the catalogue (Assommoir, Electrochoc, Projection,
Brise-arme, Repousse, De taille et d'estoc), each tested at its level when the entry asks
for a test, and skipped when the loser is immune.

Order: the fight is won; the before-damage tests (De taille et d'estoc: extra points and a
push) are rolled; the damage roll (if the budget allows); then the on-win effects in the
catalogue's order. A figure taken out of action by the damage has nothing else done to it."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.rulesets._shared.keep import TEST_THRESHOLD, roll_level

from .effects import ask, attribute_level, immune
from .fighter import Fighter


@dataclass
class Aftermath:
    states: list[str] = field(default_factory=list)   # applied to the loser
    push: float = 0.0                                 # pas the loser is pushed
    cut: bool = False                                 # De taille et d'estoc succeeded


def _effects(f: Fighter, hook: str) -> list[tuple[str, dict[str, Any]]]:
    seen: set[str] = set()
    out = []
    for origin, e in ask(f, hook):
        if origin not in seen:
            seen.add(origin)
            out.append((origin, e))
    return out


def _passes(ctx, f: Fighter, origin: str, e: dict[str, Any]) -> bool:
    if not e.get("test"):
        return True
    lvl = attribute_level(f, origin)
    lvl = 0 if lvl is None else lvl
    return roll_level(ctx, f.id, origin, lvl, threshold=TEST_THRESHOLD).success


def before_damage(ctx, winner: Fighter, loser: Fighter) -> Aftermath:
    out = Aftermath()
    for origin, e in _effects(winner, "before_damage") + _granted(winner, "before_damage"):
        if _passes(ctx, winner, origin, e):
            out.cut = out.cut or bool(e.get("cut"))
            out.push = max(out.push, float(e.get("push", 0)))
    return out


def after(ctx, winner: Fighter, loser: Fighter, hook: str = "on_win",
          into: Aftermath | None = None) -> Aftermath:
    """Apply the winner's on-win (or, for shots, on-hit) effects to the loser."""
    out = into or Aftermath()
    shielded = immune(loser)
    for origin, e in _effects(winner, hook) + _granted(winner, hook):
        if loser.fig.out or origin in shielded:
            continue
        if not _passes(ctx, winner, origin, e):
            continue
        state = e.get("state")
        if state:
            _apply(loser, state)
            out.states.append(state)
        out.push = max(out.push, float(e.get("push", 0)))
    return out


def _granted(f: Fighter, hook: str) -> list[tuple[str, dict[str, Any]]]:
    """Effects of attributes a figure holds only as a test level (a weapon's Assommoir 2-,
    an exoskeleton's bare-hands Assommoir): looked up in the catalogue."""
    held = {o for o, _ in ask(f, hook)}
    out = []
    for aid, entry in f.cat.section("attributes").items():
        if aid in held or attribute_level(f, aid) is None:
            continue
        for e in entry.effects:
            if hook in _HOOKS.get(e["do"], ()):
                out.append((aid, e))
    return out


_HOOKS = {"on_win": ("on_win",), "on_hit": ("on_win", "on_hit"), "before_damage": ("before_damage",)}


def _apply(f: Fighter, state: str) -> None:
    if state == "disarmed":
        weapons = f.melee_weapons()
        if weapons:
            best = max(weapons, key=lambda w: int(w.get("degats", 0)))
            if not {"brise_arme", "alliage_nul"} & set(best.attributes):
                eq = list(f.equipment)
                eq.remove(best.id)
                f.equipment = tuple(eq)
        return
    for part in state.split("_"):
        f.status[part] = True
