"""A figure as the Bonus / Malus rules see it: its competence levels, attributes (with their
parameter: a test level, a count or a kind) and equipment, on top of the table ``Figure``
(position, facing, vitality, and per-turn state in ``status``).

Per-turn status keys: ``damage_rolls`` (melee damage rolls made this turn), ``down``
(knocked down), ``stunned``, ``set_levels`` (levels a power set for the turn, B-R26),
``turn_levels`` (level modifiers for the turn), ``ran``, ``crawled``, ``aimed``."""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from game.core.state import Figure

from .catalogue import Catalogue, Entry, catalogue

COMPETENCES = ("initiative", "combat", "tir", "lancer", "degats", "moral", "psi")


@dataclass
class Fighter:
    fig: Figure
    competences: dict[str, int] = field(default_factory=dict)
    attributes: dict[str, Any] = field(default_factory=dict)   # id -> level / count / kind / None
    equipment: tuple[str, ...] = ()
    kind: str = "humain"                                      # for Tueur de X
    equipment_params: dict[str, Any] = field(default_factory=dict)   # Portee amelioree X...
    cat: Catalogue = field(default_factory=catalogue)

    @property
    def id(self) -> str:
        return self.fig.id

    @property
    def status(self) -> dict[str, Any]:
        return self.fig.status

    def entries(self) -> Iterator[tuple[Entry, Any]]:
        """Every catalogue entry acting on the figure, with its parameter: its attributes,
        its equipment, and the attributes its weapons in hand give."""
        for aid, param in self.attributes.items():
            yield self.cat[aid], param
        for aid in self.status.get("granted", ()):      # given for the turn (Bond psi)
            if aid not in self.attributes:
                yield self.cat[aid], None
        for eid in self.equipment:
            e = self.cat[eid]
            yield e, self.equipment_params.get(eid)
            for aid in e.attributes:
                yield self.cat[aid], None
            for eff in e.effects:                       # an item's attribute (a jet pack)
                if eff["do"] == "grant":
                    yield self.cat[eff["attribute"]], None

    def has(self, aid: str) -> bool:
        return any(e.id == aid for e, _ in self.entries())

    def melee_weapons(self) -> list[Entry]:
        return [self.cat[e] for e in self.equipment if self.cat[e].section == "melee"]

    def ranged_weapons(self) -> list[Entry]:
        return [self.cat[e] for e in self.equipment if self.cat[e].section == "ranged"]

    def upgrades(self) -> list[Entry]:
        return [self.cat[e] for e in self.equipment if self.cat[e].section == "upgrades"]


def make(fid: str, side: int = 1, *, x: float = 0.0, y: float = 0.0, facing: float = 0.0,
         size: float = 1.0, competences: dict[str, int] | None = None,
         attributes: dict[str, Any] | None = None, equipment: tuple[str, ...] = (),
         kind: str = "humain", equipment_params: dict[str, Any] | None = None) -> Fighter:
    """A fighter on a bare figure (tests, sandboxes); vitality follows the wound track."""
    fig = Figure(id=fid, side=side, profile=fid, name=fid, x=x, y=y, size=size, facing=facing)
    f = Fighter(fig, dict(competences or {}), dict(attributes or {}), tuple(equipment), kind,
                dict(equipment_params or {}))
    from .effects import vitality_track
    points = vitality_track(f)[0]
    fig.vitality = fig.max_vitality = points
    return f
