"""Slow geometry off the frame: overlays and path previews are computed in a separate
process (no contention with the frame for the interpreter lock), on a snapshot of the
state, with its own tables. Jobs are small picklable objects called as job(state, table).
The latest request of each name wins; the frame polls for answers. With background=False
(screenshots, tests) jobs run at once in the calling thread. A worker process that dies (or
answers nothing for HUNG_S seconds) is replaced by computing in the calling thread: the jobs
it held are computed again there, ``lost`` says so, and nothing waits forever."""
from __future__ import annotations

import multiprocessing as mp
import queue
import time
from collections.abc import Callable
from typing import Any

from game.core.state import GameState

Job = Callable[[GameState, Any], Any]

HUNG_S = 20.0      # a job unanswered this long: the worker process is taken for dead


class JobFailed:
    """A job raised: the overlay is simply missing, the game goes on."""

    def __init__(self, reason: str):
        self.reason = reason

    def __repr__(self) -> str:
        return f"JobFailed({self.reason})"


class Tables:
    """One geometry Table per layout, synced with the snapshot's figures."""

    def __init__(self):
        self._tables: dict[tuple, Any] = {}

    def for_state(self, state: GameState):
        from game.geometry.table import Table
        from game.rulesets._shared.tables import base_of, terrain_of

        key = (state.width, state.height, state.extras.get("layout") or id(state.terrain))
        table = self._tables.get(key)
        if table is None:
            table = Table(state.width, state.height, terrain_of(state))
            self._tables = {key: table}
        table.set_bases([base_of(f) for f in state.figures.values() if not f.out])
        return table


def run_job(tables: Tables, job: Job, state: GameState):
    try:
        return job(state, tables.for_state(state))
    except Exception as exc:  # noqa: BLE001 - reported as a missing overlay, never a crash
        return JobFailed(f"{type(exc).__name__}: {exc}")


def _serve(inbox, outbox) -> None:
    tables = Tables()
    while True:
        msg = inbox.get()
        if msg is None:
            return
        name, key, state, job = msg
        outbox.put((name, key, run_job(tables, job, state)))


class Worker:
    def __init__(self, threaded: bool = True):
        self.background = threaded
        self._results: dict[str, tuple[Any, Any]] = {}
        self._inflight: dict[str, tuple] = {}    # name -> (key, state, job) sent to the process
        self._queued: dict[str, tuple] = {}
        self._tables = Tables()
        self._proc = None
        self._since = 0.0              # when the process last answered (or was sent work idle)
        self._framed = False           # a frame loop drives it: answers are taken at frame starts
        self.lost = False              # the process died: jobs are computed in this thread
        if threaded:
            ctx = mp.get_context("spawn")   # never fork a process that holds SDL
            self._inbox, self._outbox = ctx.Queue(), ctx.Queue()
            self._proc = ctx.Process(target=_serve, args=(self._inbox, self._outbox),
                                     name="escarmouche-geometry", daemon=True)
            self._proc.start()

    def request(self, name: str, key: Any, state: GameState, job: Job) -> None:
        """Ask for job(state, table) under a name; `key` identifies the answer."""
        self._asked()                         # (a frame loop took the answers at its start)
        done = self._results.get(name)
        if done is not None and done[0] == key:
            return
        if not self.background:
            self._results[name] = (key, run_job(self._tables, job, state))
            return
        if name in self._inflight:
            if self._inflight[name][0] != key:
                if self._queued.get(name, (None,))[0] != key:    # one copy of the state a key
                    self._queued[name] = (key, state.clone(), job)
            else:
                self._queued.pop(name, None)
            return
        self._send(name, key, state.clone(), job)

    def _send(self, name, key, state, job) -> None:
        if not self._inflight:
            self._since = time.monotonic()
        self._inflight[name] = (key, state, job)
        try:
            self._inbox.put((name, key, state, job))
        except (OSError, ValueError):    # the queue is gone with the process
            self._fall_back()

    def begin_frame(self) -> None:
        """A frame starts: the answers come in now, and only now until the next frame, so a
        frame sees one set of answers from its update to its draw (and asks the queue once,
        not at every ``result``)."""
        self._framed = True
        self._poll()

    def _asked(self) -> None:
        if not self._framed:                  # driven without frames (tests, tools): look now
            self._poll()

    def _poll(self) -> None:
        if not self.background or not self._inflight:     # answers come only for jobs sent
            return
        while True:
            try:
                name, key, value = self._outbox.get_nowait()
            except (queue.Empty, OSError, ValueError):
                if self._inflight and self._dead():
                    self._fall_back()
                return
            self._since = time.monotonic()
            self._results[name] = (key, value)
            self._inflight.pop(name, None)
            nxt = self._queued.pop(name, None)
            if nxt is not None:
                self._send(name, *nxt)

    def _dead(self) -> bool:
        """The process is gone, or has answered nothing for HUNG_S seconds of work."""
        return self._proc is None or not self._proc.is_alive() or time.monotonic() - self._since > HUNG_S

    def _fall_back(self) -> None:
        """Compute here from now on: the jobs the process held (and those queued behind
        them) are computed again in this thread."""
        held = {name: job for name, job in self._inflight.items()}
        held.update(self._queued)
        self._inflight, self._queued = {}, {}
        self.background, self.lost = False, True
        proc, self._proc = self._proc, None
        if proc is not None and proc.is_alive():
            proc.terminate()
        for name, (key, state, job) in held.items():
            self._results[name] = (key, run_job(self._tables, job, state))

    def result(self, name: str, key: Any):
        """The answer for that key, or None while it is being computed."""
        self._asked()
        done = self._results.get(name)
        return done[1] if done is not None and done[0] == key else None

    def pending(self) -> bool:
        self._asked()
        return bool(self._inflight)

    def wait(self, timeout: float = 20.0) -> None:
        """Block until every job is done (screenshots, tests)."""
        import time

        end = time.monotonic() + timeout
        self._poll()
        while self._inflight and time.monotonic() < end:
            time.sleep(0.005)
            self._poll()

    def close(self) -> None:
        if self._proc is not None and self._proc.is_alive():
            try:
                self._inbox.put(None)
                self._proc.join(timeout=1.0)
            except (OSError, ValueError):
                pass
            if self._proc.is_alive():
                self._proc.terminate()
        self._proc = None
