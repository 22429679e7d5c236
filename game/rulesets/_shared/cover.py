"""Cover classes from the hidden fraction of a target (``Table.sight``: the silhouette
definition, sight-blocking terrain and other bases hiding it; terrain that gives cover
without blocking sight, such as a wood or a low wall, hides it too when the ruleset says so).

The ruleset chooses the classes and where they start: Swidenth gives +2 above a third hidden
and +4 above two thirds, ``CoverScale(((1 / 3, 2), (2 / 3, 4)), none=0)``; the bonus/malus
rules give light and heavy cover at the same fractions."""
from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from game.geometry.table import BaseRef, Table

T = TypeVar("T")


@dataclass(frozen=True)
class CoverScale(Generic[T]):
    """``classes``: (fraction, class) pairs in rising order of fraction; a target hidden
    more than a class's fraction (or at least that much, when ``inclusive``) has that class
    at least; ``none`` below the first."""

    classes: tuple[tuple[float, T], ...]
    none: T
    inclusive: bool = False

    def __post_init__(self) -> None:
        fractions = [f for f, _ in self.classes]
        if fractions != sorted(fractions):
            raise ValueError(f"cover fractions must rise: {fractions}")

    def classify(self, hidden: float) -> T:
        """The class of a target with this hidden fraction."""
        out = self.none
        for fraction, klass in self.classes:
            if hidden > fraction or (self.inclusive and hidden >= fraction):
                out = klass
            else:
                break
        return out


@dataclass(frozen=True)
class Cover(Generic[T]):
    """A target's cover from one viewer: its class, the hidden fraction it comes from,
    whether the viewer sees the target at all, and what hides it."""

    klass: T
    hidden_fraction: float
    visible: bool
    terrain: tuple[str, ...]
    figures: tuple[str, ...]


def cover(table: Table, viewer: BaseRef, target: BaseRef, scale: CoverScale[T], *,
          ignore: Collection[str] = (), soft: Collection[str] = ()) -> Cover[T]:
    """The target's cover class seen from the viewer; ``ignore``: bases that hide nothing
    (e.g. every figure but the target's side's, when only those give cover); ``soft``:
    terrain pieces that hide the target without blocking sight (woods, low walls...), save
    those the viewer stands in or touches (it shoots out of them)."""
    s = table.sight(viewer, target, ignore)
    hidden, terrain = s.hidden_fraction, s.terrain_blockers
    pieces = _soft_pieces(table, viewer, soft) if soft and s.visible else []
    if pieces:
        hidden, hit = table.hidden_fraction_with(viewer, target, [g for _, g in pieces], ignore)
        terrain = terrain + tuple(pieces[k][0] for k in hit if pieces[k][0] not in terrain)
    return Cover(scale.classify(hidden), hidden, s.visible, terrain, s.figure_blockers)


def _soft_pieces(table: Table, viewer: BaseRef, soft: Collection[str]) -> list[tuple[str, object]]:
    base = table.resolve(viewer).polygon()
    return [(t.id, t.polygon()) for t in table.terrain
            if t.id in soft and not t.polygon().intersects(base)]


def cover_many(table: Table, viewer: BaseRef, targets: Sequence[BaseRef], scale: CoverScale[T],
               *, ignore: Collection[str] = ()) -> list[Cover[T]]:
    """``cover`` for several targets of one viewer."""
    return [Cover(scale.classify(s.hidden_fraction), s.hidden_fraction, s.visible,
                  s.terrain_blockers, s.figure_blockers)
            for s in table.sight_many(viewer, targets, ignore)]
