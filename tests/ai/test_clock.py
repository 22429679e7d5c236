"""``game.ai.clock``: how far a figure stands outside its deployment zones, and whether the
enemy stays home."""
from __future__ import annotations

from types import SimpleNamespace

from game.ai.clock import away_from, stays_home, zones_mm

ZONE = {2: [(0.0, 100.0, 200.0, 150.0)]}


def _fig(side: int, x: float, y: float):
    return SimpleNamespace(side=side, pos=(x, y))


def test_away_from_the_nearest_zone():
    rects = [(0.0, 0.0, 10.0, 10.0), (100.0, 0.0, 110.0, 10.0)]
    assert away_from((5.0, 5.0), rects) == 0.0
    assert away_from((13.0, 14.0), rects) == 5.0          # 3 across, 4 down from a corner
    assert away_from((90.0, 5.0), rects) == 10.0          # nearer the second


def test_stays_home_on_average():
    home = [_fig(2, 50, 120), _fig(2, 60, 95)]            # inside, and 5 mm out
    assert stays_home(ZONE, home, within=10.0)
    out = home + [_fig(2, 50, 60)]                         # one 40 mm out: 15 mm on average
    assert not stays_home(ZONE, out, within=10.0)
    assert stays_home(ZONE, out, within=15.0)


def test_no_zone_or_nobody_is_not_home():
    assert not stays_home(ZONE, [_fig(1, 0, 0)], within=10.0)
    assert not stays_home(ZONE, [], within=10.0)


def test_zones_from_the_state_in_mm():
    assert zones_mm({"2": [[0, 20, 24, 4]]}, 10.0) == {2: [(0.0, 200.0, 240.0, 240.0)]}
    assert zones_mm(None, 10.0) == {}
