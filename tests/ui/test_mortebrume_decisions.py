"""Mortebrume's decisions from the mouse: designating fighters for the Volonté tests, the
deployment order, setting fighters down in the zone (clicked spot, facing, refusals in the
engine's words), aiming a recul on the table, and labels that are never raw text keys."""
from __future__ import annotations

import re

import pygame
import pytest

from game.core.actions import Action
from game.core.engine import Engine
from game.core.text import refusal_text, t
from tests.rulesets.mortebrume.sandbox import fig, sandbox
from tests.ui.driver import Driver, E

CHOOSE = {"deployment": "choose", "designation": "choose"}
KEYLIKE = re.compile(r"^(ui|play|mb|ai)\.[a-z0-9_.]+$")


def table_scene(app, engine, players=None):
    from game.ui.scenes.game import GameScene
    from game.ui.session import Session

    return app.push(GameScene(app, Session(engine, players or {1: "human", 2: "human"}, lang=app.lang)))


def ready(d: Driver) -> None:
    """Pass the hand-off screen if one is up."""
    from game.ui.scenes.handoff import HandoffScene

    d.frames(2)
    if isinstance(d.app.top, HandoffScene):
        d.press("handoff.ready")


def assert_labelled(d: Driver) -> None:
    """No button of the screen shows a raw text key, as label or tooltip."""
    for b in d.buttons():
        assert not KEYLIKE.match(b.label or ""), (b.key, b.label)
        assert not KEYLIKE.match(getattr(b, "tooltip", "") or ""), (b.key, b.tooltip)


def advance_to(scene, kind: str, seed: int = 1) -> None:
    """Answer decisions with a seeded random agent until ``kind`` is pending."""
    from game.ai.agents import make_agent

    agent, s = make_agent("random", seed), scene.session
    while s.engine.state.pending[-1].kind != kind:
        assert s.submit(agent.choose(s.engine)) is None


def test_the_desktop_game_starts_mortebrume_with_hand_deployment_unless_switched_off():
    from game.ui.rules_info import info_for
    from game.ui.settings import Settings

    adapter = info_for("mortebrume")
    assert adapter.new_game_options(Settings()) == {"strict_measuring": True, **CHOOSE}
    off = adapter.new_game_options(Settings(mist_deploy=False))
    assert (off["deployment"], off["designation"]) == ("auto", "auto")


def test_designate_and_deployment_order_from_buttons(make_app):
    app = make_app()
    engine = Engine.new("mortebrume", "dernier_debout", 2, CHOOSE)
    scene = table_scene(app, engine)
    d = Driver(app)
    ready(d)
    state = engine.state
    assert state.pending[-1].kind == "designate"
    first = state.pending[-1].options[-1]
    b = d.button(f"designate.{first}")
    assert state.figures[first].name in b.label and b.tooltip == t("play.tip.designate.deploy", "fr")
    d.press(f"designate.{first}")
    d.frames(2)
    from game.ui.scenes.handoff import HandoffScene
    assert isinstance(app.top, HandoffScene)               # the other side designates: a choice
    assert app.top.title() == t("ui.handoff.decide", "fr", n=app.top.side)
    assert t("play.bar.designate", "fr") in "\n".join(text for text, _ in app.top.body())
    ready(d)
    assert engine.record.actions[-1].targets == (first,)
    other = state.pending[-1].options[0]
    d.press(f"designate.{other}")
    ready(d)
    assert state.pending[-1].kind == "deploy_order"
    keys = {b.key for b in d.buttons()}
    assert {"deploy_order.place", "deploy_order.impose"} <= keys
    d.press("deploy_order.place")
    ready(d)
    assert state.pending[-1].kind == "deploy"
    assert scene.bar.caption()[0].endswith(t("play.bar.deploy", "fr"))

