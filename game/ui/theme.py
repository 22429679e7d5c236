"""Colours (Okabe-Ito, colour-blind safe), the bundled font and interface sizes."""
from __future__ import annotations

from pathlib import Path

FONT_DIR = Path(__file__).resolve().parents[2] / "assets" / "fonts"

# Okabe-Ito palette
BLACK = (0, 0, 0)
ORANGE = (230, 159, 0)
SKY = (86, 180, 233)
GREEN = (0, 158, 115)
YELLOW = (240, 228, 66)
BLUE = (0, 114, 178)
VERMILLION = (213, 94, 0)
PURPLE = (204, 121, 167)
WHITE = (255, 255, 255)

# Each side its colour (on the table) and a lighter one (text on dark panels); a side's
# marker shape on its bases (game.ui.sides) tells the sides apart without colour.
SIDE_COLOURS = {1: BLUE, 2: VERMILLION, 3: GREEN, 4: PURPLE}
SIDE_LIGHT = {1: (150, 200, 235), 2: (240, 180, 140), 3: (120, 215, 180), 4: (235, 175, 210)}

BG = (30, 32, 36)
PANEL = (42, 45, 52)
PANEL_LIGHT = (58, 62, 72)
TEXT = (232, 232, 228)
TEXT_DIM = (160, 162, 168)
TABLE = (196, 184, 150)
TABLE_EDGE = (90, 80, 60)
GRID = (170, 158, 126)
BUTTON = (70, 76, 90)
BUTTON_HOVER = (92, 100, 118)
BUTTON_ON = (0, 114, 178)
BUTTON_OFF = (56, 58, 64)
AI_MOVE = ORANGE          # the AI's last move, marked on the table until the person acts
REFUSAL = (240, 150, 90)

# terrain: game.ui.terrain_style (a texture and a lightness per kind)

# line of sight classes
LOS = {"clear": GREEN, "concealed": YELLOW, "cover": ORANGE, "blocked": (120, 120, 120)}
REACH = {"walk": (86, 180, 233, 55), "assault": (204, 121, 167, 60), "sprint": (204, 121, 167, 40)}
MELEE_BANDS = ((204, 121, 167), (86, 180, 233), (255, 255, 255))   # per melee weapon
FOV = (255, 255, 255)
FOG = (24, 28, 34)
FRONT_EDGE = (255, 255, 255)
BACK_EDGE = (20, 20, 20)
RANGE_BANDS = ((0, 158, 115), (240, 228, 66), (230, 159, 0))


class Fonts:
    """DejaVu Sans at the interface scale (it has real no-break spaces for French)."""

    def __init__(self, scale: float = 1.0):
        self.scale = scale
        self._cache: dict[tuple[int, bool], object] = {}

    def get(self, size: int, bold: bool = False):
        import pygame

        px = max(8, int(round(size * self.scale)))
        key = (px, bold)
        font = self._cache.get(key)
        if font is None:
            name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
            path = FONT_DIR / name
            font = pygame.font.Font(str(path) if path.exists() else None, px)
            self._cache[key] = font
        return font

    def px(self, n: float) -> int:
        return int(round(n * self.scale))
