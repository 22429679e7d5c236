"""A rules page with a situation shows its diagram (drawn by the table renderer), its
caption and "try it", which opens the situation on the table with its figure selected."""
from __future__ import annotations

import pygame

from game.core.text import t
from tests.ui.driver import Driver


def _page(make_app, size=(1400, 860), ruleset="evenor", page="shoot"):
    from game.ui.scenes.rules import RulesScene

    app = make_app(size=size, lang="en")
    scene = app.push(RulesScene(app, ruleset))
    scene.page = scene.pages.index(page)
    scene.refresh()
    d = Driver(app)
    d.frames(2)
    return app, scene, d


def _images(scene):
    from pygame_gui.elements import UIImage

    return [el for el in scene.root.elements if isinstance(el, UIImage)]


def test_a_page_with_a_situation_shows_its_diagram_and_caption(make_app):
    app, scene, d = _page(make_app)
    (image,) = _images(scene)
    screen = app.screen.get_rect()
    assert screen.contains(image.rect) and screen.contains(d.button("rules.try").rect)
    assert not image.rect.colliderect(scene.text.rect)          # beside the text, not over it
    pixels = pygame.surfarray.array3d(image.image)
    assert len({tuple(p) for p in pixels.reshape(-1, 3)[::97]}) > 20   # a drawn table, not a blank
    assert any(t("situation.evenor.tir", "en")[:30] in getattr(el, "html_text", "")
               for el in scene.root.elements)


def test_a_page_without_a_situation_or_a_narrow_window_has_no_diagram(make_app):
    app, scene, d = _page(make_app, page="turn")
    assert _images(scene)
    scene._situations["evenor"] = {}            # as when the ruleset's situation files are damaged
    scene.refresh()
    d.frames(2)
    assert not _images(scene) and "rules.try" not in [b.key for b in d.buttons()]
    app, scene, d = _page(make_app, size=(900, 700))
    assert not _images(scene) and "rules.try" not in [b.key for b in d.buttons()]


def test_try_it_opens_the_situation_on_the_table(make_app):
    from game.data.situations import situations
    from game.ui.scenes.game import GameScene

    app, scene, d = _page(make_app, ruleset="mortebrume", page="mist")
    d.press("rules.try")
    game = app.top
    assert isinstance(game, GameScene)
    sit = situations("mortebrume")["mist"]
    state = game.session.engine.state
    assert game.controller.selected == sit.select
    assert state.figures[sit.select].x == sit.figures[sit.select].at[0] * 10.0
    assert game.session.players == {1: "human", 2: "human"}


def _situation(ruleset, page):
    from game.data.situations import situations
    from game.ui.diagram import situation_engine
    from game.ui.rules_info import info_for

    engine = situation_engine(situations(ruleset)[page])
    return engine, engine.state, engine.ruleset.table_for(engine.state), info_for(ruleset)


