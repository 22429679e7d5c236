"""Cover on the table (K-R1) and hiding (K-R68): scenery in the shot's corridor with its
height, figures in the way with their stature, an engaged target with the tallest other
fighter of its melee, cover within the shooter's zone ignored, the best cover counting; the
bonus added to the defence through the flow; a hidden figure that cannot be shot while its
cover stands in the way."""
from __future__ import annotations

from game.core.events import DiceRolled
from game.core.state import TerrainPiece
from game.rulesets._shared.tables import table_for
from game.rulesets.kharn_ages import cover as CV
from game.rulesets.kharn_ages.cards import fighters
from game.rulesets.kharn_ages.fighter import TOISE
from game.rulesets.kharn_ages.shooting import RangedWeapon

from .flow_helpers import act, choice, engine, figure, game, kinds

BOW = RangedWeapon("arc", damage=4, short=3, long=6, ammo=10)
HEIGHTS = {"palissade": 1.5, "broussailles": 0.75, "rochers": 2.0}


def piece(tid: str, kind: str, x0: float, y0: float, x1: float, y1: float) -> TerrainPiece:
    pts = [[x0 * TOISE, y0 * TOISE], [x1 * TOISE, y0 * TOISE], [x1 * TOISE, y1 * TOISE], [x0 * TOISE, y1 * TOISE]]
    return TerrainPiece(id=tid, kind=kind, points=pts, tags=["cover"], height=HEIGHTS[kind] * TOISE)


def cover_in(st, shooter: str = "s", target: str = "t") -> CV.Cover:
    fs = fighters(st)
    return CV.cover_of(st, table_for(st), fs[shooter], fs[target], fs)


def lane(*extra, target_stature: int = 3, terrain=()):
    """A shooter at (2, 5) and its target at (8, 5), with ``extra`` figures."""
    st = game(figure("s", 1, 2, 5, ranged=BOW, mastery=()), figure("t", 2, 8, 5, stature=target_stature), *extra)
    st.terrain.extend(terrain)
    return st


def test_scenery_in_the_corridor_covers_by_its_height_against_the_targets_stature():
    wall = piece("w", "palissade", 5, 4, 5.3, 6)          # 1.5 toises: cover stature 3
    assert cover_in(lane(terrain=[wall])) == CV.Cover(3, CV.TERRAIN, "w", 3)
    assert cover_in(lane(terrain=[wall], target_stature=4)).bonus == 2
    assert cover_in(lane(terrain=[wall], target_stature=6)).bonus == 0
    brush = piece("b", "broussailles", 5, 4, 6, 6)        # 0.75 toise: cover stature 1
    assert cover_in(lane(terrain=[brush])).bonus == 1 and cover_in(lane(terrain=[brush], target_stature=4)).bonus == 0
    aside = piece("a", "palissade", 5, 7, 5.3, 9)         # out of the corridor
    assert cover_in(lane(terrain=[aside])) == CV.Cover()


def test_the_best_cover_counts_and_cover_within_the_shooters_zone_is_ignored():
    wall, brush = piece("w", "palissade", 5, 4, 5.3, 6), piece("b", "broussailles", 6.2, 4, 7, 6)
    assert cover_in(lane(terrain=[brush, wall])).bonus == 3
    close = piece("c", "palissade", 2.55, 4, 2.8, 6)       # within 0.5 toise of the shooter's base
    assert cover_in(lane(terrain=[close])) == CV.Cover()


def test_a_figure_in_the_way_covers_with_its_stature_and_an_engaged_target_with_its_melee():
    small = figure("f", 1, 5, 5.2, stature=2)
    assert cover_in(lane(small)) == CV.Cover(2, CV.FIGURE, "f", 2)
    big = figure("g", 1, 8, 6.05, stature=5)                # engages the target from the side
    st = lane(big)
    assert cover_in(st) == CV.Cover(3, CV.MELEE, "g", 5)
    assert [f.id for f in CV.melee_of(st, table_for(st), fighters(st)["t"], fighters(st))] == ["g"]


def test_the_cover_bonus_adds_to_the_defence_in_the_flow():
    st = lane(terrain=[piece("w", "palissade", 5, 4, 5.3, 6)])
    st.figures["t"].status["pa"] = 0
    eng = engine(st, 7, 6)            # 7 + A3 + A3 = 13; reflex 6 + cover 3 = 9
    act(eng, "activate", "s")
    events = act(eng, "shoot", "s", targets=("t",), value="basic/AA/weapon/")
    [d] = [e for e in events if isinstance(e, DiceRolled) and e.rule == "defence"]
    assert ("cover", 3) in d.mods and d.result == 9
    lines = [eng.ruleset.describe(e, st, "fr") for e in events]
    assert any("palissade" in x and "+3" in x for x in lines), lines


def test_a_figure_touching_tall_enough_cover_hides_from_shots_through_it():
    rock = piece("r", "rochers", 6.9, 4, 7.5, 6)           # 2 toises: cover stature 4
    st = game(figure("t", 2, 8, 5, mastery=()), figure("s", 1, 2, 5, ranged=BOW, mastery=()),
              figure("s2", 1, 12, 5, ranged=BOW, mastery=()), first=2)
    st.terrain.append(rock)
    eng = engine(st)
    act(eng, "activate", "t")
    assert "hide" in kinds(eng)
    act(eng, "hide", "t")
    assert st.figures["t"].status["hidden"] == "r" and st.figures["t"].status["pa"] == 3
    act(eng, "end", "t")
    act(eng, "activate", "s")
    assert "shoot" not in kinds(eng)                      # the rock stands between them
    act(eng, "end", "s")
    act(eng, "activate", "s2")
    assert choice(eng, "shoot").targets == ("t",)        # from the other side: no rock in the way
    fs = fighters(st)
    assert CV.hidden_from(table_for(st), fs["s"], fs["t"]) and not CV.hidden_from(table_for(st), fs["s2"], fs["t"])
    st.figures["t"].x += 2 * TOISE                         # moved off its cover: seen again
    assert not CV.still_hidden(st, table_for(st), fighters(st)["t"], fighters(st))
    tall = game(figure("t", 2, 8, 5, stature=5, mastery=()), figure("s", 1, 2, 5), first=2)
    tall.terrain.append(rock)
    eng2 = engine(tall)
    act(eng2, "activate", "t")
    assert "hide" not in kinds(eng2)                      # cover stature 4 under its stature 5
