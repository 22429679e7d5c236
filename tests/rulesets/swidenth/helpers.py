"""Swidenth test tables: figures of the catalogue's warbands placed in pas, a state, its
geometry table and a scripted-dice context."""
from __future__ import annotations

from game.core.context import RuleContext
from game.core.dice import ScriptedDice
from game.rulesets.swidenth import catalogue as C
from game.rulesets.swidenth import figures as F
from tests.rulesets.shared.spatial import table_of, world

PAS = F.PAS


def fig(fid: str, side: int, x: float, y: float, profile: str = "legionnaire",
        warband: str = "legion_imperiale", kit=None, **stats):
    """A figure at (x, y) in pas; ``stats`` override characteristics after equipment."""
    f = F.make(fid, side, x * PAS, y * PAS, warband, profile, kit=kit)
    f.status["stats"].update(stats)
    if "vitalite" in stats:
        f.vitality = f.max_vitality = stats["vitalite"]
    return f


def human(fid: str, side: int, x: float, y: float, kit=("epee",), **stats):
    """The book's base human (5/0/0/6/0/0/1) with the given kit, stats overridden (Défense
    and Mouv before armour)."""
    base = {"combat": 0, "tir": 0, "defense": 6, "bravoure": 0, "psychisme": 0, "vitalite": 1, "mouv": 5}
    base.update(stats)
    cat = C.load()
    base["defense"] = C.defense(cat, base["defense"], kit)   # the profile's Défense, then armour
    base["mouv"] = C.mouv(cat, base["mouv"], kit)
    return fig(fid, side, x, y, "brigand", "brigands_des_marches", kit=list(kit), **base)


def state(*figures, terrain=(), turn: int = 1):
    st = world(figures, terrain, width=24 * PAS, height=24 * PAS)
    st.turn = turn
    return st


def ctx(st, *faces: int) -> RuleContext:
    return RuleContext(st, ScriptedDice(list(faces)), table_of)


def touching(x: float) -> float:
    """The x (pas) of a second 25 mm base in contact with one at x (same y)."""
    return x + 1.0
