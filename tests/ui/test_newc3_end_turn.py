"""Newcomer findings of issue 18 (third round): "End turn" names the figures left by their
names and passes a Khârn-Ages side (activate, end) and a Bonus / Malus side (secret pick,
activate, do nothing) to the end of the turn, and is open at a secret pick."""
from __future__ import annotations

from tests.ui.driver import Driver
from tests.ui.test_ai_play import frames_until


def test_end_turn_names_the_figures_left_as_the_bar_does(make_app):
    """Khârn-Ages figures' ids (k1_01_paladin) are no names: "End turn?" lists them by the
    names the fighter bar shows."""
    from game.core.engine import Engine
    from game.ui.rules_info import info_for
    from game.ui.scenes.end_turn import EndTurnScene
    from tests.ui.test_fighter_bar import scene_for

    app = make_app(lang="fr")
    engine = Engine.new("kharn_ages", "premiere_partie", 1)
    human = engine.decider()
    scene = scene_for(app, engine, {human: "human", 3 - human: "human"})
    d = Driver(app)
    d.press("fighters.end_turn")
    assert isinstance(app.top, EndTurnScene)
    text = " ".join(line for line, _ in app.top.body())
    left = scene.fighters.to_activate()
    assert left and all(info_for("kharn_ages").name_of(engine.state, fid, "fr") in text for fid in left)
    assert not any(fid in text for fid in left)


def test_end_turn_passes_a_kharn_ages_side_to_the_end_of_the_turn(make_app):
    """Khârn-Ages: between activations the passing activates the side's next figure and ends
    it (every figure is activated for the turn to end); it used to stop at once with "no
    way to pass now". Both seats pass (hot-seat): the turn ends, every step a bare
    activation or its end."""
    from game.core.engine import Engine
    from tests.ui.test_fighter_bar import scene_for

    app = make_app(lang="fr")
    engine = Engine.new("kharn_ages", "premiere_partie", 1)
    scene = scene_for(app, engine, {1: "human", 2: "human"})
    d = Driver(app)
    first = engine.decider()
    scene.passer.start(first)
    scene.passer.start(3 - first)
    _pass_until_turn_two(scene, d, 60)
    assert engine.state.turn == 2, scene.controller.message
    assert engine.record.actions and all(a.kind in ("activate", "end") for a in engine.record.actions)
    assert all(a.value is None for a in engine.record.actions)


def test_end_turn_passes_a_bonus_malus_side_through_its_secret_picks(make_app):
    """Bonus / Malus: each figure to act is picked in secret, a decision; passing the turn
    picks the next figure, activates it and has it do nothing. It used to stop at the first
    pick, "passing the rest of its turn" while it waited for a click."""
    from game.core.engine import Engine
    from tests.ui.test_fighter_bar import scene_for

    app = make_app(lang="fr")
    engine = Engine.new("bonus_malus", "premiere_partie", 1)
    scene = scene_for(app, engine, {1: "human", 2: "human"})
    d = Driver(app)
    scene.passer.start(1)
    scene.passer.start(2)
    _pass_until_turn_two(scene, d, 80)
    assert engine.state.turn == 2, scene.controller.message
    assert {a.kind for a in engine.record.actions} <= {"pick", "activate", "nothing"}


def test_end_turn_is_open_at_a_secret_pick_and_passes_the_turn(make_app):
    """Bonus / Malus: a turn begins with the side's secret pick; "End turn" is open there
    (the passing answers the pick itself) and passes the side's turn against the AI."""
    from game.core.engine import Engine
    from game.ui.scenes.end_turn import EndTurnScene
    from tests.ui.test_fighter_bar import scene_for

    app = make_app(lang="fr")
    engine = Engine.new("bonus_malus", "premiere_partie", 1)
    scene = scene_for(app, engine, {1: "human", 2: "random"})
    d = Driver(app)
    assert engine.state.pending and engine.decider() == 1
    d.press("fighters.end_turn")
    assert isinstance(app.top, EndTurnScene)
    d.press("endturn.confirm")
    frames_until(d, lambda: engine.state.turn > 1 or engine.state.outcome is not None, 200)
    assert engine.state.turn == 2
    mine = [a for a, who in zip(engine.record.actions, scene.session.deciders) if who == 1]
    assert mine and {a.kind for a in mine} <= {"pick", "activate", "nothing"}


def _pass_until_turn_two(scene, d, limit: int) -> None:
    """Let "End turn" pass both sides, a step a frame, until turn 2 (or it stops)."""
    engine = scene.session.engine
    for _ in range(limit):
        if engine.state.turn > 1 or not scene.passer.active():
            break
        scene.passer.step()
        d.frames(1)
