"""World (millimetres) to screen (pixels): zoom about a point, pan, fit the table."""
from __future__ import annotations

from dataclasses import dataclass

MIN_SCALE, MAX_SCALE = 0.3, 12.0


@dataclass
class Camera:
    scale: float = 1.0          # pixels per millimetre
    ox: float = 0.0             # screen position of world (0, 0)
    oy: float = 0.0
    version: int = 0            # bumps on every change (caches key on it)

    def to_screen(self, x: float, y: float) -> tuple[int, int]:
        return int(round(self.ox + x * self.scale)), int(round(self.oy + y * self.scale))

    def to_world(self, sx: float, sy: float) -> tuple[float, float]:
        return (sx - self.ox) / self.scale, (sy - self.oy) / self.scale

    def length(self, mm: float) -> float:
        return mm * self.scale

    def fit(self, width: float, height: float, view: tuple[int, int, int, int], margin: int = 16):
        vx, vy, vw, vh = view
        s = min((vw - 2 * margin) / width, (vh - 2 * margin) / height)
        self.scale = max(MIN_SCALE, min(MAX_SCALE, s))
        self.ox = vx + (vw - width * self.scale) / 2
        self.oy = vy + (vh - height * self.scale) / 2
        self.version += 1

    def zoom(self, factor: float, about: tuple[float, float]):
        wx, wy = self.to_world(*about)
        self.scale = max(MIN_SCALE, min(MAX_SCALE, self.scale * factor))
        self.ox = about[0] - wx * self.scale
        self.oy = about[1] - wy * self.scale
        self.version += 1

    def pan(self, dx: float, dy: float):
        self.ox += dx
        self.oy += dy
        self.version += 1
