"""The fighter bar (issue 12, item 6) driven through the real table scene: every figure of
the side at the screen with its state from the ruleset's presentation, a click on a row
selects, "Next" and Tab select a figure still to activate, "End turn" asks and then the
side's figures left do nothing (Evenor, Mortebrume and the three-side Trio), and a plain
click on a friend inside the leader's ring selects it (Ctrl+click makes it a partner)."""
from __future__ import annotations

import pygame

from game.core.engine import Engine
from game.core.text import t
from tests.rulesets.evenor.sandbox import act, fig, sandbox
from tests.ui.driver import Driver

E = pygame.event.Event


def scene_for(app, engine, players=None):
    from game.ui.scenes.game import GameScene
    from game.ui.session import Session

    session = Session(engine, players or {1: "human", 2: "human"}, lang=app.lang)
    scene = app.push(GameScene(app, session))
    session.shown_side = session.decider()
    Driver(app).frames(2)
    return scene


def states(scene) -> dict[str, tuple[str, bool]]:
    return {fid: (rs.turn, rs.down) for fid, rs in scene.fighters.entries()}


def ctrl_click(d: Driver, pos) -> None:
    d.frames(1, [E(pygame.KEYDOWN, key=pygame.K_LCTRL, mod=0, unicode="", scancode=0)])
    d.click(pos)
    d.frames(1, [E(pygame.KEYUP, key=pygame.K_LCTRL, mod=0, unicode="", scancode=0)])


def test_the_bar_lists_every_figure_with_its_state_after_activations(make_app):
    app = make_app()
    engine = sandbox([fig(1, "leonidas", 4, 4), fig(1, "ulysse", 12, 4), fig(1, "hylas", 4, 10, prone=True),
                      fig(1, "phobos", 20, 4), fig(2, "kara", 4, 20), fig(2, "jorund", 20, 20)],
                     dice=[6] * 80)
    engine.state.figures["1.phobos"].out = True
    scene = scene_for(app, engine)
    d = Driver(app)
    assert scene.fighters.side() == 1
    assert states(scene) == {"1.leonidas": ("ready", False), "1.ulysse": ("ready", False),
                             "1.hylas": ("ready", True), "1.phobos": ("out", False)}
    # every figure has a row on the screen, named; a click on one selects it
    assert [fid for _, fid in scene.fighters.rows] == ["1.leonidas", "1.ulysse", "1.hylas", "1.phobos"]
    row = dict((fid, r) for r, fid in scene.fighters.rows)
    d.click(row["1.ulysse"].center)
    assert scene.controller.selected == "1.ulysse"
    d.move(row["1.hylas"].center)
    tip = scene.fighters.tooltip_at(row["1.hylas"].center)
    assert "Hylas" in tip and t("ui.fighters.state.ready", "fr") in tip and t("ui.fighters.down", "fr") in tip
    # Ulysse activates (one static action): activating, then activated once it ends
    d.press("activate.0")
    assert states(scene)["1.ulysse"] == ("active", False)
    d.press("end")
    assert states(scene)["1.ulysse"] == ("done", False)
    assert states(scene)["1.leonidas"] == ("ready", False)
    # side 2 answers; the bar now lists side 2's figures for the person at the screen
    from game.ui.scenes.handoff import HandoffScene
    assert isinstance(app.top, HandoffScene)
    d.press("handoff.ready")
    assert scene.fighters.side() == 2 and set(states(scene)) == {"2.kara", "2.jorund"}


def test_next_figure_selects_one_still_to_activate(make_app):
    app = make_app()
    engine = sandbox([fig(1, "leonidas", 4, 4), fig(1, "ulysse", 12, 4), fig(1, "hylas", 4, 10),
                      fig(2, "kara", 4, 20)], dice=[6] * 80)
    engine.state.figures["1.leonidas"].status["activated"] = True
    scene = scene_for(app, engine)
    d = Driver(app)
    d.press("fighters.next")
    assert scene.controller.selected == "1.ulysse"      # Léonidas has acted already
    d.key(pygame.K_TAB)
    assert scene.controller.selected == "1.hylas"
    d.key(pygame.K_TAB)
    assert scene.controller.selected == "1.ulysse"      # round the list, skipping Léonidas
    engine.state.figures["1.ulysse"].status["activated"] = True
    engine.state.figures["1.hylas"].status["activated"] = True
    scene.session.version += 1
    assert not d.button("fighters.next").enabled


def test_end_turn_asks_then_passes_the_rest_against_the_ai(make_app):
    from game.ui.scenes.end_turn import EndTurnScene

    app = make_app()
    engine = Engine.new("evenor", "extermination", 3)
    human = engine.state.to_act
    other = 3 - human
    scene = scene_for(app, engine, {human: "human", other: "random"})
    d = Driver(app)
    assert scene.session.decider() == human
    d.press("fighters.end_turn")
    assert isinstance(app.top, EndTurnScene)
    names = [engine.state.figures[fid].name for fid in scene.fighters.to_activate()]
    assert all(n in app.top.body()[0][0] for n in names)
    d.press("endturn.cancel")                          # no: nothing happens
    assert app.top is scene and not engine.record.actions
    d.press("fighters.end_turn")
    d.press("endturn.confirm")
    for _ in range(200):
        if engine.state.turn > 1 or engine.state.outcome is not None:
            break
        d.frames(1)
    assert engine.state.turn == 2
    mine = [a for a, who in zip(engine.record.actions, scene.session.deciders) if who == human]
    assert mine and all(a.kind in ("activate", "end") for a in mine)
    assert all(a.value in (None, 0) for a in mine)     # a static activation, never a roll


