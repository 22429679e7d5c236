"""The Mortebrume AI's picture of the table: threat through the mist, backs shown,
shooters keeping their distance, stand points in the weapon's ideal band."""
from __future__ import annotations

from game.ai.mortebrume.options import Builder
from game.ai.mortebrume.world import World
from game.core.view import side_view
from game.rulesets.mortebrume import stats
from tests.ai import mortebrume_positions as positions
from tests.rulesets.mortebrume.sandbox import fig, sandbox

CM = 10.0


def _world(eng, side=1, profile=None):
    view = side_view(eng.ruleset, eng.state, side)
    return World(view, eng.ruleset.table_for(view), side, profile or {})


def test_a_crossbow_threatens_only_inside_the_mist():
    eng = positions.crossbow()
    w = _world(eng)
    sprite = w.state.figures["sprite"]
    far, near = w.threats(sprite, [sprite.pos, (25 * CM, 30 * CM)], [0.0, 0.0])
    assert far == 0.0 and near > 0.3


def test_showing_ones_back_raises_the_threat():
    eng = sandbox([fig(1, "meleien_recrue", 20, 30, 0, name="me"),
                   fig(2, "gueorwen", 32, 30, 180, name="brute")])
    w = _world(eng)
    me = w.state.figures["me"]
    facing_it, back_to_it = w.threats(me, [me.pos, me.pos], [0.0, 180.0])
    assert back_to_it > facing_it > 0.0


def test_shooters_keep_off_and_fighters_close_in():
    eng = sandbox([fig(1, "meleien_archer", 10, 30, 0, name="archer"),
                   fig(1, "meleien_recrue", 10, 40, 0, name="rec"),
                   fig(2, "meleien_recrue", 40, 30, 180, name="foe")], mist=30)
    w = _world(eng)
    archer, rec = w.state.figures["archer"], w.state.figures["rec"]
    assert w.keep_off(rec) == 0.0 and w.keep_off(archer) > 10 * CM
    assert w.goal_distance(archer, (25 * CM, 30 * CM)) < w.goal_distance(archer, (37 * CM, 30 * CM))


def test_stand_points_lie_in_the_ideal_band_behind_first():
    eng = sandbox([fig(1, "gueorwen", 10, 30, 0, name="me"),
                   fig(2, "meleien_recrue", 16, 30, 90, name="foe")])
    w = _world(eng)
    b = Builder(w, eng, {"strike_angles": 8})
    me, foe = w.state.figures["me"], w.state.figures["foe"]
    spots = b.stand_points(me, foe, "epee_deux_mains", stats.walk(me))
    lo, hi = stats.reach_band("epee_deux_mains")
    assert spots and all(lo - 0.5 <= g <= hi + 0.5 for _, g in spots)
    assert any(stats.from_behind(w.placed(me, p), foe) for p, _ in spots)   # its back
