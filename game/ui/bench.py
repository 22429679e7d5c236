"""The interface benchmark: frame times of the full table (every figure, terrain, the
overlays of a selected figure, the log) with the dummy driver, while the mouse hovers over
the table and selects one figure after another (a real click every 45 frames), then idle
frames (a figure selected, no input), each with the main thread's CPU time beside its
wall time. Frames are paced at 60
a second as in the game; overlays are computed by the geometry worker process meanwhile,
as in the game, so selecting never stalls a frame. Then the same table while two
``difficile`` agents play each other (``thinking_frame_ms``: the AI thinks in a thread
beside the frames, as in the game). Times are the work of each frame (events, update,
draw) without the display flip, which the dummy driver does not do: `bench window` times the
same active frames in a real window, the showing included."""
from __future__ import annotations

import math
import statistics
import time

FRAMES = 720
WARMUP = 20
THINKING_FRAMES = 600   # frames while the AI plays itself
LOG_LINES = 600     # a long game's log, then one line more per frame
LOG_APPENDS = 40


def _table(players: dict[int, str] | None = None, window: bool = False):
    """The first ruleset's bench table, two people at the screen (or ``players``); in a real
    window when ``window`` (else the dummy driver)."""
    from game.core.engine import Engine
    from game.core.plugins import plugins
    from game.ui import boot
    from game.ui.app import App
    from game.ui.scenes.game import GameScene
    from game.ui.session import Session
    from game.ui.settings import Settings

    screen = boot.windowed((1280, 800)) if window else boot.headless((1280, 800))
    app = App(screen, Settings(grid=True), threaded=True, persist=False)
    ruleset, (scenario, seed) = next((rid, d.ui_bench) for rid, d in sorted(plugins().items())
                                     if d.ui_bench is not None)
    engine = Engine.new(ruleset, scenario, seed)
    session = Session(engine, players or {1: "human", 2: "human"}, seed=seed)
    scene = app.push(GameScene(app, session))
    session.shown_side = session.decider()
    return app, session, scene


def run_ui_bench(frames: int = FRAMES, paced: bool = True, thinking: int = THINKING_FRAMES) -> dict:
    app, session, scene = _table()
    times, cpu = _active(app, session, scene, frames, paced)
    idle = _idle(app, scene, _figures(session)[0], frames // 2, paced)
    app.worker.close()
    return {**_spread("frame_ms", times), **_spread("frame_cpu_ms", cpu), **idle, **_thinking(thinking, paced)}


def run_window_bench(frames: int = FRAMES) -> dict:
    """The same active frames in a real window (a display is needed), each timed with the
    showing of the picture (``pygame.display.flip``), which the dummy driver leaves out."""
    import pygame

    app, session, scene = _table(window=True)
    times, cpu = _active(app, session, scene, frames, True, show=pygame.display.flip)
    driver = pygame.display.get_driver()
    app.worker.close()
    pygame.display.quit()
    return {**_spread("shown_frame_ms", times), **_spread("shown_frame_cpu_ms", cpu), "driver": driver}


def _figures(session) -> list:
    return [f for f in session.engine.state.figures.values() if not f.out]


def _active(app, session, scene, frames: int, paced: bool, show=None) -> tuple[list, list]:
    """Frames with the mouse over the table and a click on the next figure every 45 frames:
    (wall ms, main thread CPU ms) of each, the showing included when ``show`` is given."""
    import pygame

    figs = _figures(session)
    times, cpu = [], []
    cx, cy = scene.view.rect.center
    for i in range(frames + WARMUP):
        t = i / 30.0
        pos = (int(cx + 300 * math.cos(t)), int(cy + 250 * math.sin(1.3 * t)))
        events = [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))]
        if i % 45 == 0:   # select the next figure with a real click on its base
            f = figs[(i // 45) % len(figs)]
            p = scene.view.camera.to_screen(f.x, f.y)
            events += [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=p, button=1),
                       pygame.event.Event(pygame.MOUSEBUTTONUP, pos=p, button=1)]
        tick, spent = time.perf_counter(), time.thread_time()
        app.frame(events, 1 / 60)
        if show is not None:
            show()
        if i >= WARMUP:
            times.append(app.frame_ms[-1] if show is None else (time.perf_counter() - tick) * 1000)
            cpu.append((time.thread_time() - spent) * 1000)
        if paced:   # as in the game: 60 frames a second, the geometry worker runs meanwhile
            time.sleep(max(0.0, 1 / 60 - (time.perf_counter() - tick)))
    return times, cpu


def _idle(app, scene, fig, frames: int, paced: bool) -> dict:
    """A figure selected (its overlays shown), then frames without any input, each drawn in
    full (the game's loop skips such frames once settled: this is what one costs when
    something asks for a redraw). Wall time and the main thread's CPU time: on a loaded
    machine the wall time counts the waits for a core, the CPU time does not."""
    import pygame

    p = scene.view.camera.to_screen(fig.x, fig.y)
    scene.overlays.sliced = False     # its layer made at once: what follows is only idle frames
    app.frame([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=p, button=1),
               pygame.event.Event(pygame.MOUSEBUTTONUP, pos=p, button=1)], 1 / 60)
    quiet = 0
    while quiet < 3:                  # the overlays computed and drawn
        app.frame([], 1 / 60)
        quiet = 0 if app.worker.pending() or scene.overlays.computing() else quiet + 1
        time.sleep(0.005)
    times, cpu = [], []
    for i in range(frames + WARMUP):
        tick, spent = time.perf_counter(), time.thread_time()
        app.frame([], 1 / 60)
        if i >= WARMUP:
            times.append(app.frame_ms[-1])
            cpu.append((time.thread_time() - spent) * 1000)
        if paced:
            time.sleep(max(0.0, 1 / 60 - (time.perf_counter() - tick)))
    return {**_spread("idle_frame_ms", times), **_spread("idle_frame_cpu_ms", cpu)}


