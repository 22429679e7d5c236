"""Settings on pygame-gui: drop-downs for the language, the interface scale and the animation
speed, switches for the odds preview, strict measuring, the grid and the scale bar. Every
change applies at once (a new language or scale rebuilds the interface) and is saved."""
from __future__ import annotations

import pygame
from pygame_gui.elements import UIDropDownMenu

from game.core.text import number, t
from game.ui.scenes.common import GuiScene
from game.ui.settings import ANIM_SPEEDS, SCALES

LANGS = ("fr", "en")
SWITCHES = (("set.odds", "odds_preview", "ui.set.odds", "ui.tip.odds"),
            ("set.strict", "strict_measuring", "ui.set.strict", "ui.tip.strict"),
            ("set.mist_strict", "mist_strict", "ui.set.mist_strict", "ui.tip.mist_strict"),
            ("set.mist_deploy", "mist_deploy", "ui.set.mist_deploy", "ui.tip.mist_deploy"),
            ("set.grid", "grid", "ui.set.grid", ""),
            ("set.scale_bar", "scale_bar", "ui.set.scale_bar", ""),
            ("set.developer", "developer", "lang.set.developer", "lang.tip.developer"))


class SettingsScene(GuiScene):
    width = 520

    def __init__(self, app):
        super().__init__(app)
        self.dropdowns: dict[str, UIDropDownMenu] = {}
        self.values: dict[str, list] = {}

    def _choices(self):
        s, lang = self.app.settings, self.app.lang
        speed = lambda v: t("ui.anim.none", lang) if v == 0 else f"×{number(v, lang, None)}"  # noqa: E731
        return [("set.lang", t("ui.set.lang_label", lang), [(t("ui.lang.name", lg), lg) for lg in LANGS], s.lang),
                ("set.scale", t("ui.set.scale_label", lang), [(t("ui.set.percent", lang, v=v), v) for v in SCALES],
                 s.scale),
                ("set.anim", t("ui.set.anim_label", lang), [(speed(v), v) for v in ANIM_SPEEDS], s.anim_speed),
                ("set.ai_speed", t("ui.set.ai_speed_label", lang), [(speed(v), v) for v in ANIM_SPEEDS],
                 s.ai_speed)]

    def build(self) -> None:
        f, lang, s = self.app.fonts, self.app.lang, self.app.settings
        W, H = self.app.screen.get_size()
        w = min(self.px(self.width), W - self.px(20))
        x = (W - w) // 2
        rh, gap = self.px(32), self.px(8)
        rows = self._choices()
        n = len(rows) + len(SWITCHES) + 1
        title_h = f.get(26, True).get_linesize() + self.px(10)
        room = H - title_h - self.px(30)
        if n * (rh + gap) > room:                     # a small window at a large scale
            gap = max(2, gap // 3)
            rh = max(f.get(13).get_linesize() + self.px(8), room // n - gap)
        y = max(self.px(8), (H - title_h - n * (rh + gap)) // 2)
        self.add_label((0, y, W, title_h), t("ui.menu.settings", lang), object_id="#title")
        y += title_h + self.px(4)
        lw = w * 2 // 5
        self.dropdowns, self.values = {}, {}
        for key, label, pairs, current in rows:
            self.add_label((x, y, lw - self.px(8), rh), label)
            self.values[key] = [v for _, v in pairs]
            opts = [(text, f"o{i}") for i, (text, _) in enumerate(pairs)]
            start = opts[self.values[key].index(current)] if current in self.values[key] else opts[0]
            self.dropdowns[key] = UIDropDownMenu(opts, start, pygame.Rect(x + lw, y, w - lw, rh),
                                                 manager=self.app.ui, container=self.root,
                                                 expansion_height_limit=H - y - rh - self.px(4))
            y += rh + gap
        for key, name, text_key, tip in SWITCHES:
            on = t("ui.on" if getattr(s, name) else "ui.off", lang)
            self.add_button((x, y, w, rh), t(text_key, lang, v=on), lambda name=name: self._flip(name), key,
                            t(tip, lang) if tip else "")
            y += rh + gap
        self.add_button((x, y, w, rh), t("ui.back", lang), self.app.pop, "set.back")

    def update(self, dt: float) -> None:
        if self.root is None:
            return
        s = self.app.settings
        for key, attr in (("set.lang", "lang"), ("set.scale", "scale"), ("set.anim", "anim_speed"),
                          ("set.ai_speed", "ai_speed")):
            sel = self.dropdowns[key].selected_option
            oid = sel[1] if isinstance(sel, tuple) else ""
            if not oid[1:].isdigit():
                continue
            value = self.values[key][int(oid[1:])]
            if value != getattr(s, attr):
                setattr(s, attr, value)
                if attr == "lang":
                    for scene in self.app.scenes:
                        session = getattr(scene, "session", None)
                        if session is not None:
                            session.lang = value
                self.app.settings_changed()      # rebuilds this scene too
                return

    def _flip(self, name: str) -> None:
        setattr(self.app.settings, name, not getattr(self.app.settings, name))
        self.app.settings_changed()
