"""How terrain looks on the table and in the legend, the same for every ruleset: each kind
is drawn as what it is (canopy, scrub, rock, ruins, column, wall, slope, water, hedge,
building, difficult ground) with a fill and a texture, and kinds tell apart by their
texture and their lightness, never by hue alone (colour-blind safe). Ground that slows
movement (the "difficult" tag, whatever the kind) carries a stipple over its texture.

Textures are seamless tiles pre-rendered per look and pixel size (game.ui.terrain_textures);
a piece is drawn once per zoom into its own surface (`PieceCache`), so panning only blits."""
from __future__ import annotations

import math
import random
from collections.abc import Sequence

import pygame

from game.ui.terrain_textures import (
    RGB,
    STIPPLE_DOT,
    STIPPLE_INK,
    Look,
    fill_textured,
    stipple_dots,
    tile_px,
)

# Mean lightness (CIE L*) rises from canopy to column; kinds the rules treat differently
# sit at least 8 L* apart (tests/ui/test_terrain_style.py checks it for every ruleset).
LOOKS: dict[str, Look] = {
    "building": Look((62, 58, 66), (34, 32, 38), (120, 116, 124), (20, 20, 24), "roof", 30.0),
    "canopy": Look((40, 84, 48), (22, 52, 30), (88, 138, 80), (16, 44, 22), "crowns", 44.0),
    "hedge": Look((52, 96, 54), (26, 60, 32), (98, 146, 88), (20, 50, 26), "crowns", 14.0),
    "water": Look((50, 98, 150), (34, 72, 118), (150, 190, 222), (24, 56, 96), "ripples", 24.0),
    "rock": Look((142, 140, 134), (90, 88, 84), (190, 188, 180), (60, 58, 56), "facets", 40.0),
    "scrub": Look((96, 128, 72), (60, 88, 46), (136, 166, 102), (50, 76, 40), "tufts", 24.0),
    "difficult": Look((168, 148, 104), (86, 70, 44), (200, 184, 146), (110, 92, 58), "stipple", 14.0),
    "ruins": Look((204, 192, 174), (104, 92, 80), (230, 222, 208), (84, 72, 62), "rubble", 44.0),
    "slope": Look((160, 140, 96), (112, 94, 58), (192, 176, 136), (108, 90, 56), "contours", 20.0),
    "wall": Look((216, 210, 196), (130, 120, 106), (238, 234, 224), (70, 62, 52), "courses", 10.0),
    "column": Look((226, 222, 212), (150, 144, 134), (248, 246, 240), (110, 104, 96), "drum", 20.0),
    "crates": Look((150, 120, 84), (96, 72, 46), (196, 168, 124), (70, 52, 34), "courses", 12.0),
}
FALLBACK = Look((150, 150, 140), (96, 96, 90), (190, 190, 180), (80, 80, 76), "plain", 20.0)

# every terrain kind of the bundled rulesets' catalogues and scenarios; water, hedge and
# building are ready for kinds no bundled scenario has yet
KIND_LOOK: dict[str, str] = {
    "arbre": "canopy", "foret": "canopy", "wood": "canopy",
    "buisson": "scrub",
    "haie": "hedge", "hedge": "hedge",
    "rocher": "rock", "rocks": "rock",
    "ruine": "ruins", "ruins": "ruins",
    "colonne": "column",
    "muret": "wall", "low_wall": "wall",
    "pente": "slope",
    "terrain_difficile": "difficult", "difficult": "difficult", "sable": "difficult",
    "broussailles": "canopy", "rochers": "rock", "palissade": "wall",
    "eau": "water", "water": "water",
    "batiment": "building", "building": "building", "crates": "crates",
    "rubble": "difficult",
}
STIPPLE = "difficult"        # the tag drawn as a stipple over any texture


def look_name(kind: str) -> str | None:
    """The look of a terrain kind (None: the kind has none and is drawn plain)."""
    return KIND_LOOK.get(kind)


def look_of(kind: str) -> Look:
    """The look a kind is drawn with (a plain one for a kind without its own)."""
    name = KIND_LOOK.get(kind)
    return LOOKS[name] if name is not None else FALLBACK