def test_the_captions_say_what_the_rules_compute():
    """The diagrams' captions name sight classes, command reach and odds: the engine agrees."""
    import pytest
    from shapely.geometry import Point

    engine, st, table, info = _situation("evenor", "shoot")
    shooter = st.figures["1.asteria"]
    classes = {f: info.sight_class(st, table, shooter, st.figures[f])
               for f in ("2.jorund", "2.runir", "2.ymir", "2.thorvald")}
    assert classes == {"2.jorund": "clear", "2.runir": "concealed", "2.ymir": "cover", "2.thorvald": "blocked"}

    engine, st, table, info = _situation("evenor", "activation")
    from game.rulesets.evenor import stats

    leader = st.figures["1.jorund"]
    reach = Point(leader.pos).buffer(leader.radius + stats.COORD_RANGE)
    inside = {f for f in ("1.runir", "1.kara", "1.thorvald")
              if reach.intersects(Point(st.figures[f].pos).buffer(st.figures[f].radius))}
    assert stats.is_leader(leader) and inside == {"1.runir", "1.kara"}
    assert [info.ladder_odds(st, leader, n) for n in (1, 2, 3)] == pytest.approx([5 / 6, 5 / 9, 5 / 18])

    engine, st, table, info = _situation("mortebrume", "shoot")
    archer = st.figures["1.meleien_archer"]
    assert info.sight_class(st, table, archer, st.figures["2.thanigiste_recrue"]) == "clear"
    assert info.sight_class(st, table, archer, st.figures["2.thanigiste_arbaletrier"]) == "concealed"

    engine, st, table, info = _situation("mortebrume", "mist")
    seen = engine.ruleset.visible_to(st, 1)
    assert st.extras["mist_cm"] == 25
    assert [f for f in st.figures if st.figures[f].side == 2 and f in seen] == ["2.thanigiste_recrue"]

    engine, st, table, info = _situation("swidenth", "phases")
    from game.rulesets.swidenth import phases

    centurion, optio = st.figures["s1_00_centurion"], st.figures["s1_01_optio"]
    assert phases.eligible(st, table, centurion) == ["s1_00_centurion", "s1_02_legionnaire", "s1_03_legionnaire"]
    assert phases.eligible(st, table, optio) == ["s1_01_optio", "s1_05_archer"]
    assert [info.figure_name(st.figures[f], "en") for f in ("s1_02_legionnaire", "s1_04_legionnaire")] == \
        ["Legionary 1", "Legionary 3"]

    engine, st, table, info = _situation("swidenth", "shoot")
    archer = st.figures["s1_05_archer"]
    seen = {info.figure_name(st.figures[f], "en"): info.sight_class(st, table, archer, st.figures[f])
            for f in ("s2_02_brigand", "s2_03_brigand", "s2_04_brigand", "s2_06_frondeur")}
    assert seen == {"Brigand 1": "clear", "Brigand 2": "concealed", "Brigand 3": "cover", "Slinger 2": "blocked"}

    engine, st, table, info = _situation("swidenth", "outnumber")
    from game.rulesets.swidenth import melee

    def bonus(a, b):
        return melee.outnumbering(st, table, st.figures[a], st.figures[b])

    assert bonus("s1_02_legionnaire", "s2_02_brigand") == bonus("s1_03_legionnaire", "s2_02_brigand") == 1
    assert bonus("s2_03_brigand", "s1_04_legionnaire") == bonus("s2_04_brigand", "s1_04_legionnaire") == 1
    assert bonus("s1_04_legionnaire", "s2_03_brigand") == 0


def test_the_field_of_vision_is_blended_over_the_reach_not_drawn_instead():
    """The front half of a Mortebrume fighter's reach stayed bare: the field-of-vision fill
    replaced the reach pixels under it instead of lying over them."""
    from game.ui import theme
    from game.ui.overlays import _blend_polygon

    layer = pygame.Surface((40, 40), pygame.SRCALPHA)
    layer.fill(theme.REACH["walk"])
    _blend_polygon(layer, (*theme.FOV, 28), [(0, 0), (39, 0), (39, 39), (0, 39)])
    r, g, b, a = layer.get_at((20, 20))
    wr, wg, wb, wa = theme.REACH["walk"]
    assert a >= wa and abs(r - wr) < 40 and b > 150     # still the reach's blue, a little lighter


def test_a_mortebrume_run_avoids_difficult_ground():
    from shapely.geometry import Polygon

    from game.data.situations import situations
    from game.ui.diagram import situation_engine
    from game.ui.overlay_data import OverlayJob

    engine = situation_engine(situations("mortebrume")["move"])
    state = engine.state
    data = OverlayJob("1.meleien_recrue", "en", False, None)(state, engine.ruleset.table_for(state))
    rough = [Polygon(t.points) for t in state.terrain if "difficult" in t.tags]
    assert not any(data.reach["sprint"].intersects(r) for r in rough)
    assert any(data.reach["walk"].intersects(r) for r in rough)      # walking in costs double
