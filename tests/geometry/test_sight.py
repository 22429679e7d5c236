import numpy as np
import pytest
import shapely

from game.geometry import Sight
from game.geometry.bench import random_table
from game.geometry.sight import _Pair, line_of_sight

from .builders import base, rect, table, wall

V = base("v", 100, 300, 30)
T = base("t", 400, 300, 40)


def test_clear_sight():
    t = table(600, 600, bases=[V, T])
    s = t.sight("v", "t")
    assert s == Sight(True, 0.0, (), ())
    assert t.can_see("v", "t")


def test_wall_blocks_everything():
    t = table(600, 600, terrain=[wall("w", 240, 200, 260, 400)], bases=[V, T])
    s = t.sight("v", "t")
    assert not s.visible and not t.can_see(V, T)
    assert s.hidden_fraction == 1.0
    assert s.terrain_blockers == ("w",)
    assert s.figure_blockers == ()


def test_non_sight_terrain_does_not_block():
    mud = rect("mud", 240, 200, 260, 400, "difficult", "blocks_movement")
    t = table(600, 600, terrain=[mud], bases=[V, T])
    assert t.sight("v", "t").hidden_fraction == 0.0


def test_half_hidden_by_wall_has_known_fraction():
    # wall covers y <= 300 just in front of the target: the 8 rays aimed at
    # the upper half of the target's silhouette are blocked, the other 8 not
    t = table(600, 600, terrain=[wall("w", 350, 200, 360, 300)], bases=[V, T])
    s = t.sight("v", "t")
    assert s.visible
    assert s.hidden_fraction == 0.5
    assert s.terrain_blockers == ("w",)


def test_visible_around_corner_even_if_centre_fully_hidden():
    # a wall right in front of the viewer hides every silhouette ray from its
    # centre, but the viewer's lower edge (y = 315) sees past the wall's end (y = 312)
    t = table(600, 600, terrain=[wall("w", 140, 0, 150, 312)], bases=[V, T])
    s = t.sight("v", "t")
    assert s.hidden_fraction == 1.0
    assert s.visible
    assert t.can_see("v", "t")
    # one more millimetre of wall and no line exists
    t2 = table(600, 600, terrain=[wall("w", 140, 0, 150, 316)], bases=[V, T])
    assert not t2.can_see("v", "t") and not t2.sight("v", "t").visible


def test_other_bases_block_and_can_be_ignored():
    blocker = base("blk", 250, 300, 60)
    t = table(600, 600, bases=[V, T, blocker])
    s = t.sight("v", "t")
    assert not s.visible and s.hidden_fraction == 1.0
    assert s.figure_blockers == ("blk",)
    s2 = t.sight("v", "t", ignore=["blk"])
    assert s2.visible and s2.hidden_fraction == 0.0 and s2.figure_blockers == ()
    assert t.can_see("v", "t", ignore=("blk",))


def test_figure_partly_hiding_target():
    small = base("x", 300, 290, 10)
    t = table(600, 600, bases=[V, T, small])
    s = t.sight("v", "t")
    assert s.visible
    assert 0.0 < s.hidden_fraction < 1.0
    assert s.figure_blockers == ("x",)
    assert s.terrain_blockers == ()


def test_own_and_touching_bases_do_not_block():
    # a friend in base contact beside the target, tangent to the corridor side
    friend = base("f", 400, 300 + 20 + 10, 20)
    behind = base("b", 60, 300, 50)  # behind the viewer, touching it
    t = table(600, 600, bases=[V, T, friend, behind])
    s = t.sight("v", "t")
    assert s.visible and s.hidden_fraction == 0.0 and s.figure_blockers == ()
    # viewer's own base overlapping a blocker's position never matters
    assert t.rays_clear([[100, 300]], [[400, 300]], exclude_ids=["v", "t"])[0]
    assert not t.rays_clear([[100, 300]], [[400, 300]], exclude_ids=["t"])[0]


def test_grazing_terrain_boundary_does_not_block():
    # the centre line runs exactly along the wall's top edge
    t = table(600, 600, terrain=[wall("w", 200, 300, 260, 400)], bases=[V, T])
    assert t.rays_clear([[100, 300]], [[400, 300]], ["v", "t"])[0]
    assert t.sight("v", "t").hidden_fraction == 0.5


