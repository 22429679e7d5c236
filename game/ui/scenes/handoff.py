"""The hand-off screen of hot-seat play: the table is hidden until the next player takes
the screen ("Joueur 2 : à vous de réagir")."""
from __future__ import annotations

import pygame

from game.core.text import t
from game.ui import theme
from game.ui.scenes.common import ListScene
from game.ui.sides import side_light


class HandoffScene(ListScene):
    def __init__(self, app, session, side: int):
        super().__init__(app)
        self.session, self.side = session, side
        self.react = session.reacting()

    def _choice(self) -> str | None:
        """What a pending decision asks when it is a choice rather than a reaction (the
        ruleset's presentation names it: a designation, a placement...), else None."""
        from game.ui.rules_info import info_for

        st = self.session.engine.state
        if not (self.react and st.pending):
            return None
        return info_for(st.ruleset).decision_caption(st, st.pending[-1], self.app.lang)

    def title(self) -> str:
        key = "ui.handoff.turn"
        if self.react:
            key = "ui.handoff.decide" if self._choice() else "ui.handoff.react"
        return t(key, self.app.lang, n=self.side)

    def body(self):
        st = self.session.engine.state
        lang = self.app.lang
        lines = [(t("ui.handoff.body", lang), theme.TEXT_DIM)]
        choice = self._choice()
        if choice:
            lines.append((t("ui.handoff.what", lang, what=choice), side_light(self.side)))
        elif self.react:
            d = st.pending[-1]
            fig = st.figures.get(d.figure)
            if fig is not None:
                from game.ui.rules_info import info_for
                who = info_for(st.ruleset).figure_name(fig, lang)
                lines.append((t("ui.handoff.who", lang, who=who), side_light(self.side)))
        return lines

    def items(self):
        return [("handoff.ready", t("ui.handoff.ready", self.app.lang), self.ready, "")]

    def ready(self) -> None:
        self.session.accept_handoff(self.side)
        self.app.pop()

    def key(self, event) -> None:
        if event.key in (pygame.K_RETURN, pygame.K_SPACE, pygame.K_KP_ENTER):
            self.ready()
