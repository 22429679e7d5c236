"""pygame-gui in the desktop game: the application's one UI manager, themed from
assets/ui/theme.json with the bundled DejaVu fonts at the interface scale, the pygame-gui
event types the frame loop drains from the queue, GuiButton, which names a pygame-gui button
by a stable key for code and tests, and ButtonSet, the buttons a part of a scene lays out
again whenever what they offer changes (elements kept while they stay the same)."""
from __future__ import annotations

import html
import json
import math
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pygame
import pygame_gui

from game.ui.theme import FONT_DIR

THEME_FILE = Path(__file__).resolve().parents[2] / "assets" / "ui" / "theme.json"
FONT_NAME = "dejavu"
SCALED_MISC = ("list_item_height", "title_bar_height", "rect_width")

# every event pygame-gui posts (and the old-style USEREVENT it posts beside each one)
EVENT_TYPES = [getattr(pygame_gui, n) for n in dir(pygame_gui)
               if n.startswith("UI_") and isinstance(getattr(pygame_gui, n), int)] + [pygame.USEREVENT]


def _fonts() -> tuple[str, str]:
    return str(FONT_DIR / "DejaVuSans.ttf"), str(FONT_DIR / "DejaVuSans-Bold.ttf")


def theme_data(scale: float) -> dict:
    """The theme file with every font set to DejaVu and sizes (fonts and a few metrics)
    multiplied by the interface scale."""
    raw = json.loads(THEME_FILE.read_text(encoding="utf-8"))
    regular, bold = _fonts()
    for name, block in raw.items():
        if name == "defaults" or not isinstance(block, dict):
            continue
        font = block.get("font")
        if font is not None:
            font["name"] = FONT_NAME
            font["size"] = str(max(8, round(int(font.get("size", 13)) * scale)))
            font["regular_path"], font["bold_path"] = regular, bold
        misc = block.get("misc", {})
        for key in SCALED_MISC:
            if key in misc:
                misc[key] = str(round(int(misc[key]) * scale))
    return raw


def font_sizes(scale: float) -> list[int]:
    raw = json.loads(THEME_FILE.read_text(encoding="utf-8"))
    return sorted({max(8, round(int(b["font"].get("size", 13)) * scale))
                   for b in raw.values() if isinstance(b, dict) and "font" in b})


def make_manager(size: tuple[int, int], scale: float, lang: str) -> pygame_gui.UIManager:
    manager = pygame_gui.UIManager(size, theme_data(scale), enable_live_theme_updates=False,
                                   starting_language=lang)
    regular, bold = _fonts()
    manager.add_font_paths(FONT_NAME, regular, bold)
    loaded = manager.get_theme().get_font_dictionary().loaded_fonts
    manager.preload_fonts([{"name": FONT_NAME, "point_size": px, "style": style}
                           for px in font_sizes(scale) for style in ("regular", "bold")
                           if f"{FONT_NAME}_{style}_aa_{px}" not in loaded])
    manager.set_locale(lang)
    cache_theming_ids(manager.get_theme())
    return manager


def cache_theming_ids(theme) -> None:
    """pygame-gui 0.6 keys its cache of an element's theming ids by a string made of nested
    joins whose length multiplies with the depth of the element's containers: a button in
    our panels paid up to 0.65 ms for the key alone. The same ids, cached by a plain key."""
    build = theme.build_all_combined_ids
    cache: dict[tuple, list[str]] = {}

    def cached(element_base_ids, element_ids, class_ids, object_ids) -> list[str]:
        key = tuple(None if ids is None else tuple(ids)
                    for ids in (element_base_ids, element_ids, class_ids, object_ids))
        got = cache.get(key)
        if got is None:
            got = cache[key] = build(element_base_ids, element_ids, class_ids, object_ids)
        return got

    theme.build_all_combined_ids = cached


