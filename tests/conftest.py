"""The whole suite runs as if the caller's environment held nothing of its own: no display,
no SDL driver, no language, and a fresh user folder (see ``tests/hermetic.py``)."""
from __future__ import annotations

import pytest

from tests.hermetic import CALLER_VARIABLES


@pytest.fixture(autouse=True, scope="session")
def hermetic_environment(tmp_path_factory):
    patch = pytest.MonkeyPatch()
    for name in CALLER_VARIABLES:
        patch.delenv(name, raising=False)
    patch.setenv("LC_ALL", "C.UTF-8")
    patch.setenv("ESCARMOUCHE_HOME", str(tmp_path_factory.mktemp("home")))
    yield
    patch.undo()
