"""Le nid reads the same from either seat: the two teams' strips, the terrain and the
guardians' column are mirror images across the table's middle column, and no team starts
within the colossus's 10 pas of terror (the old layout had one team deploy within them and
lose figures to flight whoever played it)."""
from __future__ import annotations

import math

from shapely.geometry import Polygon
from shapely.ops import unary_union

from game.rulesets.bonus_malus import figures as F
from game.rulesets.bonus_malus.nerve import TERROR_PAS
from game.rulesets.bonus_malus.ruleset import RULESET
from game.rulesets.bonus_malus.setup import slots


def _mirror(x: float, width: float) -> float:
    return width - x


def test_the_strips_are_mirror_images_and_hold_the_same_rows():
    st = RULESET.setup("le_nid", 1, {})
    z1, z2 = (st.extras["zones"][s][0] for s in ("1", "2"))
    w = st.width / F.PAS
    assert (z2[1], z2[2], z2[3]) == (z1[1], z1[2], z1[3]) and z2[0] == w - z1[0] - z1[2]
    for n in range(1, 7):
        a = slots(z1, n, st.height / F.PAS)
        b = slots(z2, n, st.height / F.PAS)
        flipped = [(round(_mirror(x, st.width), 6), round(y, 6)) for x, y in a]
        assert flipped == [(round(x, 6), round(y, 6)) for x, y in b]


def test_the_terrain_and_the_guardians_are_mirror_images():
    st = RULESET.setup("le_nid", 3, {})
    ground = unary_union([Polygon(t.points) for t in st.terrain])
    flipped = unary_union([Polygon([(_mirror(x, st.width), y) for x, y in t.points]) for t in st.terrain])
    assert ground.symmetric_difference(flipped).area < 1.0
    guards = [f for f in st.figures.values() if f.side not in st.seats()]
    assert guards and all(abs(f.x - st.width / 2) < 1e-6 and f.facing in (90.0, 270.0) for f in guards)


def test_no_team_starts_within_the_colossus_terror():
    for seed in range(4):
        st = RULESET.setup("le_nid", seed, {})
        table = RULESET.table_for(st)
        colossus = next(f for f in st.figures.values() if "terrifiant" in f.status.get("attributes", {}))
        nearest = {s: min(table.distance(f.id, colossus.id) for f in st.figures_of(s)) for s in st.seats()}
        assert min(nearest.values()) > TERROR_PAS * F.PAS
        if len(st.figures_of(1)) == len(st.figures_of(2)):
            assert math.isclose(nearest[1], nearest[2], abs_tol=1e-6)