def lazy_states(element) -> None:
    """A made or relabelled pygame-gui button draws each of its states (hovered, selected,
    active, disabled) over the next frames, about a quarter of a millisecond each; it also
    draws a state when it is first needed. Only the state shown now is kept in the queue:
    the others are drawn if the mouse ever comes (pygame-gui 0.6's drawable shapes)."""
    shape = getattr(element, "drawable_shape", None)
    queue = getattr(shape, "states_to_redraw_queue", None)
    active = getattr(getattr(shape, "active_state", None), "state_id", None)
    if queue is None or active is None:
        return
    for sid in list(queue):
        if sid != active and sid in shape.states:
            queue.remove(sid)
            shape.states[sid].generated = False


def drop_tip(element) -> None:
    """Take a pygame-gui element's tooltip down now (it comes back after a new hover).
    pygame-gui only does so when the pointer leaves the element: one hidden, moved or
    relabelled under a still pointer kept its old tooltip over whatever came there."""
    tip = getattr(element, "tool_tip", None)
    if tip is not None:
        tip.kill()
        element.tool_tip = None
    element.hover_time = 0.0


def gui_over(manager, rect) -> bool:
    """Whether a shown pygame-gui element is drawn over that screen rect."""
    for s in manager.get_sprite_group().sprites():
        if s.visible and s.image is not None and s.image.get_width() and s.rect.colliderect(rect):
            return True
    return False


def markup(lines) -> str:
    """Paragraphs as text-box markup: [(text, (r, g, b) or None, bold)] -> html subset."""
    out = []
    for text, colour, bold in lines:
        body = html.escape(text, quote=False).replace("\n", "<br>")
        if bold:
            body = f"<b>{body}</b>"
        if colour is not None:
            body = f"<font color='#{colour[0]:02X}{colour[1]:02X}{colour[2]:02X}'>{body}</font>"
        out.append(body)
    return "<br>".join(out)


class GuiButton:
    """A pygame-gui button with a stable key; rect is on the screen (absolute); ``since``:
    the app time (seconds) it last took a new place or label."""

    since = -1.0

    def __init__(self, element, key: str, action: Callable[[], None] | None, tooltip: str = "",
                 full: str | None = None):
        self.element, self.key, self.action, self.tooltip = element, key, action, tooltip
        self.full = full          # the whole label when the button shows it shortened

    @property
    def rect(self) -> pygame.Rect:
        return pygame.Rect(self.element.rect)

    @property
    def label(self) -> str:
        return self.full if self.full is not None else self.element.text

    @property
    def enabled(self) -> bool:
        return bool(self.element.is_enabled)

    @property
    def toggled(self) -> bool:
        return bool(self.element.is_selected)

    def click(self, pos) -> bool:
        if self.enabled and self.rect.collidepoint(pos) and self.action is not None:
            self.action()
            return True
        return False


def fit_label(font, text: str, width: int) -> str:
    """The label shortened with an ellipsis to fit the width (the font of the buttons)."""
    if font.size(text)[0] <= width:
        return text
    while len(text) > 3 and font.size(text + "…")[0] > width:
        text = text[:-1]
    return text.rstrip() + "…"


class GuiPart:
    """A part of a scene made of pygame-gui elements, given to App.attach: hidden while
    another scene covers it, killed when the scene leaves, made again on a new manager.
    Subclasses name the elements they hold now (`elements`) and drop their references to
    them (`forget`)."""

    hidden = False

    def elements(self) -> list:
        return []

    def forget(self) -> None:
        """The elements are gone (killed, or left with the old manager)."""

    def show(self) -> None:
        self.hidden = False
        for el in self.elements():
            el.show()

    def hide(self) -> None:
        self.hidden = True
        for el in self.elements():
            drop_tip(el)
            el.hide()

    def drop_tips(self) -> None:
        """Take down the tooltips of the part's elements (a form opens over the table)."""
        for el in self.elements():
            drop_tip(el)

    def kill(self) -> None:
        for el in self.elements():
            el.kill()
        self.forget()

    def rebuild(self) -> None:
        self.forget()


DOUBLE_CLICK_S = 0.35    # a second press this soon at the same spot is the end of a double click


