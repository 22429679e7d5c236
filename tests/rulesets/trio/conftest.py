"""Every test of this folder runs with Trio registered (and unregistered after)."""
import pytest

from tests.rulesets.trio import registered


@pytest.fixture(autouse=True)
def trio():
    with registered():
        yield
