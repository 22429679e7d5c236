"""The application: window, settings, fonts, a stack of scenes (the top one gets the
input; transparent scenes draw over the one below) and the frame loop."""
from __future__ import annotations

import time

import pygame

from game.ui.settings import Settings
from game.ui.theme import Fonts
from game.ui.worker import Worker


class Scene:
    opaque = True

    def __init__(self, app: "App"):
        self.app = app

    def handle(self, event) -> None: ...

    def update(self, dt: float) -> None: ...

    def draw(self, surf) -> None: ...

    def relabel(self) -> None:
        """The language or scale changed: rebuild texts."""


class App:
    def __init__(self, screen, settings: Settings | None = None, *, threaded: bool = True,
                 persist: bool = True):
        self.screen = screen
        self.settings = settings or Settings()
        self.persist = persist
        self.fonts = Fonts(self.settings.ui_scale)
        self.worker = Worker(threaded=threaded)
        self.scenes: list[Scene] = []
        self.running = True
        self.clock = pygame.time.Clock()
        self.frame_ms: list[float] = []

    @property
    def lang(self) -> str:
        return self.settings.lang

    # --- scene stack
    def push(self, scene: Scene) -> Scene:
        self.scenes.append(scene)
        return scene

    def pop(self) -> None:
        if self.scenes:
            self.scenes.pop()
        if not self.scenes:
            self.running = False

    def replace(self, scene: Scene) -> Scene:
        if self.scenes:
            self.scenes.pop()
        return self.push(scene)

    def reset(self, scene: Scene) -> Scene:
        self.scenes = [scene]
        return scene

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def settings_changed(self) -> None:
        self.fonts = Fonts(self.settings.ui_scale)
        if self.persist:
            self.settings.save()
        for s in self.scenes:
            s.relabel()

    # --- frames
    def frame(self, events, dt: float) -> None:
        start = time.perf_counter()
        for event in events:
            if event.type == pygame.QUIT:
                self.running = False
                return
            if self.top is not None:
                self.top.handle(event)
        for s in list(self.scenes):
            s.update(dt) if s is self.top else None
        first = 0
        for i in range(len(self.scenes) - 1, -1, -1):
            if self.scenes[i].opaque:
                first = i
                break
        for s in self.scenes[first:]:
            s.draw(self.screen)
        self.frame_ms.append((time.perf_counter() - start) * 1000)
        if len(self.frame_ms) > 2000:
            del self.frame_ms[:1000]

    def run(self) -> int:
        while self.running and self.scenes:
            dt = self.clock.tick(60) / 1000.0
            self.frame(pygame.event.get(), dt)
            self.screen = pygame.display.get_surface()
            pygame.display.flip()
        self.worker.close()
        return 0
