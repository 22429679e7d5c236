"""Terrain textures: seamless square tiles, one pattern per look (tree crowns, scrub tufts,
faceted stones, ruined walls, ripples, stipple, hachures, stone courses, roof slates),
pre-rendered per look and pixel size and kept (game.ui.terrain_style says which kind
wears which look)."""
from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

import pygame

RGB = tuple[int, int, int]


@dataclass(frozen=True)
class Look:
    """A way terrain looks: its colours and its texture."""

    fill: RGB        # the ground of the texture
    ink: RGB         # its dark marks
    light: RGB       # its light marks
    edge: RGB        # the piece's outline
    pattern: str     # which texture (a function below)
    cell: float      # mm: the texture's repeat on the table


# the stipple of ground that slows movement, over any texture
STIPPLE_INK = (24, 22, 18)      # the stipple's dots on light ground
STIPPLE_PALE = (236, 230, 204)  # and on dark ground (canopy, water)
STIPPLE_PITCH = 18              # pixels between the stipple's dots over a texture
STIPPLE_DOT = 1.6               # their radius in pixels


def lightness(rgb: Sequence[int]) -> float:
    """CIE L* (0 black .. 100 white) of an sRGB colour: what a colour-blind eye still tells apart."""
    def lin(c: float) -> float:
        c /= 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    y = 0.2126 * lin(rgb[0]) + 0.7152 * lin(rgb[1]) + 0.0722 * lin(rgb[2])
    return 116 * y ** (1 / 3) - 16 if y > 216 / 24389 else y * 24389 / 27


def _wrap(n: int, x: float, y: float, r: float):
    """The copies of a mark at (x, y) of reach r that a tile of n pixels needs to be seamless."""
    xs = [x] + ([x + n] if x - r < 0 else []) + ([x - n] if x + r > n else [])
    ys = [y] + ([y + n] if y - r < 0 else []) + ([y - n] if y + r > n else [])
    return [(a, b) for a in xs for b in ys]


