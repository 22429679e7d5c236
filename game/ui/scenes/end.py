"""End of the game: the winner, why, and the statistics of every side (a neutral side
marked as such: it never wins)."""
from __future__ import annotations

from game.core.text import t
from game.ui import theme
from game.ui.scenes.common import ListScene
from game.ui.sides import side_light, warband


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
        s = self.game.session
        people = [side for side in s.seats() if s.is_human(side)]
        if len(people) == 1:          # one person against the computer: say it to them
            key = "ui.end.you_won" if out.winner == people[0] else "ui.end.you_lost"
            return t(key, self.app.lang, n=out.winner)
        return t("ui.end.winner", self.app.lang, n=out.winner)

    def body(self):
        s = self.game.session
        st = s.engine.state
        lang = self.app.lang
        out = st.outcome
        lines = []
        if out is not None:
            why = self.game.adapter.outcome_reason(out.reason, lang) if self.game.adapter is not None else out.reason
            lines.append((why, theme.TEXT_DIM))
        for side in st.side_ids():
            alive = len(st.figures_of(side))
            total = len([f for f in st.figures.values() if f.side == side])
            lines.append((t("ui.end.stats", lang, n=side, roster=warband(st, side, lang), alive=alive,
                            total=total, dice=s.stats.dice.get(side, 0),
                            sixes=s.stats.sixes.get(side, 0), wounds=s.stats.wounds.get(side, 0)),
                          side_light(side)))
        hud = self.game.adapter.scenario_hud(st, lang) if self.game.adapter is not None else []
        if hud[1:]:                          # the scenario's own score, in its words
            lines += [(line, theme.TEXT) for line in hud[1:]]
        else:
            lines += [(t("ui.end.score", lang, n=side, score=_score(st.sides[side].score)), side_light(side))
                      for side in st.side_ids()]
        lines.append((t("ui.end.turns", lang, turns=min(st.turn, st.max_turns),
                        actions=len(s.engine.record.actions)),
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


def _score(score: float) -> int | float:
    """A score as players write it: 3 rather than 3.0."""
    return int(score) if float(score).is_integer() else score
