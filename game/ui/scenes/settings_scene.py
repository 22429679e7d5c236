"""Settings: language, interface scale, animation speed, odds preview, strict measuring,
grid and scale bar. Every change applies at once and is saved."""
from __future__ import annotations

from game.core.text import t
from game.ui.scenes.common import ListScene
from game.ui.settings import ANIM_SPEEDS, SCALES


class SettingsScene(ListScene):
    width = 460

    def _state_key(self):
        s = self.app.settings
        return (s.lang, s.scale, s.anim_speed, s.odds_preview, s.strict_measuring, s.mist_strict, s.grid,
                s.scale_bar)

    def title(self) -> str:
        return t("ui.menu.settings", self.app.lang)

    def items(self):
        s, lang = self.app.settings, self.app.lang
        onoff = lambda v: t("ui.on" if v else "ui.off", lang)  # noqa: E731
        speed = t("ui.anim.none", lang) if s.anim_speed == 0 else f"×{s.anim_speed:g}"
        return [
            ("set.lang", t("ui.set.lang", lang, v=t("ui.lang.name", lang)), self._lang, ""),
            ("set.scale", t("ui.set.scale", lang, v=s.scale), self._scale, ""),
            ("set.anim", t("ui.set.anim", lang, v=speed), self._anim, ""),
            ("set.odds", t("ui.set.odds", lang, v=onoff(s.odds_preview)), lambda: self._flip("odds_preview"),
             t("ui.tip.odds", lang)),
            ("set.strict", t("ui.set.strict", lang, v=onoff(s.strict_measuring)),
             lambda: self._flip("strict_measuring"), t("ui.tip.strict", lang)),
            ("set.mist_strict", t("ui.set.mist_strict", lang, v=onoff(s.mist_strict)),
             lambda: self._flip("mist_strict"), t("ui.tip.mist_strict", lang)),
            ("set.grid", t("ui.set.grid", lang, v=onoff(s.grid)), lambda: self._flip("grid"), ""),
            ("set.scale_bar", t("ui.set.scale_bar", lang, v=onoff(s.scale_bar)), lambda: self._flip("scale_bar"), ""),
            ("set.back", t("ui.back", lang), self.app.pop, ""),
        ]

    def _changed(self) -> None:
        self.app.settings_changed()
        self.refresh()

    def _lang(self) -> None:
        self.app.settings.lang = "en" if self.app.settings.lang == "fr" else "fr"
        for scene in self.app.scenes:
            session = getattr(scene, "session", None)
            if session is not None:
                session.lang = self.app.settings.lang
        self._changed()

    def _scale(self) -> None:
        s = self.app.settings
        s.scale = SCALES[(SCALES.index(s.scale) + 1) % len(SCALES)] if s.scale in SCALES else 100
        self._changed()

    def _anim(self) -> None:
        s = self.app.settings
        s.anim_speed = ANIM_SPEEDS[(ANIM_SPEEDS.index(s.anim_speed) + 1) % len(ANIM_SPEEDS)] \
            if s.anim_speed in ANIM_SPEEDS else 1.0
        self._changed()

    def _flip(self, name: str) -> None:
        setattr(self.app.settings, name, not getattr(self.app.settings, name))
        self._changed()