def stippled(kind: str, tags: Sequence[str]) -> bool:
    """Ground that slows movement gets the stipple (difficult ground is one already)."""
    return STIPPLE in tags and KIND_LOOK.get(kind) != "difficult"


KEY = (0, 0, 0)      # outside the piece: transparent (no look uses pure black)


def render_piece(look: Look, stipple: bool, pts: Sequence[tuple[float, float]], scale: float,
                 n: int = 0, window: pygame.Rect | None = None,
                 uphill: float | None = None) -> tuple[pygame.Surface, tuple[int, int]]:
    """A piece drawn alone, from its corners `pts` in pixels relative to its top-left
    corner: its textured polygon and outline on a surface transparent around it, and
    where that surface goes, (dx, dy) from the piece's top-left corner. `n`: the tile's
    size in pixels (by default the texture's repeat at `scale`); `window`: only that part
    (same frame) is drawn (a piece far larger than the view); `uphill`: the heading (degrees,
    0 along +x, 90 along +y) a slope climbs: hachures along the fall line, arrows uphill."""
    pad = 2
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    box = pygame.Rect(math.floor(min(xs)) - pad, math.floor(min(ys)) - pad, 0, 0)
    box.size = (math.ceil(max(xs)) - box.x + pad + 1, math.ceil(max(ys)) - box.y + pad + 1)
    whole = window is None or window.contains(box)
    if not whole:
        box = box.clip(window)
        box.size = (max(1, box.w), max(1, box.h))
    x0, y0, w, h = box
    local = [(x - x0, y - y0) for x, y in pts]
    body = pygame.Surface((w, h))
    turned = uphill is not None and abs(math.cos(math.radians(uphill))) > abs(math.sin(math.radians(uphill)))
    fill_textured(body, look, n or tile_px(look, scale), stipple, (x0, y0), turned)
    shape = pygame.Surface((w, h))
    shape.fill(KEY)
    pygame.draw.polygon(shape, (255, 255, 255), local)
    body.blit(shape, (0, 0), special_flags=pygame.BLEND_MULT)
    if look.pattern == "drum" and whole:       # a column seen from above: its round top
        cx, cy = sum(x for x, _ in local) / len(local), sum(y for _, y in local) / len(local)
        r = 0.55 * min(max(xs) - min(xs), max(ys) - min(ys)) / 2
        if r >= 3:
            pygame.draw.circle(body, look.ink, (cx, cy), r, max(1, round(r / 6)))
            pygame.draw.circle(body, look.light, (cx - 1, cy - 1), r * 0.6)
    if uphill is not None:
        _uphill_arrows(body, look, pts, (x0, y0), uphill)
    thin = min(max(xs) - min(xs), max(ys) - min(ys)) < 8
    pygame.draw.polygon(body, look.edge, local, 1 if thin else 2)
    body.set_colorkey(KEY)
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        body = body.convert()
    return body, (x0, y0)


def uphill_arrows(pts, uphill: float, rel: float = 0.22) -> tuple[float, list[tuple[list, tuple, tuple]]]:
    """Arrows up a slope of corners `pts` (pixels) across its middle, `rel` of its width
    long: their size and, for each, its head (a triangle, tip first) and its shaft (from, to)."""
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    w, h = max(xs) - min(xs), max(ys) - min(ys)
    size = max(5.0, min(30.0, min(w, h) * rel))
    ux, uy = math.cos(math.radians(uphill)), math.sin(math.radians(uphill))
    px, py = -uy, ux
    cx, cy = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
    span = abs(px) * w + abs(py) * h          # the slope's width across the fall line
    count = max(1, min(3, int(span / (size * 3))))
    out = []
    for k in range(count):
        off = (k - (count - 1) / 2) * size * 2.6
        mx, my = cx + px * off - ux * size * 0.3, cy + py * off - uy * size * 0.3
        head = [(mx + ux * size, my + uy * size),
                (mx + px * size * 0.6, my + py * size * 0.6), (mx - px * size * 0.6, my - py * size * 0.6)]
        out.append((head, (mx, my), (mx - ux * size * 0.8, my - uy * size * 0.8)))
    return size, out


