"""The fighter bar: a column at the left of the table listing every figure of the side at
the screen (the person's side; the side deciding between agents) with its state in the
turn as the ruleset's presentation gives it (to activate, activating, activated, unable to
act, out of action; down), its name and wounds. A click on a row selects the figure (with
Ctrl: toggles it as a partner); "Next" (Tab) selects the next figure still to activate;
"End turn" asks for confirmation, then the turn passer plays the ruleset's own way of doing
nothing for the figures left. Under the list: the scenario's HUD (scenario_hud.py) and the
legend and zones switches. The rows are drawn by hand into one cached picture; the buttons
are pygame-gui's (a ButtonSet)."""
from __future__ import annotations

import pygame

from game.core.presentation import RosterState
from game.core.text import t
from game.ui import theme
from game.ui.gui import ButtonSet, ButtonSpec, fit_label
from game.ui.sides import draw_mark, side_colour, side_light
from game.ui.widgets import rendered

STATE_COLOURS = {"ready": theme.TEXT, "active": theme.YELLOW, "done": theme.TEXT_DIM,
                 "held": theme.TEXT_DIM, "out": (120, 120, 120), "reserve": theme.TEXT_DIM}
STATE_GLYPHS = {"ready": "", "active": "▶", "done": "✓", "held": "–", "out": "✕", "reserve": "…"}


