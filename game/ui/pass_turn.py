"""Passing the rest of a turn: once a player confirms "End turn", every figure of that side
still to activate does nothing, by the ruleset's own means (its presentation's
``pass_step``: the template it marks safe, ending the activation under way or activating a
figure to do nothing, or a decision the ruleset passes itself, such as a secret pick of
the next figure), played through the session like any decision, each time that side
decides again in this turn, until none is left, the turn ends or a decision is owed to it
that the ruleset leaves to the person (a reaction: it answers, then the passing goes on). Several sides may pass
(hot-seat): each is remembered with the turn it passes."""
from __future__ import annotations

from game.core.text import t

MAX_STEPS = 64        # decisions played in one frame at most (a guard: each ends an activation or two)


class TurnPasser:
    def __init__(self, scene):
        self.scene = scene
        self.passing: dict[int, int] = {}      # side -> the turn it passes

    def active(self, side: int | None = None) -> bool:
        return bool(self.passing) if side is None else side in self.passing

    def start(self, side: int) -> None:
        self.passing[side] = self.scene.session.engine.state.turn
        self.scene.controller.say(t("ui.endturn.passing", self.scene.app.lang, n=side))
        self.step()

    def _left(self, side: int) -> bool:
        """Figures of the side still to activate, or in the activation under way."""
        sc = self.scene
        st = sc.session.engine.state
        pres = sc.adapter
        return any(pres.roster_state(st, f).turn in ("ready", "active")
                   for f in st.figures.values() if f.side == side)

    def _forget_done(self) -> None:
        st = self.scene.session.engine.state
        for side, turn in list(self.passing.items()):
            if st.outcome is not None or st.turn != turn or not self._left(side):
                del self.passing[side]

    def step(self) -> bool:
        """Play the passing decisions owed now; True when one was played."""
        if not self.passing:
            return False
        sc = self.scene
        s = sc.session
        played = False
        for _ in range(MAX_STEPS):
            self._forget_done()
            st = s.engine.state
            side = s.decider()
            if side not in self.passing or not s.is_human(side):
                break                        # another side plays
            action = sc.adapter.pass_step(st, s.engine.legal_actions())
            if action is None and st.pending:
                break                        # a decision the person answers (a reaction)
            if action is None or s.submit(action) is not None:
                sc.controller.say(t("ui.endturn.stopped", sc.app.lang), refused=True)
                del self.passing[side]
                break
            played = True
        if played:
            sc.controller.sync()
        return played
