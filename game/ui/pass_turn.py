"""Passing the rest of a turn: once the player confirms "End turn", every figure of the
side still to activate does nothing, by the ruleset's own means (its presentation's
``pass_step``: the template it marks safe, ending the activation under way or activating a
figure to do nothing), played through the session like any decision, each time that side
decides again in this turn, until none is left, the turn ends or a decision is owed to it
(a reaction: the person answers it, then the passing goes on)."""
from __future__ import annotations

from game.core.text import t

MAX_STEPS = 64        # decisions played in one frame at most (a guard: each ends an activation or two)


class TurnPasser:
    def __init__(self, scene):
        self.scene = scene
        self.side: int | None = None
        self.turn: int | None = None

    def active(self) -> bool:
        return self.side is not None

    def start(self, side: int) -> None:
        st = self.scene.session.engine.state
        self.side, self.turn = side, st.turn
        self.scene.controller.say(t("ui.endturn.passing", self.scene.app.lang, n=side))
        self.step()

    def stop(self) -> None:
        self.side = self.turn = None

    def _left(self) -> bool:
        """Figures of the side still to activate, or in the activation under way."""
        sc = self.scene
        st = sc.session.engine.state
        pres = sc.adapter
        return any(pres.roster_state(st, f).turn in ("ready", "active")
                   for f in st.figures.values() if f.side == self.side)

    def step(self) -> bool:
        """Play the passing decisions owed now; True when one was played."""
        if self.side is None:
            return False
        sc = self.scene
        s = sc.session
        played = False
        for _ in range(MAX_STEPS):
            st = s.engine.state
            if st.outcome is not None or st.turn != self.turn or not self._left():
                self.stop()
                break
            if s.decider() != self.side or not s.is_human(self.side) or st.pending:
                break                        # another side plays, or the person answers
            action = sc.adapter.pass_step(st, s.engine.legal_actions())
            if action is None or s.submit(action) is not None:
                sc.controller.say(t("ui.endturn.stopped", sc.app.lang), refused=True)
                self.stop()
                break
            played = True
        if played:
            sc.controller.sync()
        return played