def bar_width(fonts, screen_w: int) -> int:
    """The column's width: enough for a name and its wounds, never a fifth of the window."""
    return min(fonts.px(196), screen_w // 5)


class FighterBar:
    def __init__(self, scene):
        self.scene = scene
        self.set = ButtonSet(scene.app, after=self.invalidate)
        scene.app.attach(scene, self.set)
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.compact = False        # the AI's recap shares the column: one line a figure, no HUD
        self.rows: list[tuple[pygame.Rect, str]] = []
        self.hud_rect = pygame.Rect(0, 0, 0, 0)
        self._key = None
        self._buttons_key = None
        self._picture = None
        self._tips: list[tuple[pygame.Rect, str]] = []
        self._entries_key, self._entries = None, []
        self._shown = None        # (key, screen) of the picture the screen shows
        self._names: dict[tuple, str] = {}
        self._turn_key, self._turn = None, (False, False, False)

    @property
    def buttons(self):
        return self.set.buttons

    def invalidate(self) -> None:
        self._key = self._buttons_key = None

    # --- what it lists
    def side(self) -> int | None:
        """The side listed: the person's at the screen, else the side deciding or to act."""
        s = self.scene.session
        side = s.viewer() if self.scene.replay is None else None
        if side is None:
            side = s.decider() or s.engine.state.to_act
        return side

    def entries(self) -> list[tuple[str, RosterState]]:
        """(figure id, its state) for every figure of the side, in the roster's order (worked
        out once per change of the game)."""
        side = self.side()
        s = self.scene.session
        key = (s.version, side, id(s.engine.state))
        if key != self._entries_key:
            st = s.engine.state
            pres = self.scene.adapter
            self._entries_key = key
            self._entries = [(f.id, pres.roster_state(st, f)) for f in st.figures.values() if f.side == side]
        return self._entries

    def to_activate(self) -> list[str]:
        return [fid for fid, rs in self.entries() if rs.turn == "ready"]

    def my_turn(self) -> bool:
        """The person at the screen decides for the listed side (no decision owed)."""
        sc = self.scene
        s = sc.session
        return sc.interactive() and s.decider() == self.side() and not s.engine.state.pending

    def can_end_turn(self) -> bool:
        guide = self.scene.session.guide
        if not (self.my_turn() or self._passable_decision()) or (guide is not None and guide.waiting() == "continue"):
            return False                 # nor while a guided step is being read
        return bool(self.to_activate()) or any(rs.turn == "active" for _, rs in self.entries())

    def _passable_decision(self) -> bool:
        """The side owes a decision its ruleset passes itself when the turn is passed (the
        secret pick of the next figure to act): "End turn" is as open as between actions."""
        sc = self.scene
        s = sc.session
        st = s.engine.state
        if not (st.pending and sc.interactive() and s.decider() == self.side()) or sc.adapter is None:
            return False
        return sc.adapter.pass_step(st, s.engine.legal_actions()) is not None

    # --- commands
    def next_figure(self) -> str | None:
        """Select the next figure still to activate after the selected one (round the list)."""
        sc = self.scene
        ready = self.to_activate()
        if not ready:
            sc.controller.say(t("ui.fighters.none_left", sc.app.lang))
            return None
        order = [fid for fid, _ in self.entries()]
        cur = sc.controller.selected
        start = order.index(cur) + 1 if cur in order else 0
        nxt = next(fid for fid in order[start:] + order[:start] if fid in ready)
        self.select(nxt)
        return nxt

    def select(self, fid: str) -> None:
        """Select the figure, bringing it into view when the table shows it elsewhere."""
        sc = self.scene
        sc.controller.select(fid)
        fig = sc.session.engine.state.figures.get(fid)
        if fig is not None and not fig.out and sc.view.shown(fig):
            x, y = sc.view.camera.to_screen(fig.x, fig.y)
            if not sc.view.rect.inflate(-sc.app.fonts.px(40), -sc.app.fonts.px(40)).collidepoint(x, y):
                sc.view.camera.pan(sc.view.rect.centerx - x, sc.view.rect.centery - y)
        sc.controller.say("")
        sc.panel.invalidate()
        self.invalidate()

    def ask_end_turn(self) -> None:
        from game.ui.scenes.end_turn import EndTurnScene

        if self.can_end_turn():
            self.scene.app.push(EndTurnScene(self.scene.app, self.scene, self.side()))

    def click(self, pos, ctrl: bool = False) -> bool:
        """A click in the column (True: it was the column's): a row selects its figure, or
        with Ctrl toggles it as a partner of the selected one."""
        if not self.rect.collidepoint(pos):
            return False
        for r, fid in self.rows:
            if r.collidepoint(pos):
                ctl = self.scene.controller
                if ctrl and ctl.toggle_partner(fid):
                    self.invalidate()
                    return True
                self.select(fid)
                return True
        return True

    def tooltip_at(self, pos) -> str:
        for r, text in self._tips:
            if r.collidepoint(pos):
                return text
        return ""

    # --- layout and drawing
    def layout(self, rect: pygame.Rect, compact: bool = False) -> None:
        if rect != self.rect or compact != self.compact:
            self.rect, self.compact = pygame.Rect(rect), compact
            self.invalidate()

    def _header(self) -> int:
        return self.scene.app.fonts.get(12, True).get_linesize() + self.scene.app.fonts.px(8)

    def compact_height(self) -> int:
        """The column's height in compact form: the header, the buttons, a line a figure."""
        f = self.scene.app.fonts
        rows = len(self.entries()) * (f.get(12, True).get_linesize() + f.px(4))
        return self._header() + 2 * (f.px(26) + f.px(4)) + rows + f.px(8)

    def _build_buttons(self, top: int) -> int:
        """The Next and End turn buttons under the header; returns where they end."""
        sc = self.scene
        f = sc.app.fonts
        lang = sc.app.lang
        gap, bh = f.px(4), f.px(26)
        x, w = self.rect.x + gap, self.rect.w - 2 * gap
        turn_key = (sc.session.version, sc.replay is not None, self.side(), getattr(sc.session.guide, "index", None))
        if turn_key != self._turn_key:         # what the buttons offer changes with the game only
            self._turn_key, self._turn = turn_key, (self.my_turn(), self.can_end_turn(), bool(self.to_activate()))
        key = (tuple(self.rect), top, lang, f.scale, self._turn, sc.hud_box.key()[1:])
        if key != self._buttons_key:
            self._buttons_key = key
            self.set.set([
                ButtonSpec("fighters.next", (x, top, w, bh), t("ui.fighters.next", lang), self.next_figure,
                           t("ui.fighters.tip.next", lang), enabled=self._turn[2]),
                ButtonSpec("fighters.end_turn", (x, top + bh + gap, w, bh), t("ui.fighters.end_turn", lang),
                           self.ask_end_turn, t("ui.fighters.tip.end_turn", lang), enabled=self._turn[1]),
            ] + ([] if self.compact else sc.hud_box.specs(self.rect)))
        return top + 2 * (bh + gap)

    def draw(self, surf, untouched: bool = False) -> None:
        """The column, rendered once per change. ``untouched``: nothing was drawn over it
        since the last frame, so the screen still shows it: only the strips under the
        pygame-gui buttons are put back (their rounded corners blend over what is below)."""
        sc = self.scene
        f = sc.app.fonts
        header = self._header()
        top = self._build_buttons(self.rect.y + header)
        key = (self.compact, sc.session.version, sc.controller.selected, tuple(sorted(sc.controller.partners)),
               tuple(self.rect), sc.app.lang, f.scale, self.side(), sc.hud_box.key())
        if key != self._key or self._picture is None:
            self._key = key
            self._render(header, top)
        shown = (key, id(surf))
        if untouched and self._shown == shown:
            x, y = self.rect.topleft
            for b in self.set.buttons:
                r = b.rect.clip(self.rect)
                surf.blit(self._picture, r, r.move(-x, -y))
            return
        surf.blit(self._picture, self.rect)
        self._shown = shown

    def gui_over(self) -> bool:
        """Whether a pygame-gui element other than the column's own buttons (a tooltip, a
        menu) is drawn over the column."""
        mine = {id(b.element) for b in self.set.buttons}
        col = self.rect
        for el in self.scene.app.ui.get_sprite_group().sprites():
            if id(el) in mine or not el.visible or el.image is None or not el.image.get_width():
                continue
            if el.rect.colliderect(col):
                return True
        return False

    def _render(self, header: int, top: int) -> None:
        sc = self.scene
        f = sc.app.fonts
        lang = sc.app.lang
        pic = pygame.Surface(self.rect.size)
        if pygame.display.get_surface() is not None:
            pic = pic.convert()               # the display's format: a cheap blit every frame
        pic.fill(theme.PANEL)
        ox, oy = self.rect.topleft
        side = self.side()
        st = sc.session.engine.state
        # the header: the side, its marker and who plays it
        gap = f.px(6)
        r = f.px(7)
        cy = f.px(4) + header // 2 - f.px(2)
        pygame.draw.circle(pic, side_colour(side), (gap + r, cy), r)
        draw_mark(pic, side, (gap + r, cy), max(2, r // 2), width=1)
        mine = sc.session.is_human(side) and sc.replay is None
        title = t("ui.fighters.title", lang, n=side, who=t("ui.fighters.you" if mine else "ui.fighters.watching",
                                                              lang))
        font = f.get(12, True)
        pic.blit(rendered(font, fit_label(font, title, self.rect.w - 3 * gap - 2 * r), side_light(side)),
                 (2 * gap + 2 * r, cy - font.get_linesize() // 2))
        # the rows
        entries = self.entries()
        y = top - oy + f.px(2)
        name_font, small = f.get(12, True), f.get(10)
        two = name_font.get_linesize() + small.get_linesize() + f.px(6)
        one = name_font.get_linesize() + f.px(4)
        # the scenario's lines that the list leaves room for (the turns line at least)
        shown = len(sc.hud_box.lines())
        while shown > 1 and self.rect.h - y - sc.hud_box.height(self.rect.w, shown) - f.px(6) < len(entries) * one:
            shown -= 1
        hud_h = 0 if self.compact else sc.hud_box.height(self.rect.w, shown)
        room = self.rect.h - y - hud_h - f.px(6)
        if entries and len(entries) * two <= room and not self.compact:
            rh = two
        else:
            rh = max(f.px(14), min(one, room // max(1, len(entries))))
        self.rows, self._tips = [], []
        sel, partners = sc.controller.selected, sc.controller.partners
        for fid, rs in entries:
            fig = st.figures[fid]
            row = pygame.Rect(0, y, self.rect.w, rh)
            if fid == sel:
                pygame.draw.rect(pic, theme.PANEL_LIGHT, row)
                pygame.draw.rect(pic, theme.WHITE, row.inflate(-f.px(4), 0), 1)
            elif fid in partners:
                pygame.draw.rect(pic, theme.SKY, row.inflate(-f.px(4), 0), 1)
            self._row(pic, fig, rs, row, rh >= two)
            screen_row = row.move(ox, oy)
            self.rows.append((screen_row, fid))
            self._tips.append((screen_row, self._row_tip(fig, rs)))
            y += rh
        if not self.compact:      # the scenario under the list
            hud = pygame.Rect(0, self.rect.h - hud_h, self.rect.w, hud_h)
            self._tips += sc.hud_box.draw(pic, hud, (ox, oy), shown)
        pygame.draw.line(pic, theme.BG, (self.rect.w - 1, 0), (self.rect.w - 1, self.rect.h), 2)
        self._picture = pic

    def _row(self, pic, fig, rs: RosterState, row: pygame.Rect, two_lines: bool) -> None:
        f = self.scene.app.fonts
        lang = self.scene.app.lang
        gap = f.px(6)
        r = max(f.px(5), min(f.px(8), row.h // 2 - f.px(3)))
        cx, cy = row.x + gap + r, row.y + row.h // 2
        colour = side_colour(fig.side)
        if rs.turn in ("done", "held", "reserve"):
            colour = tuple(int(c * 0.55) for c in colour)
        elif rs.turn == "out":
            colour = (70, 70, 70)
        pygame.draw.circle(pic, colour, (cx, cy), r)
        draw_mark(pic, fig.side, (cx, cy), max(2, r // 2), width=1)
        if rs.turn == "active":
            pygame.draw.circle(pic, theme.YELLOW, (cx, cy), r + 2, 2)
        name_font, small = f.get(12, True), f.get(10)
        x = cx + r + gap
        wounds = rendered(small, t("ui.fighters.wounds", lang, v=max(0, fig.vitality), max=fig.max_vitality),
                          theme.GREEN if fig.vitality > 0 else (150, 150, 150))
        right = row.right - gap - wounds.get_width()
        name_colour = STATE_COLOURS[rs.turn] if rs.turn != "ready" else theme.TEXT
        label = self._name(fig)
        if two_lines:       # the name on the whole width, the state and the wounds under it
            if name_font.size(label)[0] > row.right - x - gap:
                name_font = f.get(11, True)
            ny = row.y + f.px(3)
            pic.blit(rendered(name_font, fit_label(name_font, label, row.right - x - gap), name_colour), (x, ny))
            sy = ny + f.get(12, True).get_linesize()
            pic.blit(wounds, (right, sy))
            pic.blit(rendered(small, fit_label(small, self._state_text(rs), right - x - gap), STATE_COLOURS[rs.turn]),
                     (x, sy))
        else:               # one line: a glyph says the state (the tooltip says it in words)
            glyph = STATE_GLYPHS[rs.turn] + ("↓" if rs.down and rs.turn != "out" else "")
            limit = right
            if glyph:
                img = rendered(small, glyph, STATE_COLOURS[rs.turn])
                limit = right - f.px(4) - img.get_width()
                pic.blit(img, (limit, cy - img.get_height() // 2))
            name = rendered(name_font, fit_label(name_font, label, limit - x - gap), name_colour)
            pic.blit(name, (x, cy - name.get_height() // 2))
            pic.blit(wounds, (right, cy - wounds.get_height() // 2))

    def _name(self, fig) -> str:
        """The figure's name as its card gives it (in the player's language), kept."""
        lang = self.scene.app.lang
        name = self._names.get((fig.id, fig.name, lang))
        if name is None:
            card = self.scene.adapter.figure(self.scene.session.engine.state, fig, lang).card
            name = self._names[(fig.id, fig.name, lang)] = card.get("name", fig.name)
        return name

    def _state_text(self, rs: RosterState) -> str:
        lang = self.scene.app.lang
        text = t(f"ui.fighters.state.{rs.turn}", lang)
        if rs.down and rs.turn != "out":
            text += " · " + t("ui.fighters.down", lang)
        return text

    def _row_tip(self, fig, rs: RosterState) -> str:
        lang = self.scene.app.lang
        status = self.scene.adapter.status_labels(fig, lang)
        return t("ui.fighters.row_tip", lang, name=self._name(fig), state=t(f"ui.fighters.state.{rs.turn}", lang),
                 down=(" · " + t("ui.fighters.down", lang)) if rs.down and rs.turn != "out" else "",
                 v=max(0, fig.vitality), max=fig.max_vitality,
                 status=(" · " + ", ".join(status)) if status else "")
