"""The hand-off screen of hot-seat play: the table is hidden until the next player takes
the screen ("Joueur 2 : à vous de réagir")."""
from __future__ import annotations

import pygame

from game.core.text import t
from game.ui import theme
from game.ui.scenes.common import ListScene


class HandoffScene(ListScene):
    def __init__(self, app, session, side: int):
        super().__init__(app)
        self.session, self.side = session, side
        self.react = session.reacting()

    def title(self) -> str:
        key = "ui.handoff.react" if self.react else "ui.handoff.turn"
        return t(key, self.app.lang, n=self.side)

    def body(self):
        st = self.session.engine.state
        lines = [(t("ui.handoff.body", self.app.lang), theme.TEXT_DIM)]
        if self.react:
            d = st.pending[-1]
            fig = st.figures.get(d.figure)
            if fig is not None:
                lines.append((t("ui.handoff.who", self.app.lang, who=fig.name), theme.SIDE_LIGHT[self.side]))
        return lines

    def items(self):
        return [("handoff.ready", t("ui.handoff.ready", self.app.lang), self.ready, "")]

    def ready(self) -> None:
        self.session.accept_handoff(self.side)
        self.app.pop()

    def key(self, event) -> None:
        if event.key in (pygame.K_RETURN, pygame.K_SPACE, pygame.K_KP_ENTER):
            self.ready()
