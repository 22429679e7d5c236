"""An agent's thinking off the frame: its ``think`` generator drained in a thread, so the
window draws its frames meanwhile (the frame takes the interpreter lock back every few
milliseconds, instead of waiting for a slice of the search to end). The agent decides
from its side's view, a copy nobody else touches while it thinks; the result is the same
action as thinking in slices, at any speed of the machine."""
from __future__ import annotations

import sys
import threading
from collections.abc import Iterator
from typing import Any

SWITCH_S = 0.002    # the interpreter's switch interval while an agent thinks (default 0.005)


class Thought:
    """One decision being thought in the background: ``poll`` says None until it is
    made, then the action (or raises what the agent raised)."""

    _running = 0
    _lock = threading.Lock()
    _default = sys.getswitchinterval()

    def __init__(self, steps: Iterator[Any]):
        self._steps = steps
        self.done = False
        self.action: Any = None
        self.error: BaseException | None = None
        self._thread = threading.Thread(target=self._run, name="escarmouche-ai", daemon=True)
        with Thought._lock:
            if Thought._running == 0:
                Thought._default = sys.getswitchinterval()
                sys.setswitchinterval(SWITCH_S)
            Thought._running += 1
        self._thread.start()

    def _run(self) -> None:
        try:
            for step in self._steps:
                if step is not None:
                    self.action = step
                    break
        except BaseException as exc:  # noqa: BLE001 - handed to the frame that polls
            self.error = exc
        finally:
            with Thought._lock:
                Thought._running -= 1
                if Thought._running == 0:
                    sys.setswitchinterval(Thought._default)
            self.done = True

    def poll(self) -> Any:
        if not self.done:
            return None
        if self.error is not None:
            raise self.error
        return self.action

    def wait(self) -> None:
        """Block until the thought ends (before the agent is asked anything else)."""
        self._thread.join()
