"""The window gathers an action from what its template declares (``ActionChoice.input``),
whatever the ruleset and whatever the action's name: a re-roll choice, a secret pick, a
direction pointed on the table, a spot for a figure, a form value then a target, a path
then a target where the action happens at the path's end. Templates of made-up kinds are
given to a Trio game (a test ruleset), and the actions the window submits are recorded."""
from __future__ import annotations

import pytest

from game.core.actions import ActionChoice, MoveSpec
from tests.rulesets.trio import registered
from tests.ui.driver import Driver


@pytest.fixture
def table(make_app, monkeypatch):
    """A hot-seat Trio table whose deciding side is offered ``offer[0]`` (set by the test);
    returns (driver, scene, offer, submitted)."""
    from game.core.engine import Engine
    from game.ui.scenes.game import GameScene
    from game.ui.session import Session

    with registered():
        app = make_app()
        engine = Engine.new("trio", "clairiere", 1)
        offer: list[list[ActionChoice]] = [[]]
        monkeypatch.setattr(type(engine.ruleset), "legal_actions", lambda self, state, ctx: offer[0])
        session = Session(engine, {1: "human", 2: "human"})
        submitted = []
        monkeypatch.setattr(session, "submit", lambda action: submitted.append(action))
        scene = app.push(GameScene(app, session))
        session.shown_side = session.decider()
        yield Driver(app), scene, offer, submitted


def _offer(scene, offer, *choices) -> None:
    offer[0] = list(choices)
    scene.session.engine._legal = None
    scene.session.version += 1
    scene.controller.sync()


def _mine(scene):
    st = scene.session.engine.state
    side = scene.session.decider()
    mine = [f for f in st.figures.values() if f.side == side and not f.out]
    foes = [f for f in st.figures.values() if f.side != side and not f.out]
    return mine[0], foes


def test_a_reroll_choice_and_a_secret_pick_are_buttons(table):
    d, scene, offer, submitted = table
    me, foes = _mine(scene)
    _offer(scene, offer, ActionChoice("again", me.id, values=(0, 2), input="reroll"),
           ActionChoice("pick", None, targets=(foes[0].id, foes[1].id), min_targets=1, input="secret"))
    scene.controller.select(me.id)
    d.press("again.2")
    assert submitted[-1].kind == "again" and submitted[-1].value == 2 and not submitted[-1].targets
    d.press(f"pick.{foes[1].id}")
    assert submitted[-1].kind == "pick" and submitted[-1].targets == (foes[1].id,)


def test_a_direction_is_pointed_on_the_table(table):
    d, scene, offer, submitted = table
    me, _ = _mine(scene)
    _offer(scene, offer, ActionChoice("face", me.id, values=(0.0, 90.0, 180.0, 270.0), input="facing"))
    scene.controller.select(me.id)
    d.press("face")
    assert scene.controller.mode.stage == "facing" and not submitted
    d.click(d.world_pos(scene, me.x, me.y + 60))        # below the figure: 90 degrees
    assert submitted[-1].kind == "face" and submitted[-1].value == 90.0


def test_a_figure_is_set_down_where_clicked(table):
    d, scene, offer, submitted = table
    me, _ = _mine(scene)
    st = scene.session.engine.state
    _offer(scene, offer, ActionChoice("place", me.id, values=(0.0, 180.0), input="placement",
                                      move=MoveSpec(10_000.0, required=True, ignore_terrain=True)))
    scene.controller.select(me.id)
    d.press("place")
    assert scene.controller.mode.stage == "placement"
    spot = (st.width * 0.25, st.height / 2)
    d.click(d.world_pos(scene, *spot))
    action = submitted[-1]
    assert action.kind == "place" and action.path[-1] == pytest.approx(spot, abs=3.0)
    assert action.value == 0.0                           # facing the table's centre, to the right


def test_a_form_value_then_its_target(table):
    d, scene, offer, submitted = table
    me, foes = _mine(scene)
    _offer(scene, offer, ActionChoice("zap", me.id, targets=(foes[0].id,), min_targets=1,
                                      values=("weak", "strong"), input="form"))
    scene.controller.select(me.id)
    d.press("zap.strong")
    assert scene.controller.mode.stage == "target"
    d.press(f"target.{foes[0].id}")
    assert submitted[-1].kind == "zap" and submitted[-1].value == "strong"
    assert submitted[-1].targets == (foes[0].id,)


