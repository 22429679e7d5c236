"""Legends and glossary, and the scenario HUD (issue 12, item 7), through the real table
scene: the legend (L) names every overlay drawn for the selected figure, every sight class,
terrain kind, side (with "you") and marker; every stat abbreviation of the card has a
tooltip with its full name and meaning, in French and in English; the HUD gives the
objective, the score and the turns left (or no limit), and the deployment zones are drawn
on the table at first and switched with O."""
from __future__ import annotations

import pygame
import pytest

from game.core.engine import Engine
from game.core.text import catalogue, t
from tests.ui.driver import Driver
from tests.ui.test_fighter_bar import scene_for


def overlays_of(scene, d: Driver, fid: str):
    d.click(d.figure_pos(scene, fid))
    for _ in range(50):
        if scene.overlays.data is not None and scene.overlays.data.fid == fid:
            return scene.overlays.data
        d.frames(1)
    raise AssertionError("no overlays")


@pytest.mark.parametrize("rid,scenario,who,options", [
    ("evenor", "extermination", "1.", {}),
    ("mortebrume", "dernier_debout", "", {"strict_measuring": False}),
])
def test_the_legend_names_every_overlay_drawn(make_app, rid, scenario, who, options):
    from game.ui.legend import drawn_keys

    app = make_app()
    engine = Engine.new(rid, scenario, 3, options)
    st = engine.state
    scene = scene_for(app, engine)
    d = Driver(app)
    side = scene.session.viewer()
    mine = [f for f in st.figures.values() if f.side == side]
    shooter = next((f for f in mine if scene.adapter.figure(st, f, "fr").ranges
                    or scene.adapter.figure(st, f, "fr").shots), mine[0])
    data = overlays_of(scene, d, shooter.id)
    d.key(pygame.K_l)
    assert scene.legend.open
    keys = {e.key for e in scene.legend.entries()}
    drawn = drawn_keys(data)
    assert drawn and drawn <= keys, drawn - keys
    assert {f"sight.{c}" for c in scene.adapter.sight_classes} <= keys
    assert {f"terrain.{p.kind}" for p in st.terrain} <= keys
    assert {f"side.{s}" for s in st.side_ids()} <= keys
    you = next(e for e in scene.legend.entries() if e.key == f"side.{side}")
    assert you.text.endswith("(vous)") and all(not e.text.endswith("(vous)") for e in scene.legend.entries()
                                               if e.key.startswith("side.") and e is not you)
    if rid == "evenor":
        assert {"reach.walk", "reach.assault", "threat", "zone.1", "zone.2"} <= keys
        assert {"marker.prone", "marker.cover", "hidden"} <= keys
    else:
        assert {"mist.fov", "melee.0", "zone.1", "zone.2"} <= keys
    # the panel is drawn over the table, and L closes it
    d.frames(1)
    assert scene.legend._pic is not None and scene.view.rect.contains(
        pygame.Rect((0, 0), scene.legend._pic.get_size()).move(scene.view.rect.topleft))
    d.press("legend.toggle")
    assert not scene.legend.open


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("rid,scenario", [("evenor", "extermination"), ("mortebrume", "dernier_debout")])
def test_every_stat_abbreviation_has_a_tooltip(make_app, lang, rid, scenario):
    app = make_app(lang=lang)
    engine = Engine.new(rid, scenario, 3)
    st = engine.state
    scene = scene_for(app, engine)
    d = Driver(app)
    fid = next(f.id for f in st.figures.values() if f.side == scene.session.viewer())
    d.click(d.figure_pos(scene, fid))
    card = scene.adapter.figure(st, st.figures[fid], lang).card
    tips = list(scene.panel.trait_rects)
    for term, _value in card["stats"]:
        hits = [(r, text) for r, text in tips if text.startswith(f"{term}")]
        assert hits, (term, [x for _, x in tips])
        r, text = hits[0]
        d.move(r.center)
        assert scene.panel.tooltip_at(r.center) == text
        meaning = scene.adapter.glossary(lang)[term]
        assert meaning in text and len(meaning) > 20
        other = "en" if lang == "fr" else "fr"
        key = next(m for tk, m in scene.adapter.glossary_terms if t(tk, lang) == term)
        assert key in catalogue(lang) and catalogue(lang)[key] != catalogue(other)[key]
    if rid == "evenor":          # the cost on the role line: DO explained
        assert any(text.startswith(t("ev.gloss.DO", lang)) for _, text in tips)


def test_the_hud_shows_objective_score_and_turns_left_for_the_orichalcum_hunt(make_app):
    app = make_app()
    engine = Engine.new("evenor", "chasse_orichalque", 3, {"max_turns": 8})   # a limit chosen
    st = engine.state
    scene = scene_for(app, engine)
    d = Driver(app)
    lines = [text for text, _ in scene.hud_box.lines()]
    assert lines[0] == t("ev.hud.objective.orichalque", "fr")
    assert t("ev.hud.orichalque", "fr", n=1, k="0") in lines and t("ev.hud.orichalque", "fr", n=2, k="0") in lines
    assert lines[-1] == "Tour 1 sur 8\u00a0: encore 7 tours après celui-ci"
    # the zones are drawn on the table at first; O hides them, O shows them again
    assert scene.view.underlay and len(scene.view.underlay[0]) == 2
    d.key(pygame.K_o)
    assert scene.view.underlay == ()
    d.press("hud.zones")
    assert scene.view.underlay
    # a token home and the last turn
    st.sides[2].score = 1.0
    st.tokens[0].delivered_by = 2
    st.turn = 8
    scene.session.version += 1
    d.frames(2)
    lines = [text for text, _ in scene.hud_box.lines()]
    assert t("ev.hud.orichalque", "fr", n=2, k="1") in lines
    assert t("ev.hud.orichalque_left", "fr", k=2) in lines
    assert lines[-1] == "Tour 8 sur 8\u00a0: dernier tour"
    # a game without a turn limit says so
    st.max_turns = 0
    scene.session.version += 1
    d.frames(2)
    assert scene.hud_box.lines()[-1][0] == "Tour 8\u00a0: pas de limite de tours"


def test_the_hud_in_english_and_for_extermination(make_app):
    app = make_app(lang="en")
    engine = Engine.new("evenor", "extermination", 3)
    scene = scene_for(app, engine)
    lines = [text for text, _ in scene.hud_box.lines()]
    assert lines[0].startswith("Objective:")
    assert "Side 1: 0 drachmas taken out of action" in lines
    # the book's default: no limit chosen, but the engine's safety stop (a draw) is named,
    # as the top bar already counts "1/30" toward it
    assert lines[-1] == f"Turn 1: no agreed limit (a draw after {engine.state.max_turns} turns)"
    assert engine.state.max_turns == 30


def test_the_legend_stays_inside_the_table_at_200_percent_and_scrolls(make_app):
    app = make_app(scale=200)
    engine = Engine.new("evenor", "chasse_orichalque", 3)
    scene = scene_for(app, engine)
    d = Driver(app)
    d.key(pygame.K_l)
    legend = scene.legend
    assert legend.open and scene.view.rect.contains(legend.rect)
    assert legend._pic.get_height() > legend.rect.h                 # taller than the table: it scrolls
    d.move(legend.rect.center)
    d.frames(1, [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-2, flipped=False, precise_x=0.0, precise_y=-2.0)])
    assert legend.scroll > 0
