"""Zones of control and allonge on the table (the book's spear example), walks stopping on
entering a zone, and who supports whom (the Paladin and the Prince against a Khérops)."""
from __future__ import annotations

from game.rulesets.kharn_ages import zones
from game.rulesets.kharn_ages.attacks import push_distance
from game.rulesets.kharn_ages.fighter import TOISE, Weapon, make

from ..shared.spatial import table_of, world

SPEAR = Weapon("lance", allonge=2.0)
BASE = 40.0


def place(f, x, y):
    f.fig.x, f.fig.y, f.fig.size = x, y, BASE
    return f


def setup(*fs):
    fighters = {f.id: f for f in fs}
    st = world([f.fig for f in fs])
    return st, table_of(st), fighters


def test_the_books_spear_fights_at_two_toises_with_a_half_toise_zone():
    """The Guerrier khârn's spear lets him fight up to 2 toises; his zone stays 0.5 toise."""
    kharn = place(make("kharn", 1, weapon=SPEAR), 100, 100)
    foe = place(make("foe", 2), 100 + BASE + 1.5 * TOISE, 100)        # 1.5 toises edge to edge
    st, table, fs = setup(kharn, foe)
    assert zones.in_reach(table, kharn, foe.fig) and [t.id for t in zones.targets(st, table, kharn)] == ["foe"]
    assert not zones.in_reach(table, foe, kharn.fig)
    assert zones.is_free(st, table, foe, fs) and zones.is_free(st, table, kharn, fs)
    near = place(make("near", 2), 100, 100 + BASE + 0.4 * TOISE)
    st, table, fs = setup(kharn, foe, near)
    assert [e.id for e in zones.engaged_by(st, table, kharn, fs)] == ["near"]


def test_natural_allonge_engages_one_way():
    big = place(make("big", 1, allonge=2.0), 100, 100)
    small = place(make("small", 2), 100 + BASE + 1.0 * TOISE, 100)
    st, table, fs = setup(big, small)
    assert not zones.is_free(st, table, small, fs) and zones.is_free(st, table, big, fs)


def test_a_walk_stops_on_entering_a_zone():
    walker = place(make("w", 1), 100, 100)
    foe = place(make("foe", 2), 300, 100)
    st, table, fs = setup(walker, foe)
    stop = zones.walk_stop(st, table, walker, [(400, 100)], fs)
    assert stop.stopped and stop.entered == ("foe",)
    x = stop.path[-1][0]
    assert abs((300 - x) - (BASE + 0.5 * TOISE)) < 1e-6           # stopped at the zone's edge


def test_supporters_and_the_books_push_example():
    """The Prince supports the Paladin against the Khérops: together they reach its stature
    and the Paladin's C effect pushes it 2 toises."""
    paladin = place(make("paladin", 1, stature=4, chars={"C": 4}), 100, 100)
    prince = place(make("prince", 1, stature=4), 100, 100 + 2 * BASE)
    kherops = place(make("kherops", 2, stature=5), 100 + BASE, 100 + BASE)
    st, table, fs = setup(paladin, prince, kherops)
    mine, theirs, statures, _ = zones.support(st, table, paladin, kherops, fs)
    assert (mine, theirs, statures) == (1, 0, 4)
    assert push_distance(paladin, kherops, 1, statures) == 2.0
    other = place(make("other", 2), 100, 100 + 3 * BASE)              # holds the Prince
    st, table, fs = setup(paladin, prince, kherops, other)
    assert zones.support(st, table, paladin, kherops, fs)[0] == 0
    prince.status["knocked_out"] = True
    st, table, fs = setup(paladin, prince, kherops)
    assert zones.support(st, table, paladin, kherops, fs)[0] == 0
