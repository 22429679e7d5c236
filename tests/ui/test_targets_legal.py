"""Only what the rules allow is offered, in the real window (issue 12, item 2): greyed
targets with their reason and no odds, a charge button greyed when no path reaches, a click
move beside a rotated square base, a move dropped beyond reach carried out as far as the
rules allow, reach zones that follow what is left, a fighter out of combat on the table."""
from __future__ import annotations

import math

from game.core.text import t
from tests.rulesets.evenor import sandbox as ev
from tests.rulesets.mortebrume import sandbox as mb
from tests.ui.driver import Driver

PAS = ev.PAS


def open_scene(make_app, engine):
    from game.ui.scenes.game import GameScene
    from game.ui.session import Session

    app = make_app()
    scene = app.push(GameScene(app, Session(engine, {1: "human", 2: "human"}, lang="fr")))
    d = Driver(app)
    d.frames(2)
    return scene, d


def shooting_gallery():
    """Ulysse's bow (20 pas): Lothar in clear view, Kara behind a rock, Gosai right behind
    Lothar (hidden by a figure), Deimos beyond the bow's range."""
    return ev.sandbox([ev.fig(1, "ulysse", 4, 4),
                       ev.fig(2, "lothar", 4, 9),
                       ev.fig(2, "gosai", 4, 12),
                       ev.fig(2, "kara", 14, 4),
                       ev.fig(2, "deimos", 23, 23)],
                      terrain=[ev.rect("t0", "rocher", 8, 2, 2, 4)], dice=[6] * 40)


def test_shot_targets_greyed_with_the_reason_and_no_odds(make_app):
    engine = shooting_gallery()
    scene, d = open_scene(make_app, engine)
    d.click(d.figure_pos(scene, "1.ulysse"))
    d.press("activate.0")
    d.press("shoot")
    keys = {b.key: b for b in d.buttons() if b.key.startswith("target.")}
    assert keys["target.2.lothar"].enabled
    kara, gosai = keys["target.2.kara"], keys["target.2.gosai"]
    assert not kara.enabled and t("why.refused.no_line_of_sight", "fr") in kara.label
    assert not gosai.enabled and t("why.refused.hidden_by_figure", "fr") in gosai.label
    assert "target.2.deimos" not in keys                 # beyond every reach: not listed
    # odds only for the target the rules accept
    d.move(d.figure_pos(scene, "2.kara"))
    d.frames(2)
    assert not scene._odds or scene._odds_key[0] != "2.kara"
    d.move(d.figure_pos(scene, "2.lothar"))
    d.frames(2)
    assert scene._odds and scene._odds_key[0] == "2.lothar"
    # clicking a greyed target on the table says why and plays nothing
    n = len(engine.record.actions)
    d.click(d.figure_pos(scene, "2.kara"))
    assert len(engine.record.actions) == n
    assert scene.controller.refused and "Kara" in scene.controller.message
    assert "2.kara" not in scene.controller.offered()


def test_charge_without_a_path_is_greyed(make_app):
    """Lothar is 2 pas from Deimos, but a long rock lies between them: no charge path."""
    engine = ev.sandbox([ev.fig(1, "deimos", 5, 5), ev.fig(2, "lothar", 5, 8.5)],
                        terrain=[ev.rect("t0", "rocher", 0, 6.3, 14, 0.8)], dice=[6] * 40)
    scene, d = open_scene(make_app, engine)
    d.click(d.figure_pos(scene, "1.deimos"))
    d.press("activate.2")
    charge = d.button("charge")
    assert not charge.enabled
    assert t("why.refused.no_charge_path", "fr", allowance="3.0").split(" en ")[0] in charge.label


def test_click_move_beside_a_rotated_base(make_app):
    """A knight touching an archer turned at 264 degrees can be moved by clicking."""
    engine = mb.sandbox([mb.fig(1, "meleien_chevalier", 30, 30, 0.0, name="K"),
                         mb.fig(1, "meleien_archer", 27.37, 30, 264.0, name="A"),
                         mb.fig(2, "meleien_recrue", 60, 60, 180.0, name="E")], strict=True)
    table = engine.ruleset.table_for(engine.state)
    assert table.overlaps_any("K", ["A"]) is None and table.distance("K", "A") < 1.0
    scene, d = open_scene(make_app, engine)
    d.click(d.figure_pos(scene, "K"))
    d.press("activate")
    d.press("move")
    d.click(d.world_pos(scene, 330.0, 300.0))
    k = engine.state.figures["K"]
    assert scene.controller.message != t("ui.refused.no_path", "fr")
    assert math.dist(k.pos, (330.0, 300.0)) < 1.0


