"""Entry points the command line dispatches to: the main menu, a game started directly, a
screenshot of the opening table rendered without a window, and a replay."""
from __future__ import annotations

from pathlib import Path

from game.core.errors import UserError


def _check_game_args(args) -> None:
    from game.ai.agents import make_agent
    from game.core.ruleset import get_ruleset

    rs = get_ruleset(args.ruleset)
    if args.scenario not in rs.scenarios():
        raise UserError(f"unknown scenario '{args.scenario}' for {args.ruleset} "
                        f"(known: {', '.join(rs.scenarios())})")
    for spec in (getattr(args, "p1", "human"), getattr(args, "p2", "human")):
        if spec != "human":
            make_agent(spec, 0)


def _app(settings=None):
    from game.ui import boot
    from game.ui.settings import Settings

    settings = settings or Settings.load()
    screen = boot.windowed()               # checks pygame-ce and pygame-gui first
    from game.ui.app import App
    return App(screen, settings)


def main_menu(args) -> int:
    from game.ui.scenes.menu import MainMenu

    app = _app()
    app.push(MainMenu(app))
    return app.run()


def play(args) -> int:
    from game.ui.scenes.menu import start_game
    from game.ui.settings import Settings

    _check_game_args(args)
    settings = Settings.load()
    settings.lang = args.lang
    app = _app(settings)
    seed = args.seed if args.seed is not None else _fresh_seed()
    start_game(app, args.scenario, seed, {1: args.p1, 2: args.p2}, ruleset=args.ruleset)
    return app.run()


def _fresh_seed() -> int:
    import time

    return time.time_ns() // 1000 % 1_000_000


def replay(args) -> int:
    from game.ui.scenes.replay import open_replay
    from game.ui.settings import Settings

    settings = Settings.load()
    settings.lang = getattr(args, "lang", settings.lang) or settings.lang
    app = _app(settings)
    open_replay(app, args.save)
    return app.run()


def parse_size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise UserError(f"--size expects WIDTHxHEIGHT such as 1280x800 (got '{text}')") from None
    if not (320 <= w <= 8000 and 240 <= h <= 8000):
        raise UserError(f"--size must be between 320x240 and 8000x8000 (got '{text}')")
    return w, h


def find_figure(state, name: str) -> str:
    """A figure by id or by name (case-insensitive)."""
    if name in state.figures:
        return name
    low = name.lower()
    for f in state.figures.values():
        if f.name.lower() == low or f.id.split(".", 1)[-1].lower() == low:
            return f.id
    known = ", ".join(sorted(f.name for f in state.figures.values()))
    raise UserError(f"--select: no figure '{name}' in this game (figures: {known})")


def render_opening(ruleset: str, scenario: str, seed: int, size, select: str | None = None,
                   lang: str = "fr", mode: str | None = None):
    """The opening table drawn offscreen (dummy driver); returns (app, scene)."""
    from game.core.engine import Engine
    from game.ui import boot
    from game.ui.settings import Settings

    screen = boot.headless(size)           # checks pygame-ce and pygame-gui first
    from game.ui.app import App
    from game.ui.scenes.game import GameScene
    from game.ui.session import Session
    app = App(screen, Settings(lang=lang), threaded=False, persist=False)
    engine = Engine.new(ruleset, scenario, seed)
    session = Session(engine, {1: "human", 2: "human"}, lang=lang)
    scene = app.push(GameScene(app, session))
    session.shown_side = session.decider()
    if select:
        fid = find_figure(engine.state, select)
        scene.controller.sync()
        scene.controller.select(fid)
    app.frame([], 0.0)
    app.frame([], 0.0)
    return app, scene


def screenshot(args) -> int:
    import pygame

    args_like = type("A", (), {"ruleset": args.ruleset, "scenario": args.scenario})()
    _check_game_args(args_like)
    size = parse_size(args.size)
    app, _ = render_opening(args.ruleset, args.scenario, args.seed, size, args.select)
    out = Path(args.out)
    if out.suffix.lower() != ".png":
        raise UserError(f"--out must name a .png file (got '{args.out}')")
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(app.screen, str(out))
    except (OSError, pygame.error) as exc:
        raise UserError(f"cannot write {out}: {exc}") from None
    return 0
