"""Carcasses: what is left of a terrassé figure (``status["carcass"]``, out of play, where it
fell), until devoured or looted, which removes it.

- Dévorer (carnivores: every Khârn and Fang, or the Carnivore skill; the figure free): X PA,
  2 hit points per PA, never more than the victim's starting hit points nor past the
  figure's own maximum (less what fire took).
- Piller (1 PA; never a Khârn): one item, the looter's choice: a chipped weapon of the victim
  (2 damage less), 2D5 Kouronnes (logged only, K-R25), a thrown weapon or ammunition spent on
  it, or food (2D5 hit points later, for 3 PA). Fangs must first pass a témérité test (part 2,
  morale) or devour instead.
"""
from __future__ import annotations

from game.core.events import StatusChanged
from game.rulesets._shared import nd10

from .fighter import Fighter
from .moves import action_cost, spend
from .states import heal

CARNIVORES = ("kharn", "fang")
LOOT = ("weapon", "kouronnes", "ammunition", "food")


def is_carcass(f: Fighter) -> bool:
    return bool(f.status.get("carcass"))


def carnivore(f: Fighter) -> bool:
    return f.profile.faction in CARNIVORES or f.has("carnivore")


def _remove(ctx, victim: Fighter) -> None:
    victim.status["carcass"] = False
    victim.status["removed"] = True
    ctx.emit(StatusChanged(figure=victim.id, status="carcass", value=False))


def devour(ctx, f: Fighter, victim: Fighter, pa: int, *, free: bool = True) -> int:
    """Spend ``pa`` PA on the carcass; returns the hit points regained."""
    if not carnivore(f) or not is_carcass(victim) or not free or pa < 1:
        raise ValueError("cannot devour")
    spend(f, action_cost(f, pa))
    gain = heal(f, min(2 * pa, victim.fig.max_vitality))
    _remove(ctx, victim)
    return gain


def loot(ctx, f: Fighter, victim: Fighter, item: str) -> int:
    """Take one item; returns the Kouronnes rolled (0 for other items)."""
    if f.profile.faction == "kharn" or not is_carcass(victim) or item not in LOOT:
        raise ValueError("cannot loot")
    spend(f, action_cost(f, 1))
    ko = sum(nd10.roll_derived(ctx, f.id, "loot", 5, 2)) if item == "kouronnes" else 0
    f.status.setdefault("loot", []).append(item)
    _remove(ctx, victim)
    return ko