def _scalar_clear(t, start, end, exclude):
    line = shapely.LineString([start, end])
    for piece in t.terrain:
        if piece.blocks_sight and line.intersects(piece.polygon().buffer(-0.01, join_style="mitre")):
            return False
    for b in t.bases.values():
        if b.id not in exclude and line.distance(shapely.Point(b.x, b.y)) < b.radius - 0.01:
            return False
    return True


def test_batched_rays_agree_with_scalar_checks():
    t, bases = random_table(3)
    rng = np.random.default_rng(5)
    starts = rng.uniform(0, 600, (400, 2))
    ends = rng.uniform(0, 600, (400, 2))
    exclude = {bases[0].id, bases[1].id}
    got = t.rays_clear(starts, ends, exclude)
    want = [_scalar_clear(t, s, e, exclude) for s, e in zip(starts, ends)]
    assert got.tolist() == want
    assert 0 < sum(want) < len(want)


def sampled_rays(p: _Pair) -> np.ndarray:
    """The rays line of sight once sampled (16 from the viewer's centre across the target,
    7 x 7 between points across both diameters), plus the centre line: (m, 2, 2)."""
    unit, grid = np.linspace(-1, 1, 16), np.linspace(-1, 1, 7)
    template = np.column_stack([np.ones(16 + 49), np.concatenate([np.zeros(16), np.repeat(grid, 7)]),
                                np.concatenate([unit, np.tile(grid, 7)])])
    return np.concatenate([p.ray_coords(template), [[[p.vx, p.vy], [p.tx, p.ty]]]])


def test_can_see_finds_every_sampled_ray_and_a_witness_for_the_rest():
    # exact sight: whatever a sample of rays sees is seen; what it sees besides has a witness
    t, bases = random_table(2)
    ids = [b.id for b in bases]
    seen = set()
    for i, a in enumerate(ids):
        for b in ids[i + 1:i + 6]:
            coords = sampled_rays(_Pair(t, t.resolve(a), t.resolve(b), ()))
            sampled = bool(t.rays_clear(coords[:, 0], coords[:, 1], {a, b}).any())
            exact = t.can_see(a, b)
            assert t.sight(a, b).visible == exact and (exact or not sampled)
            w = line_of_sight(t, a, b)
            assert (w is not None) == exact
            assert w is None or t.rays_clear([w[0]], [w[1]], {a, b})[0]
            seen.add(exact)
    assert seen == {True, False}


def test_sight_many_matches_single():
    t, bases = random_table(4)
    many = t.sight_many(bases[0].id, [b.id for b in bases[1:]])
    assert many == [t.sight(bases[0].id, b.id) for b in bases[1:]]


def test_visibility_polygon():
    t = table(600, 600, terrain=[wall("w", 290, 200, 310, 400)])
    vis = t.visibility_polygon((200, 300), 250)
    assert vis.is_valid
    assert vis.contains(shapely.Point(250, 300))
    assert vis.contains(shapely.Point(200, 100))
    assert not vis.contains(shapely.Point(350, 300))   # behind the wall
    assert not vis.contains(shapely.Point(200, 560))   # beyond the radius
    assert vis.contains(shapely.Point(330, 100))       # past the wall end
    open_vis = table(600, 600).visibility_polygon((300, 300), 100)
    assert open_vis.area == pytest.approx(np.pi * 100 ** 2, rel=0.01)


def test_square_bases_block_sight_by_their_footprint():
    crate = base("c", 250, 300, 20, shape="square", facing=45)   # half-diagonal 14.1 mm
    t = table(600, 600, bases=[V, T, crate])
    s = t.sight("v", "t")
    # it hides the whole silhouette from the viewer centre, but not from its edges
    assert s.figure_blockers == ("c",) and s.hidden_fraction == 1.0 and s.visible
    assert not t.rays_clear([[100, 313]], [[400, 313]], ["v", "t"])[0]   # 13 mm off axis: corner
    assert t.rays_clear([[100, 315]], [[400, 315]], ["v", "t"])[0]
