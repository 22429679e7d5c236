"""A roll in the log is a link: clicking it opens the "why?" box with the roll's whole
computation; Escape closes it."""
from __future__ import annotations

import pygame
import pygame_gui

from game.core.text import t


def _game_with_a_roll(make_app):
    from game.ai.agents import make_agent
    from game.core.engine import Engine
    from game.ui.scenes.game import GameScene
    from game.ui.session import Session

    app = make_app(lang="en")
    engine = Engine.new("evenor", "extermination", 3, {})
    session = Session(engine, {1: "human", 2: "human"}, lang="en")
    scene = app.push(GameScene(app, session))
    agent = make_agent("random", 5)
    while not any(getattr(line, "roll", None) is not None for line in session.log):
        assert session.submit(agent.choose(engine)) is None
    scene.draw(app.screen)
    return app, scene, session


def test_a_roll_in_the_log_opens_its_computation(make_app):
    app, scene, session = _game_with_a_roll(make_app)
    rolls = [line for line in session.log if getattr(line, "roll", None) is not None]
    assert scene.log.rolls == rolls                    # each roll line is linked, nothing else
    assert scene.log.box.links() == [f"roll:{i}" for i in range(len(rolls))]
    assert not scene.why.open
    scene.handle(pygame.event.Event(pygame_gui.UI_TEXT_BOX_LINK_CLICKED, link_target="roll:0",
                                    ui_element=scene.log.box))
    assert scene.why.open
    lines = scene.why.lines
    assert lines[0] == str(rolls[0])
    assert t("why.dice", "en", n=len(rolls[0].roll.faces), sides=6) in lines
    assert any(line.startswith("  " + t("why.ev.success", "en", target=rolls[0].roll.target))
               for line in lines)
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
    assert not scene.why.open


def test_another_link_or_box_opens_nothing(make_app):
    app, scene, session = _game_with_a_roll(make_app)
    scene.handle(pygame.event.Event(pygame_gui.UI_TEXT_BOX_LINK_CLICKED, link_target="roll:999",
                                    ui_element=scene.log.box))
    scene.handle(pygame.event.Event(pygame_gui.UI_TEXT_BOX_LINK_CLICKED, link_target="roll:0",
                                    ui_element=None))
    assert not scene.why.open


def test_a_click_on_a_roll_line_opens_it_and_hovering_underlines_it(make_app):
    from tests.ui.driver import Driver

    app, scene, session = _game_with_a_roll(make_app)
    d = Driver(app)
    d.frames(2)
    box = scene.log.box
    line = next(i for i, item in enumerate(box.items) if item.href is not None)
    tr = box.text_rect
    pos = (tr.x + 10, tr.y + box._tops[line] - int(box.top) + 3)
    assert tr.collidepoint(pos)
    plain = box.image.copy()
    pygame.mouse.set_pos(pos)                 # pygame-gui reads where the pointer is
    d.move(pos)
    assert box._hover == line and pygame.image.tobytes(box.image, "RGB") != pygame.image.tobytes(plain, "RGB")
    d.click(pos)
    assert scene.why.open and scene.why.lines[0] == str(box_line(scene, line))


def box_line(scene, index: int):
    href = scene.log.box.items[index].href
    return scene.log.roll_of(href)
