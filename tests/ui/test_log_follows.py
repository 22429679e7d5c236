"""The narrated log follows the game: new lines scroll into view while the reader is at
the bottom; a reader who scrolled up stays where they are and a "new lines" marker appears,
which brings them back to the bottom."""
from __future__ import annotations

import pygame

from game.core.text import t
from tests.ui.driver import Driver
from tests.ui.test_ai_play import skirmish, table_scene


def at_bottom(box) -> bool:
    """The last line of the log is in view (no scroll bar: everything is)."""
    if box.scroll_bar is None:
        return True
    last = box._tops[-1] + box._surfs[-1].get_height()
    return last - box.top <= box.view_height + 2


def test_new_lines_scroll_into_view_all_game_long(make_app):
    app = make_app()
    scene = table_scene(app, skirmish(seed=5), {1: "ai:normal", 2: "ai:normal"})
    d = Driver(app)
    s = scene.session
    overflowed = 0
    for _ in range(400):
        d.frames(1)
        box = scene.log.box
        if box.scroll_bar is not None:
            overflowed += 1
            assert at_bottom(box), f"line {len(s.log)}: the newest lines are out of view"
        if s.over() and overflowed > 30:
            break
    assert overflowed > 30 and scene.log.count == len(s.shown_log())


def _fill(scene, d, n: int) -> None:
    s = scene.session
    for _ in range(n):
        s.log.append(f"ligne {len(s.log)} : Ulysse avance de 3,0 pas")
        s.version += 1
        d.frames(1)


def test_a_reader_scrolled_up_stays_there_and_a_marker_brings_them_back(make_app):
    app = make_app()
    scene = table_scene(app, skirmish(seed=5), {1: "human", 2: "human"})
    d = Driver(app)
    _fill(scene, d, 40)
    box = scene.log.box
    assert at_bottom(box) and scene.log.marker is None
    pygame.mouse.set_pos(box.rect.center)         # the reader scrolls up with the wheel
    d.move(box.rect.center)                       # (pygame-gui reads where the pointer is)
    d.frames(3, [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False,
                                    precise_x=0.0, precise_y=1.0)])
    d.frames(20)
    box = scene.log.box
    read = box.top
    assert read > 0 and not at_bottom(box)
    _fill(scene, d, 5)                            # the game goes on
    box = scene.log.box
    assert box.top == pytest_approx(read)
    assert not at_bottom(box)
    marker = d.button("log.new")
    assert marker.label == t("play.log.new_lines", "fr") and marker.enabled
    assert box.rect.contains(marker.rect)
    d.press("log.new")
    d.frames(3)
    assert at_bottom(scene.log.box) and scene.log.marker is None
    _fill(scene, d, 3)                            # following again
    assert at_bottom(scene.log.box) and scene.log.marker is None


def pytest_approx(x):
    import pytest

    return pytest.approx(x, abs=2)
