"""Menus: the main menu, a new game (scenario, warbands, who plays each side, seed), loading
a save, replaying one, and the in-game pause menu."""
from __future__ import annotations

import time
from pathlib import Path

from game.core.errors import SaveError, UserError
from game.core.text import t
from game.ui import theme
from game.ui.scenes.common import ListScene
from game.ui.settings import rosters_dir, saves_dir

RULESET = "evenor"                      # the default ruleset
RULESETS = ("evenor", "mortebrume")     # those the desktop game supports


def player_kinds() -> list[str]:
    """A person, then every agent the AI package accepts."""
    from game.ai import agents

    specs = agents.accepted_specs() if hasattr(agents, "accepted_specs") else sorted(agents.AGENTS)
    return ["human"] + [s for s in specs if s != "human"]


def player_label(spec: str, lang: str) -> str:
    from game.ai import agents

    if spec == "human" or not hasattr(agents, "spec_label"):
        return t(f"ui.player.{spec}", lang)
    return agents.spec_label(spec, lang)


def roster_choices(ruleset: str = RULESET) -> list[str]:
    from game.data import roster_paths

    out = ["auto"] + [p.stem for p in roster_paths(ruleset)]
    out += sorted(str(p) for p in rosters_dir().glob("*.yaml")) if rosters_dir().exists() else []
    return out


def start_game(app, scenario: str, seed: int, players: dict[int, str], rosters: dict | None = None,
               ruleset: str = RULESET):
    """Build the session and put the table scene on screen (UserError on bad input)."""
    from game.core.engine import Engine
    from game.ui.rules_info import info_for
    from game.ui.scenes.game import GameScene
    from game.ui.session import Session

    options = {"rosters": {k: v for k, v in (rosters or {}).items() if v != "auto"}}
    adapter = info_for(ruleset)
    if adapter is not None:
        options.update(adapter.new_game_options(app.settings))
    engine = Engine.new(ruleset, scenario, seed, options)
    session = Session(engine, players, lang=app.lang, autosave=saves_dir() / "autosave.json",
                      seed=seed)
    return app.reset(GameScene(app, session))


class MainMenu(ListScene):
    def title(self) -> str:
        return t("ui.title", self.app.lang)

    def body(self):
        return [(t("ui.subtitle", self.app.lang), theme.TEXT_DIM)]

    def items(self):
        lang, app = self.app.lang, self.app
        from game.ui.scenes.settings_scene import SettingsScene
        from game.ui.scenes.rules import RulesScene
        from game.ui.scenes.builder import BuilderScene
        return [("menu.new", t("ui.menu.new", lang), lambda: app.push(NewGameScene(app)), ""),
                ("menu.builder", t("ui.menu.builder", lang), lambda: app.push(BuilderScene(app)), ""),
                ("menu.load", t("ui.menu.load", lang), lambda: app.push(LoadScene(app)), ""),
                ("menu.replay", t("ui.menu.replay", lang), lambda: app.push(LoadScene(app, replay=True)), ""),
                ("menu.settings", t("ui.menu.settings", lang), lambda: app.push(SettingsScene(app)), ""),
                ("menu.rules", t("ui.menu.rules", lang), lambda: app.push(RulesScene(app)), ""),
                ("menu.quit", t("ui.quit", lang), self.quit, "")]

    def quit(self) -> None:
        self.app.running = False


