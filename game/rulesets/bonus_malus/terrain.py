"""Ground on the table as the Bonus / Malus rules see it (B-R20, B-R21, B-R52, B-R53):
what a path costs and which paths a figure may take, from the terrain's tags and the
figure's ``terrain`` effects in the catalogue.

- Difficult ground halves speed: the table counts its length twice (Marcheur agile: once).
- A linear obstacle (a piece tagged ``linear``: a low wall, a hedge) costs 2 pas more per
  crossing; Déplacement limité may not cross it.
- Deep water (a piece tagged ``water``) is swum at half speed: its length counts twice
  (Amphibie: once); nobody swims while running; Lourd and Déplacement limité do not swim.
- A Spectre ignores every obstacle (walls, rocks, water, difficult ground).
- Cover: woods, ruins (``cover``) and linear obstacles hide a target without blocking sight
  (``soft_cover``), which the shot's cover class counts (B-R33)."""
from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from shapely.geometry import LineString

from game.core.state import Figure
from game.geometry.table import Table
from game.rulesets._shared.tables import base_of

from . import figures as F
from .effects import ask

LINEAR, WATER, DIFFICULT, BLOCKS, LEAP = "linear", "water", "difficult", "blocks", "leap"
CROSSING_PAS = 2.0
Point2 = tuple[float, float]


@dataclass(frozen=True)
class Ground:
    """How a figure copes with ground: what it ignores, what it may not enter, and what a
    pas of water costs it."""

    ignore: frozenset[str] = frozenset()
    forbid: frozenset[str] = frozenset()
    water: float = 2.0


def ground(fig: Figure) -> Ground:
    """The figure's ground from its catalogue effects (``do: terrain``)."""
    ignore: set[str] = set()
    forbid: set[str] = set()
    water = 2.0
    for e in ask(F.fighter(fig), "terrain"):
        ignore |= set(e.get("ignore", ()))
        forbid |= set(e.get("forbid", ()))
        if "water" in e:
            water = min(water, float(e["water"]))
    return Ground(frozenset(ignore), frozenset(forbid - ignore), water)


def pieces(table: Table, tag: str) -> list:
    return [t for t in table.terrain if tag in t.tags]


@dataclass(frozen=True)
class PathCost:
    ok: bool
    reason: str | None       # None, a table reason ("terrain", "figure:x"...), "too_far",
    cost: float              # "no_crossing", "no_swimming" or "no_swim_running"
    crossings: int = 0


def crossings(line: LineString, piece) -> int:
    """How many times the line enters the piece (a crossing each)."""
    inside = line.intersection(piece.polygon())
    if inside.is_empty or inside.length <= 1e-6:
        return 0
    return len(getattr(inside, "geoms", [inside]))


def path_cost(table: Table, fig: Figure, path: Sequence[Point2], allowance: float | None, *,
              running: bool = False) -> PathCost:
    """Legality and cost (mm) of the figure's move along ``path``."""
    g = ground(fig)
    pts = [fig.pos, *(tuple(p) for p in path)]
    line = LineString(pts) if len(pts) > 1 else None
    forbidden = []
    if LINEAR in g.forbid:
        forbidden += [t.polygon() for t in pieces(table, LINEAR)]
    water = pieces(table, WATER)
    wet = 0.0 if line is None or BLOCKS in g.ignore else sum(line.intersection(t.polygon()).length for t in water)
    if wet > 1e-6 and WATER in g.forbid:
        return PathCost(False, "no_swimming", math.inf)
    if wet > 1e-6 and running:
        return PathCost(False, "no_swim_running", math.inf)
    res = table.check_path(base_of(fig), list(pts[1:]), None, ignore_terrain=BLOCKS in g.ignore,
                           ignore_difficult=DIFFICULT in g.ignore, extra_blockers=forbidden)
    if not res.ok:
        return PathCost(False, "no_crossing" if res.reason == "zone" else res.reason, res.cost)
    n = 0
    if line is not None and LINEAR not in g.ignore:
        n = sum(crossings(line, t) for t in pieces(table, LINEAR))
    cost = res.cost + n * CROSSING_PAS * F.PAS + wet * (g.water - 1.0)
    if allowance is not None and cost > allowance + 1e-6:
        return PathCost(False, "too_far", cost, n)
    return PathCost(True, None, cost, n)


def may_leap(fig: Figure) -> bool:
    return LEAP not in ground(fig).forbid


def landing_refusal(table: Table, fig: Figure, end: Point2, reach_mm: float) -> str | None:
    """A leap (Bondissant, B-R54): a straight flight of up to ``reach_mm`` over terrain and
    figures, landing on the table, clear of blocking terrain and of other bases."""
    if math.dist(fig.pos, end) > reach_mm + 1e-6:
        return "too_far"
    landed = base_of(fig).moved(end[0], end[1])
    if not table.on_table(landed):
        return "off_table"
    if table.in_blocking_terrain(landed):
        return "terrain"
    others = [b for b in table.bases.values() if b.id != fig.id]
    if table.overlaps_any(landed, others):
        return "figure"
    return None


def soft_cover(table: Table) -> tuple[str, ...]:
    """Pieces that hide a target without blocking sight: woods, ruins, linear obstacles."""
    return tuple(t.id for t in table.terrain if ({"cover", LINEAR} & set(t.tags)) and not t.blocks_sight)


def scenery_touched(table: Table, fig: Figure, min_pas: float = 1.0) -> list[str]:
    """Terrain pieces at least ``min_pas`` across in base contact with the figure (for
    Camouflage and Furtif); water is not scenery to hide against."""
    ids = table.terrain_in_contact(base_of(fig), tol=F.CONTACT_MM, min_extent=min_pas * F.PAS)
    return [i for i in ids if WATER not in table.terrain_by_id[i].tags]