def _uphill_arrows(body: pygame.Surface, look: Look, pts, origin: tuple[int, int], uphill: float,
                   rel: float = 0.22) -> None:
    """The arrows up the slope, drawn on a surface whose corner is at `origin`."""
    size, arrows = uphill_arrows([(x - origin[0], y - origin[1]) for x, y in pts], uphill, rel)
    for head, a, b in arrows:
        pygame.draw.line(body, look.light, a, b, max(3, round(size / 3.5)) + 2)
        pygame.draw.polygon(body, look.light, head, 2)
        pygame.draw.line(body, look.edge, a, b, max(1, round(size / 3.5)))
        pygame.draw.polygon(body, look.edge, head)


def swatch(surf: pygame.Surface, rect: pygame.Rect, kind: str, tags: Sequence[str] = ()) -> None:
    """The legend's sample of a kind: its texture (one repeat, as small as the sample) and
    outline, as on the table."""
    look = look_of(kind)
    pts = [(0, 0), (rect.w - 1, 0), (rect.w - 1, rect.h - 1), (0, rect.h - 1)]
    n = max(12, rect.h + 4)
    img, (dx, dy) = render_piece(look, stippled(kind, tags), pts, 1.0, n)
    surf.blit(img, (rect.x + dx, rect.y + dy))


def uphill_swatch(surf: pygame.Surface, rect: pygame.Rect) -> None:
    """The legend's sample of a slope's arrow: on the slope's texture, pointing up the slope."""
    look = LOOKS["slope"]
    img = pygame.Surface(rect.size)
    fill_textured(img, look, max(12, rect.h + 4))
    _uphill_arrows(img, look, [(0, 0), (rect.w, 0), (rect.w, rect.h), (0, rect.h)], (0, 0), 270.0, 0.4)
    pygame.draw.rect(img, look.edge, img.get_rect(), 1)
    surf.blit(img, rect)


def stipple_swatch(surf: pygame.Surface, rect: pygame.Rect, ground: RGB) -> None:
    """The legend's sample of the difficult-ground stipple alone, on the table's colour."""
    n = max(12, rect.w)
    img = pygame.Surface((n, n))
    img.fill(ground)
    stipple_dots(img, STIPPLE_INK, n, random.Random(n * 7 + 3), 4, STIPPLE_DOT)
    surf.blit(img, rect, pygame.Rect(0, (n - rect.h) // 2, rect.w, rect.h))


class PieceCache:
    """Pieces pre-rendered at one zoom, kept while the zoom stays: panning redraws nothing.
    A piece larger than the view is drawn only where the view shows it (then again on a
    pan); one wholly out of view is not drawn."""

    def __init__(self, limit: int = 128):
        self.limit = limit
        self._items: dict[tuple, tuple[pygame.Surface, tuple[int, int]]] = {}

    def get(self, piece, scale: float, view: pygame.Rect | None = None, uphill: float | None = None
            ) -> tuple[pygame.Surface, tuple[int, int]] | None:
        """(surface, (dx, dy)): blit at the screen point of the piece's world top-left
        corner (min x, min y) shifted by (dx, dy). `view`: the visible area in the same
        frame (pixels from that corner); None when the piece is wholly outside it.
        `uphill`: the heading a slope climbs (None: level ground)."""
        pts = tuple(tuple(p) for p in piece.points)
        mx, my = min(p[0] for p in pts), min(p[1] for p in pts)
        local = [((x - mx) * scale, (y - my) * scale) for x, y in pts]
        w = max(x for x, _ in local) + 4
        h = max(y for _, y in local) + 4
        window = None
        if view is not None:
            if not view.colliderect(pygame.Rect(-3, -3, w + 3, h + 3)):
                return None
            if w * h > view.w * view.h:
                window = pygame.Rect(view)
        key = (piece.kind, pts, tuple(piece.tags), round(scale, 6),
               None if window is None else tuple(window), uphill)
        hit = self._items.get(key)
        if hit is None:
            hit = render_piece(look_of(piece.kind), stippled(piece.kind, piece.tags), local, scale,
                               window=window, uphill=uphill)
            if len(self._items) >= self.limit:
                self._items.clear()
            self._items[key] = hit
        return hit


def draw_order(piece) -> tuple[int, int]:
    """Flat ground first (difficult ground, slopes, water), then what stands on it."""
    flat = {"difficult", "slope", "water"}
    return (0 if look_name(piece.kind) in flat else 1, 0 if STIPPLE in piece.tags else 1)