def test_click_beyond_reach_moves_as_far_as_allowed(make_app):
    engine = ev.sandbox([ev.fig(1, "ulysse", 3, 3), ev.fig(2, "lothar", 20, 20)], dice=[6] * 40)
    scene, d = open_scene(make_app, engine)
    start = engine.state.figures["1.ulysse"].pos
    d.click(d.figure_pos(scene, "1.ulysse"))
    d.press("activate.1")
    move = next(c for c in engine.legal_actions() if c.kind == "move")
    d.press("move")
    d.click(d.world_pos(scene, 3 * PAS, 15 * PAS))          # 12 pas away, beyond the move
    u = engine.state.figures["1.ulysse"]
    walked = math.dist(start, u.pos)
    assert move.move.allowance - 0.5 < walked <= move.move.allowance + 1e-6
    assert scene.controller.message == t("ui.move_clamped", "fr")


def test_drop_beyond_reach_moves_as_far_as_allowed(make_app):
    engine = ev.sandbox([ev.fig(1, "ulysse", 3, 3), ev.fig(2, "lothar", 20, 20)], dice=[6] * 40)
    scene, d = open_scene(make_app, engine)
    start = engine.state.figures["1.ulysse"].pos
    d.click(d.figure_pos(scene, "1.ulysse"))
    d.press("activate.1")
    move = next(c for c in engine.legal_actions() if c.kind == "move")
    d.drag(d.figure_pos(scene, "1.ulysse"), d.world_pos(scene, 14 * PAS, 3 * PAS), steps=20)
    u = engine.state.figures["1.ulysse"]
    walked = math.dist(start, u.pos)
    assert move.move.allowance - 0.5 < walked <= move.move.allowance + 1e-6


def test_reach_zones_follow_what_is_left(make_app):
    """After its one dynamic action, only the free step's zone is drawn."""
    from game.ui.rules_info import info_for

    engine = ev.sandbox([ev.fig(1, "ulysse", 3, 3), ev.fig(2, "lothar", 20, 20)], dice=[6] * 40)
    pres = info_for("evenor")
    state = engine.state
    u = state.figures["1.ulysse"]
    ev.step(engine, ev.act("activate", "1.ulysse", value=1))
    assert set(pres.figure(state, u, "fr").moves) == {"walk", "assault"}
    ev.step(engine, ev.act("move", "1.ulysse", path=[(3, 5)]))
    assert {k: v[0] for k, v in pres.figure(state, u, "fr").moves.items()} in ({}, {"walk": PAS})


def test_fighter_out_of_combat_lies_on_the_table(make_app):
    engine = mb.sandbox([mb.fig(1, "meleien_recrue", 30, 30, 0.0, name="A"),
                         mb.fig(2, "meleien_recrue", 34, 30, 180.0, name="D"),
                         mb.fig(2, "meleien_recrue", 70, 70, 180.0, name="F")], strict=False)
    d_fig = engine.state.figures["D"]
    d_fig.out, d_fig.vitality = True, 0
    d_fig.status["activated"] = True
    scene, d = open_scene(make_app, engine)
    assert scene.view.figure_at(engine.state, d.figure_pos(scene, "D")) == "D"
    d.click(d.figure_pos(scene, "A"))
    d.press("activate")
    d.press("strike.epee")
    b = d.button("target.D")
    assert b.enabled and t("ui.target.fallen", "fr", name=d_fig.name) == b.label


def test_card_of_a_fighter_out_of_combat(make_app, monkeypatch):
    """Its card says out of combat, never "activated"."""
    import pygame

    from game.ui import panel as panel_mod

    engine = mb.sandbox([mb.fig(1, "meleien_recrue", 30, 30, 0.0, name="A"),
                         mb.fig(2, "meleien_recrue", 34, 30, 180.0, name="D"),
                         mb.fig(2, "meleien_recrue", 70, 70, 180.0, name="F")], strict=False)
    d_fig = engine.state.figures["D"]
    d_fig.out, d_fig.vitality = True, 0
    d_fig.status["activated"] = True
    scene, d = open_scene(make_app, engine)
    said = []
    real = panel_mod.draw_text
    monkeypatch.setattr(panel_mod, "draw_text", lambda surf, font, text, *a, **k: (said.append(text),
                                                                                  real(surf, font, text, *a, **k))[1])
    scene.panel._render_card(pygame.Surface((300, 400)), pygame.Rect(0, 0, 300, 400), "D")
    assert t("ui.card.out", "fr") in said
    assert not any(t("ui.status.activated", "fr") in x for x in said)


