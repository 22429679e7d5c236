"""The geometry worker's process dying (or hanging) never leaves the window waiting: the job it
held is computed again in the calling thread, the worker says it is lost, and the zones the
table shows come back ("Calcul des zones…" does not stay forever)."""
from __future__ import annotations

import time

from game.core.engine import Engine
from game.ui import worker as worker_mod
from game.ui.overlay_data import OverlayData, OverlayJob
from game.ui.worker import Worker


def _state():
    return Engine.new("evenor", "extermination", 3, {}).state


def _first(state) -> str:
    return next(f.id for f in state.figures.values() if not f.out)


def test_a_dead_process_is_replaced_by_computing_here():
    state = _state()
    fid = _first(state)
    w = Worker(threaded=True)
    try:
        w._proc.terminate()                     # the process dies (killed, crashed...)
        w._proc.join(timeout=10)
        w.request("overlay", "k1", state, OverlayJob(fid, "fr", False, None))
        end = time.monotonic() + 10
        while w.pending() and time.monotonic() < end:
            time.sleep(0.01)
        assert not w.pending(), "the job stays in flight with no process to answer it"
        assert w.lost and not w.background
        assert isinstance(w.result("overlay", "k1"), OverlayData)
        w.request("overlay", "k2", state, OverlayJob(fid, "fr", True, None))   # later jobs: here, at once
        assert isinstance(w.result("overlay", "k2"), OverlayData)
    finally:
        w.close()


def test_a_hung_process_is_given_up_after_a_while(monkeypatch):
    state = _state()
    fid = _first(state)
    w = Worker(threaded=True)
    try:
        w._inbox.put = lambda msg: None           # the process never sees the job (stuck)
        w.request("overlay", "k1", state, OverlayJob(fid, "fr", False, None))
        assert w.pending() and not w.lost
        monkeypatch.setattr(worker_mod, "HUNG_S", 0.0)
        time.sleep(0.01)
        assert not w.pending() and w.lost
        assert isinstance(w.result("overlay", "k1"), OverlayData)
    finally:
        w.close()


def test_the_table_says_so_and_stops_computing():
    """The scene: the "computing" line goes once the process is lost, and a toast says why."""
    from game.core.text import t
    from game.ui import boot
    from game.ui.app import App
    from game.ui.scenes import hud
    from game.ui.scenes.game import GameScene
    from game.ui.session import Session
    from game.ui.settings import Settings
    from tests.ui.driver import Driver

    screen = boot.headless((1280, 800))
    app = App(screen, Settings(lang="fr"), threaded=True, persist=False)
    try:
        engine = Engine.new("evenor", "extermination", 3, {})
        scene = app.push(GameScene(app, Session(engine, {1: "human", 2: "human"}, lang="fr")))
        d = Driver(app)
        app.worker._proc.terminate()
        app.worker._proc.join(timeout=10)
        scene.controller.select(_first(engine.state))
        for _ in range(40):
            d.frames(2)
            if not scene.overlays.computing():
                break
            time.sleep(0.05)
        lines = [text for text, _ in hud.message_lines(scene)]
        assert t("ui.computing", "fr") not in lines
        assert scene.overlays.data is not None
        assert scene.toast.active() and scene.toast.text == t("ui.worker_lost", "fr")
    finally:
        app.worker.close()