def _spread(name: str, times: list[float]) -> dict:
    times = sorted(times)
    return {f"{name}_p50": round(statistics.median(times), 3),
            f"{name}_p95": round(times[int(0.95 * (len(times) - 1))], 3), f"{name}_max": round(times[-1], 3)}


def _thinking(frames: int, paced: bool = True) -> dict:
    """Frames of the same table while two ``difficile`` agents play each other (their
    thinking beside the frames, their moves animated as in the game)."""
    app, session, _scene = _table({1: "ai:difficile", 2: "ai:difficile"})
    first = len(session.engine.record.actions)
    times = []
    for i in range(frames + WARMUP):
        tick = time.perf_counter()
        app.frame([], 1 / 60)
        if i >= WARMUP:
            times.append(app.frame_ms[-1])
        if paced:
            time.sleep(max(0.0, 1 / 60 - (time.perf_counter() - tick)))
    session._settle_thought()           # no thought left running after the bench
    app.worker.close()
    return {**_spread("thinking_frame_ms", times),
            "thinking_decisions": len(session.engine.record.actions) - first}


def run_log_bench(lines: int = LOG_LINES, appends: int = LOG_APPENDS) -> dict:
    """The log of a long game: the time of the log's own work when a line joins it, and
    when another reader's log is laid out (a hand-off in hot-seat): the log told of the
    lines, then the interface updated and drawn (where pygame-gui does its layout). Filler
    lines of numbers: nothing here is read by a player."""
    app, session, scene = _table()
    app.frame([], 1 / 60)            # the scene is laid out (the log's place)

    def sync(reader: str) -> float:
        tick = time.perf_counter()
        scene.log.sync(session.log, scene.log_rect, reader)
        app.ui.update(1 / 60)
        app.ui.draw_ui(app.screen)
        return (time.perf_counter() - tick) * 1000

    session.log.extend(" ".join(str(n + k) for k in range(12)) for n in range(lines))
    sync("a")
    out = []
    for n in range(appends):
        session.log.append(" ".join(str(n * k) for k in range(12)))
        out.append(sync("a"))
    reader = sync("b")
    app.worker.close()
    out.sort()
    return {"lines": lines, "box": list(scene.log_rect.size), "line_ms_p50": round(statistics.median(out), 3),
            "line_ms_p95": round(out[int(0.95 * (len(out) - 1))], 3),
            "new_reader_ms": round(reader, 3)}
