"""Every test module here runs with Swidenth in the registry (see stand_in.py)."""
from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.rulesets.swidenth.stand_in import registered


@pytest.fixture(scope="module", autouse=True)
def swidenth_registered() -> Iterator[None]:
    with registered():
        yield