def test_end_turn_in_mortebrume_and_trio(make_app):
    from tests.rulesets.trio import registered

    for rid, scenario in (("mortebrume", "dernier_debout"), ("trio", "clairiere")):
        with registered():
            app = make_app()
            engine = Engine.new(rid, scenario, 4)
            st = engine.state
            human = engine.decider()
            players = {s: ("human" if s == human else "random") for s in st.seats()}
            scene = scene_for(app, engine, players)
            d = Driver(app)
            assert set(states(scene)) == {f.id for f in st.figures.values() if f.side == human}
            turn = st.turn
            d.press("fighters.end_turn")
            d.press("endturn.confirm")
            for _ in range(300):
                if st.turn > turn or st.outcome is not None:
                    break
                d.frames(1)
            assert st.turn == turn + 1, rid
            mine = [a for a, who in zip(engine.record.actions, scene.session.deciders) if who == human]
            assert mine and {a.kind for a in mine} <= {"activate", "end"}, (rid, mine)
            app.worker.close()


def test_a_plain_click_on_a_friend_in_the_leader_ring_selects_it(make_app):
    app = make_app()
    engine = sandbox([fig(1, "leonidas", 4, 4), fig(1, "ulysse", 5.5, 4), fig(2, "kara", 4, 16)],
                     dice=[6] * 40)
    scene = scene_for(app, engine)
    d = Driver(app)
    d.click(d.figure_pos(scene, "1.leonidas"))
    d.click(d.figure_pos(scene, "1.ulysse"))
    assert scene.controller.selected == "1.ulysse" and not scene.controller.partners
    d.click(d.figure_pos(scene, "1.leonidas"))
    ctrl_click(d, d.figure_pos(scene, "1.ulysse"))
    assert scene.controller.selected == "1.leonidas" and scene.controller.partners == {"1.ulysse"}
    row = dict((fid, r) for r, fid in scene.fighters.rows)
    ctrl_click(d, row["1.ulysse"].center)              # the bar too: Ctrl+click toggles it
    assert scene.controller.selected == "1.leonidas" and not scene.controller.partners
    d.frames(1, [E(pygame.KEYDOWN, key=pygame.K_LCTRL, mod=0, unicode="", scancode=0)])
    d.click(row["1.ulysse"].center)
    d.frames(1, [E(pygame.KEYUP, key=pygame.K_LCTRL, mod=0, unicode="", scancode=0)])
    d.press("activate.1")
    assert set(engine.state.activation["members"]) == {"1.leonidas", "1.ulysse"}
    assert engine.record.actions[-1] == act("activate", "1.leonidas", value=1, partners=("1.ulysse",))


def test_figures_still_to_deploy_are_not_called_out_of_action(make_app):
    app = make_app()
    engine = Engine.new("mortebrume", "pierre_de_brume", 7, {"deployment": "choose", "designation": "choose"})
    scene = scene_for(app, engine)
    assert {rs for rs in states(scene).values()} == {("reserve", False)}
    row = scene.fighters.rows[0][0]
    assert t("ui.fighters.state.reserve", "fr") in scene.fighters.tooltip_at(row.center)
    assert not Driver(app).button("fighters.end_turn").enabled      # a designation is owed, not a turn


def test_end_turn_in_hot_seat_both_sides_pass(make_app):
    from game.ui.scenes.handoff import HandoffScene

    app = make_app()
    engine = sandbox([fig(1, "leonidas", 4, 4), fig(1, "ulysse", 12, 4), fig(2, "kara", 4, 20),
                      fig(2, "jorund", 20, 20)], dice=[6] * 80)
    st = engine.state
    scene = scene_for(app, engine)
    d = Driver(app)
    d.press("fighters.end_turn")
    d.press("endturn.confirm")                         # side 1 passes Léonidas: side 2's turn
    assert isinstance(app.top, HandoffScene) and scene.passer.active(1)
    d.press("handoff.ready")
    assert scene.fighters.side() == 2
    d.press("fighters.end_turn")
    d.press("endturn.confirm")                         # side 2 passes too: each side in turn
    for _ in range(40):
        if st.turn > 1:
            break
        if isinstance(app.top, HandoffScene):
            d.press("handoff.ready")
        d.frames(1)
    assert st.turn == 2 and not scene.passer.active()
    assert {a.kind for a in engine.record.actions} == {"activate", "end"}
    assert len(engine.record.actions) == 8             # four figures, each activated to do nothing


def test_next_figure_brings_it_into_view(make_app):
    app = make_app()
    engine = sandbox([fig(1, "leonidas", 2, 2), fig(1, "ulysse", 22, 22), fig(2, "kara", 12, 12)], dice=[6] * 40)
    scene = scene_for(app, engine)
    d = Driver(app)
    cam = scene.view.camera
    for _ in range(6):                                 # zoomed in on Léonidas' corner
        cam.zoom(1.4, d.figure_pos(scene, "1.leonidas"))
    d.frames(1)
    assert not scene.view.rect.collidepoint(d.figure_pos(scene, "1.ulysse"))
    d.key(pygame.K_TAB)
    d.key(pygame.K_TAB)
    assert scene.controller.selected == "1.ulysse"
    assert scene.view.rect.collidepoint(d.figure_pos(scene, "1.ulysse"))
