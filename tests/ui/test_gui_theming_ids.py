"""The theming ids pygame-gui works out for each element are the same with our cached key
as with pygame-gui's own, for elements nested in containers, and the slow key is built
once per distinct nesting, not once per element."""
from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.core import UIContainer
from pygame_gui.elements import UIButton

from game.ui import boot
from game.ui.gui import make_manager, theme_data


def _nested_buttons(manager) -> list[list[str]]:
    outer = UIContainer(pygame.Rect(0, 0, 400, 300), manager=manager, object_id="#outer")
    inner = UIContainer(pygame.Rect(10, 10, 300, 200), manager=manager, container=outer,
                        object_id="@panel")
    ids = []
    for n, oid in enumerate(("#a", "@b", None, "#a")):
        button = UIButton(pygame.Rect(0, 30 * n, 100, 28), "x", manager=manager, container=inner,
                          object_id=oid)
        ids.append(list(button.combined_element_ids))
    return ids


def test_cached_theming_ids_match_pygame_gui_and_skip_the_slow_key(monkeypatch):
    boot.headless((640, 400))
    plain = pygame_gui.UIManager((640, 400), theme_data(1.0), enable_live_theme_updates=False)
    ours = make_manager((640, 400), 1.0, "fr")
    assert _nested_buttons(ours) == _nested_buttons(plain)
    calls = []
    theme_class = type(ours.get_theme())
    slow = theme_class.build_all_combined_ids
    monkeypatch.setattr(theme_class, "build_all_combined_ids",
                        lambda self, *a: calls.append(a) or slow(self, *a))
    fresh = make_manager((640, 400), 1.0, "fr")
    _nested_buttons(fresh)
    _nested_buttons(fresh)
    assert calls and len(calls) == len({repr(a) for a in calls})     # each nesting once