def test_pick_up_only_near_a_token_and_tokens_told_apart(make_app):
    """Three tokens: none near, no pick-up; beside two of them, two distinct entries (number,
    direction, distance), the one a step away greyed until the figure steps."""
    from game.core.state import Token

    engine = ev.sandbox([ev.fig(1, "ulysse", 10, 10), ev.fig(2, "lothar", 20, 20)], dice=[6] * 40)
    state = engine.state
    u = state.figures["1.ulysse"]
    state.tokens = [Token("o1", "orichalque", 2 * PAS, 2 * PAS),
                    Token("o2", "orichalque", u.x + u.radius + 5, u.y),
                    Token("o3", "orichalque", u.x, u.y + u.radius + 30)]
    scene, d = open_scene(make_app, engine)
    d.click(d.figure_pos(scene, "1.ulysse"))
    d.press("activate.0")
    pick = next(c for c in engine.legal_actions() if c.kind == "pick_up")
    assert set(pick.targets) == {"o2", "o3"} and pick.offered == ("o2",)
    d.press("pick_up")
    near, far = d.button("target.o2"), d.button("target.o3")
    assert near.enabled and not far.enabled
    assert near.label != far.label and "2" in near.label and "3" in far.label
    assert "→" in near.label and "↓" in far.label
    assert t("why.refused.token_out_of_reach", "fr") in far.label
    d.press("target.o2")
    assert engine.state.token("o2").carrier == "1.ulysse"


def test_no_pick_up_far_from_every_token():
    from game.core.state import Token

    engine = ev.sandbox([ev.fig(1, "ulysse", 10, 10), ev.fig(2, "lothar", 20, 20)], dice=[6] * 40)
    engine.state.tokens = [Token("o1", "orichalque", 2 * PAS, 2 * PAS)]
    ev.step(engine, ev.act("activate", "1.ulysse", value=0))
    assert not [c for c in engine.legal_actions() if c.kind == "pick_up"]


def test_mortebrume_reach_zones_only_while_the_fighter_may_move():
    from game.ui.rules_info import info_for

    engine = mb.sandbox([mb.fig(1, "meleien_recrue", 30, 30, 0.0, name="A"),
                         mb.fig(1, "meleien_recrue", 30, 50, 0.0, name="B"),
                         mb.fig(2, "meleien_recrue", 70, 70, 180.0, name="E")], strict=False)
    pres, state = info_for("mortebrume"), engine.state
    mb.step(engine, mb.act("activate", "A"))
    assert pres.figure(state, state.figures["A"], "fr").moves
    mb.step(engine, mb.act("end"))
    assert not pres.figure(state, state.figures["A"], "fr").moves
    assert pres.figure(state, state.figures["B"], "fr").moves


def test_mortebrume_measured_move_beyond_reach_is_carried_out(make_app):
    engine = mb.sandbox([mb.fig(1, "meleien_recrue", 20, 20, 0.0, name="A"),
                         mb.fig(2, "meleien_recrue", 70, 70, 180.0, name="E")], strict=False)
    scene, d = open_scene(make_app, engine)
    start = engine.state.figures["A"].pos
    d.click(d.figure_pos(scene, "A"))
    d.press("activate")
    allowance = next(c for c in engine.legal_actions() if c.kind == "move").move.allowance
    d.press("move")
    d.click(d.world_pos(scene, 200.0, 450.0))         # 25 cm away: beyond the walk
    walked = math.dist(start, engine.state.figures["A"].pos)
    assert allowance - 10.0 < walked <= allowance + 1e-6
    assert scene.controller.message == t("ui.move_clamped", "fr")


def test_drop_on_the_rim_of_the_drawn_zone_is_accepted(make_app):
    """Difficult ground in the way: a drop just inside the drawn reach zone is played (at
    worst a hair short of the drop), never refused as too long."""
    engine = ev.sandbox([ev.fig(1, "ulysse", 3, 3), ev.fig(2, "lothar", 20, 20)], dice=[6] * 40,
                        terrain=[ev.rect("t0", "terrain_difficile", 5, 1, 2, 6)])
    scene, d = open_scene(make_app, engine)
    u = engine.state.figures["1.ulysse"]
    start = u.pos
    d.click(d.figure_pos(scene, "1.ulysse"))
    d.press("activate.1")
    move = next(c for c in engine.legal_actions() if c.kind == "move").move
    table = engine.ruleset.table_for(engine.state)
    zone = table.reach("1.ulysse", move.allowance)
    rim = max(zone.exterior.coords, key=lambda p: p[0])          # the zone's far east point
    k = (math.dist(start, rim) - 0.3 * PAS) / math.dist(start, rim)
    drop = (start[0] + (rim[0] - start[0]) * k, start[1] + (rim[1] - start[1]) * k)
    assert zone.contains(__import__("shapely").Point(drop))
    d.drag(d.figure_pos(scene, "1.ulysse"), d.world_pos(scene, *drop), steps=24)
    assert not scene.controller.refused
    assert math.dist(engine.state.figures["1.ulysse"].pos, start) > 3 * PAS
