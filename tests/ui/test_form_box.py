"""The window's forms and re-roll prompt, whatever the ruleset: a template whose values the
presentation lays out as linked fields opens its form once its target is clicked (at once
when it needs none), its chips are clicked over the table and the value built is played; a
re-roll decision shows the roll's dice, a click on one re-rolls it. Made-up templates are
given to a Trio game (a test ruleset) and the actions the window submits are recorded."""
from __future__ import annotations

import pytest

from game.core.actions import Action, ActionChoice
from game.core.events import DiceRolled
from game.core.presentation import FormLayout, OddsTable
from tests.rulesets.trio import registered
from tests.ui.driver import Driver

PARTS = {"weak": {"power": 1, "mark": ()}, "strong": {"power": 2, "mark": ()},
         "strong+x": {"power": 2, "mark": ("x",)}}


@pytest.fixture
def table(make_app, monkeypatch):
    from game.core.engine import Engine
    from game.ui.rules_info import info_for
    from game.ui.scenes.game import GameScene
    from game.ui.session import Session

    with registered():
        app = make_app()
        engine = Engine.new("trio", "clairiere", 1)
        offer: list[list[ActionChoice]] = [[]]
        monkeypatch.setattr(type(engine.ruleset), "legal_actions", lambda self, state, ctx: offer[0])
        pres = type(info_for("trio"))
        monkeypatch.setattr(pres, "form_layout", lambda self, state, choice, lang: FormLayout(
            ("power", "mark"), {v: PARTS[v] for v in choice.values}, {"power": "Power", "mark": "Mark"},
            {("power", 1): "One", ("power", 2): "Two", ("mark", "x"): "X"}, toggles=("mark",),
            marked="strong", submit="Go") if choice.values and choice.values[0] in PARTS else None)
        monkeypatch.setattr(pres, "form_odds", lambda self, state, table, choice, value, targets, lang: OddsTable(
            ("What", "Odds"), ((f"{value}->{','.join(targets)}", "50 %"),)))
        session = Session(engine, {1: "human", 2: "human"})
        submitted = []
        monkeypatch.setattr(session, "submit", lambda action: submitted.append(action))
        scene = app.push(GameScene(app, session))
        session.shown_side = session.decider()
        yield Driver(app), scene, offer, submitted


def _offer(scene, offer, *choices, pending=False) -> None:
    offer[0] = list(choices)
    st = scene.session.engine.state
    if pending:
        from game.core.state import Decision
        st.pending = [Decision(kind="ask", side=scene.session.decider(), figure=choices[0].actor)]
    scene.session.engine._legal = None
    scene.session.version += 1
    scene.controller.sync()


def _mine(scene):
    st = scene.session.engine.state
    side = scene.session.decider()
    mine = [f for f in st.figures.values() if f.side == side and not f.out]
    foes = [f for f in st.figures.values() if f.side != side and not f.out]
    return mine[0], foes


def _at(scene, name: str):
    """The centre of the box's chip, die or button of that name, as last drawn."""
    rect = scene.form_box.find(name)
    assert rect is not None, name
    return rect.center


def test_a_form_opens_after_its_target_and_plays_the_value_built(table):
    d, scene, offer, submitted = table
    me, foes = _mine(scene)
    _offer(scene, offer, ActionChoice("zap", me.id, targets=(foes[0].id,), min_targets=1,
                                      values=tuple(PARTS), input="form"))
    scene.controller.select(me.id)
    d.frames()
    d.press("zap")                                   # one button: the form lays the values out
    assert scene.controller.mode.stage == "target"
    d.press(f"target.{foes[0].id}")
    req = scene.controller.building
    assert req is not None and req.targets == (foes[0].id,) and not submitted
    assert req.form.value == "strong"                # the marked value first
    d.frames()
    assert scene.form_box.rect is not None and scene.form_box.hits
    rows = req.form.rows()
    x_chip = next(c for r in rows for c in r.chips if c.key == "x")
    assert x_chip.enabled and not x_chip.selected
    assert scene.form_box.find("chip.power.1") is not None
    d.click(_at(scene, "chip.mark.x"))
    assert req.form.value == "strong+x"
    d.frames()
    d.click(_at(scene, "form.submit"))
    assert submitted[-1] == Action("zap", me.id, targets=(foes[0].id,), value="strong+x")


def test_a_decision_without_target_opens_its_form_at_once(table):
    d, scene, offer, submitted = table
    me, _ = _mine(scene)
    _offer(scene, offer, ActionChoice("answer", me.id, values=tuple(PARTS), input="form"), pending=True)
    req = scene.controller.building
    assert req is not None and req.form.value == "strong"
    d.frames()
    assert scene.form_box.rect is not None
    d.key(__import__("pygame").K_RETURN)
    assert submitted[-1] == Action("answer", me.id, value="strong")


def test_the_re_roll_prompt_shows_the_dice_and_re_rolls_the_one_clicked(table):
    d, scene, offer, submitted = table
    me, _ = _mine(scene)
    scene.session.last_events = [DiceRolled(who=me.id, rule="attack", sides=10, faces=(2, 7), target=None,
                                            result=7, kept=(1,))]
    _offer(scene, offer, ActionChoice("keep", me.id, input="none"),
           ActionChoice("again", me.id, values=(0, 1), input="reroll"), pending=True)
    p = scene.controller.prompt
    assert p is not None and [x.face for x in p.dice()] == [2, 7]
    d.frames()
    assert scene.form_box.find("die.1") is not None
    d.click(_at(scene, "die.0"))
    assert submitted[-1] == Action("again", me.id, value=0)
