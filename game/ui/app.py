"""The application: window, settings, fonts, the one pygame-gui manager, a stack of scenes
(the top one gets the input; transparent scenes draw over the one below) and the frame loop.
pygame-gui sees every event first; what it consumes never reaches the scene. Scenes that use
pygame-gui create their elements in show() and hide or kill them in hide() and leave();
scenes that know nothing of pygame-gui keep working unchanged.

The loop draws a frame only when something may have changed: an event came, the top scene
is busy (something moves or is on its way), pygame-gui shows something else, or within a
short while after any of these (the interface settles); once quiet for a while it sleeps in
the event queue (waking a few times a second for pygame-gui's timers) instead of drawing 60
identical frames a second."""
from __future__ import annotations

import time

import pygame

from game.ui.gui import EVENT_TYPES
from game.ui.settings import Settings
from game.ui.theme import Fonts
from game.ui.worker import Worker

SETTLE_FRAMES = 30     # frames still drawn after the last event or busy frame
IDLE_WAIT_MS = 250     # how long an idle loop sleeps in the event queue at most


class Scene:
    opaque = True

    def __init__(self, app: App):
        self.app = app

    def handle(self, event) -> None: ...

    def update(self, dt: float) -> None: ...

    def draw(self, surf) -> None: ...

    def busy(self) -> bool:
        """Something changes or moves without any input (an animation, an agent deciding,
        work under way): the loop keeps drawing. Scenes that cannot tell are always busy."""
        return True

    def relabel(self) -> None:
        """The language or scale changed: rebuild texts."""

    # pygame-gui life cycle (no-ops for scenes drawn by hand)
    def show(self) -> None:
        """The scene became the top one: create or show its interface elements."""

    def hide(self) -> None:
        """Another scene was pushed over this one: hide its elements."""

    def leave(self) -> None:
        """The scene left the stack: kill its elements."""


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
        self.frames = 0                # frames run so far
        self.now = 0.0                 # seconds of frames run so far (the frames' dt summed)
        self.pointer = None            # where the last mouse button went down or up
        self.last_press = None         # (now, pointer) of the last button press played (gui.double_click)
        self.quiet = 0                 # frames in a row with no event and no busy scene
        self._ui_look = None           # what pygame-gui showed on the last drawn frame
        self.later: list = []          # commands of pygame-gui buttons, run after its events
        self._attached: dict[int, list] = {}   # id(scene) -> pygame-gui parts living with it
        self.ui = None
        self._ui_key = None
        self._build_ui()

    def _build_ui(self) -> None:
        """The one UI manager, themed at the interface scale; a new one when the scale, the
        language or the window size changes (scenes then build their elements again)."""
        from game.ui.gui import make_manager

        key = (self.screen.get_size(), self.settings.scale, self.settings.lang)
        if key == self._ui_key:
            return
        self._ui_key = key
        self.ui = make_manager(self.screen.get_size(), self.settings.ui_scale, self.settings.lang)

    # --- pygame-gui parts living with a scene that does not manage them itself
    def attach(self, scene: Scene, part) -> None:
        """Give a scene a pygame-gui part (with show(), hide(), kill() and rebuild()): hidden
        while the scene is covered, killed when it leaves, rebuilt on a new manager."""
        self._attached.setdefault(id(scene), []).append(part)

    def attached(self, scene: Scene) -> list:
        return list(self._attached.get(id(scene), ()))

    def _show(self, scene: Scene) -> None:
        scene.show()
        for part in self.attached(scene):
            part.show()

    def _hide(self, scene: Scene) -> None:
        scene.hide()
        for part in self.attached(scene):
            part.hide()

    def _leave(self, scene: Scene) -> None:
        scene.leave()
        for part in self._attached.pop(id(scene), ()):
            part.kill()

    def call_later(self, fn) -> None:
        self.later.append(fn)

    def _run_later(self) -> None:
        while self.later:
            self.later.pop(0)()

    @property
    def lang(self) -> str:
        return self.settings.lang

    # --- scene stack
    def push(self, scene: Scene) -> Scene:
        if self.scenes:
            self._hide(self.scenes[-1])
        self.scenes.append(scene)
        self._show(scene)
        return scene

    def pop(self) -> None:
        if self.scenes:
            self._leave(self.scenes.pop())
        if not self.scenes:
            self.running = False
        else:
            self._show(self.scenes[-1])

    def replace(self, scene: Scene) -> Scene:
        if self.scenes:
            self._leave(self.scenes.pop())
        self.scenes.append(scene)
        self._show(scene)
        return scene

    def reset(self, scene: Scene) -> Scene:
        for old in reversed(self.scenes):
            self._leave(old)
        self.scenes = [scene]
        self._show(scene)
        return scene

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def settings_changed(self) -> None:
        self.fonts = Fonts(self.settings.ui_scale)
        if self.persist:
            self.settings.save()
        self._rebuild_scenes()

    def _rebuild_scenes(self) -> None:
        self._build_ui()
        for s in self.scenes:
            s.relabel()
            for part in self.attached(s):
                part.rebuild()
        for s in self.scenes[:-1]:
            self._hide(s)

    # --- frames
    def frame(self, events, dt: float, lazy: bool = False) -> bool:
        """Handle the events, update the top scene and pygame-gui, then draw (``lazy``: only
        when something may have changed). True when the frame was drawn."""
        start = time.perf_counter()
        self.frames += 1
        self.now += dt
        if self.screen.get_size() != self._ui_key[0]:
            self._resized()
        events = list(events) + pygame.event.get(eventtype=EVENT_TYPES)
        for event in events:
            if event.type == pygame.QUIT:
                self.running = False
                return False
            if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
                self.pointer = event.pos
            consumed = self.ui.process_events(event)
            self._run_later()
            if not consumed and self.top is not None and event.type != pygame.USEREVENT:
                self.top.handle(event)
        for s in list(self.scenes):
            s.update(dt) if s is self.top else None
        self._run_later()
        self.ui.update(dt)
        stirring = bool(events) or (self.top is not None and getattr(self.top, "busy", lambda: True)())
        self.quiet = 0 if stirring else self.quiet + 1
        if lazy and not self.scenes:
            return False
        look = self._look() if lazy else None
        if lazy and self.quiet > SETTLE_FRAMES and look == self._ui_look:
            return False
        self._ui_look = look
        self.draw()
        self.frame_ms.append((time.perf_counter() - start) * 1000)
        if len(self.frame_ms) > 2000:
            del self.frame_ms[:1000]
        return True

    def idle(self) -> bool:
        """Nothing has stirred for a while: the loop may sleep until an event comes."""
        return self.quiet > SETTLE_FRAMES

    def _look(self) -> tuple:
        """What pygame-gui shows (its elements, where, and which picture each shows): a new
        look (a tooltip after a hover, a button changing state) must be drawn."""
        return tuple((id(el), el.visible, tuple(el.rect), id(el.image))
                     for el in self.ui.get_sprite_group().sprites())

    def draw(self) -> None:
        """The scenes from the topmost opaque one up, then the pygame-gui elements."""
        first = 0
        for i in range(len(self.scenes) - 1, -1, -1):
            if self.scenes[i].opaque:
                first = i
                break
        for s in self.scenes[first:]:
            s.draw(self.screen)
        self.ui.draw_ui(self.screen)

    def _resized(self) -> None:
        self._rebuild_scenes()

    def run(self) -> int:
        while self.running and self.scenes:
            events = self._events()
            dt = self.clock.tick(60) / 1000.0
            drawn = self.frame(events, dt, lazy=True)
            self.screen = pygame.display.get_surface() or self.screen
            if drawn:
                pygame.display.flip()
        self.worker.close()
        return 0

    def _events(self) -> list:
        """The events waiting; when idle, sleep until one comes (or a short while passes)."""
        if not self.idle():
            return pygame.event.get()
        first = pygame.event.wait(IDLE_WAIT_MS)
        return [] if first.type == pygame.NOEVENT else [first] + pygame.event.get()
