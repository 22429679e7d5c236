"""A three-side game in the window (Trio, a test ruleset: two warbands and a neutral side
of beasts its scenario plays): the new-game form offers a player per seat only, the
neutral side's agent plays between the people's turns, the top bar names and colours the
side deciding and keys every side, the table draws each side in its colour, and the end
screen lists every side with the neutral one marked."""
from __future__ import annotations

import pygame
import pytest

from game.core.text import t
from game.ui.sides import MARKS, side_colour, side_light, side_mark
from tests.rulesets.trio import registered
from tests.ui.driver import Driver


@pytest.fixture
def app(make_app):
    with registered():
        yield make_app()


def start(app, d: Driver, seed: str = "4"):
    """The form: Trio, the second seat to the random agent (a developer setting), a seed; then Start."""
    from game.ui.scenes.new_game import NewGameScene

    app.settings.developer = True
    app.push(NewGameScene(app))
    d.choose("new.ruleset", "trio")
    keys = {b.key for b in d.buttons()}
    assert {"new.p1", "new.p2", "new.r1", "new.r2"} <= keys
    assert not {k for k in keys if k.startswith(("new.p3", "new.r3"))}     # the neutral side: no seat
    d.choose("new.p2", "random")
    d.type_text(app.top.seed_entry, seed)
    d.press("new.start")
    return app.top


def test_side_marks_and_colours_tell_four_sides_apart():
    assert [side_mark(s) for s in (1, 2, 3, 4)] == list(MARKS) and len(set(MARKS)) == 4
    assert len({side_colour(s) for s in (1, 2, 3, 4)}) == 4
    assert len({side_light(s) for s in (1, 2, 3, 4)}) == 4 and side_colour(5) == side_colour(1)


def test_a_three_side_game_in_the_window(app, tmp_path):
    from game.ai import candidates
    from game.ui.scenes.end import EndScene
    from game.ui.scenes.game import GameScene

    d = Driver(app)
    scene = start(app, d)
    assert isinstance(scene, GameScene)
    s = scene.session
    st = s.engine.state
    assert s.players == {1: "human", 2: "random", 3: "neutral"} and set(s.agents) == {2, 3}
    assert s.seats() == [1, 2] and not s.hot_seat() and s.viewer() == 1
    assert scene.playback.active() and not scene.playback.between_agents()   # a person plays side 1
    assert set(s.stats.dice) == {1, 2, 3}
    lang = app.lang
    beasts = t("ui.side.neutral", lang, roster="betes")
    assert [text for _, text in scene.bar.side_key()] == [
        t("ui.bar.key", lang, n=1, roster="lames"), t("ui.bar.key", lang, n=2, roster="crocs"),
        t("ui.bar.key", lang, n=3, roster=beasts)]

    # side 1 (a person) ends an activation; paused, the agents then play one decision a step
    assert s.decider() == 1 and scene.interactive()
    d.key(pygame.K_p)
    d.click(d.figure_pos(scene, "l1"))
    d.press("end")
    seen = []
    for _ in range(40):
        if s.human_to_decide():
            break
        seen.append(s.decider())
        if s.decider() == 3:
            text, colour = scene.bar.caption()
            assert t("ui.bar.side", lang, n=3, roster=beasts) in text and colour == side_light(3)
        d.press("ai.step")
    assert seen[0] == 2 and 3 in seen and s.decider() == 1
    assert 3 in s.deciders                       # the beasts' decisions were played here
    d.key(pygame.K_p)
    d.frames(3)
    scene.recap.close()
    d.frames(2)
    shot = tmp_path / "three_sides.png"
    pygame.image.save(app.screen, str(shot))
    pixels = {tuple(app.screen.get_at((x, y)))[:3] for x in range(scene.view.rect.x, scene.view.rect.right, 2)
              for y in range(scene.view.rect.y, scene.view.rect.bottom, 2)}
    for side in (1, 2, 3):
        dark = tuple(int(c * 0.55) for c in side_colour(side))
        assert side_colour(side) in pixels or dark in pixels, side

    # the rest of the game, quickly: the person always ends the activation at once
    for _ in range(400):
        if s.over():
            break
        if s.human_to_decide():
            assert s.submit(candidates.fallback(s.engine)) is None
        else:
            s.agent_step()
    assert s.over() and st is s.engine.state
    d.frames(3)
    assert isinstance(app.top, EndScene)
    pygame.image.save(app.screen, str(tmp_path / "three_sides_end.png"))
    body = app.top.body()
    lines = [text for text, _ in body]
    sides = [line for line in lines if "/3 " in line or "/2 " in line]
    assert len(sides) == 3 and beasts in sides[2] and beasts not in sides[0] + sides[1]
    assert [c for text, c in body if text in sides] == [side_light(1), side_light(2), side_light(3)]
    assert st.outcome.winner in (None, 1, 2)
    assert app.top.title() == (t("ui.end.draw", lang) if st.outcome.winner is None
                               else t("ui.end.winner", lang, n=st.outcome.winner))


def test_hot_seat_with_a_neutral_side(app):
    from game.core.actions import Action
    from game.core.engine import Engine
    from game.ui.session import Session

    s = Session(Engine.new("trio", "clairiere", 1), {1: "human", 2: "human", 3: "human"})
    assert s.players[3] == "neutral" and set(s.agents) == {3}     # never a person's seat
    assert s.hot_seat() and s.decider() == 2 and s.viewer() == 2
    assert s.handoff_due() is None                                 # side 2 has the screen
    assert s.submit(Action("end", "c1")) is None
    assert s.decider() == 3 and s.handoff_due() is None            # the beasts: no hand-off
    while s.decider() == 3:
        assert s.agent_step() or s.agent_step()
    assert s.decider() == 1 and s.handoff_due() == 1               # the next person: hand-off
