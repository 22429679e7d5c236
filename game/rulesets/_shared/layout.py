"""Laying out a scenario from its data file, for rulesets whose files give shapes and
deployment zones in their own unit: terrain shapes (rect, circle or polygon) as polygons in
millimetres, terrain pieces with their kinds' tags, and figure places in rows across a zone."""
from __future__ import annotations

from collections.abc import Mapping, Sequence

from shapely.geometry import Point, Polygon, box

from game.core.state import TerrainPiece


def shape(spec, scale: float) -> Polygon:
    """A scenario shape (``rect``, ``circle`` or ``polygon``, in the file's unit) as a
    polygon, times ``scale`` (millimetres per unit)."""
    if spec.rect is not None:
        x, y, w, h = (float(v) * scale for v in spec.rect)
        return box(x, y, x + w, y + h)
    if spec.circle is not None:
        x, y, r = (float(v) * scale for v in spec.circle)
        return Point(x, y).buffer(r, quad_segs=4)
    return Polygon([(float(x) * scale, float(y) * scale) for x, y in spec.polygon])


def terrain_pieces(sc, kinds: Mapping, scale: float) -> list[TerrainPiece]:
    """The scenario's terrain as pieces in millimetres; ``kinds`` gives each kind's tags."""
    out = []
    for i, spec in enumerate(sc.terrain):
        pts = [[round(x, 3), round(y, 3)] for x, y in list(shape(spec, scale).exterior.coords)[:-1]]
        out.append(TerrainPiece(id=f"t{i}", kind=spec.kind, points=pts, tags=sorted(kinds[spec.kind].tags),
                                height=(spec.height or 0.0) * scale))
    return out


def slots(zone: Sequence[float], n: int, table_height: float, scale: float,
          spacing: float = 1.5, edge: float = 1.0) -> list[tuple[float, float]]:
    """Centres (mm) for n figures in a deployment zone [x, y, w, h] (file unit): rows centred
    across the zone, the first ``edge`` in from its outer edge (the one nearer the table's
    edge), the next ones ``spacing`` further in. Raises ValueError when they do not fit."""
    x0, y0, w, h = (float(v) for v in zone)
    per_row = int((w - 2 * edge) // spacing) + 1 if w >= 2 * edge else 0
    rows = int((h - edge - 0.5) // spacing) + 1 if h >= edge + 0.5 else 0
    if n > per_row * rows:
        raise ValueError(f"a deployment zone {w:g} x {h:g} pas holds {per_row * rows} figures "
                         f"in rows {spacing:g} pas apart, not {n}")
    near_top = y0 + h / 2 <= table_height / 2
    out = []
    for i in range(n):
        row, col = divmod(i, per_row)
        k = min(per_row, n - row * per_row)
        x = x0 + w / 2 + (col - (k - 1) / 2) * spacing
        depth = edge + row * spacing
        y = y0 + depth if near_top else y0 + h - depth
        out.append((x * scale, y * scale))
    return out
