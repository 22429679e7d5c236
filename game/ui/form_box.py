"""The form and the re-roll prompt drawn over the bottom of the table: a form's fields as
rows of chips (the options left enabled, the others greyed, the chosen one filled, the
advised one starred), its live odds table and its buttons; a re-roll prompt's dice, each
clickable with what re-rolling it would do, and its buttons. Drawing and hit-testing only:
the models (form_model) change, the controller plays."""
from __future__ import annotations

import math

import pygame

from game.core.text import t
from game.ui import form_desk, theme
from game.ui.dice_view import draw_die
from game.ui.widgets import rendered, wrap

BACK = (24, 26, 30, 235)


def _star(surf, centre, r: float, colour=theme.GREEN) -> None:
    pts = []
    for k in range(10):
        a = math.radians(-90 + 36 * k)
        rr = r if k % 2 == 0 else r * 0.45
        pts.append((centre[0] + rr * math.cos(a), centre[1] + rr * math.sin(a)))
    pygame.draw.polygon(surf, colour, pts)


class FormBox:
    def __init__(self, scene):
        self.scene = scene
        self.hits: list[tuple[pygame.Rect, object, str]] = []   # (rect, what a click does, name)
        self.rect: pygame.Rect | None = None
        self._odds_key = None
        self._odds = None

    @property
    def ctl(self):
        return self.scene.controller

    def open(self) -> bool:
        return self.ctl.building is not None or self.ctl.prompt is not None

    # --- clicks
    def click(self, pos) -> bool:
        """A click on the box: its chip, die or button acts; True when the box took it."""
        if not self.open() or self.rect is None or not self.rect.collidepoint(pos):
            return False
        for r, act, _ in self.hits:
            if r.collidepoint(pos):
                act()
                self.scene.panel.invalidate()
                break
        return True

    def find(self, name: str) -> pygame.Rect | None:
        """Where the chip, die or button of that name was last drawn (tests, guides)."""
        return next((r for r, _, n in self.hits if n == name), None)

    def _pick(self, row, chip):
        form = self.ctl.building.form
        return lambda: form.toggle(row.field, chip.key) if row.toggles else form.pick(row.field, chip.key)

    def _jump(self, row, chip):
        """A greyed chip: the nearest value that offers it (the fields before it change)."""
        form = self.ctl.building.form
        return lambda: form.jump(row.field, chip.key)

    def _play(self, make):
        def go():
            action = make()
            if action is not None:
                self.ctl.play(action)
        return go

    # --- drawing
    def draw(self, surf) -> bool:
        self.hits = []
        self.rect = None
        if self.ctl.building is not None:
            self._draw_form(surf)
            return True
        if self.ctl.prompt is not None and self.scene.interactive():
            self._draw_prompt(surf)
            return True
        return False

    def _frame(self, surf, height: int, width: int | None = None) -> pygame.Rect:
        f = self.scene.app.fonts
        view = self.scene.view.rect
        w = min(view.w - f.px(20), width or f.px(720))
        box = pygame.Rect(0, 0, w, min(height, view.h - f.px(20)))
        box.midbottom = (view.centerx, view.bottom - f.px(10) - self.scene.strip_rect.h)
        if self._fight_low():            # the fight is in the lower half: the box goes above it,
            box.midtop = (view.centerx, min(view.y + f.px(80), view.bottom - box.h))   # below the dice
        back = pygame.Surface(box.size, pygame.SRCALPHA)
        back.fill(BACK)
        surf.blit(back, box)
        pygame.draw.rect(surf, theme.TEXT_DIM, box, 1, border_radius=6)
        self.rect = box
        return box

    def _fight_low(self) -> bool:
        """Whether the figures the form or prompt is about stand in the lower half of the view."""
        sc = self.scene
        ctl = self.ctl
        st = sc.session.engine.state
        ids = [ctl.building.choice.actor, *ctl.building.targets] if ctl.building is not None else \
            [ctl.prompt.actor if ctl.prompt is not None else None]
        ys = [sc.view.camera.to_screen(*st.figures[i].pos)[1] for i in ids if i in st.figures]
        return bool(ys) and sum(ys) / len(ys) > sc.view.rect.centery

    def _chip(self, surf, rect, label, *, selected=False, enabled=True, marked=False, font=None) -> None:
        f = self.scene.app.fonts
        font = font or f.get(12)
        fill = theme.BUTTON_ON if selected else (theme.BUTTON if enabled else theme.BUTTON_OFF)
        pygame.draw.rect(surf, fill, rect, border_radius=5)
        edge = theme.YELLOW if selected else (theme.GREEN if marked else theme.TEXT_DIM)
        pygame.draw.rect(surf, edge, rect, 2 if (selected or marked) else 1, border_radius=5)
        colour = theme.TEXT if enabled else theme.TEXT_DIM
        img = rendered(font, label, colour)
        surf.blit(img, img.get_rect(center=rect.center))
        if marked:
            _star(surf, (rect.right - f.px(3), rect.top + f.px(3)), f.px(6))

    def _chip_width(self, font, label: str) -> int:
        return font.size(label)[0] + self.scene.app.fonts.px(16)

    def _layout_rows(self, rows, x0: int, width: int, draw=None) -> int:
        """Lay the rows out from y = 0 (label column then chips, wrapping); returns the
        height. With ``draw`` (surf, dy), draw them and record the chips' rects."""
        f = self.scene.app.fonts
        font = f.get(12)
        label_w = f.px(130)
        ch = font.get_linesize() + f.px(8)
        gap = f.px(5)
        y = 0
        for row in rows:
            x = x0 + label_w
            top = y
            for chip in row.chips:
                cw = self._chip_width(font, chip.label)
                if x + cw > x0 + width and x > x0 + label_w:
                    x, y = x0 + label_w, y + ch + gap
                if draw is not None:
                    surf, dy = draw
                    r = pygame.Rect(x, y + dy, cw, ch)
                    self._chip(surf, r, chip.label, selected=chip.selected, enabled=chip.enabled,
                               marked=chip.marked, font=font)
                    act = self._pick(row, chip) if chip.enabled else self._jump(row, chip)
                    self.hits.append((r, act, f"chip.{row.field}.{chip.key}"))
                x += cw + gap
            if draw is not None:
                surf, dy = draw
                surf.blit(rendered(f.get(12, True), row.label, theme.TEXT_DIM), (x0, top + dy + f.px(4)))
            y += ch + gap
        return y

    def _odds_table(self):
        sc = self.scene
        req = self.ctl.building
        if not sc.app.settings.odds_preview:
            return None
        value = req.form.value
        key = (id(req), value, sc.session.version, sc.app.lang)
        if key != self._odds_key:
            self._odds_key = key
            engine = sc.session.engine
            try:
                self._odds = sc.adapter.form_odds(engine.state, engine.ruleset.table_for(engine.state), req.choice,
                                                  value, req.targets, sc.app.lang)
            except Exception:  # an odds failure never stops play: the rules still decide
                self._odds = None
        return self._odds

    def _draw_table(self, surf, odds, x: int, y: int, w: int, draw: bool) -> int:
        """The odds table: each column as wide as its widest cell, the first (the row's
        name) takes what is left, its text cut with an ellipsis when it does not fit."""
        f = self.scene.app.fonts
        font, bold = f.get(12), f.get(12, True)
        lh = font.get_linesize() + f.px(2)
        gap = f.px(14)
        rows = [(odds.header, None)] + [(r, i) for i, r in enumerate(odds.rows)]
        cols = len(odds.header)
        widths = [max((bold if i is None else font).size(str(cells[c]))[0] for cells, i in rows if c < len(cells))
                  for c in range(cols)]
        first = max(f.px(80), w - sum(widths[1:]) - gap * (cols - 1))
        xs = [x]
        for c in range(1, cols):
            xs.append(xs[-1] + (first if c == 1 else widths[c - 1]) + gap)
        h = 0
        for cells, i in rows:
            if draw:
                if i is not None and i == odds.marked:
                    pygame.draw.rect(surf, (40, 70, 60), (x - f.px(4), y + h, w + f.px(8), lh))
                    _star(surf, (x - f.px(10), y + h + lh // 2), f.px(5))
                for c, (cx, cell) in enumerate(zip(xs, cells)):
                    fnt = bold if i is None else font
                    text = str(cell)
                    if c == 0 and fnt.size(text)[0] > first:
                        while text and fnt.size(text + "…")[0] > first:
                            text = text[:-1]
                        text += "…"
                    surf.blit(rendered(fnt, text, theme.TEXT_DIM if i is None else theme.TEXT), (cx, y + h))
            h += lh
        if odds.note:
            for line in wrap(f.get(11), odds.note, w):
                if draw:
                    surf.blit(rendered(f.get(11), line, theme.TEXT_DIM), (x, y + h))
                h += f.get(11).get_linesize()
        return h

    def _buttons(self, surf, buttons, x: int, y: int, draw: bool) -> int:
        f = self.scene.app.fonts
        font = f.get(13, True)
        bh = font.get_linesize() + f.px(10)
        for name, label, act, enabled in buttons:
            bw = self._chip_width(font, label) + f.px(10)
            if draw:
                r = pygame.Rect(x, y, bw, bh)
                self._chip(surf, r, label, selected=False, enabled=enabled, font=font)
                if enabled:
                    self.hits.append((r, act, name))
            x += bw + f.px(8)
        return bh

    def _draw_form(self, surf) -> None:
        sc = self.scene
        f = sc.app.fonts
        lang = sc.app.lang
        req = self.ctl.building
        lay = req.form.layout
        rows = req.form.rows()
        pad = f.px(10)
        view = sc.view.rect
        width = min(view.w - f.px(20), f.px(720)) - 2 * pad
        title_font = f.get(14, True)
        target = ""
        if req.targets and req.targets[0] in sc.session.engine.state.figures:
            target = " → " + sc.adapter.name_of(sc.session.engine.state, req.targets[0], lang)
        title_h = title_font.get_linesize() + f.px(6)
        rows_h = self._layout_rows(rows, 0, width)
        odds = self._odds_table()
        odds_h = self._draw_table(surf, odds, 0, 0, width, False) + f.px(6) if odds is not None else 0
        buttons = [("form.submit", lay.submit or t("ui.confirm_targets", lang),
                    lambda: form_desk.submit_form(self.ctl), True),
                   ("form.cancel", t("ui.form.cancel", lang), self.ctl.cancel, True)]
        btn_h = self._buttons(surf, buttons, 0, 0, False)
        box = self._frame(surf, pad * 2 + title_h + rows_h + odds_h + btn_h + f.px(6))
        x, y = box.x + pad, box.y + pad
        surf.blit(rendered(title_font, (lay.title or "") + target, theme.YELLOW), (x, y))
        y += title_h
        self._layout_rows(rows, x, width, draw=(surf, y))
        y += rows_h
        if odds is not None:
            y += self._draw_table(surf, odds, x + f.px(14), y, width - f.px(14), True) + f.px(6)
        self._buttons(surf, buttons, x, y, True)

    def _draw_prompt(self, surf) -> None:
        sc = self.scene
        f = sc.app.fonts
        lang = sc.app.lang
        p = self.ctl.prompt
        pad = f.px(10)
        size = f.px(46)
        note_font = f.get(11)
        dice = p.dice()
        col = max(size, max((note_font.size(d.note)[0] for d in dice), default=0)) + f.px(12)
        title_font = f.get(14, True)
        most = p.most()
        hint = (t("ui.reroll.hint_most", lang, n=most) if most is not None
                else t("ui.reroll.hint_several" if p.several is not None else "ui.reroll.hint", lang))
        pres = sc.adapter                         # the ruleset's names for its templates
        keep = pres.action_label(p.keep, lang) if p.keep is not None else t("ui.reroll.keep", lang)
        buttons = [("reroll.keep", keep, self._play(p.play_keep), p.keep is not None)]
        if p.several is not None:
            if p.one is not None:
                buttons.append(("reroll.one", pres.action_label(p.one, lang), self._play(p.play_one),
                                p.play_one() is not None))
            buttons.append(("reroll.several", t("ui.reroll.several", lang, what=pres.action_label(p.several, lang),
                                                 n=len(p.picked)),
                            self._play(p.play_several), p.play_several() is not None))
        btn_h = self._buttons(surf, buttons, 0, 0, False)
        lh = title_font.get_linesize()
        h = 2 * pad + lh + f.get(12).get_linesize() + f.px(8) + size + f.px(10) + note_font.get_linesize() \
            + f.px(8) + btn_h
        who = sc.adapter.name_of(sc.session.engine.state, p.actor, lang)
        title = f"{who} — {t('ui.reroll.title', lang)}"
        wide = max(col * len(dice), title_font.size(title)[0], f.get(12).size(hint)[0],
                   sum(self._chip_width(f.get(13, True), b[1]) + f.px(18) for b in buttons))
        box = self._frame(surf, h, wide + 2 * pad)
        x, y = box.x + pad, box.y + pad
        who = sc.adapter.name_of(sc.session.engine.state, p.actor, lang)
        surf.blit(rendered(title_font, title, theme.YELLOW), (x, y))
        y += lh
        surf.blit(rendered(f.get(12), hint, theme.TEXT_DIM), (x, y))
        y += f.get(12).get_linesize() + f.px(8)
        dx = x
        for d in dice:
            r = pygame.Rect(dx + (col - size) // 2, y, size, size)
            offered = p.offered(d.index)
            if d.index in p.picked:
                pygame.draw.rect(surf, theme.YELLOW, r.inflate(f.px(8), f.px(8)), 3, border_radius=6)
            kept = d.kept if p.event.kept else None
            draw_die(surf, d.face, r, None, sides=p.event.sides, font=f.get(16, True), kept=kept,
                     crit=d.crit, fumble=d.fumble)
            if d.note:
                img = rendered(note_font, d.note, theme.TEXT if offered else theme.TEXT_DIM)
                surf.blit(img, img.get_rect(midtop=(dx + col // 2, y + size + f.px(8))))
            if offered:
                self.hits.append((r.inflate(f.px(6), f.px(6)), self._die(d.index), f"die.{d.index}"))
            dx += col
        y += size + f.px(10) + note_font.get_linesize() + f.px(8)
        self._buttons(surf, buttons, x, y, True)

    def _die(self, index: int):
        def go():
            action = self.ctl.prompt.click(index)
            if action is not None:
                self.ctl.play(action)
        return go
