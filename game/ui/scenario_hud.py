"""The scenario's HUD under the fighter bar: its objective, the score toward it (the
ruleset's presentation writes both: ``scenario_hud``), the turns left (or no limit, from
``turn_limit``), and the switches of the legend (L) and of the zones (O). The deployment
and objective zones the presentation declares are drawn under the figures, in the table's
own picture: shown while figures are being set down and on the first turn, then as the
player switches them."""
from __future__ import annotations

import pygame

from game.core.text import t
from game.ui import theme
from game.ui.gui import ButtonSpec
from game.ui.sides import side_colour
from game.ui.widgets import draw_text, text_height


def underlay_of(pres, state) -> tuple:
    """The scenario's deployment zones (in their side's colour) and objective areas, as the
    table draws them under its figures; empty when there are none."""
    zones = tuple((side_colour(side), tuple(z)) for side, rects in sorted(pres.deployment_zones(state).items())
                  for z in rects)
    areas = tuple((theme.YELLOW, tuple(a)) for a in pres.objective_areas(state))
    return (zones, areas) if zones or areas else ()


class ScenarioHud:
    def __init__(self, scene):
        self.scene = scene
        self.zones_on: bool | None = None      # None: as the game stands (deploying, turn 1)
        self._lines_key = None
        self._lines: list[tuple[str, tuple]] = []

    # --- what it says
    def turn_line(self) -> str:
        st = self.scene.session.engine.state
        lang = self.scene.app.lang
        limit = self.scene.adapter.turn_limit(st)
        if limit is None:
            safety = getattr(st, "max_turns", None)     # the engine's stop, which ends in a draw
            if safety:
                return t("ui.hud.safety_stop", lang, turn=st.turn, max=safety)
            return t("ui.hud.no_limit", lang, turn=st.turn)
        turn = min(st.turn, limit)
        if turn >= limit:
            return t("ui.hud.last_turn", lang, turn=turn, max=limit)
        return t("ui.hud.turns_left", lang, turn=turn, max=limit, n=limit - turn)

    def lines(self) -> list[tuple[str, tuple]]:
        """(text, colour): the objective, the score lines, the turns."""
        sc = self.scene
        key = (sc.session.version, sc.app.lang)
        if key != self._lines_key:
            st = sc.session.engine.state
            told = sc.adapter.scenario_hud(st, sc.app.lang)
            out = [(text, theme.TEXT if i else theme.YELLOW) for i, text in enumerate(told)]
            out.append((self.turn_line(), theme.SKY))
            self._lines_key, self._lines = key, out
        return self._lines

    def key(self) -> tuple:
        return (tuple(text for text, _ in self.lines()), self.scene.legend.open, self.zones_shown())

    # --- the zones
    def zones_shown(self) -> bool:
        if self.zones_on is not None:
            return self.zones_on
        st = self.scene.session.engine.state
        return self.scene.adapter.deploying(st) or st.turn == 1

    def toggle_zones(self) -> None:
        self.zones_on = not self.zones_shown()
        self.scene.fighters.invalidate()

    def underlay(self) -> tuple:
        """What the table draws under its figures: ((colour, (x0, y0, x1, y1)) zones,
        (colour, (x, y, r)) areas), empty when the zones are hidden."""
        if not self.zones_shown():
            return ()
        key = (self.scene.session.version, id(self.scene.session.engine.state))
        if key != getattr(self, "_underlay_key", None):
            self._underlay_key, self._underlay = key, self._zones()
        return self._underlay

    def _zones(self) -> tuple:
        return underlay_of(self.scene.adapter, self.scene.session.engine.state)

    # --- layout in the fighter bar's column
    def _labels(self) -> tuple[str, str]:
        lang = self.scene.app.lang
        return t("ui.legend.button", lang), t("ui.hud.zones", lang)

    def _stacked(self, width: int) -> bool:
        """The two switches one above the other when their labels do not fit side by side."""
        f = self.scene.app.fonts
        half = (width - 3 * f.px(4)) // 2 - f.px(12)
        return any(f.get(13).size(label)[0] > half for label in self._labels())

    def specs(self, rect: pygame.Rect) -> list[ButtonSpec]:
        f = self.scene.app.fonts
        lang = self.scene.app.lang
        gap, bh = f.px(4), f.px(24)
        legend, zones = self._labels()
        if self._stacked(rect.w):
            w = rect.w - 2 * gap
            places = [(rect.x + gap, rect.bottom - 2 * (bh + gap)), (rect.x + gap, rect.bottom - bh - gap)]
        else:
            w = (rect.w - 3 * gap) // 2
            y = rect.bottom - bh - gap
            places = [(rect.x + gap, y), (rect.x + 2 * gap + w, y)]
        return [ButtonSpec("legend.toggle", (*places[0], w, bh), legend, self.scene.legend.toggle,
                           t("ui.legend.tip", lang), toggled=self.scene.legend.open),
                ButtonSpec("hud.zones", (*places[1], w, bh), zones, self.toggle_zones, t("ui.hud.tip.zones", lang),
                           toggled=self.zones_shown())]

    def height(self, width: int, shown: int | None = None) -> int:
        """Its height in the column showing its last ``shown`` lines (all by default; the
        turns line is the last, the objective the first to go; the rest as a tooltip)."""
        f = self.scene.app.fonts
        w = width - f.px(12)
        title = f.get(11, True).get_linesize() + f.px(6)
        lines = self.lines()[-shown:] if shown else self.lines()
        body = sum(text_height(f.get(10), text, w) for text, _ in lines)
        buttons = (2 if self._stacked(width) else 1) * (f.px(24) + f.px(4))
        return title + body + buttons + f.px(12)

    def draw(self, pic, rect: pygame.Rect, offset, shown: int | None = None) -> list:
        """Into the column's picture at ``rect`` (its coordinates); returns the tooltips:
        none when every line is shown, else the whole text over the part drawn."""
        f = self.scene.app.fonts
        x, w = rect.x + f.px(6), rect.w - f.px(12)
        pygame.draw.line(pic, theme.PANEL_LIGHT, (rect.x + f.px(4), rect.y), (rect.right - f.px(4), rect.y), 1)
        y = rect.y + f.px(4)
        y += draw_text(pic, f.get(11, True), t("ui.hud.title", self.scene.app.lang), (x, y), theme.TEXT_DIM)
        lines = self.lines()[-shown:] if shown else self.lines()
        for text, colour in lines:
            y += draw_text(pic, f.get(10), text, (x, y), colour, w)
        if len(lines) == len(self.lines()):
            return []
        shown = pygame.Rect(rect.x, rect.y, rect.w, y - rect.y).move(offset)
        return [(shown, "\n".join(text for text, _ in self.lines()))]
