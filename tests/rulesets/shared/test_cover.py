"""Cover classes from the hidden fraction, with thresholds and classes chosen by the ruleset."""
from __future__ import annotations

import pytest

from game.rulesets._shared.cover import CoverScale, cover, cover_many

from .spatial import man, table_of, wall, world

SWIDENTH = CoverScale(((1 / 3, 2), (2 / 3, 4)), none=0)
LIGHT_HEAVY = CoverScale(((1 / 3, "light"), (2 / 3, "heavy")), none="none")


@pytest.mark.parametrize("hidden, bonus, klass", [
    (0.0, 0, "none"), (1 / 3, 0, "none"), (0.375, 2, "light"), (2 / 3, 2, "light"),
    (0.6875, 4, "heavy"), (1.0, 4, "heavy")])
def test_classes_start_above_their_fraction(hidden, bonus, klass):
    assert SWIDENTH.classify(hidden) == bonus
    assert LIGHT_HEAVY.classify(hidden) == klass


def test_inclusive_thresholds_and_rising_fractions():
    half = CoverScale(((0.5, "half"),), none="-", inclusive=True)
    assert half.classify(0.5) == "half" and half.classify(0.49) == "-"
    with pytest.raises(ValueError):
        CoverScale(((0.6, 1), (0.3, 2)), none=0)


def test_cover_from_a_wall_hiding_half_the_target():
    # the wall's top edge is the centre line: it hides the 8 lower silhouette rays of 16
    st = world([man("shooter", 1, 100, 200, 40.0), man("target", 2, 300, 200, 40.0),
                man("other", 2, 300, 400, 40.0)], [wall("w", 200, 100, 210, 200)])
    t = table_of(st)
    c = cover(t, "shooter", "target", SWIDENTH)
    assert (c.klass, c.hidden_fraction, c.visible, c.terrain) == (2, 0.5, True, ("w",))
    assert [x.klass for x in cover_many(t, "shooter", ["target", "other"], LIGHT_HEAVY)] \
        == ["light", "none"]


def test_a_figure_hides_unless_ignored():
    st = world([man("shooter", 1, 100, 200, 40.0), man("target", 2, 300, 200, 40.0),
                man("friend", 2, 200, 200, 40.0)])
    t = table_of(st)
    c = cover(t, "shooter", "target", LIGHT_HEAVY)
    assert (c.klass, c.figures) == ("heavy", ("friend",))
    assert cover(t, "shooter", "target", LIGHT_HEAVY, ignore={"friend"}).klass == "none"
