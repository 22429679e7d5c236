"""End of the game: the winner, why, and the statistics of both sides."""
from __future__ import annotations

from game.core.text import t
from game.ui import theme
from game.ui.roster_names import roster_title
from game.ui.scenes.common import ListScene


class EndScene(ListScene):
    dim = True
    width = 460

    def __init__(self, app, game_scene):
        super().__init__(app)
        self.game = game_scene

    def title(self) -> str:
        out = self.game.session.engine.state.outcome
        if out is None or out.winner is None:
            return t("ui.end.draw", self.app.lang)
        return t("ui.end.winner", self.app.lang, n=out.winner)

    def body(self):
        s = self.game.session
        st = s.engine.state
        lang = self.app.lang
        out = st.outcome
        lines = []
        if out is not None:
            lines.append((t(f"reason.{out.reason}", lang), theme.TEXT_DIM))
        for side in (1, 2):
            alive = len(st.figures_of(side))
            total = len([f for f in st.figures.values() if f.side == side])
            roster = roster_title(st.ruleset, st.sides[side].roster, lang)
            lines.append((t("ui.end.stats", lang, n=side, roster=roster, alive=alive,
                            total=total, dice=s.stats.dice[side], sixes=s.stats.sixes[side],
                            wounds=s.stats.wounds[side], score=st.sides[side].score),
                          theme.SIDE_LIGHT[side]))
        lines.append((t("ui.end.turns", lang, turns=st.turn, actions=len(s.engine.record.actions)),
                      theme.TEXT))
        return lines

    def items(self):
        lang = self.app.lang
        return [("end.table", t("ui.end.table", lang), self.app.pop, ""),
                ("end.save", t("ui.save", lang), self.game.bar.save, t("ui.tip.save", lang)),
                ("end.menu", t("ui.menu.main", lang), self.to_menu, ""),
                ("end.quit", t("ui.quit", lang), self.quit, "")]

    def to_menu(self) -> None:
        from game.ui.scenes.menu import MainMenu
        self.app.reset(MainMenu(self.app))

    def quit(self) -> None:
        self.app.running = False
