"""Scenes built of pygame-gui elements: GuiScene (elements created when shown, hidden when
another scene covers it, killed when it leaves; buttons found by a stable key) and ListScene,
a title, a few lines of text and a column of buttons (menus, hand-off, end of game,
settings), scrolling when the column is taller than the window."""
from __future__ import annotations

import pygame
from pygame_gui import UI_CONFIRMATION_DIALOG_CONFIRMED
from pygame_gui.core import ObjectID, UIContainer
from pygame_gui.elements import UIButton, UILabel, UIScrollingContainer, UITextBox
from pygame_gui.windows import UIConfirmationDialog

from game.core.text import t
from game.ui import theme
from game.ui.app import Scene
from game.ui.gui import GuiButton, markup
from game.ui.tip_place import keep_tips_clear

NAV_KEYS = ("back", "start", "ok")     # the last part of a navigation button's key

COLOUR_CLASS = {theme.TEXT_DIM: "@dim", theme.REFUSAL: "@refusal", theme.GREEN: "@ok",
                theme.YELLOW: "@note"}


class GuiScene(Scene):
    """Subclasses create their elements in build() with the helpers below."""

    dim = False          # draw over the scene below, darkened

    def __init__(self, app):
        super().__init__(app)
        self.opaque = not self.dim
        self.root: UIContainer | None = None
        self.buttons: list[GuiButton] = []
        self.mouse = (0, 0)
        self.dialog = None
        self.frame: pygame.Rect | None = None   # the panel drawn under a dimmed scene's elements
        self._asked = None           # (dialog, command): its confirmation arrives as an event

    # --- life cycle
    def build(self) -> None: ...

    def show(self) -> None:
        if self.root is None or self.root.ui_manager is not self.app.ui:
            self._build()
        else:
            self.root.show()

    def hide(self) -> None:
        if self.root is not None:
            self.root.hide()

    def leave(self) -> None:
        self._close_dialog()
        if self.root is not None:
            self.root.kill()
        self.root, self.buttons = None, []

    def relabel(self) -> None:
        if self.root is not None:
            self._build()

    def refresh(self) -> None:
        self.relabel()

    def _build(self) -> None:
        self._close_dialog()
        if self.root is not None and self.root.ui_manager is self.app.ui:
            self.root.kill()
        w, h = self.app.screen.get_size()
        self.root = UIContainer(pygame.Rect(0, 0, w, h), manager=self.app.ui)
        self.buttons = []
        self.build()

    # --- element helpers (containers default to the scene's root)
    def px(self, n: float) -> int:
        return self.app.fonts.px(n)

    def add_button(self, rect, label: str, fn, key: str, tooltip: str = "", container=None,
                   enabled: bool = True, object_id: str | None = None) -> GuiButton:
        command = (lambda: self.app.call_later(fn)) if fn is not None else None
        el = UIButton(pygame.Rect(rect), label, manager=self.app.ui, container=container or self.root,
                      tool_tip_text=tooltip or None, command=command,
                      object_id=ObjectID(class_id=object_id) if object_id else None)
        if fn is None or not enabled:
            el.disable()
        button = GuiButton(el, key, fn, tooltip)
        self.buttons.append(button)
        return button

    def add_label(self, rect, text: str, colour=None, container=None, object_id: str | None = None):
        oid = object_id or COLOUR_CLASS.get(colour)
        return UILabel(pygame.Rect(rect), text, manager=self.app.ui, container=container or self.root,
                       object_id=ObjectID(object_id=oid) if oid and oid.startswith("#") else
                       ObjectID(class_id=oid) if oid else None)

    def add_text(self, rect, lines, container=None, plain: bool = True, centred: bool = False):
        """A text box of [(text, colour or None)] or [(text, colour, bold)] paragraphs."""
        rows = [(ln[0], ln[1], ln[2] if len(ln) > 2 else False) for ln in lines]
        style = "@centred" if centred else "@plain" if plain else None
        return UITextBox(markup(rows), pygame.Rect(rect), manager=self.app.ui,
                         container=container or self.root,
                         object_id=ObjectID(class_id=style) if style else None)

    def add_scroller(self, rect, inner_height: int, container=None) -> UIScrollingContainer:
        box = UIScrollingContainer(pygame.Rect(rect), manager=self.app.ui,
                                   container=container or self.root, allow_scroll_x=False)
        box.set_scrollable_area_dimensions((rect[2] - self.px(20) if inner_height > rect[3] else rect[2],
                                            inner_height))
        return box

    def confirm(self, text: str, fn, ok: str = "") -> None:
        """Ask before doing something that cannot be taken back (a pygame-gui dialog; its
        buttons are found as 'confirm.ok' and 'confirm.cancel')."""
        self._close_dialog()
        W, H = self.app.screen.get_size()
        w, h = min(self.px(460), W - 20), min(self.px(200), H - 20)
        lang = self.app.lang
        ok = ok or t("ui.confirm.ok", lang)
        dlg = UIConfirmationDialog(pygame.Rect((W - w) // 2, (H - h) // 2, w, h), text, manager=self.app.ui,
                                   window_title=t("ui.confirm.title", lang), action_short_name=ok)
        self._scale_dialog_buttons(dlg, ok, t("ui.confirm.cancel", lang))
        self.dialog = dlg
        self._asked = (self.dialog, fn)
        self.buttons += [GuiButton(self.dialog.confirm_button, "confirm.ok", None),
                         GuiButton(self.dialog.cancel_button, "confirm.cancel", None)]

    def _scale_dialog_buttons(self, dlg, ok: str, cancel: str) -> None:
        """The dialog's own buttons have a fixed 30 px height: put buttons sized for the
        interface scale in their place (the dialog knows them by these attributes)."""
        font = self.app.fonts.get(13)
        bh, m = self.px(32), self.px(10)
        bw = max(font.size(ok)[0], font.size(cancel)[0]) + self.px(28)
        anchors = {"left": "right", "right": "right", "top": "bottom", "bottom": "bottom"}
        dlg.cancel_button.kill()
        dlg.confirm_button.kill()
        dlg.cancel_button = UIButton(pygame.Rect(-bw - m, -bh - m, bw, bh), cancel, manager=self.app.ui,
                                     container=dlg, object_id="#cancel_button", anchors=anchors)
        dlg.confirm_button = UIButton(pygame.Rect(-bw - m, -bh - m, bw, bh), ok, manager=self.app.ui,
                                      container=dlg, object_id="#confirm_button",
                                      anchors={**anchors, "left_target": dlg.cancel_button,
                                               "right_target": dlg.cancel_button})
        cw, ch = dlg.get_container().get_size()
        dlg.confirmation_text.set_dimensions((cw - 10, ch - bh - 2 * m - 5))

    def _close_dialog(self) -> None:
        if self.dialog is not None:
            self.buttons = [b for b in self.buttons if not b.key.startswith("confirm.")]
            if self.dialog.alive():
                self.dialog.kill()
        self.dialog = None

    def find(self, key: str):
        for b in self.buttons:
            if b.key == key:
                return b
        return None

    # --- input and drawing
    def handle(self, event) -> None:
        if event.type == UI_CONFIRMATION_DIALOG_CONFIRMED and self._asked is not None \
                and event.ui_element is self._asked[0]:
            fn = self._asked[1]
            self._close_dialog()
            self._asked = None
            fn()
        elif event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        elif event.type == pygame.KEYDOWN:
            self.key(event)

    def key(self, event) -> None:
        if self.dialog is not None and self.dialog.alive():
            if event.key == pygame.K_ESCAPE:
                self._close_dialog()
            return
        if event.key == pygame.K_ESCAPE and any(
                dd.current_state is dd.menu_states.get("expanded")
                for dd in getattr(self, "dropdowns", {}).values()):
            self.refresh()                       # Escape closes an open list first
        elif event.key == pygame.K_ESCAPE and len(self.app.scenes) > 1:
            self.app.pop()

    def nav_rects(self) -> list[pygame.Rect]:
        """Where the scene's way on or out is (Back, Start, a dialog's OK): no tooltip may
        hide it (pygame-gui puts a tooltip just under its widget, over whatever is there)."""
        return [pygame.Rect(b.rect) for b in self.buttons if b.key.rsplit(".", 1)[-1] in NAV_KEYS]

    def draw(self, surf) -> None:
        if self.dialog is not None and not self.dialog.alive():   # closed or cancelled
            self._close_dialog()
        keep_tips_clear(self.app.ui, self.nav_rects())
        if self.dim:
            shade = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
            shade.fill((10, 10, 12, 200))
            surf.blit(shade, (0, 0))
            if self.frame is not None:               # a panel keeps the text off the dimmed table
                pygame.draw.rect(surf, theme.PANEL, self.frame, border_radius=self.px(8))
                pygame.draw.rect(surf, theme.PANEL_LIGHT, self.frame, width=1, border_radius=self.px(8))
        else:
            surf.fill(theme.BG)


class ListScene(GuiScene):
    """Subclasses fill title(), body() -> [(text, colour)] and
    items() -> [(key, label, fn or None, tooltip)]."""

    width = 420

    def title(self) -> str:
        return ""

    def body(self) -> list[tuple[str, tuple]]:
        return []

    def items(self) -> list[tuple[str, str, object, str]]:
        return []

    def build(self) -> None:
        f = self.app.fonts
        W, H = self.app.screen.get_size()
        w = min(self.px(self.width), W - 20)
        x = (W - w) // 2
        items = self.items()
        bh, gap = self.px(34), self.px(8)
        tw = min(self.px(self.width + 200), W - 40)
        body = self.body()
        title_h = f.get(26, True).get_linesize() + self.px(10)
        body_h = 0
        if body:
            from game.ui.widgets import wrap
            lines = sum(len(wrap(f.get(14), text, tw - self.px(8))) for text, _ in body)
            body_h = min(lines * int(f.get(14).get_linesize() * 1.2) + self.px(12), H // 2)
        column = len(items) * (bh + gap)
        total = title_h + body_h + self.px(16) + column
        y = top = max(self.px(16), (H - total) // 2)
        self.add_label((0, y, W, title_h), self.title(), object_id="#title")
        y += title_h + self.px(6)
        if body:
            self.body_box = self.add_text(((W - tw) // 2, y, tw, body_h), body, centred=True)
            y += body_h
        y += self.px(10)
        room = H - y - self.px(12)
        if items and column > room:              # tighten the column before scrolling it
            gap = max(2, gap // 3)
            bh = max(f.get(13).get_linesize() + self.px(10), room // len(items) - gap)
            column = len(items) * (bh + gap)
        container, cx, cy = None, x, y
        if column > room:                        # a small window at a large scale: scroll
            container = self.add_scroller((x, y, w + self.px(20), room), column)
            cx, cy = 0, 0
        for key_name, label, fn, tip in items:
            self.add_button((cx, cy, w, bh), label, fn, key_name, tip, container=container)
            cy += bh + gap
        m = self.px(14)
        left = min(x, (W - tw) // 2) if body else x
        bottom = y + min(column, room) if container is not None else cy
        self.frame = pygame.Rect(left - m, top - m, W - 2 * left + 2 * m, bottom - top + 2 * m).clip(
            pygame.Rect(0, 0, W, H))
        self.after_build(y)

    def after_build(self, y: int) -> None:
        """Extra elements below the title (subclasses)."""
