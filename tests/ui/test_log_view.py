"""The log view draws each line once: appending to a long log draws only the new lines,
a long log still scrolls to its very last line, the wheel scrolls it, and a new reader's
log is laid out anew."""
from __future__ import annotations

import pygame
import pytest
from pygame_gui.core import ObjectID

from game.ui.log_view import LogItem, LogView


@pytest.fixture
def view(make_app):
    app = make_app()
    f = app.fonts
    v = LogView(pygame.Rect(900, 300, 340, 260), app.ui, f.get(12), (f.px(5), f.px(4)),
                object_id=ObjectID(object_id="#log"))
    return app, v


def test_appending_draws_only_the_new_lines(view, monkeypatch):
    app, v = view
    v.set_items([LogItem(f"ligne {i} : Ulysse avance de 3,0 pas vers le gué") for i in range(600)])
    drawn = []
    render = LogView._render
    monkeypatch.setattr(LogView, "_render", lambda self, item, **kw: drawn.append(item) or render(self, item, **kw))
    v.append([LogItem("la dernière ligne")])
    v.update(1 / 60)
    assert [i.text for i in drawn] == ["la dernière ligne"]
    assert v.content_height == v._tops[-1] + v._surfs[-1].get_height()


def test_a_long_log_scrolls_to_its_last_line(view):
    app, v = view
    v.set_items([LogItem(f"ligne {i}") for i in range(3000)])
    v.to_end()
    v.update(1 / 60)
    last_bottom = v._tops[-1] + v._surfs[-1].get_height()
    assert v.below() <= 1
    assert last_bottom - v.top <= v.view_height + 1
    v.scroll_to(0)
    v.update(1 / 60)
    assert v.top == 0 and v.below() > 1000


def test_long_lines_wrap_within_the_width(view):
    app, v = view
    v.set_items([LogItem("mot " * 200)])
    surf = v._surfs[0]
    assert surf.get_width() <= v.text_rect.w and surf.get_height() > 5 * v.font.get_linesize()


def test_the_wheel_scrolls_up_over_the_view(view):
    from tests.ui.driver import Driver

    app, v = view
    v.set_items([LogItem(f"ligne {i}") for i in range(200)])
    v.to_end()
    d = Driver(app)
    d.frames(2)
    pygame.mouse.set_pos(v.rect.center)
    d.move(v.rect.center)
    before = v.top
    d.frames(3, [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=2, flipped=False, precise_x=0.0,
                                    precise_y=2.0)])
    d.frames(20)
    assert v.top < before and v.below() > 0


def test_a_view_made_anew_reuses_the_lines_drawn_before(view, monkeypatch):
    app, v = view
    items = [LogItem(f"ligne {i} : Ulysse avance") for i in range(300)]
    v.set_items(items)
    drawn = []
    render = LogView._render
    monkeypatch.setattr(LogView, "_render", lambda self, item, **kw: drawn.append(item) or render(self, item, **kw))
    again = LogView(pygame.Rect(v.rect), app.ui, v.font, v.padding, object_id=ObjectID(object_id="#log"),
                    cache=v.cache)
    again.set_items(items[:-1] + [LogItem("— une autre ligne")])
    assert [i.text for i in drawn] == ["— une autre ligne"]
