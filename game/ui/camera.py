"""World (millimetres) to screen (pixels): zoom about a point, pan, fit the table; the
framing of points that should be in view and a short glide there (the AI's moves)."""
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


def framing(cam: Camera, view: tuple[int, int, int, int], points, margin: float) -> tuple[float, float] | None:
    """The camera offset (ox, oy) of the smallest pan bringing every point (world mm) inside
    the view less a margin (pixels), or centring the last point when they cannot all fit;
    None when they are all in view already."""
    if not points:
        return None
    vx, vy, vw, vh = view
    left, top, right, bottom = vx + margin, vy + margin, vx + vw - margin, vy + vh - margin
    xs = [cam.ox + x * cam.scale for x, _ in points]
    ys = [cam.oy + y * cam.scale for _, y in points]
    dx = dy = 0.0
    if max(xs) - min(xs) > right - left or max(ys) - min(ys) > bottom - top:
        dx, dy = (vx + vw / 2) - xs[-1], (vy + vh / 2) - ys[-1]
    else:
        if min(xs) < left:
            dx = left - min(xs)
        elif max(xs) > right:
            dx = right - max(xs)
        if min(ys) < top:
            dy = top - min(ys)
        elif max(ys) > bottom:
            dy = bottom - max(ys)
    if abs(dx) < 0.5 and abs(dy) < 0.5:
        return None
    return cam.ox + dx, cam.oy + dy


class Glide:
    """The camera sliding to an offset over a short time (eased), a step each frame."""

    def __init__(self):
        self._from = self._to = None
        self._age = self._time = 0.0

    def active(self) -> bool:
        return self._to is not None

    def start(self, cam: Camera, to: tuple[float, float], duration: float) -> None:
        if duration <= 0:
            cam.ox, cam.oy = to
            cam.version += 1
            self.stop()
            return
        self._from, self._to, self._age, self._time = (cam.ox, cam.oy), to, 0.0, duration

    def stop(self) -> None:
        self._from = self._to = None

    def advance(self, cam: Camera, dt: float) -> None:
        if self._to is None:
            return
        self._age = min(self._time, self._age + dt)
        k = self._age / self._time
        k = k * k * (3 - 2 * k)                      # smoothstep: no jolt at either end
        cam.ox = self._from[0] + (self._to[0] - self._from[0]) * k
        cam.oy = self._from[1] + (self._to[1] - self._from[1]) * k
        cam.version += 1
        if self._age >= self._time:
            self.stop()
