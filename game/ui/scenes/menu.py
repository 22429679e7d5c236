"""Menus: the main menu, a new game (scenario, warbands, who plays each side, seed), loading
a save, replaying one, and the in-game pause menu."""
from __future__ import annotations

from game.core.text import t
from game.ui import theme
from game.ui.scenes.common import ListScene
from game.ui.settings import rosters_dir, saves_dir


def player_kinds(developer: bool = False) -> list[str]:
    """A person, then every agent the AI package accepts, each once (an alias such as "ai"
    for "ai:normal" reads the same: only the full name is offered); the developers'
    baselines only when ``developer`` (the setting) asks for them."""
    from game.ai import agents

    specs = agents.accepted_specs() if hasattr(agents, "accepted_specs") else sorted(agents.AGENTS)
    hidden = () if developer else getattr(agents, "BASELINES", ())
    specs = [s for s in specs if s != "human" and s not in hidden]
    seen: set[str] = set()
    kept = []
    for s in reversed(specs):                    # the last of the specs sharing a label stays
        label = player_label(s, "fr")
        if label not in seen:
            seen.add(label)
            kept.append(s)
    return ["human"] + kept[::-1]


def player_label(spec: str, lang: str) -> str:
    from game.ai import agents

    if spec == "human" or not hasattr(agents, "spec_label"):
        return t(f"ui.player.{spec}", lang)
    return agents.spec_label(spec, lang)


def saved_rosters(ruleset: str) -> list:
    """The rosters saved in the user folder for this ruleset (unreadable ones too, so that
    choosing one says what is wrong with it)."""
    import yaml

    files = sorted(rosters_dir().glob("*.yaml")) if rosters_dir().exists() else []
    out = []
    for f in files:
        try:
            doc = yaml.safe_load(f.read_text(encoding="utf-8"))
        except (OSError, yaml.YAMLError):
            doc = None
        if not isinstance(doc, dict) or doc.get("ruleset", ruleset) == ruleset:
            out.append(f)
    return out


def roster_choices(ruleset: str) -> list[str]:
    from game.data import roster_paths

    out = ["auto"] + [p.stem for p in roster_paths(ruleset)]
    return out + [str(p) for p in saved_rosters(ruleset)]


def start_game(app, scenario: str, seed: int, players: dict[int, str], rosters: dict | None = None,
               ruleset: str | None = None, chosen: dict | None = None, advised=()):
    """Build the session and put the table scene on screen (UserError on bad input).
    ``chosen``: the scenario options picked in the form (key: value; None = the default);
    ``advised``: the sides whose decisions the ruleset's advice answers (K-R23)."""
    from game.core.engine import Engine
    from game.ui.rules_info import info_for, rulesets
    from game.ui.scenes.game import GameScene
    from game.ui.session import Session

    ruleset = ruleset or rulesets()[0]
    options = {"rosters": {k: v for k, v in (rosters or {}).items() if v != "auto"}}
    options.update(info_for(ruleset).new_game_options(app.settings))
    options.update({k: v for k, v in (chosen or {}).items() if v is not None})
    engine = Engine.new(ruleset, scenario, seed, options)
    session = Session(engine, players, lang=app.lang, autosave=saves_dir() / "autosave.json",
                      seed=seed, advised=advised)
    return app.reset(GameScene(app, session))


class MainMenu(ListScene):
    def title(self) -> str:
        return t("ui.title", self.app.lang)

    def body(self):
        return [(t("ui.subtitle", self.app.lang), theme.TEXT_DIM)]

    def items(self):
        lang, app = self.app.lang, self.app
        from game.ui.scenes.builder import BuilderScene
        from game.ui.scenes.lessons import LessonsScene
        from game.ui.scenes.rules import RulesScene
        from game.ui.scenes.settings_scene import SettingsScene
        return [("menu.learn", t("guide.menu.entry", lang), lambda: app.push(LessonsScene(app)),
                 t("guide.menu.tip", lang)),
                ("menu.new", t("ui.menu.new", lang), lambda: app.push(NewGameScene(app)), ""),
                ("menu.demo", t("ui.menu.demo", lang), lambda: app.push(NewGameScene(app, demo=True)),
                 t("ui.tip.demo", lang)),
                ("menu.builder", t("ui.menu.builder", lang), lambda: app.push(BuilderScene(app)), ""),
                ("menu.load", t("ui.menu.load", lang), lambda: app.push(LoadScene(app)), ""),
                ("menu.replay", t("ui.menu.replay", lang), lambda: app.push(LoadScene(app, replay=True)), ""),
                ("menu.settings", t("ui.menu.settings", lang), lambda: app.push(SettingsScene(app)), ""),
                ("menu.rules", t("ui.menu.rules", lang), lambda: app.push(RulesScene(app)), ""),
                ("menu.quit", t("ui.quit", lang), self.quit, "")]

    def quit(self) -> None:
        self.app.running = False


class PauseScene(ListScene):
    dim = True

    def __init__(self, app, game):
        super().__init__(app)
        self.game = game

    def title(self) -> str:
        return t("ui.menu", self.app.lang)

    def items(self):
        lang, app = self.app.lang, self.app
        from game.ui.scenes.rules import RulesScene
        from game.ui.scenes.settings_scene import SettingsScene
        out = [("pause.resume", t("ui.resume", lang), app.pop, "")]
        if self.game.replay is None:
            out += [("pause.save", t("ui.save", lang), self._save, t("ui.tip.save", lang)),
                    ("pause.load", t("ui.load", lang),
                     lambda: app.push(LoadScene(app)), "")]
        out += [("pause.settings", t("ui.menu.settings", lang), lambda: app.push(SettingsScene(app)), ""),
                ("pause.rules", t("ui.menu.rules", lang),
                 lambda: app.push(RulesScene(app, self.game.session.engine.state.ruleset)), ""),
                ("pause.main", t("ui.menu.main", lang), self.to_menu, ""),
                ("pause.quit", t("ui.quit", lang), self.ask_quit, "")]
        return out

    def _save(self) -> None:
        self.game.bar.save()          # the save dialog, over this menu

    def _playing(self) -> bool:
        return self.game.replay is None and not self.game.session.over()

    def to_menu(self) -> None:
        go = lambda: self.app.reset(MainMenu(self.app))  # noqa: E731
        lang = self.app.lang
        self.confirm(t("ui.confirm.main", lang), go, t("ui.menu.main", lang)) if self._playing() else go()

    def ask_quit(self) -> None:
        lang = self.app.lang
        self.confirm(t("ui.confirm.quit", lang), self.quit, t("ui.quit", lang)) if self._playing() else self.quit()

    def quit(self) -> None:
        self.app.running = False

from game.ui.scenes.new_game import NewGameScene  # noqa: E402,F401  (the new-game form lives there)
from game.ui.scenes.saves import LoadScene  # noqa: E402,F401  (the list of saves lives there)
