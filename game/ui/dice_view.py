"""Dice shown as dice: the faces of the last rolls tumble briefly then settle, the hits
marked; any click or key skips the animation.

A D6 shows pips; any other die shows its number inside an outline proper to its size (d4
triangle, d8 diamond, d10 kite, d12 pentagon, d20 hexagon, other sizes a disc labelled with
their size). A kept die is underlined; a discarded one is drawn smaller and greyed. A
critical success carries a star badge and a critical failure a cross badge (shapes, so the
two never rest on colour alone)."""
from __future__ import annotations

import math

import pygame

from game.core.events import DiceRolled
from game.core.text import t
from game.ui import theme

PIPS = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
        4: [(-1, -1), (1, -1), (-1, 1), (1, 1)], 5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
        6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}
TUMBLE = 0.45   # seconds at speed 1
SHOW = 2.2

FACE = (250, 248, 240)
MISS = (175, 172, 168)
DISCARDED = (92, 94, 100)
INK = (20, 20, 20)
DIM_INK = (165, 166, 170)
EDGE = (60, 60, 60)
CRIT = theme.YELLOW          # with a star
FUMBLE = theme.VERMILLION    # with a cross
DISCARD_SCALE = 0.78

# Outlines in unit coordinates (x right, y down, within [-1, 1]); facets are inner lines.
_OUTLINES = {
    4: [(0.0, -0.95), (0.98, 0.8), (-0.98, 0.8)],
    8: [(0.0, -1.0), (0.9, 0.0), (0.0, 1.0), (-0.9, 0.0)],
    10: [(0.0, -1.0), (1.0, -0.38), (0.0, 1.0), (-1.0, -0.38)],
    12: [(math.cos(math.radians(a)), math.sin(math.radians(a))) for a in range(-90, 270, 72)],
    20: [(math.cos(math.radians(a)), math.sin(math.radians(a))) for a in range(-90, 270, 60)],
}
_FACETS = {
    8: [((-0.9, 0.0), (0.9, 0.0))],
    10: [((-1.0, -0.38), (0.0, 0.42)), ((1.0, -0.38), (0.0, 0.42)), ((0.0, 0.42), (0.0, 1.0))],
    20: [((0.0, -1.0), (-0.62, 0.42)), ((-0.62, 0.42), (0.62, 0.42)), ((0.62, 0.42), (0.0, -1.0))],
}


_NUMBER_DY = {4: 0.14, 10: -0.1}   # where the number sits best, in die heights


def _points(rect: pygame.Rect, unit) -> list[tuple[float, float]]:
    rx, ry = rect.w / 2 - 1, rect.h / 2 - 1
    return [(rect.centerx + x * rx, rect.centery + y * ry) for x, y in unit]


def _star(surf, centre: tuple[float, float], r: float) -> None:
    pts = []
    for k in range(10):
        a = math.radians(-90 + 36 * k)
        rr = r if k % 2 == 0 else r * 0.45
        pts.append((centre[0] + rr * math.cos(a), centre[1] + rr * math.sin(a)))
    pygame.draw.polygon(surf, CRIT, pts)
    pygame.draw.polygon(surf, INK, pts, 1)


def _cross(surf, centre: tuple[float, float], r: float) -> None:
    pygame.draw.circle(surf, INK, centre, r)
    w = max(2, round(r / 3))
    d = r * 0.55
    cx, cy = centre
    pygame.draw.line(surf, FUMBLE, (cx - d, cy - d), (cx + d, cy + d), w)
    pygame.draw.line(surf, FUMBLE, (cx - d, cy + d), (cx + d, cy - d), w)


