"""The rules reference: Evenor explained in our own words, page by page, with examples."""
from __future__ import annotations

import pygame

from game.core.text import t
from game.ui import theme
from game.ui.scenes.common import ListScene

PAGES = ("turn", "activation", "move", "shoot", "melee", "reactions", "wounds", "statics",
         "powers", "scenarios", "table")


class RulesScene(ListScene):
    width = 640

    def __init__(self, app):
        super().__init__(app)
        self.page = 0

    def _state_key(self):
        return self.page

    def title(self) -> str:
        return t(f"ui.rules.{PAGES[self.page]}.title", self.app.lang)

    def body(self):
        lang = self.app.lang
        out = [(t("ui.rules.page", lang, n=self.page + 1, total=len(PAGES)), theme.TEXT_DIM)]
        for para in t(f"ui.rules.{PAGES[self.page]}.text", lang).split("\n"):
            out.append((para, theme.YELLOW if para.startswith(("Ex", "Exemple")) else theme.TEXT))
        return out

    def items(self):
        lang = self.app.lang
        return [("rules.prev", t("ui.prev", lang), self.prev if self.page else None, ""),
                ("rules.next", t("ui.next", lang), self.next if self.page < len(PAGES) - 1 else None, ""),
                ("rules.back", t("ui.back", lang), self.app.pop, "")]

    def prev(self) -> None:
        self.page = max(0, self.page - 1)
        self.refresh()

    def next(self) -> None:
        self.page = min(len(PAGES) - 1, self.page + 1)
        self.refresh()

    def key(self, event) -> None:
        if event.key == pygame.K_RIGHT:
            self.next()
        elif event.key == pygame.K_LEFT:
            self.prev()
        else:
            super().key(event)