class NewGameScene(ListScene):
    width = 480

    def __init__(self, app):
        super().__init__(app)
        self.ruleset = RULESET
        self._load_scenarios()
        self.players = {1: "human", 2: "human"}
        self.rosters = {1: "auto", 2: "auto"}
        self.seed = int(time.time()) % 100000
        self.error = ""

    def _load_scenarios(self) -> None:
        from game.core.ruleset import get_ruleset

        self.scenarios = get_ruleset(self.ruleset).scenarios()
        self.scenario = 0
        self.rosters = {1: "auto", 2: "auto"}

    def _state_key(self):
        return (self.ruleset, self.scenario, tuple(self.players.values()), tuple(self.rosters.values()),
                self.seed, self.error)

    def title(self) -> str:
        return t("ui.menu.new", self.app.lang)

    def body(self):
        out = [(t("ui.new.hint", self.app.lang), theme.TEXT_DIM)]
        if self.error:
            out.append((self.error, theme.REFUSAL))
        return out

    def _cycle(self, what: str, side: int | None = None) -> None:
        if what == "ruleset":
            self.ruleset = RULESETS[(RULESETS.index(self.ruleset) + 1) % len(RULESETS)]
            self._load_scenarios()
        elif what == "scenario":
            self.scenario = (self.scenario + 1) % len(self.scenarios)
        elif what == "player":
            kinds = player_kinds()
            self.players[side] = kinds[(kinds.index(self.players[side]) + 1) % len(kinds)]
        elif what == "roster":
            opts = roster_choices(self.ruleset)
            cur = self.rosters[side] if self.rosters[side] in opts else "auto"
            self.rosters[side] = opts[(opts.index(cur) + 1) % len(opts)]
        elif what == "seed":
            self.seed = (self.seed * 1103515245 + 12345) % 100000
        self.refresh()

    def items(self):
        lang = self.app.lang
        sc = self.scenarios[self.scenario]
        out = [("new.ruleset", t("ui.new.ruleset", lang, name=t(f"ui.ruleset.{self.ruleset}", lang)),
                lambda: self._cycle("ruleset"), t(f"ui.ruleset.{self.ruleset}.tip", lang)),
               ("new.scenario", t("ui.new.scenario", lang, name=t(f"ui.scenario.{sc}", lang)),
                lambda: self._cycle("scenario"), t(f"ui.scenario.{sc}.tip", lang))]
        for side in (1, 2):
            p = self.players[side]
            out.append((f"new.p{side}", t("ui.new.player", lang, n=side, who=player_label(p, lang)),
                        lambda s=side: self._cycle("player", s), ""))
            r = self.rosters[side]
            rname = t("ui.roster.auto", lang) if r == "auto" else Path(r).stem
            out.append((f"new.r{side}", t("ui.new.roster", lang, n=side, roster=rname),
                        lambda s=side: self._cycle("roster", s), ""))
        out.append(("new.seed", t("ui.new.seed", lang, seed=self.seed), lambda: self._cycle("seed"), ""))
        out.append(("new.start", t("ui.new.start", lang), self.start, ""))
        out.append(("new.back", t("ui.back", lang), self.app.pop, ""))
        return out

    def start(self) -> None:
        try:
            start_game(self.app, self.scenarios[self.scenario], self.seed, dict(self.players),
                       {str(k): v for k, v in self.rosters.items()}, ruleset=self.ruleset)
        except UserError as exc:
            self.error = str(exc)
            self.refresh()


class LoadScene(ListScene):
    """The saves in the user folder, newest first; as a game or as a replay."""

    width = 520

    def __init__(self, app, replay: bool = False, players=None):
        super().__init__(app)
        self.replay = replay
        self.players = players or {1: "human", 2: "human"}
        self.error = ""

    def _state_key(self):
        return self.error

    def title(self) -> str:
        return t("ui.menu.replay" if self.replay else "ui.menu.load", self.app.lang)

    def body(self):
        out = []
        if not self.files():
            out.append((t("ui.load.none", self.app.lang, folder=str(saves_dir())), theme.TEXT_DIM))
        if self.error:
            out.append((self.error, theme.REFUSAL))
        return out

    def files(self) -> list[Path]:
        d = saves_dir()
        if not d.exists():
            return []
        return sorted(d.glob("*.json"), key=lambda p: p.stat().st_mtime, reverse=True)[:10]

    def items(self):
        out = []
        for p in self.files():
            stamp = time.strftime("%Y-%m-%d %H:%M", time.localtime(p.stat().st_mtime))
            out.append((f"load.{p.stem}", f"{p.stem} · {stamp}", lambda p=p: self.open(p), str(p)))
        out.append(("load.back", t("ui.back", self.app.lang), self.app.pop, ""))
        return out

    def open(self, path: Path) -> None:
        try:
            if self.replay:
                from game.ui.scenes.replay import open_replay
                open_replay(self.app, path)
            else:
                from game.ui.scenes.game import GameScene
                from game.ui.session import Session
                session = Session.load(path, self.players, lang=self.app.lang,
                                       autosave=saves_dir() / "autosave.json")
                self.app.reset(GameScene(self.app, session))
        except SaveError as exc:
            self.error = str(exc)
            self.refresh()


class PauseScene(ListScene):
    dim = True

    def __init__(self, app, game):
        super().__init__(app)
        self.game = game

    def title(self) -> str:
        return t("ui.menu", self.app.lang)

    def items(self):
        lang, app = self.app.lang, self.app
        from game.ui.scenes.settings_scene import SettingsScene
        from game.ui.scenes.rules import RulesScene
        out = [("pause.resume", t("ui.resume", lang), app.pop, "")]
        if self.game.replay is None:
            out += [("pause.save", t("ui.save", lang), self._save, t("ui.tip.save", lang)),
                    ("pause.load", t("ui.load", lang), lambda: app.push(LoadScene(app, players=self.game.session.players)), "")]
        out += [("pause.settings", t("ui.menu.settings", lang), lambda: app.push(SettingsScene(app)), ""),
                ("pause.rules", t("ui.menu.rules", lang), lambda: app.push(RulesScene(app)), ""),
                ("pause.main", t("ui.menu.main", lang), lambda: app.reset(MainMenu(app)), ""),
                ("pause.quit", t("ui.quit", lang), self.quit, "")]
        return out

    def _save(self) -> None:
        self.game.bar.save()
        self.app.pop()

    def quit(self) -> None:
        self.app.running = False
