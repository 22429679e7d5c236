"""Khârn-Ages generic actions in the window: an antidote given from its button then a click on
the friend on the table, and the warning shout answered from the decision's button."""
from __future__ import annotations

from tests.rulesets.kharn_ages.flow_helpers import act, engine, figure, game
from tests.ui.driver import Driver


def _scene(make_app, eng):
    from game.ui.scenes.game import GameScene
    from game.ui.session import Session

    app = make_app()
    session = Session(eng, {1: "human", 2: "human"})
    scene = app.push(GameScene(app, session))
    d = Driver(app)
    d.frames(3)
    return scene, d


def test_an_antidote_is_given_from_its_button_and_a_click_on_the_friend(make_app):
    st = game(figure("a", 1, 5, 5, mastery=()), figure("f", 1, 6.1, 5, mastery=()), figure("e", 2, 13, 1))
    st.figures["f"].status.update(poisoned=True, poison=2)
    eng = engine(st)
    act(eng, "activate", "a")
    scene, d = _scene(make_app, eng)
    scene.controller.select("a")
    d.frames(2)
    assert d.button("antidote.2").enabled
    scene.controller.start(next(c for c in eng.legal_actions() if c.kind == "antidote"), 2)   # its button
    d.frames(2)
    d.click(d.figure_pos(scene, "f"))
    d.frames(2)
    last = eng.record.actions[-1]
    assert (last.kind, last.targets, last.value) == ("antidote", ("f",), 2)
    assert st.figures["f"].status["poison"] == 1


def test_the_warning_is_answered_from_the_watchers_button(make_app):
    from game.rulesets.kharn_ages.shooting import RangedWeapon

    bow = RangedWeapon("arc", damage=4, short=3, long=6, ammo=5)
    st = game(figure("s", 2, 5, 2, ranged=bow, chars={"A": 4}, mastery=()),
              figure("t", 1, 5, 6, pa=0, pv=20, mastery=()), figure("w", 1, 6.2, 6, mastery=()), first=2)
    eng = engine(st, 7, 4)
    act(eng, "activate", "s")
    act(eng, "shoot", "s", targets=("t",), value="basic/AA/weapon/")
    scene, d = _scene(make_app, eng)
    d.press("warn.w")
    d.frames(2)
    assert eng.record.actions[-1].kind == "warn" and st.figures["w"].status["pa"] == 3
