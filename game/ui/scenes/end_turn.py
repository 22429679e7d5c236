"""The confirmation of "End turn": which figures have not acted yet and will do nothing
this turn; confirming hands the side's turn to the turn passer (pass_turn.py)."""
from __future__ import annotations

import pygame

from game.core.text import t
from game.ui import theme
from game.ui.scenes.common import ListScene


class EndTurnScene(ListScene):
    dim = True

    def __init__(self, app, game, side: int):
        super().__init__(app)
        self.game, self.side = game, side

    def title(self) -> str:
        return t("ui.endturn.title", self.app.lang)

    def body(self):
        lang = self.app.lang
        st = self.game.session.engine.state
        pres = self.game.adapter              # the names the fighter bar shows (a figure's id is no name)
        names = [pres.name_of(st, fid, lang) if pres is not None else st.figures[fid].name
                 for fid in self.game.fighters.to_activate()]
        lines = []
        if st.activation is not None:
            lines.append((t("ui.endturn.body_active", lang), theme.TEXT))
        if names:
            lines.append((t("ui.endturn.body", lang, names=", ".join(names)), theme.TEXT))
        left = self.enemies_left()
        if names and left:      # a newcomer's trap: the other side plays on, one figure after another
            lines.append((t("ui.endturn.enemies_left", lang, n=left), theme.YELLOW))
        return lines

    def enemies_left(self) -> int:
        """The other sides' figures that may still act this turn (they will, unanswered)."""
        st = self.game.session.engine.state
        pres = self.game.adapter
        if pres is None:
            return 0
        return sum(1 for f in st.figures.values()
                   if f.side != self.side and not f.out and pres.roster_state(st, f).turn in ("ready", "active"))

    def items(self):
        lang = self.app.lang
        return [("endturn.confirm", t("ui.endturn.confirm", lang), self.confirm_end, ""),
                ("endturn.cancel", t("ui.endturn.cancel", lang), self.app.pop, "")]

    def confirm_end(self) -> None:
        self.app.pop()
        self.game.passer.start(self.side)

    def key(self, event) -> None:
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.confirm_end()
        else:
            super().key(event)
