"""Khârn-Ages' forms in the window, through the real engine with scripted dice: the attack
builder opens on the target clicked and plays the build made with its chips; the assault
keeps the build chosen in its form through the contact input (a path into reach); the
defence form opens by itself on the defender's decision with the advised defence chosen;
the new-game form offers "advised defence" per side."""
from __future__ import annotations

import pytest

from game.rulesets.kharn_ages.fighter import Shield
from tests.rulesets.kharn_ages.flow_helpers import act, engine, figure, game
from tests.ui.driver import Driver
from tests.ui.hot_seat import open_table

A = {"chars": {"V": 4, "P": 4, "A": 3, "C": 4}, "mastery": ()}
B = {"chars": {"V": 3, "P": 3, "A": 4, "C": 3}, "mastery": (), "pa": 4, "pv": 20}


@pytest.fixture
def table(make_app):
    def build(bx: float = 6, shield=None):
        st = game(figure("a", 1, 5, 5, **A), figure("b", 2, bx, 5, shield=shield, **B))
        eng = engine(st, 5, 8, 3, 3, 3, 3, 3, 3, 3, 3)
        act(eng, "activate", "a")
        d, scene = open_table(make_app, eng, "a")
        return d, scene, eng
    return build


def _click(d, scene, name: str) -> None:
    d.frames(2)
    rect = scene.form_box.find(name)
    assert rect is not None, name
    d.click(rect.center)


def test_the_attack_builder_plays_the_build_made_with_its_chips(table):
    d, scene, eng = table()
    d.press("attack.builder")                        # the panel's button that opens the builder
    d.press("target.b")
    req = scene.controller.building
    assert req is not None and req.targets == ("b",)
    _click(d, scene, "chip.pa.3")
    _click(d, scene, "chip.chars.('V', 'P', 'C')")
    _click(d, scene, "chip.damage.P")
    _click(d, scene, "chip.effects.C")
    assert req.form.value == "VPC/P/VC/"                 # V kept from the first build, C added
    want = req.form.value
    d.frames(2)
    assert scene.form_box._odds is not None and len(scene.form_box._odds.rows) >= 2   # the live odds
    _click(d, scene, "form.submit")
    assert eng.record.actions[-1].kind == "attack" and eng.record.actions[-1].value == want
    assert eng.record.actions[-1].targets == ("b",)


def test_the_assault_keeps_the_build_through_the_contact_input(table):
    d, scene, eng = table(bx=8)
    c = next(c for c in eng.legal_actions() if c.kind == "assault")
    scene.controller.start(c, None)
    d.press("target.b")
    req = scene.controller.building
    assert req is not None
    req.form.pick_value("VP/P/V/")
    _click(d, scene, "form.submit")
    last = eng.record.actions[-1]
    assert last.kind == "assault" and last.value == "VP/P/V/" and len(last.path) >= 2


def test_the_defence_form_opens_on_the_decision_with_the_advice_chosen(table):
    d, scene, eng = table(shield=Shield("ecu", 2, True))
    c = next(c for c in eng.legal_actions() if c.kind == "attack")
    scene.controller.start(c, None)
    d.press("target.b")
    scene.controller.building.form.pick_value("PC/P//")
    _click(d, scene, "form.submit")
    assert eng.state.pending and eng.state.pending[-1].kind == "defend"
    scene.session.shown_side = 2
    while scene.app.top is not scene:               # the hand-off screen, passed
        scene.app.pop()
    d.frames(3)
    req = scene.controller.building
    [dc] = eng.legal_actions()
    assert req is not None and req.choice.kind == "defend" and req.form.value == dc.hints["advised"]
    _click(d, scene, "chip.shield.d")                     # greyed under 3 PA: the reflex follows
    assert req.form.value == "/d//"
    _click(d, scene, "form.submit")
    assert eng.record.actions[-1].kind == "defend" and eng.record.actions[-1].value == "/d//"


def test_the_new_game_form_offers_the_advised_defence_per_side(make_app):
    from game.ui.scenes.new_game import NewGameScene

    app = make_app()
    d = Driver(app)
    sc = app.push(NewGameScene(app))
    d.frames(2)
    d.choose("new.ruleset", "kharn_ages")
    assert {"new.a1", "new.a2"} <= set(sc.dropdowns)
    d.choose("new.a2", "on")
    sc.start()
    d.frames(2)
    assert app.top.session.advised == {2}


def test_a_game_loaded_on_a_pending_reroll_shows_the_dice_prompt(make_app, tmp_path):
    """The re-roll prompt is about the roll before it: a save loaded on that decision (its
    story told again) still shows the dice, not the panel's buttons."""
    from game.ai.agents import make_agent
    from game.core.engine import Engine
    from tests.ui.test_ai_play import table_scene

    app = make_app()
    scene = table_scene(app, Engine.new("kharn_ages", "premiere_partie", 4), {1: "human", 2: "human"})
    session, me = scene.session, make_agent("random", 4)
    for _ in range(200):                                  # up to a roll to re-roll or keep
        pending = session.engine.state.pending
        if pending and pending[-1].kind == "roll":
            break
        assert session.submit(me.choose(session.engine.view_for(session.decider()))) is None
    assert session.engine.state.pending[-1].kind == "roll"
    d = Driver(app)
    path = tmp_path / "relance.json"
    scene.bar.save(path)
    scene.bar.load(path)
    d.frames(3)
    while not hasattr(app.top, "controller"):             # the hand-off screen, passed
        app.pop()
    new = app.top.session
    new.shown_side = new.decider()
    d.frames(3)
    prompt = app.top.controller.prompt
    assert new is not session and prompt is not None and prompt.actor == new.engine.state.pending[-1].figure
    assert len(prompt.dice()) == len(new.engine.state.pending[-1].options)
    assert new.submit(prompt.play_keep()) is None
    assert not new.engine.state.pending or new.engine.state.pending[-1].kind != "roll"