def double_click(app, b: GuiButton) -> bool:
    """Whether this press of ``b`` is the second click of a double click whose first click
    rebuilt the buttons (True: ignore it). The first press of a double click on a panel
    button may replace the buttons; the new one under the pointer then took the second
    press, a choice nobody made ("4 actions" instead of the move asked). A button that
    took its place or label after the last press, pressed again at that same spot within
    DOUBLE_CLICK_S, is left alone; any later click (a person reads the new label first:
    well over a third of a second) plays it. Each accepted press is remembered (app time
    and pointer)."""
    now, pos = getattr(app, "now", None), getattr(app, "pointer", None)
    if now is None:
        return False
    last = getattr(app, "last_press", None)
    if last is not None and pos is not None and b.since >= last[0] and now - last[0] < DOUBLE_CLICK_S \
            and math.dist(pos, last[1]) <= 6 and b.rect.collidepoint(last[1]):
        return True
    app.last_press = (now, pos if pos is not None else b.rect.center)
    return False


@dataclass
class ButtonSpec:
    key: str
    rect: tuple
    label: str
    action: Callable[[], None] | None = None
    tooltip: str = ""
    enabled: bool = True
    toggled: bool = False


class ButtonSet(GuiPart):
    """A part of a scene (App.attach) made of pygame-gui buttons that its owner describes
    with ButtonSpecs each time they may change. Drawing a button's states is the costly part,
    so elements are kept: one showing the same label and tooltip at the same size is reused
    (only moved; enabled and toggled are set on it), else one of the same size is relabelled,
    else one is made. Buttons no longer wanted are hidden and kept in a pool for the next
    time (selecting another figure and back shows the same labels). A press runs the
    button's action after the frame's events, then `after` (the owner's invalidation)."""

    POOL = 24

    def __init__(self, app, after: Callable[[], None] | None = None):
        self.app, self.after = app, after
        self.buttons: list[GuiButton] = []
        self.hidden = False
        self._made: dict[str, tuple[tuple, GuiButton]] = {}
        self._pool: list[tuple[tuple, GuiButton]] = []     # hidden, oldest first
        self.scroller = None           # a scrolling container when the buttons overflow
        self._scroll_key = None

    def _usable(self, sig: tuple, b: GuiButton) -> bool:
        return b.element.alive() and b.element.ui_manager is self.app.ui and sig[3] == id(self.scroller)

    def set(self, specs: list[ButtonSpec], viewport=None, inner_height: int = 0) -> list[GuiButton]:
        """Lay the buttons out; with a viewport (screen rect), the spec rects are inside a
        scrolling container of that place whose content is inner_height tall."""
        self._scrolling(viewport, inner_height)
        container = self.scroller
        now = getattr(self.app, "now", 0.0)
        names = []
        for spec in specs:
            name = spec.key
            while name in names:                     # two buttons under one key: both shown
                name += "'"
            names.append(name)
        free = [(n, sb) for n, sb in self._made.items()] + [(None, sb) for sb in self._pool]
        free = [(n, (sig, b)) for n, (sig, b) in free if self._usable(sig, b)]

        def look(sig):
            return sig[1], sig[2], tuple(sig[0][2:])

        def take(pred):
            for i, (n, sb) in enumerate(free):
                if pred(n, sb[0]):
                    return free.pop(i)[1]
            return None

        chosen: list = [None] * len(specs)
        for i, (spec, name) in enumerate(zip(specs, names)):      # the same look: only moved
            want = (spec.label, spec.tooltip, tuple(spec.rect[2:]))
            chosen[i] = take(lambda n, sig: n == name and look(sig) == want) \
                or take(lambda n, sig: look(sig) == want)
        for i, (spec, name) in enumerate(zip(specs, names)):      # the same size: relabelled
            if chosen[i] is None:
                size = tuple(spec.rect[2:])
                chosen[i] = take(lambda n, sig: n == name and tuple(sig[0][2:]) == size) \
                    or take(lambda n, sig: tuple(sig[0][2:]) == size)
        made, out = {}, []
        for spec, name, old in zip(specs, names, chosen):
            sig = (tuple(spec.rect), spec.label, spec.tooltip, id(container))
            if old is not None:
                b = old[1]
                b.action, b.key = spec.action, spec.key
                if old[0] != sig:
                    self._update(b, spec, old[0])
                    drop_tip(b.element)           # its tooltip was about another place or text
                    b.since = now
                if not self.hidden and not b.element.visible:
                    b.element.show()
                    b.since = now
            else:
                b = self._make(spec, container)
                b.since = now
            el = b.element
            if spec.enabled and spec.action is not None:
                if not el.is_enabled:
                    el.enable()
            elif el.is_enabled:
                el.disable()
            if spec.toggled and not el.is_selected:
                el.select()
            elif not spec.toggled and el.is_selected:
                el.unselect()
            made[name] = (sig, b)
            out.append(b)
        kept = {id(b) for _, b in made.values()}
        pool = []
        for sb in self._pool:
            if id(sb[1]) not in kept:
                pool.append(sb) if self._usable(*sb) else sb[1].element.kill()
        for sig, b in self._made.values():
            if id(b) not in kept:
                drop_tip(b.element)
                if self._usable(sig, b):
                    b.element.hide()
                    pool.append((sig, b))
                else:
                    b.element.kill()
        while len(pool) > self.POOL:
            pool.pop(0)[1].element.kill()
        self._made, self.buttons, self._pool = made, out, pool
        return out

    def _scrolling(self, viewport, inner_height: int) -> None:
        from pygame_gui.elements import UIScrollingContainer

        key = None if viewport is None else (tuple(viewport), inner_height, id(self.app.ui))
        if key == self._scroll_key and (self.scroller is None or self.scroller.alive()):
            return
        if self.scroller is not None:
            self.scroller.kill()            # and the buttons in it
            self.scroller = None
        self._scroll_key = key
        if viewport is not None:
            self.scroller = UIScrollingContainer(pygame.Rect(viewport), manager=self.app.ui,
                                                 allow_scroll_x=False)
            self.scroller.set_scrollable_area_dimensions((viewport[2] - self.app.fonts.px(20),
                                                          inner_height))
            if self.hidden:
                self.scroller.hide()

    def _make(self, spec: ButtonSpec, container=None) -> GuiButton:
        from pygame_gui.elements import UIButton

        fonts = self.app.fonts
        rect = pygame.Rect(spec.rect)
        shown = fit_label(fonts.get(13), spec.label, rect.w - fonts.px(12))
        b = GuiButton(None, spec.key, spec.action, spec.tooltip,
                      full=spec.label if shown != spec.label else None)
        b.element = UIButton(rect, shown, manager=self.app.ui, container=container,
                             tool_tip_text=spec.tooltip or None,
                             command=lambda: self.app.call_later(lambda: self._fire(b)))
        lazy_states(b.element)
        if self.hidden:
            b.element.hide()
        return b

    def _update(self, b: GuiButton, spec: ButtonSpec, old: tuple) -> None:
        """Move, relabel or retip a kept element (cheaper than making it again)."""
        el = b.element
        if tuple(old[0][:2]) != tuple(spec.rect[:2]):
            el.set_relative_position(spec.rect[:2])
        if old[1] != spec.label:
            fonts = self.app.fonts
            shown = fit_label(fonts.get(13), spec.label, spec.rect[2] - fonts.px(12))
            b.full = spec.label if shown != spec.label else None
            el.set_text(shown)
            lazy_states(el)
        if old[2] != spec.tooltip:
            b.tooltip = spec.tooltip
            el.set_tooltip(spec.tooltip or None)

    def _fire(self, b: GuiButton) -> None:
        if b.action is not None and b.element.alive():
            if double_click(self.app, b):
                return
            b.action()
            if self.after is not None:
                self.after()

    def find(self, key: str) -> GuiButton | None:
        return next((b for b in self.buttons if b.key == key), None)

    # --- an attached part of the scene (App.attach)
    def elements(self) -> list:
        """The shown ones (the pool stays hidden) and their scrolling column."""
        return [el for el in [self.scroller] + [b.element for b in self.buttons] if el is not None]

    def kill(self) -> None:
        for _, b in self._pool:
            b.element.kill()
        super().kill()

    def forget(self) -> None:
        self._made, self.buttons, self.scroller, self._scroll_key, self._pool = {}, [], None, None, []

    def rebuild(self) -> None:
        """A new manager: the old elements went with the old one; the owner sets them again."""
        self.forget()
        if self.after is not None:
            self.after()
