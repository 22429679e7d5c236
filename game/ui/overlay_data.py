"""What is drawn for a selected figure, computed off the frame (no pygame here, so the
geometry worker process need not load it): reach for each move type along real paths,
weapon range bands, lines of sight to each enemy (clear / concealed / in cover / blocked),
a leader's bubble, and threats (enemies that could reach it in melee or shoot it where it
stands)."""
from __future__ import annotations

from dataclasses import dataclass, field

from game.rulesets._shared.tables import base_of
from game.ui.rules_info import info_for

DRAWN_TOLERANCE = 0.1   # mm


@dataclass
class OverlayData:
    fid: str
    reach: dict[str, object] = field(default_factory=dict)    # move name -> shapely geometry
    bands: list[tuple[float, float, float]] = field(default_factory=list)
    los: dict[str, str] = field(default_factory=dict)          # enemy id -> class
    bubble: float | None = None
    threats: dict[str, tuple[str, ...]] = field(default_factory=dict)  # enemy -> ("melee", "ranged")
    melee: list = field(default_factory=list)     # (lo, hi) mm reach bands from the base edge
    shots: list = field(default_factory=list)     # (close, ideal, far) mm from the base edge
    mist: float | None = None                     # visibility radius, mm
    facing: float | None = None                   # degrees (front half = field of vision)
    auras: list = field(default_factory=list)     # radii (mm, from the base edge) of the rings it lends
    watch: float | None = None                    # a sentry's trigger reach over its front half, mm
    rings: list = field(default_factory=list)     # (key, (x, y), radius mm): rings around other points


def positions_key(state) -> tuple:
    return tuple((f.id, round(f.x, 2), round(f.y, 2), f.out, bool(f.status.get("cover")),
                  bool(f.status.get("hidden")), f.facing) for f in state.figures.values())


def compute(state, table, fid: str, lang: str = "fr", strict: bool = False,
            visible=None) -> OverlayData:
    """Everything drawn for a selected figure (run in the geometry worker); `visible`, when
    given, limits what is said about enemies to those the viewing side can see."""
    adapter = info_for(state.ruleset)
    fig = state.figures[fid]
    data = OverlayData(fid)
    if adapter is None or fig.out:
        return data
    info = adapter.figure(state, fig, lang)
    base = base_of(fig)
    if not strict:
        for name, (allowance, flags) in info.moves.items():
            try:
                # drawn only: a tenth of a millimetre is below a pixel at any zoom
                data.reach[name] = _reach(table, base, allowance, flags).simplify(DRAWN_TOLERANCE)
            except Exception:  # geometry failure must not take the window down
                data.reach[name] = None
        data.bands = [b for _, b in info.ranges]
        data.bubble = info.bubble
        data.auras = [r for _, r in info.auras if r != info.bubble]
        data.watch = info.watch
    data.melee = [band for _, band in info.melee]
    data.shots = [band for _, band in info.shots]
    data.mist, data.facing = info.mist, info.facing
    data.rings = list(getattr(info, "rings", ()) or ())
    enemies = [e for e in state.enemies_of(fig) if visible is None or e.id in visible]
    for e in enemies:
        data.los[e.id] = adapter.sight_class(state, table, fig, e)
    if not adapter.threats:
        return data
    for e in enemies:
        kinds = []
        einfo = adapter.figure(state, e, lang)
        d = table.distance(e.id, fig.id)
        if d <= einfo.charge + 1e-6 and not e.status.get("activated"):
            for p in table.contact_points(base_of(e), base, n=8):
                if table.shortest_path(base_of(e), p, max_cost=einfo.charge, **einfo.charge_flags) is not None:
                    kinds.append("melee")
                    break
        if einfo.shoot_reach and d <= einfo.shoot_reach and data.los.get(e.id) != "blocked":
            kinds.append("ranged")
        if kinds:
            data.threats[e.id] = tuple(kinds)
    return data


def _reach(table, base, allowance: float, flags: dict):
    """The region a move reaches; ``flags["alternatives"]``: more (allowance, flags) moves
    whose regions add to it (a ruleset whose allowance depends on the ground crossed gives
    one per ground, each keeping off the ground that would shorten it further)."""
    main = {k: v for k, v in flags.items() if k != "alternatives"}
    region = table.reach(base, allowance, **main)
    for other, more in flags.get("alternatives", ()):
        region = region.union(table.reach(base, other, **more))
    return region


@dataclass(frozen=True)
class OverlayJob:
    """A picklable job for the geometry worker."""

    fid: str
    lang: str = "fr"
    strict: bool = False
    visible: frozenset | None = None

    def __call__(self, state, table) -> OverlayData:
        return compute(state, table, self.fid, self.lang, self.strict, self.visible)