def test_a_path_then_a_target_acting_where_the_path_ends(table):
    d, scene, offer, submitted = table
    me, foes = _mine(scene)
    _offer(scene, offer, ActionChoice("dash", me.id, targets=(foes[0].id,), min_targets=1,
                                      move=MoveSpec(200.0, required=True), hints={"at_point": True}))
    assert offer[0][0].gather == "path_target"
    scene.controller.select(me.id)
    d.press("dash")
    assert scene.controller.mode.stage == "path"
    d.click(d.world_pos(scene, me.x + 30, me.y))
    assert scene.controller.mode.stage == "target"
    d.press(f"target.{foes[0].id}")
    action = submitted[-1]
    assert action.kind == "dash" and action.targets == (foes[0].id,)
    assert len(action.path) >= 2 and action.values == (len(action.path) - 1,)


def test_a_move_ends_with_a_facing_clicked_after_the_path(table):
    d, scene, offer, submitted = table
    me, _ = _mine(scene)
    _offer(scene, offer, ActionChoice("step", me.id, values=(0.0, 90.0, 180.0, 270.0), input="facing",
                                      move=MoveSpec(200.0, required=True)))
    scene.controller.select(me.id)
    d.press("step")
    assert scene.controller.mode.stage == "path" and not submitted
    d.click(d.world_pos(scene, me.x + 40, me.y))
    m = scene.controller.mode
    assert m.stage == "facing" and m.path and not submitted
    end = m.path[-1]
    assert abs(end[0] - (me.x + 40)) < 2 and abs(end[1] - me.y) < 2
    d.click(d.world_pos(scene, end[0], end[1] - 60))       # above the end point: 270 degrees
    action = submitted[-1]
    assert action.kind == "step" and action.value == 270.0 and tuple(action.path[-1]) == tuple(end)


def test_a_move_facing_dragged_from_its_end_point(table):
    d, scene, offer, submitted = table
    me, _ = _mine(scene)
    _offer(scene, offer, ActionChoice("step", me.id, values=(0.0, 90.0, 180.0, 270.0), input="facing",
                                      move=MoveSpec(200.0, required=True)))
    scene.controller.select(me.id)
    d.press("step")
    start = d.world_pos(scene, me.x + 40, me.y)
    d.drag(start, (start[0], start[1] + 80))                # pressed at the end, dragged down: 90
    action = submitted[-1]
    assert action.kind == "step" and action.value == 90.0
    assert abs(action.path[-1][0] - (me.x + 40)) < 2 and abs(action.path[-1][1] - me.y) < 2


def test_after_the_path_the_facing_may_keep_the_last_heading(table):
    d, scene, offer, submitted = table
    me, _ = _mine(scene)
    _offer(scene, offer, ActionChoice("step", me.id, values=(0.0, 90.0, 180.0, 270.0), input="facing",
                                      move=MoveSpec(200.0, required=True)))
    scene.controller.select(me.id)
    d.press("step")
    d.click(d.world_pos(scene, me.x - 40, me.y))
    d.press("mode.face_along")
    assert submitted[-1].value == 180.0


def test_a_figure_dragged_then_faced(table):
    d, scene, offer, submitted = table
    me, _ = _mine(scene)
    _offer(scene, offer, ActionChoice("step", me.id, values=(0.0, 90.0, 180.0, 270.0), input="facing",
                                      move=MoveSpec(200.0, required=True)))
    scene.controller.select(me.id)
    d.drag(d.world_pos(scene, me.x, me.y), d.world_pos(scene, me.x + 40, me.y))
    m = scene.controller.mode
    assert m is not None and m.stage == "facing" and not submitted
    end = m.path[-1]
    d.click(d.world_pos(scene, end[0] - 60, end[1]))        # left of the end point: 180 degrees
    assert submitted[-1].kind == "step" and submitted[-1].value == 180.0 and submitted[-1].path[-1] == end


def test_the_only_thing_to_do_is_offered_whoever_is_selected(table):
    d, scene, offer, submitted = table
    me, _ = _mine(scene)
    _offer(scene, offer, ActionChoice("rise", me.id, input="none"))
    scene.controller.select(None)
    d.press("rise")                                   # the figure due, not selected
    assert submitted[-1].kind == "rise" and submitted[-1].actor == me.id