def _crowns(s, look: Look, n: int, rnd: random.Random) -> None:
    """Tree crowns: overlapping round heads, each with a dark rim and a lit side."""
    heads = [(0.22, 0.28, 0.30), (0.72, 0.18, 0.27), (0.52, 0.68, 0.31), (0.02, 0.78, 0.26)]
    rim = max(1, n // 14)
    s.fill(look.ink)             # the shade under the crowns
    for x, y, r in heads:
        for cx, cy in _wrap(n, x * n, y * n, r * n + rim):
            pygame.draw.circle(s, look.ink, (cx, cy), r * n + rim)
    for x, y, r in heads:
        r *= n
        for cx, cy in _wrap(n, x * n, y * n, r + rim):
            pygame.draw.circle(s, look.fill, (cx, cy), r)
            pygame.draw.circle(s, look.light, (cx - r * 0.3, cy - r * 0.3), max(1, r * 0.42))


def _tufts(s, look: Look, n: int, rnd: random.Random) -> None:
    """Scrub: small bushy clumps, a dark base and a lit top."""
    for i in range(3):
        for j in range(3):
            x = (i + 0.5 * (j % 2) + 0.5) * n / 3 + rnd.uniform(-1, 1)
            y = (j + 0.5) * n / 3 + rnd.uniform(-1, 1)
            r = n / 7
            for cx, cy in _wrap(n, x % n, y, r + 1):
                pygame.draw.circle(s, look.ink, (cx, cy + r * 0.25), r)
                pygame.draw.circle(s, look.light, (cx - r * 0.15, cy - r * 0.2), r * 0.55)


def _facets(s, look: Look, n: int, rnd: random.Random) -> None:
    """Faceted stones: irregular blocks, each with a lit face and a shaded face, dark
    crevices between them."""
    s.fill(look.ink)
    for i in range(2):
        for j in range(2):
            cx = (i + 0.5 + 0.5 * (j % 2) + rnd.uniform(-0.1, 0.1)) * n / 2
            cy = (j + 0.5 + rnd.uniform(-0.1, 0.1)) * n / 2
            r = n / 4 * rnd.uniform(1.0, 1.15)
            ring = [(2 * math.pi * (k + rnd.uniform(-0.25, 0.25)) / 7, r * rnd.uniform(0.8, 1.0))
                    for k in range(7)]
            for x, y in _wrap(n, cx % n, cy, r + 1):
                pts = [(x + d * math.cos(a), y + d * math.sin(a)) for a, d in ring]
                pygame.draw.polygon(s, look.fill, pts)
                lit = [(x, y)] + [p for (a, _), p in zip(ring, pts) if 2.6 <= a <= 5.0]
                dark = [(x, y)] + [p for (a, _), p in zip(ring, pts) if a <= 1.8 and a >= 0.0]
                if len(lit) >= 3:
                    pygame.draw.polygon(s, look.light, lit)
                if len(dark) >= 3:
                    pygame.draw.polygon(s, look.edge, dark)
                pygame.draw.polygon(s, look.edge, pts, 1)


def _rubble(s, look: Look, n: int, rnd: random.Random) -> None:
    """Ruins: flagstones, broken wall corners (thick, lit on top, jagged ends) and rubble."""
    for k in range(1, 3):
        pygame.draw.line(s, look.light, (0, k * n / 3), (n, k * n / 3), 1)
        pygame.draw.line(s, look.light, (k * n / 3, 0), (k * n / 3, n), 1)
    w = max(3, n // 6)
    for (x0, y0), (x1, y1), (x2, y2) in (((0.14, 0.5), (0.14, 0.14), (0.46, 0.14)),
                                         ((0.58, 0.84), (0.84, 0.84), (0.84, 0.56))):
        path = [(x0 * n, y0 * n), (x1 * n, y1 * n), (x2 * n, y2 * n)]
        pygame.draw.lines(s, look.ink, False, path, w)
        for x, y in (path[0], path[2]):          # broken ends: a fallen block beside each
            q = w * 0.8
            pygame.draw.rect(s, look.ink, (x + rnd.uniform(-1, 1) * w, y + rnd.uniform(-1, 1) * w, q, q))
        pygame.draw.lines(s, look.light, False, [(x - w / 4, y - w / 4) for x, y in path], 1)
    q = max(1, n // 18)
    for _ in range(4):
        x, y = rnd.uniform(0.25, 0.75) * n, rnd.uniform(0.3, 0.7) * n
        pygame.draw.rect(s, look.ink, (x, y, q + 1, q))


def _ripples(s, look: Look, n: int, rnd: random.Random) -> None:
    """Water: rows of short ripples, a lit crest over a dark trough."""
    w = max(1, n // 18)
    for j in range(2):
        y = (j + 0.5) * n / 2
        x0 = j * n / 2
        crest = [(x0 + n * 0.45 * t / 8, y + math.sin(t / 8 * 2 * math.pi) * n / 14) for t in range(9)]
        pygame.draw.lines(s, look.light, False, crest, w)
        pygame.draw.lines(s, look.ink, False, [(x, yy + n / 10) for x, yy in crest], w)


def stipple_dots(s, colour: RGB, n: int, rnd: random.Random, dots: int = 5, r: float = 0.0) -> None:
    """Dots scattered without clumping (one per cell of a jittered grid), of radius r
    (by default in proportion to the tile)."""
    k = max(1, round(math.sqrt(dots)))
    r = r or max(1.5, n / 13)
    for i in range(k):
        for j in range(k):
            x = (i + rnd.uniform(0.2, 0.8)) * n / k
            y = (j + rnd.uniform(0.2, 0.8)) * n / k
            for cx, cy in _wrap(n, x, y, r + 1):
                pygame.draw.circle(s, colour, (cx, cy), r)


def _difficult(s, look: Look, n: int, rnd: random.Random) -> None:
    stipple_dots(s, look.ink, n, rnd, 4)
    stipple_dots(s, look.light, n, rnd, 1)


def _contours(s, look: Look, n: int, rnd: random.Random) -> None:
    """A slope: hachures, short strokes down the fall line, in rows."""
    w = max(1, n // 12)
    for j in range(2):
        y = j * n / 2 + n / 8
        for i in range(4):
            x = (i + 0.5 * j) * n / 4 + n / 8
            pygame.draw.line(s, look.ink, (x % n, y), (x % n, y + n / 4), w)
    pygame.draw.line(s, look.light, (0, n / 2 - 1), (n, n / 2 - 1), 1)


def _courses(s, look: Look, n: int, rnd: random.Random) -> None:
    """A wall's stone courses: mortar lines and staggered joints."""
    h = n / 2
    for j in range(2):
        y = j * h
        pygame.draw.line(s, look.ink, (0, y), (n, y), 1)
        x = (n / 2 if j else 0) + n / 4
        pygame.draw.line(s, look.ink, (x, y), (x, y + h), 1)
        pygame.draw.line(s, look.light, (0, y + 1), (n, y + 1), 1)


def _drum(s, look: Look, n: int, rnd: random.Random) -> None:
    """Dressed stone: plain (the column's round top is drawn on the piece)."""


def _roof(s, look: Look, n: int, rnd: random.Random) -> None:
    """A roof: rows of tiles or slates."""
    for j in range(3):
        y = j * n / 3
        pygame.draw.line(s, look.ink, (0, y), (n, y), max(1, n // 20))
        for i in range(3):
            x = (i + 0.5 * (j % 2)) * n / 3
            pygame.draw.line(s, look.light, (x, y + 2), (x, y + n / 3 - 2), 1)


def _plain(s, look: Look, n: int, rnd: random.Random) -> None:
    pygame.draw.line(s, look.ink, (0, n), (n, 0), 1)


PATTERNS = {"crowns": _crowns, "tufts": _tufts, "facets": _facets, "rubble": _rubble,
            "ripples": _ripples, "stipple": _difficult, "contours": _contours,
            "courses": _courses, "drum": _drum, "roof": _roof, "plain": _plain}

_TILES: dict[tuple, pygame.Surface] = {}


def tile_px(look: Look, scale: float) -> int:
    """The tile's side in pixels at `scale` px/mm: the texture's repeat on the table, kept
    large enough to read zoomed out and bounded zoomed in."""
    return max(20, min(160, round(look.cell * scale)))


def tile(look: Look, n: int, stipple: bool = False, turned: bool = False) -> pygame.Surface:
    """The look's seamless tile of n pixels (with the difficult-ground stipple over it;
    `turned` a quarter turn: a slope falling left-right rather than up-down)."""
    key = (look, n, stipple, turned)
    s = _TILES.get(key)
    if s is None:
        s = pygame.Surface((n, n))
        s.fill(look.fill)
        PATTERNS[look.pattern](s, look, n, random.Random(n * 31 + len(look.pattern)))
        if turned:
            s = pygame.transform.rotate(s, 90)
        if stipple:
            ink = STIPPLE_INK if lightness(look.fill) >= 50 else STIPPLE_PALE
            stipple_dots(s, ink, n, random.Random(n * 7 + 3), max(1, round(n / STIPPLE_PITCH)) ** 2,
                     STIPPLE_DOT)
        if pygame.display.get_init() and pygame.display.get_surface() is not None:
            s = s.convert()
        if len(_TILES) > 256:
            _TILES.clear()
        _TILES[key] = s
    return s


def fill_textured(surf: pygame.Surface, look: Look, n: int, stipple: bool = False,
                  phase: tuple[int, int] = (0, 0), turned: bool = False) -> None:
    """Cover `surf` with the look's tile repeated, the surface's corner being at `phase`
    in the texture's own frame (pieces drawn in parts join up)."""
    img = tile(look, n, stipple, turned)
    w, h = surf.get_size()
    for y in range(-(phase[1] % n), h, n):
        for x in range(-(phase[0] % n), w, n):
            surf.blit(img, (x, y))