def test_place_a_fighter_by_clicking_and_aiming_and_see_a_refusal(make_app):
    app = make_app()
    engine = Engine.new("mortebrume", "dernier_debout", 3, CHOOSE)
    scene = table_scene(app, engine)
    d = Driver(app)
    advance_to(scene, "deploy")
    ready(d)
    state = engine.state
    fid = state.pending[-1].options[0]
    d.press(f"deploy.{fid}")
    assert scene.controller.mode.stage == "placement"
    lim = scene.decisions.current_limits()
    assert lim["spots"] and lim["zones"]
    # a spot outside the zone: the engine's own reason is shown
    x0, y0, x1, y1 = lim["zones"][0]
    outside = (state.width / 2, state.height / 2)
    assert not (x0 <= outside[0] <= x1 and y0 <= outside[1] <= y1)
    d.click(d.world_pos(scene, *outside))
    assert state.figures[fid].out and scene.controller.refused
    why = engine.check(Action(kind="deploy", actor=fid, path=(outside,), value=0))
    assert why is not None and scene.controller.message == refusal_text(why, "fr")
    # an accepted spot, dragged downward to aim: set down there, facing down the table
    spot = lim["spots"][len(lim["spots"]) // 2]
    p = d.world_pos(scene, *spot)
    d.move(p)
    d.frames(1, [E(pygame.MOUSEBUTTONDOWN, pos=p, button=1)])
    d.move((p[0], p[1] + 60), buttons=(1, 0, 0))
    assert scene.view.camera.to_world(*p) == pytest.approx(scene.view.camera.to_world(*d.world_pos(scene, *spot)))
    d.frames(3, [E(pygame.MOUSEBUTTONUP, pos=(p[0], p[1] + 60), button=1)])
    f = state.figures[fid]
    assert not f.out, scene.controller.message
    assert f.pos == pytest.approx(scene.view.camera.to_world(*p), abs=1.0)
    assert f.facing == 90.0


def test_deployment_hands_off_and_hides_the_other_side(make_app):
    app = make_app()
    engine = Engine.new("mortebrume", "dernier_debout", 3, CHOOSE)
    scene = table_scene(app, engine)
    d = Driver(app)
    from game.ai.agents import make_agent

    agent, s = make_agent("random", 4), scene.session
    while not any(not f.out for f in engine.state.figures.values() if f.side == 2) or s.decider() != 1:
        s.submit(agent.choose(engine))
    ready(d)
    assert s.viewer() == 1
    hidden = [f.id for f in engine.state.figures.values() if f.side == 2 and not f.out]
    # the other side's fighters stand beyond the mist of every placed one of side 1
    assert hidden and not set(hidden) & s.visible()


def test_auto_button_places_the_fighter(make_app):
    app = make_app()
    engine = Engine.new("mortebrume", "pierre_de_brume", 5, CHOOSE)
    scene = table_scene(app, engine)
    d = Driver(app)
    advance_to(scene, "deploy")
    ready(d)
    fid = engine.state.pending[-1].options[0]
    d.press(f"deploy.auto.{fid}")
    assert not engine.state.figures[fid].out


def test_agents_answer_the_deployment_decisions(make_app):
    app = make_app()
    engine = Engine.new("mortebrume", "dernier_debout", 6, CHOOSE)
    scene = table_scene(app, engine, {1: "ai", 2: "random"})
    for _ in range(200):
        if not any(f.status.get("undeployed") for f in engine.state.figures.values()):
            break
        scene.session.agent_step()
    assert not any(f.status.get("undeployed") for f in engine.state.figures.values())


def test_recul_direction_clicked_on_the_table(make_app):
    app = make_app()
    engine = sandbox([fig(1, "abelberien_veteran", 30, 30, 0.0, name="A"),
                      fig(2, "gwahir", 35.5, 30, 180.0, name="D")], dice=[8])
    from tests.rulesets.mortebrume.sandbox import act, step

    step(engine, act("activate", "A"))
    step(engine, act("strike", "A", "D", value="marteau"))
    step(engine, act("react", "D", value="take"))
    assert engine.state.pending[-1].kind == "push"
    scene = table_scene(app, engine)
    d = Driver(app)
    ready(d)
    assert_labelled(d)
    away = d.button("push.away")
    assert engine.state.figures["D"].name in away.label and away.toggled
    d.press("push.aim")
    assert scene.controller.mode.stage == "facing"
    assert_labelled(d)
    d.frames(2)
    before = engine.state.figures["D"].pos
    # click straight below the target: the 90 degree heading
    d.click(d.world_pos(scene, before[0], before[1] + 80))
    after = engine.state.figures["D"].pos
    assert after[0] == pytest.approx(before[0]) and after[1] > before[1]


def test_no_button_label_is_a_raw_key(make_app):
    """Every template kind reachable in seeded interactive games has a real label."""
    from game.ai.agents import make_agent

    seen = set()
    for lang, seed, scenario in (("fr", 1, "dernier_debout"), ("en", 2, "pierre_de_brume")):
        app = make_app(lang=lang)
        engine = Engine.new("mortebrume", scenario, seed, CHOOSE)
        scene = table_scene(app, engine)
        agent = make_agent("random", seed)
        for _ in range(90):
            if engine.decider() is None:
                break
            ctl = scene.controller
            ctl.sync()
            actors = dict.fromkeys([None] + [c.actor for c in engine.legal_actions() if c.actor])
            for fid in actors:
                ctl.select(fid)
                scene.panel.invalidate()
                scene.panel.build(scene.side_rect)
                for b in scene.panel.buttons:
                    seen.add(b.key.split(".")[0])
                    assert not KEYLIKE.match(b.label), (b.key, b.label)
                    assert not b.tooltip or not KEYLIKE.match(b.tooltip), (b.key, b.tooltip)
            assert scene.session.submit(agent.choose(engine)) is None
    assert {"designate", "deploy_order", "deploy", "activate"} <= seen


def test_priority_buttons_say_who_owes_what(make_app):
    from tests.rulesets.mortebrume.sandbox import act, step

    app = make_app(lang="en")
    engine = sandbox([fig(1, "shimeien_veteran", 30, 30, 0.0, name="A"),
                      fig(2, "thanigiste_recrue", 33.5, 30, 180.0, name="D")], dice=[4] * 200)
    step(engine, act("activate", "A"))
    step(engine, act("strike", "A", "D", value="epee"))
    step(engine, act("react", "D", value="riposte"))
    assert engine.state.pending[-1].kind == "priority"
    table_scene(app, engine)
    d = Driver(app)
    ready(d)
    assert_labelled(d)
    first, second = d.button("priority.first"), d.button("priority.second")
    from game.ui.rules_info import info_for
    names = info_for(engine.state.ruleset)      # the fighters as English players read them
    a, b = (names.figure_name(engine.state.figures[f], "en") for f in ("A", "D"))
    assert first.label == t("play.choice.priority.first", "en")
    assert first.tooltip.index(a) < first.tooltip.index(b)
    assert second.tooltip.index(b) < second.tooltip.index(a)


def test_pending_decisions_of_a_fighter_have_a_card_line():
    from game.core.text import catalogue

    for lang in ("fr", "en"):
        assert {f"ui.pending.{k}" for k in ("push", "priority", "free_move")} <= set(catalogue(lang))


def test_a_companion_s_reserved_action_is_a_named_reaction_button(make_app):
    from tests.rulesets.mortebrume.sandbox import act, step

    for lang in ("fr", "en"):
        app = make_app(lang=lang)
        engine = sandbox([fig(1, "thanigiste_recrue", 30, 30, 0.0, name="X"),
                          fig(2, "meleien_recrue", 33.5, 30, 180.0, name="T"),
                          fig(2, "shimeien_veteran", 30, 33.5, 270.0, name="C")], dice=[4] * 20)
        step(engine, act("activate", "X"))
        step(engine, act("strike", "X", "T", value="lance"))
        table_scene(app, engine)
        d = Driver(app)
        ready(d)
        assert_labelled(d)
        guard = d.button("react.reserved:C")
        from game.ui.rules_info import info_for
        assert info_for(engine.state.ruleset).figure_name(engine.state.figures["C"], lang) in guard.label
        d.press("react.reserved:C")
        assert engine.state.pending[-1].figure == "X"


def test_a_reserved_strike_between_activations_from_the_panel(make_app):
    app = make_app(lang="en")
    engine = sandbox([fig(1, "shimeien_veteran", 30, 30, 0.0, name="A", activated=True),
                      fig(1, "farfadet", 5, 70, 0.0, name="P"),
                      fig(2, "thanigiste_recrue", 33.0, 30, 180.0, name="D")], dice=[4] * 20)
    scene = table_scene(app, engine)
    d = Driver(app)
    ready(d)
    d.click(d.figure_pos(scene, "A"))
    assert_labelled(d)
    assert d.button("reserved.epee").label.startswith(t("ui.action.reserved", "en"))
    d.press("reserved.epee")
    d.click(d.figure_pos(scene, "D"))
    assert engine.record.actions[-1].kind == "reserved"
    assert engine.state.pending[-1].figure == "D"
