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
        """The kind of a pending decision that is a choice rather than a reaction
        (designation, deployment, priority, recul), else None."""
        from game.ui.scenes.top_bar import DECISION_CAPTIONS

        st = self.session.engine.state
        kind = st.pending[-1].kind if self.react and st.pending else None
        return kind if kind in DECISION_CAPTIONS else None

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
            lines.append((t("ui.handoff.what", lang, what=t(f"play.bar.{choice}", lang)),
                          side_light(self.side)))
        elif self.react:
            d = st.pending[-1]
            fig = st.figures.get(d.figure)
            if fig is not None:
                lines.append((t("ui.handoff.who", lang, who=fig.name), side_light(self.side)))
        return lines

    def items(self):
        return [("handoff.ready", t("ui.handoff.ready", self.app.lang), self.ready, "")]

    def ready(self) -> None:
        self.session.accept_handoff(self.side)
        self.app.pop()

    def key(self, event) -> None:
        if event.key in (pygame.K_RETURN, pygame.K_SPACE, pygame.K_KP_ENTER):
            self.ready()
