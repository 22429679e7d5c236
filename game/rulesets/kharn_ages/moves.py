"""Action points and movement: what each walk costs, how far it goes over each terrain, the
assault, standing up, and the stunned tax.

- Walks: the first of an activation is free (V toises); each further one costs one PA more
  than the last (1, 2, 3...). Endurance: the two moves after the free walk cost 1 PA each,
  then the cost by rank resumes (K-R26).
- Stunned: every action costs 1 PA more, the free walk included (K-R8).
- Terrain (K-R12): a walk touching loose or slippery ground uses V - 1, difficult ground
  V - 2, deep water V halved (rounded up, the book's general rule); the worst kind touched
  counts. Terrain applies after every other modifier (the armour's movement malus
  included); V never below 0.
- Assault: the move's cost plus the attack's; only the attack's when the move is the free
  walk. It must be the first attack of the activation, the figure free (engaged with nobody),
  the target in sight before moving. Charge brutale X adds X toises to that move.
- Standing up: the free walk if still unused (it then counts as the first move), else 1 PA.
- Swimming: 2 PA, deep water only, V halved, not in metal or stone armour (K-R53).
- Carrying costs no PA but slows (V -2 with P under 4, else -1); two objects or a figure
  carried forbid attacks and defences with PA.
- Climbing: 2 PA at half V, one move, never the free walk nor right after it (the book's
  example: a first-move climb forfeits the free walk, and the next walk costs 1 PA).
"""
from __future__ import annotations

from collections.abc import Iterable
from math import ceil

from .fighter import Fighter

TERRAIN_V = {"loose": -1, "slippery": -1, "difficult": -2}
WATER = "water"


class NotEnoughPA(ValueError):
    """An action the figure cannot pay for."""


def stun_tax(f: Fighter) -> int:
    return 1 if f.status.get("stunned") else 0


def walk_cost(rank: int, endurance: bool = False, stunned: bool = False) -> int:
    """PA for the ``rank``-th move of an activation (1 = the free walk)."""
    if rank < 1:
        raise ValueError("moves are counted from 1")
    base = 1 if endurance and rank in (2, 3) else rank - 1
    return base + (1 if stunned else 0)


def next_walk_cost(f: Fighter) -> int:
    endurance = f.has("endurance") or bool(f.status.get("berserk"))
    return walk_cost(int(f.status.get("walks", 0)) + 1, endurance, bool(f.status.get("stunned")))


def walk_allowance(v: int, terrain: Iterable[str] = ()) -> int:
    """Toises of one walk at speed ``v`` over the terrain kinds its path touches."""
    best = max(0, int(v))
    out = best
    for kind in terrain:
        if kind == WATER:
            out = min(out, ceil(best / 2))
        elif kind in TERRAIN_V:
            out = min(out, max(0, best + TERRAIN_V[kind]))
    return out


def spend(f: Fighter, cost: int, voluntary: bool = True) -> int:
    """Take ``cost`` PA from the figure (NotEnoughPA if it lacks them); returns what is left.
    A voluntary action (not a defence) ends En alerte."""
    if cost > f.pa:
        raise NotEnoughPA(f"{f.id} needs {cost} PA and has {f.pa}")
    f.status["pa"] = f.pa - cost
    if voluntary:
        f.status["alert"] = False
    return f.status["pa"]


def walk(f: Fighter, terrain: Iterable[str] = ()) -> int:
    """Pay the next walk; returns its allowance in toises. A figure on the ground or knocked
    out cannot walk."""
    if f.status.get("down") or f.status.get("knocked_out"):
        raise ValueError(f"{f.id} must stand up first")
    if f.status.get("frozen"):
        raise ValueError(f"{f.id} is frozen by fright")
    spend(f, next_walk_cost(f))
    f.status["walks"] = int(f.status.get("walks", 0)) + 1
    return walk_allowance(f.speed, terrain)


def stand_up_cost(f: Fighter) -> int:
    return (0 if int(f.status.get("walks", 0)) == 0 else 1) + stun_tax(f)


def stand_up(f: Fighter) -> int:
    """Stand up: uses the free walk if unused, else 1 PA (plus the stun tax). Returns the cost."""
    if not f.status.get("down"):
        raise ValueError(f"{f.id} is not on the ground")
    if f.status.get("knocked_out"):
        raise ValueError(f"{f.id} is knocked out")
    cost = stand_up_cost(f)
    spend(f, cost)
    if int(f.status.get("walks", 0)) == 0:
        f.status["walks"] = 1
    f.status["down"] = False
    return cost


def assault_cost(f: Fighter, attack_pa: int) -> int:
    """PA for an assault with an attack of ``attack_pa``: the next walk plus the attack (the
    attack alone over the free walk); the stun tax applies to each of the two actions."""
    move = next_walk_cost(f)
    return move + attack_pa + stun_tax(f)


def assault_allowed(f: Fighter, engaged: bool, target_seen: bool) -> bool:
    """First attack of the activation, the figure free, the target seen before moving."""
    return int(f.status.get("attacks", 0)) == 0 and not engaged and target_seen and not f.status.get("down")


def assault_allowance(f: Fighter, terrain: Iterable[str] = ()) -> int:
    """Toises of the assault's move (Charge brutale X adds X)."""
    return walk_allowance(f.speed, terrain) + f.skill("charge_brutale")


def action_cost(f: Fighter, pa: int) -> int:
    """PA an action of ``pa`` costs this figure (the stun tax added)."""
    return int(pa) + stun_tax(f)


CLIMB_PA = 2


def climb(f: Fighter) -> int:
    """Climb or descend: 2 PA at half V (rounded up), one move however long, never as the free
    walk nor right after it. Returns the toises climbed. (Flat tables need it only once levels
    exist, K-R11; the cost rule is here for them.)"""
    if int(f.status.get("walks", 0)) == 1:
        raise ValueError("a climb cannot follow the free walk")
    spend(f, CLIMB_PA + stun_tax(f))
    f.status["walks"] = int(f.status.get("walks", 0)) + 1
    return ceil(f.speed / 2)


SWIM_PA = 2


def swim(f: Fighter) -> int:
    """Swim (deep water only, the caller checks): 2 PA, V halved as water does, one move; not
    in metal or stone armour. Returns the toises swum (K-R53)."""
    if f.armour is not None and f.armour.heavy:
        raise ValueError(f"{f.id} cannot swim in its armour")
    spend(f, SWIM_PA + stun_tax(f))
    f.status["walks"] = int(f.status.get("walks", 0)) + 1
    return walk_allowance(f.speed, [WATER])


def burdened(f: Fighter) -> bool:
    """Carrying two objects or a figure: no attack or defence with PA until it puts them down."""
    load = f.status.get("carrying") or []
    return len(load) >= 2 or any(str(x).startswith("fig:") for x in load)
