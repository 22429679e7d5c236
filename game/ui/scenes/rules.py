"""The rules reference: each ruleset explained in our own words, page by page, with
examples, in a scrolling pygame-gui text box (the pages each ruleset declares); drop-downs
choose the ruleset and jump to a page, arrows turn them."""
from __future__ import annotations

import pygame
from pygame_gui.elements import UIDropDownMenu

from game.core.text import t
from game.ui import theme
from game.ui.rules_info import rule_pages, rulesets
from game.ui.scenes.common import GuiScene


def page_lines(page: str, lang: str, prefix: str = "rules") -> list[tuple[str, tuple | None]]:
    """A page's paragraphs; examples stand out in yellow."""
    out = []
    for para in t(f"ui.{prefix}.{page}.text", lang).split("\n"):
        out.append((para, theme.YELLOW if para.startswith(("Ex", "Exemple")) else None))
    return out


def chosen_index(dropdown) -> int | None:
    sel = dropdown.selected_option
    oid = sel[1] if isinstance(sel, tuple) else ""
    return int(oid[1:]) if oid[1:].isdigit() else None


class RulesScene(GuiScene):
    width = 760

    def __init__(self, app, ruleset: str | None = None):
        super().__init__(app)
        self.books = rulesets()
        self.ruleset = ruleset if ruleset in self.books else self.books[0]
        self.page = 0
        self.dropdowns: dict[str, UIDropDownMenu] = {}
        self.values: dict[str, list[str]] = {}
        self._situations: dict[str, dict] = {}   # ruleset -> page -> its situation
        self._diagram = None                     # (key, the rendered surface)

    @property
    def pages(self) -> tuple[str, ...]:
        return rule_pages(self.ruleset)[1]

    def key_of(self, page: str, part: str) -> str:
        return f"ui.{rule_pages(self.ruleset)[0]}.{page}.{part}"

    def title(self) -> str:
        return t(self.key_of(self.pages[self.page], "title"), self.app.lang)

    def build(self) -> None:
        f, lang = self.app.fonts, self.app.lang
        W, H = self.app.screen.get_size()
        rh, gap = self.px(32), self.px(8)
        w = min(self.px(self.width), W - self.px(20))
        sit = self.situation()
        dw = min(self.px(460), W - self.px(20) - w - gap) if sit is not None else 0
        if dw < self.px(240):            # no room for the diagram beside the text
            dw = 0
        x = (W - w - (dw + gap if dw else 0)) // 2
        y = self.px(10)
        title_h = f.get(26, True).get_linesize() + self.px(6)
        self.add_label((0, y, W, title_h), self.title(), object_id="#title")
        y += title_h + gap
        pages = self.pages
        books = [(t(f"ui.ruleset.{r}", lang), f"o{i}") for i, r in enumerate(self.books)]
        names = [(f"{i + 1}. {t(self.key_of(p, 'title'), lang)}", f"o{i}") for i, p in enumerate(pages)]
        self.values = {"rules.ruleset": list(self.books), "rules.page": list(pages)}
        bw = w // 3
        self.dropdowns = {
            "rules.ruleset": UIDropDownMenu(books, books[self.books.index(self.ruleset)],
                                            pygame.Rect(x, y, bw - gap, rh), manager=self.app.ui,
                                            container=self.root),
            "rules.page": UIDropDownMenu(names, names[self.page], pygame.Rect(x + bw, y, w - bw, rh),
                                         manager=self.app.ui, container=self.root,
                                         expansion_height_limit=H - y - rh - gap)}
        y += rh + gap // 2
        lh = f.get(14).get_linesize() + self.px(6)
        self.add_text((x, y, w, lh), [(t("ui.rules.page", lang, n=self.page + 1, total=len(pages)),
                                       theme.TEXT_DIM)])
        y += lh
        text_h = H - y - rh - 3 * gap
        if dw:                           # the page's diagram to the right of its text
            self.diagram_at((x + w + gap, y - lh, dw, text_h + lh), sit)
        self.text = self.add_text((x, y, w, text_h), page_lines(pages[self.page], lang,
                                                                 rule_pages(self.ruleset)[0]),
                                  plain=False)
        y += text_h + gap
        bw = (w - 2 * gap) // 3
        self.add_button((x, y, bw, rh), t("ui.prev", lang), self.prev if self.page else None, "rules.prev")
        self.add_button((x + bw + gap, y, bw, rh), t("ui.next", lang),
                        self.next if self.page < len(pages) - 1 else None, "rules.next")
        self.add_button((x + 2 * (bw + gap), y, bw, rh), t("ui.back", lang), self.app.pop, "rules.back")

    # --- the page's diagram
    def situation(self):
        """The situation illustrating this page (None: the page has no diagram)."""
        from game.data import DataError
        from game.data.situations import situations

        if self.ruleset not in self._situations:
            try:
                self._situations[self.ruleset] = situations(self.ruleset)
            except DataError:            # a damaged file: the pages stay readable without it
                self._situations[self.ruleset] = {}
        return self._situations[self.ruleset].get(self.pages[self.page])

    def diagram_at(self, rect, sit) -> None:
        """The diagram (drawn by the table's renderer), its caption and "try it"."""
        from pygame_gui.elements import UIImage

        from game.ui.diagram import render
        from game.ui.widgets import wrap

        x, y, w, h = rect
        lang, gap, rh = self.app.lang, self.px(8), self.px(32)
        caption = t(f"situation.{sit.ruleset}.{sit.id}", lang)
        font = self.app.fonts.get(14)            # the text boxes' font (assets/ui/theme.json)
        need = len(wrap(font, caption, w - self.px(8))) * round(font.get_linesize() * 1.15) + self.px(8)
        # the diagram leaves its caption room to be read whole, down to a size still legible
        side = min(w, h - rh - 2 * gap - max(self.px(90), need))
        side = max(side, min(w, self.px(280), h - rh - gap - self.px(90)))
        key = (sit.ruleset, sit.id, side, lang, self.app.fonts.scale)
        if self._diagram is None or self._diagram[0] != key:
            self._diagram = (key, render(sit, (w, side), self.app.fonts, self.app.settings, lang))
        UIImage(pygame.Rect(x, y, w, side), self._diagram[1], manager=self.app.ui, container=self.root)
        y += side + gap
        cap_h = h - side - 2 * gap - rh
        self.add_text((x, y, w, cap_h), [(caption, None)])
        self.add_button((x, y + cap_h + gap, w, rh), t("ui.rules.try", lang), lambda: self.try_it(sit),
                        "rules.try", t("ui.tip.rules_try", lang))

    def try_it(self, sit) -> None:
        """Open the situation on the table, both sides played at this screen."""
        from game.ui.diagram import situation_engine
        from game.ui.scenes.game import GameScene
        from game.ui.session import Session

        session = Session(situation_engine(sit), {1: "human", 2: "human"}, lang=self.app.lang)
        scene = self.app.push(GameScene(self.app, session))
        if sit.select is not None:
            scene.controller.sync()
            scene.controller.select(sit.select)

    def update(self, dt: float) -> None:
        if self.root is None or not self.dropdowns:
            return
        book = chosen_index(self.dropdowns["rules.ruleset"])
        if book is not None and self.books[book] != self.ruleset:
            self.ruleset, self.page = self.books[book], 0
            self.refresh()
            return
        page = chosen_index(self.dropdowns["rules.page"])
        if page is not None and page != self.page:
            self.page = page
            self.refresh()

    def prev(self) -> None:
        self.page = max(0, self.page - 1)
        self.refresh()

    def next(self) -> None:
        self.page = min(len(self.pages) - 1, self.page + 1)
        self.refresh()

    def key(self, event) -> None:
        if event.key == pygame.K_RIGHT:
            self.next()
        elif event.key == pygame.K_LEFT:
            self.prev()
        else:
            super().key(event)