def _number(surf, font, text: str, rect: pygame.Rect, colour, dy: float = 0.0) -> None:
    if font is None:
        font = pygame.font.Font(None, max(10, rect.h // 2 + 2))
    img = font.render(text, True, colour)
    surf.blit(img, img.get_rect(center=(rect.centerx, rect.centery + round(dy))))


def draw_die(surf, face: int, rect: pygame.Rect, hit: bool | None, *, sides: int = 6, font=None,
             small_font=None, kept: bool | None = None, crit: bool = False, fumble: bool = False) -> None:
    """One die. ``hit``: True (reached its target), False (missed) or None (no target);
    ``kept``: True (kept), False (discarded) or None (every die counts). The kept mark is drawn
    just under ``rect``: leave a few pixels free there."""
    full = rect
    if kept is False:
        rect = pygame.Rect(0, 0, round(rect.w * DISCARD_SCALE), round(rect.h * DISCARD_SCALE))
        rect.center = full.center
        fill, ink, edge, width = DISCARDED, DIM_INK, (130, 132, 138), 1
    else:
        fill = FACE if hit is not False else MISS
        ink = INK
        edge, width = (theme.GREEN, 3) if hit else (EDGE, 1)
    radius = max(2, rect.w // 6)
    if sides == 6:
        pygame.draw.rect(surf, fill, rect, border_radius=radius)
        pygame.draw.rect(surf, edge, rect, width, border_radius=radius)
        q = rect.w // 4
        r = max(2, rect.w // 10)
        for dx, dy in PIPS.get(face, []):
            pygame.draw.circle(surf, ink, (rect.centerx + dx * q, rect.centery + dy * q), r)
    elif sides in _OUTLINES:
        pts = _points(rect, _OUTLINES[sides])
        if width > 1:                          # a thick edge goes round the face, not over it
            pygame.draw.polygon(surf, edge, _points(rect.inflate(2 * width, 2 * width), _OUTLINES[sides]))
        pygame.draw.polygon(surf, fill, pts)
        for a, b in _FACETS.get(sides, []):
            pygame.draw.aaline(surf, (178, 176, 168) if kept is not False else (112, 114, 120),
                               *_points(rect, (a, b)))
        if width <= 1:
            pygame.draw.polygon(surf, edge, pts, width)
        _number(surf, font, str(face), rect, ink, dy=rect.h * _NUMBER_DY.get(sides, 0.0))
    else:
        pygame.draw.circle(surf, fill, rect.center, rect.w / 2)
        pygame.draw.circle(surf, edge, rect.center, rect.w / 2, width)
        _number(surf, font, str(face), rect, ink, dy=-rect.h * 0.1)
        if small_font is not None:
            label = small_font.render(f"d{sides}", True, ink)
            surf.blit(label, label.get_rect(midbottom=(rect.centerx, rect.bottom - 1)))
    if kept:
        bar = pygame.Rect(0, 0, full.w * 2 // 3, max(2, full.h // 10))
        bar.midtop = (full.centerx, full.bottom + max(1, full.h // 15))
        pygame.draw.rect(surf, theme.TEXT, bar, border_radius=bar.h // 2)
    r = max(5.0, full.w * 0.24)               # a badge on the top right corner (leave r / 1.5 free there)
    badge = (full.right - 0.3 * r, full.top + 0.3 * r)
    if crit:
        _star(surf, badge, r)
    elif fumble:
        _cross(surf, badge, r * 0.85)


def _marks(e: DiceRolled, i: int) -> dict:
    """The view's reading of a roll's marks for die i (a roll without marks: every die counts)."""
    return {"kept": (i in e.kept) if e.kept else None, "crit": i in e.crit, "fumble": i in e.fumble}


class DiceView:
    def __init__(self, fonts):
        self.fonts = fonts
        self.rolls: list[DiceRolled] = []
        self.age = 0.0
        self.speed = 1.0

    def show(self, events, speed: float) -> None:
        rolls = [e for e in events if isinstance(e, DiceRolled)]
        if rolls:
            self.rolls, self.age, self.speed = rolls[-4:], 0.0, speed
            if speed <= 0:
                self.age = TUMBLE

    def active(self) -> bool:
        return bool(self.rolls) and self.age < TUMBLE + SHOW

    def tumbling(self) -> bool:
        return bool(self.rolls) and self.age < TUMBLE

    def skip(self) -> bool:
        """Skip the animation; True if there was one to skip."""
        if self.tumbling():
            self.age = TUMBLE
            return True
        return False

    def dismiss(self) -> None:
        self.rolls = []

    def update(self, dt: float) -> None:
        if self.rolls:
            self.age += dt * (self.speed if self.age < TUMBLE else 1.0)

    def place(self, box: pygame.Rect, rect: pygame.Rect, avoid) -> None:
        """Put the panel where it hides the fewest of the points to avoid (the figures on
        the table): the top middle when it hides none, else the corner or edge that hides
        the fewest. Chosen once per roll shown, so it never jumps while it is read."""
        key = (id(self.rolls), tuple(rect), box.size)
        if key == getattr(self, "_placed", (None,))[0]:
            box.topleft = self._placed[1]
            return
        m = 10
        spots = ("midtop", "topleft", "topright", "bottomleft", "bottomright", "midbottom")
        room = rect.inflate(-2 * m, -2 * m)
        best = None
        for rank, spot in enumerate(spots):
            setattr(box, spot, getattr(room, spot))
            hidden = sum(1 for p in avoid if box.inflate(16, 16).collidepoint(p))
            if best is None or hidden < best[0]:
                best = (hidden, rank, box.topleft)
            if hidden == 0:
                break
        box.topleft = best[2]
        self._placed = (key, box.topleft)

    def draw(self, surf, rect: pygame.Rect, names, lang: str = "fr", avoid=()) -> bool:
        """The dice being shown, over the table where they hide the fewest ``avoid`` points
        (screen positions of the figures); True when some are."""
        if not self.active():
            return False
        size = self.fonts.px(30)
        gap = self.fonts.px(6)
        font = self.fonts.get(12)
        number, small = self.fonts.get(13, bold=True), self.fonts.get(7)
        under = self.fonts.px(5)                # room for the kept mark
        room = self.fonts.px(5)                 # and for the critical badges
        step = size + gap + room
        rows = []
        for e in self.rolls:
            rule = t(f"ui.rule.{e.rule}", lang)
            label = (t("ui.dice.label", lang, who=names(e.who), rule=rule, x=e.target)
                     if e.target is not None else t("ui.dice.label_plain", lang, who=names(e.who), rule=rule))
            rows.append((e, font.render(label, True, theme.TEXT)))
        h = sum(room + size + under + font.get_linesize() + gap * 2 for _ in rows) + gap
        w = max(max(len(e.faces) for e, _ in rows) * step + gap,
                max(s.get_width() for _, s in rows) + 2 * gap)
        box = pygame.Rect(0, 0, min(w, rect.w - 20), h)
        self.place(box, rect, avoid)
        panel = pygame.Surface(box.size, pygame.SRCALPHA)
        panel.fill((20, 22, 26, 215))
        surf.blit(panel, box)
        y = box.y + gap
        frame = int(self.age * 30)
        for e, label in rows:
            surf.blit(label, (box.x + gap, y))
            y += font.get_linesize() + gap // 2 + room
            for i, face in enumerate(e.faces):
                r = pygame.Rect(box.x + gap + i * step, y, size, size)
                if r.right > box.right:
                    break
                if self.tumbling():
                    draw_die(surf, (frame + 3 * i) % max(1, e.sides) + 1, r, None, sides=e.sides,
                             font=number, small_font=small)
                else:
                    marks = _marks(e, i)
                    hit = None if e.target is None or marks["kept"] is False else face >= e.target
                    draw_die(surf, face, r, hit, sides=e.sides, font=number, small_font=small, **marks)
            y += size + under + gap
        return True
