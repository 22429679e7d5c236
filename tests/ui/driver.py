"""Drive the real scenes with posted mouse and key events, a few frames at a time (button
presses take effect within the frame that receives them; we pump extra frames anyway)."""
from __future__ import annotations

import pygame

E = pygame.event.Event


class Driver:
    def __init__(self, app):
        self.app = app

    def frames(self, n: int = 2, events=()) -> None:
        self.app.frame(list(events), 1 / 60)
        for _ in range(n - 1):
            self.app.frame([], 1 / 60)

    def move(self, pos, buttons=(0, 0, 0)) -> None:
        self.frames(1, [E(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=buttons)])

    def click(self, pos, button: int = 1) -> None:
        self.move(pos)
        self.frames(1, [E(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)])
        self.frames(3, [E(pygame.MOUSEBUTTONUP, pos=pos, button=button)])

    def drag(self, start, end, steps: int = 12) -> None:
        self.move(start)
        self.frames(1, [E(pygame.MOUSEBUTTONDOWN, pos=start, button=1)])
        for i in range(1, steps + 1):
            p = (start[0] + (end[0] - start[0]) * i // steps, start[1] + (end[1] - start[1]) * i // steps)
            self.move(p, buttons=(1, 0, 0))
        self.frames(3, [E(pygame.MOUSEBUTTONUP, pos=end, button=1)])

    def key(self, key: int, mod: int = 0) -> None:
        self.frames(1, [E(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0)])
        self.frames(2, [E(pygame.KEYUP, key=key, mod=mod, unicode="", scancode=0)])

    def buttons(self):
        top = self.app.top
        self.frames(1)
        out = list(getattr(top, "buttons", []))
        panel = getattr(top, "panel", None)
        if panel is not None:
            out += panel.buttons
        bar = getattr(top, "bar", None)
        if bar is not None:
            bar.build()
            out += bar.buttons
        return out

    def button(self, key: str):
        for b in self.buttons():
            if b.key == key:
                return b
        raise AssertionError(f"no button '{key}' in {[b.key for b in self.buttons()]}")

    def press(self, key: str) -> None:
        b = self.button(key)
        assert b.enabled, f"button '{key}' is disabled"
        self.click(b.rect.center)

    def figure_pos(self, scene, fid: str):
        f = scene.session.engine.state.figures[fid]
        return scene.view.camera.to_screen(f.x, f.y)

    def world_pos(self, scene, x_mm: float, y_mm: float):
        return scene.view.camera.to_screen(x_mm, y_mm)
