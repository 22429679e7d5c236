"""The table scene's top bar on pygame-gui: the turn, who decides and what is asked, undo
with its lock, save, load, fit, grid and the menu."""
from __future__ import annotations

from pathlib import Path

import pygame
from pygame_gui.elements import UIButton

from game.core.errors import SaveError
from game.core.text import t
from game.ui import theme
from game.ui.gui import GuiButton, GuiPart
from game.ui.sides import draw_mark, side_colour, side_light, warband
from game.ui.widgets import rendered


def _later(app, fn):
    """A pygame-gui command (no argument, or it would be given the event) running fn after
    the events of the frame."""
    return lambda: app.call_later(fn)


class TopBar(GuiPart):
    """The table's top bar: the caption (turn, side, what is asked) drawn by the scene, and
    its buttons on pygame-gui (undo, save, load, fit, grid, menu), a part attached to the
    scene: hidden while another scene covers it, rebuilt on a new manager."""

    def __init__(self, scene):
        self.scene = scene
        self.buttons: list[GuiButton] = []
        self._key = None
        self._state = None
        self.hidden = False
        self._picture = None          # (what it shows, the bar's picture)
        self.left_limit = scene.top_rect.right if hasattr(scene, "top_rect") else 0
        scene.app.attach(scene, self)

    def invalidate(self) -> None:
        self._state = None

    def _specs(self):
        sc = self.scene
        eng = sc.session.engine
        lang = sc.app.lang
        specs = []
        if sc.replay is None:   # a replay steps from its own window (replay.ReplayControls)
            specs += [("undo", t("ui.undo", lang), self.undo, t("ui.tip.undo", lang)),
                      ("save", t("ui.save", lang), self.save, t("ui.tip.save", lang)),
                      ("load", t("ui.load", lang), self.load, t("ui.tip.load", lang))]
        return specs + [("fit", t("ui.fit", lang), lambda: sc.view.fit(eng.state), t("ui.tip.fit", lang)),
                        ("grid", t("ui.grid", lang), self.toggle_grid, t("ui.tip.grid", lang)),
                        ("menu", t("ui.menu", lang), self.menu, "")]

    def build(self) -> None:
        sc = self.scene
        app = sc.app
        key = (tuple(sc.top_rect), app.lang, sc.replay is not None, id(app.ui), app.settings.scale)
        if key != self._key:
            self._create()
            self._key, self._state = key, None
        can_undo = sc.session.can_undo()
        state = (can_undo, can_undo and sc.interactive(), app.settings.grid)
        if state != self._state:
            self._state = state
            self._refresh(*state)

    def _create(self) -> None:
        sc = self.scene
        f, app = sc.app.fonts, sc.app
        self._kill()
        h, gap = sc.top_rect.h - f.px(8), f.px(4)
        x = sc.top_rect.right - gap
        longest = {"undo": (t("ui.undo", app.lang), t("ui.undo_locked", app.lang))}
        for name, label, fn, tip in reversed(self._specs()):
            widest = max((f.get(13).size(s)[0] for s in longest.get(name, (label,))), default=0)
            w = max(f.px(70), widest + f.px(20))
            x -= w
            el = UIButton(pygame.Rect(x, sc.top_rect.y + f.px(4), w, h), label, manager=app.ui,
                          tool_tip_text=tip or None, command=_later(app, fn))
            if self.hidden:
                el.hide()
            self.buttons.insert(0, GuiButton(el, name, fn, tip))
            x -= gap
        self.left_limit = x

    def _refresh(self, can_undo: bool, undo_enabled: bool, grid: bool) -> None:
        lang = self.scene.app.lang
        for b in self.buttons:
            if b.key == "undo":
                b.element.set_text(t("ui.undo" if can_undo else "ui.undo_locked", lang))
                b.tooltip = t("ui.tip.undo" if can_undo else "ui.tip.undo_locked", lang)
                b.element.set_tooltip(b.tooltip)
                b.element.enable() if undo_enabled else b.element.disable()
            elif b.key == "grid":
                b.element.select() if grid else b.element.unselect()

    def _kill(self) -> None:
        for b in self.buttons:
            b.element.kill()
        self.buttons = []

    # --- an attached part of the scene (App.attach)
    def elements(self) -> list:
        return [b.element for b in self.buttons]

    def forget(self) -> None:
        self._key = None
        self.buttons = []

    def rebuild(self) -> None:
        super().rebuild()     # the old manager's elements went with it
        self.build()

    def draw(self, surf) -> None:
        """The bar's picture, made again only when its caption, legend or place changes."""
        sc = self.scene
        self.build()
        f = sc.app.fonts
        caption, key = self.caption(), self.side_key()
        pic_key = (caption, tuple(key), tuple(sc.top_rect), self.left_limit, f.scale)
        if self._picture is None or self._picture[0] != pic_key:
            self._picture = (pic_key, self._paint(caption, key))
        surf.blit(self._picture[1], sc.top_rect)

    def _paint(self, caption: tuple[str, tuple], key: list[tuple[int, str]]) -> pygame.Surface:
        sc = self.scene
        f = sc.app.fonts
        pic = pygame.Surface(sc.top_rect.size)
        pic.fill(theme.PANEL_LIGHT)
        text, colour = caption
        ox, oy = sc.top_rect.topleft
        room = self._draw_key(pic, self.left_limit - f.px(8) - ox, key, (ox, oy)) - f.px(16) + ox
        font = f.get(14, True) if f.get(14, True).size(text)[0] <= room else f.get(11, True)
        img = rendered(font, text, colour)
        y = (sc.top_rect.h - img.get_height()) // 2
        pic.blit(img, (f.px(10) - ox, y), pygame.Rect(0, 0, max(0, room), img.get_height()))
        return pic

    def side_key(self) -> list[tuple[int, str]]:
        """The legend of sides: every side and its name, when the game has more than two or
        a neutral one (with two, the caption's colour and the markers tell them apart)."""
        st = self.scene.session.engine.state
        ids = st.side_ids()
        if len(ids) <= 2 and not any(st.sides[s].neutral for s in ids):
            return []
        lang = self.scene.app.lang
        return [(s, t("ui.bar.key", lang, n=s, roster=warband(st, s, lang))) for s in ids]

    def _draw_key(self, surf, right: int, entries: list[tuple[int, str]], origin=(0, 0)) -> int:
        """Each side's colour and marker with its name, right-aligned at ``right`` (only
        the numbers when the names leave the caption too little room); returns its left.
        ``surf`` is the bar's picture, whose corner is at ``origin`` on the screen."""
        if not entries:
            return right
        sc = self.scene
        f = sc.app.fonts
        font = f.get(11)
        r, gap = f.px(8), f.px(10)
        if right + origin[0] - sum(2 * r + f.px(4) + font.size(x)[0] + gap for _, x in entries) \
                < (right + origin[0]) // 2:
            entries = [(side, str(side)) for side, _ in entries]
        widths = [2 * r + f.px(4) + font.size(text)[0] for _, text in entries]
        x = left = right - sum(widths) - gap * (len(entries) - 1)
        cy = sc.top_rect.centery - origin[1]
        for (side, text), w in zip(entries, widths):
            pygame.draw.circle(surf, side_colour(side), (x + r, cy), r)
            draw_mark(surf, side, (x + r, cy), max(2, r // 2), width=1)
            img = rendered(font, text, side_light(side))
            surf.blit(img, (x + 2 * r + f.px(4), cy - img.get_height() // 2))
            x += w + gap
        return left

    def caption(self) -> tuple[str, tuple]:
        """The bar's text (turn, side, what is being asked) and its colour."""
        sc = self.scene
        lang = sc.app.lang
        st = sc.session.engine.state
        side = sc.session.decider()
        if st.outcome is not None:
            text = t("ui.bar.over", lang)
            colour = theme.TEXT
        else:
            who = t("ui.bar.side", lang, n=side, roster=warband(st, side, lang)) + self._whose(side)
            text = t("ui.bar.turn", lang, turn=st.turn, max=st.max_turns) + " · " + who
            asked = sc.adapter.decision_caption(st, st.pending[-1], lang) if st.pending else None
            if asked:                          # a decision named by what it asks
                text += " · " + asked
            elif sc.session.reacting():
                text += " · " + t("ui.bar.reacting", lang)
            elif getattr(sc, "playback", None) is not None and sc.playback.paused:
                text += " · " + t("play.bar.paused", lang)
            elif sc.session.agent_to_decide():      # (not while a lesson is being read)
                text += " · " + t("ui.bar.thinking", lang)
            colour = side_light(side)
        if sc.replay is not None:
            text = sc.replay.caption() + " · " + text
        return text, colour

    def _whose(self, side: int | None) -> str:
        """What follows the side's name when one person plays against the computer: "(you)"
        or "(the computer)"; nothing in hot-seat, where the hand-off screens say it."""
        session = self.scene.session
        if session.hot_seat() or side not in session.seats():
            return ""
        if not any(session.is_human(s) for s in session.seats()):
            return ""      # the computer against itself: both sides are the computer
        return " " + t("ui.bar.you" if session.is_human(side) else "ui.bar.computer", self.scene.app.lang)

    def click(self, pos) -> bool:
        """pygame-gui takes the clicks on the buttons; a click elsewhere on the bar is
        swallowed so that it never reaches the table."""
        return self.scene.top_rect.collidepoint(pos)

    # --- commands
    def undo(self) -> None:
        sc = self.scene
        if sc.replay is not None:
            return
        if not sc.session.undo():
            sc.controller.say(t("ui.undo_impossible", sc.app.lang), refused=True)
        else:
            sc.controller.say(t("ui.undone", sc.app.lang))

    def save(self, path=None) -> None:
        """Without a path, the save dialog (a named slot); with one, save there at once."""
        sc = self.scene
        if path is None:
            from game.ui.scenes.saves import SaveScene
            sc.app.push(SaveScene(sc.app, sc))
            return
        try:
            sc.session.save(path)
            sc.controller.say(t("ui.saved", sc.app.lang, path=str(path)))
        except OSError as exc:
            sc.controller.say(t("ui.save_failed", sc.app.lang, error=str(exc)), refused=True)

    def quick_save(self) -> None:
        """F5: the quick slot (its own to overwrite), and a brief line saying so."""
        from game.ui.slots import quick_path

        sc = self.scene
        if sc.replay is not None:
            return
        lang = sc.app.lang
        try:
            sc.session.save(quick_path(), name=t("ui.slots.quick", lang))
        except OSError as exc:
            sc.toast.show(t("ui.save_failed", lang, error=exc.strerror or str(exc)), refused=True)
            return
        sc.toast.show(t("ui.slots.quick_done", lang))

    def quick_load(self) -> None:
        """F9: the quick slot, as it was saved (with a hand-off first between people)."""
        from game.ui.slots import quick_path

        sc = self.scene
        if sc.replay is not None:
            return
        if not quick_path().exists():
            sc.toast.show(t("ui.slots.quick_none", sc.app.lang), refused=True)
            return
        self.load(quick_path())

    def load(self, path=None) -> None:
        """Without a path, the list of saves; with one, load it in place of this game (a
        refusal in the player's language, the game left as it was)."""
        sc = self.scene
        from game.ui.scenes.menu import LoadScene
        if path is None:
            sc.app.push(LoadScene(sc.app))
            return
        try:
            from game.ui.session import Session
            new = Session.load(path, lang=sc.app.lang, autosave=sc.session.autosave)
        except SaveError as exc:
            from game.core.record import refusal_text

            text = refusal_text(exc, sc.app.lang, file=Path(path).name)
            sc.controller.say(text, refused=True)
            sc.toast.show(text, refused=True)
            return
        from game.ui.scenes.game import GameScene
        sc.app.replace(GameScene(sc.app, new))

    def toggle_grid(self) -> None:
        s = self.scene.app.settings
        s.grid = not s.grid
        self.scene.app.settings_changed()

    def menu(self) -> None:
        from game.ui.scenes.menu import PauseScene
        self.scene.app.push(PauseScene(self.scene.app, self.scene))
