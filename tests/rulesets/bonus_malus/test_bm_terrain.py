"""Ground through the engine (B-R21, B-R52, B-R53): a linear obstacle costs 2 pas more per
crossing and stops Déplacement limité; deep water is swum at half speed (Amphibie at full),
never while running, never by Lourd; Marcheur agile ignores difficult ground; a Spectre
goes through anything; a low wall gives cover against shots."""
from __future__ import annotations

import pytest

from game.core.actions import Action
from game.core.errors import IllegalAction
from game.core.state import TerrainPiece
from game.rulesets.bonus_malus import terrain

from ..shared.spatial import table_of
from .helpers import PAS, engine, game, go, man


def started(*figs, faces=(), **kw):
    st = game(*figs, **kw)
    eng = engine(st, 6, 1, *faces)
    eng.step(Action("pick", targets=("a",)))
    eng.step(Action("pick", targets=("b",)))
    go(eng, "a")
    return st, eng


def band(pid, y0, y1, tags, kind):
    """A piece across the whole table between y0 and y1 (pas)."""
    return TerrainPiece(id=pid, kind=kind, tags=list(tags),
                        points=[[0, y0 * PAS], [24 * PAS, y0 * PAS], [24 * PAS, y1 * PAS], [0, y1 * PAS]])


WALL = band("mur", 6.4, 6.6, ["linear"], "wall")
WATER = band("riviere", 6, 8, ["water"], "water")
MUD = band("boue", 6, 8, ["difficult"], "mud")


def move(eng, y, kind="move"):
    path = ((5 * PAS, y * PAS),)
    return eng.step(Action(kind, actor="a", path=path, value=90 if kind == "move" else None))


def refused(eng, y, kind="move"):
    path = ((5 * PAS, y * PAS),)
    return eng.check(Action(kind, actor="a", path=path, value=90 if kind == "move" else None))


def test_crossing_a_wall_costs_two_pas_more():
    st, eng = started(man("a", 1, 5, 5, 90), man("b", 2, 15, 20, 270), terrain=[WALL])
    assert refused(eng, 8.5).code == "refused.path.too_far"           # 3.5 + 2 > 5
    move(eng, 8)                                                       # 3 + 2 = 5
    assert st.figures["a"].y == 8 * PAS
    res = terrain.path_cost(table_of(st), st.figures["b"], [(15 * PAS, 21 * PAS)], None)
    assert res.crossings == 0 and res.cost == pytest.approx(PAS)


def test_a_lumbering_figure_cannot_cross_a_wall_and_a_spectre_walks_through_one():
    st, eng = started(man("a", 1, 5, 5, 90, attributes={"deplacement_limite": None}), man("b", 2, 15, 20, 270),
                      terrain=[WALL])
    assert refused(eng, 7).code == "bm.refused.no_crossing"
    st, eng = started(man("a", 1, 5, 5, 90, attributes={"spectre": None}), man("b", 2, 15, 20, 270),
                      terrain=[WALL, band("roc", 8, 9, ["blocks_sight", "blocks_movement"], "rocks")])
    move(eng, 9.9)                                                     # through the wall and the rock
    assert st.figures["a"].y == pytest.approx(9.9 * PAS)


def test_deep_water_is_swum_at_half_speed_and_amphibians_swim_at_full():
    st, eng = started(man("a", 1, 5, 5, 90), man("b", 2, 15, 20, 270), terrain=[WATER])
    assert refused(eng, 8.5).code == "refused.path.too_far"           # 1 + 2 x 2 + 0.5 > 5
    assert refused(eng, 9, kind="run").code == "bm.refused.no_swim_running"
    move(eng, 8)                                                       # 1 + 2 x 2 = 5
    st, eng = started(man("a", 1, 5, 5, 90, attributes={"amphibie": None}), man("b", 2, 15, 20, 270),
                      terrain=[WATER])
    move(eng, 10)
    assert st.figures["a"].y == 10 * PAS


def test_heavy_and_lumbering_figures_do_not_swim():
    for attr in ("lourd", "deplacement_limite"):
        st, eng = started(man("a", 1, 5, 5, 90, attributes={attr: None}), man("b", 2, 15, 20, 270),
                          terrain=[WATER])
        assert refused(eng, 7).code == "bm.refused.no_swimming"


def test_a_sure_footed_figure_ignores_difficult_ground():
    st, eng = started(man("a", 1, 5, 5, 90), man("b", 2, 15, 20, 270), terrain=[MUD])
    assert refused(eng, 8.5).code == "refused.path.too_far"
    st, eng = started(man("a", 1, 5, 5, 90, attributes={"marcheur_agile": None}), man("b", 2, 15, 20, 270),
                      terrain=[MUD])
    move(eng, 10)
    assert st.figures["a"].y == 10 * PAS


def test_a_wall_in_the_line_of_fire_gives_cover():
    low_wall = band("muret", 9.6, 9.8, ["linear"], "wall")
    for walls, saves in (([], []), ([low_wall], [("b", (1,), 1)])):
        st, eng = started(man("a", 1, 5, 5, 90, equipment=["pistolet"]), man("b", 2, 5, 10.5, 270),
                          terrain=walls, faces=(4, 1, 1, 1))
        events = eng.step(Action("shoot", actor="a", targets=("b",), value="pistolet"))
        got = [(e.who, e.faces, e.result) for e in events if e.kind == "dice" and e.rule == "save"]
        assert got == saves                                 # hidden wholly: heavy cover, Svg


def test_a_leap_clears_water_and_walls():
    st, eng = started(man("a", 1, 5, 5, 90, attributes={"bondissant": None}), man("b", 2, 15, 20, 270),
                      terrain=[WATER, WALL])
    eng.step(Action("leap", actor="a", path=((5 * PAS, 12 * PAS),), value=90))
    assert st.figures["a"].y == 12 * PAS
    with pytest.raises(IllegalAction):
        move(eng, 13)                                        # a leap is the activation's movement
