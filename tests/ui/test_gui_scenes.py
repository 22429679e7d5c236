"""The menus on pygame-gui: the App's one themed UI manager (DejaVu at the interface scale,
rebuilt on a scale or language change), events it consumes never reach the scene, scenes'
elements hidden when covered and killed when left, confirmation dialogs, the AI demo entry,
the language switch relabelling, and every migrated scene drawing at 100 % and 200 %."""
from __future__ import annotations

import pygame
import pytest

from game.core.text import t
from tests.ui.driver import Driver


def colours(surf) -> int:
    w, h = surf.get_size()
    return len({tuple(surf.get_at((x, y))) for x in range(0, w, 37) for y in range(0, h, 29)})


def ink(surf) -> int:
    """How many sampled pixels differ from the most common colour (the background)."""
    w, h = surf.get_size()
    px = [tuple(surf.get_at((x, y))) for x in range(0, w, 8) for y in range(0, h, 8)]
    bg = max(set(px), key=px.count)
    return sum(1 for p in px if p != bg)


def font_info(app, element: str) -> dict:
    return app.ui.get_theme().get_font_info([element])


def test_one_themed_manager_follows_scale_and_language(make_app):
    from game.ui.scenes.menu import MainMenu

    app = make_app()
    app.push(MainMenu(app))
    first = app.ui
    assert font_info(app, "button")["size"] == 13
    assert font_info(app, "button")["regular_path"].endswith("DejaVuSans.ttf")
    for element in ("label", "text_box", "drop_down_menu", "text_entry_line", "tool_tip", "window"):
        assert font_info(app, element)["name"] == "dejavu", element
    app.settings.scale = 200
    app.settings_changed()
    assert app.ui is not first and font_info(app, "button")["size"] == 26
    menu = app.top
    assert menu.root.ui_manager is app.ui                 # the scene rebuilt in the new manager
    app.settings.lang = "en"
    app.settings_changed()
    assert app.ui.get_locale() == "en"
    assert menu.find("menu.new").label == t("ui.menu.new", "en")


class Recorder:
    """A scene that knows nothing of pygame-gui (as the table scene does)."""

    opaque = True

    def __init__(self):
        self.seen = []

    def handle(self, event):
        self.seen.append(event.type)

    def update(self, dt): ...

    def draw(self, surf):
        surf.fill((0, 0, 0))

    def relabel(self): ...

    def show(self): ...

    def hide(self): ...

    def leave(self): ...


def test_events_the_gui_consumes_never_reach_the_scene(make_app):
    from pygame_gui.elements import UIButton

    from game.ui.app import Scene

    app = make_app()
    rec = Recorder()
    app.push(rec)
    pressed = []
    UIButton(pygame.Rect(0, 0, 200, 60), "x", manager=app.ui, command=lambda: pressed.append(1))
    d = Driver(app)
    d.click((100, 30))
    assert pressed == [1]
    assert pygame.MOUSEBUTTONDOWN not in rec.seen and pygame.MOUSEBUTTONUP not in rec.seen
    d.click((600, 500))
    assert pygame.MOUSEBUTTONDOWN in rec.seen and pygame.MOUSEBUTTONUP in rec.seen
    plain = Scene(app)                                      # the base class still works alone
    app.push(plain)
    d.frames(2)
    assert app.top is plain


def test_covered_scenes_hide_their_elements_and_leaving_kills_them(make_app):
    from game.ui.scenes.menu import MainMenu
    from game.ui.scenes.settings_scene import SettingsScene

    app = make_app()
    menu = app.push(MainMenu(app))
    d = Driver(app)
    button = menu.find("menu.new").element
    assert button.visible
    d.press("menu.settings")
    settings = app.top
    assert isinstance(settings, SettingsScene) and not button.visible
    d.click(menu.find("menu.quit").rect.center)            # hidden: its command never runs
    assert app.running
    for _ in range(2):        # the click may have opened a settings list: Escape closes it first
        if app.top is settings:
            d.key(pygame.K_ESCAPE)
    assert app.top is menu and menu.find("menu.new").element.visible   # (rebuilt if a setting changed)
    gone = [b.element for b in menu.buttons]
    app.reset(MainMenu(app))
    assert menu.root is None and not any(e.alive() for e in gone)


def test_pause_quit_asks_first(make_app):
    from game.ui.scenes.menu import MainMenu, PauseScene, start_game

    app = make_app()
    game = start_game(app, "extermination", 3, {1: "human", 2: "human"}, ruleset="evenor")
    d = Driver(app)
    d.key(pygame.K_ESCAPE)
    assert isinstance(app.top, PauseScene)
    d.press("pause.quit")
    assert app.running and app.top.dialog is not None
    d.press("confirm.cancel")
    assert app.running and app.top.dialog is None
    d.press("pause.main")
    d.press("confirm.ok")
    assert isinstance(app.top, MainMenu) and app.scenes == [app.top] and game not in app.scenes
    start_game(app, "extermination", 3, {1: "human", 2: "human"}, ruleset="evenor")
    d.key(pygame.K_ESCAPE)
    d.press("pause.quit")
    d.press("confirm.ok")
    assert not app.running


def test_enter_in_the_seed_field_starts_the_game(make_app):
    from game.ui.scenes.game import GameScene
    from game.ui.scenes.menu import NewGameScene

    app = make_app()
    scene = app.push(NewGameScene(app))
    d = Driver(app)
    d.click(scene.dropdowns["new.p1"].rect.center)            # an open list: Escape closes it
    d.key(pygame.K_ESCAPE)
    assert app.top is scene
    assert scene.dropdowns["new.p1"].current_state is not scene.dropdowns["new.p1"].menu_states["expanded"]
    d.type_text(scene.seed_entry, "77")
    d.key(pygame.K_RETURN)                                   # the focused field takes the key
    assert isinstance(app.top, GameScene) and app.top.session.engine.record.seed == 77


def test_ai_versus_ai_demo_from_the_main_menu(make_app):
    from game.ui.scenes.game import GameScene
    from game.ui.scenes.menu import MainMenu

    app = make_app()
    app.push(MainMenu(app))
    d = Driver(app)
    assert d.button("menu.demo").label == t("ui.menu.demo", "fr") == "IA contre IA (démo)"
    d.press("menu.demo")
    assert "new.p1" not in app.top.dropdowns                 # both sides are the AI
    d.choose("new.scenario", "embuscade")
    d.press("new.start")
    assert isinstance(app.top, GameScene)
    session = app.top.session
    assert session.players == {1: "ai:normal", 2: "ai:normal"}
    assert session.engine.state.scenario == "embuscade"


def test_language_switch_relabels_the_menus(make_app):
    from game.ui.scenes.menu import MainMenu

    app = make_app()
    menu = app.push(MainMenu(app))
    d = Driver(app)
    d.press("menu.settings")
    d.press("set.lang")
    assert d.button("set.back").label == t("ui.back", "en")
    d.press("set.back")
    assert app.top is menu
    assert [b.label for b in menu.buttons][:3] == [t("guide.menu.entry", "en"), t("ui.menu.new", "en"),
                                                   t("ui.menu.demo", "en")]
    assert menu.find("menu.demo").label == "AI versus AI (demo)"


def test_rules_pages_from_the_drop_down(make_app):
    from game.ui.rules_info import rule_pages
    from game.ui.scenes.rules import RulesScene
    PAGES = rule_pages("evenor")[1]

    app = make_app(lang="en")
    scene = app.push(RulesScene(app))
    d = Driver(app)
    d.choose("rules.page", f"4. {t(f'ui.rules.{PAGES[3]}.title', 'en')}")
    assert scene.page == 3
    first_words = t(f"ui.rules.{PAGES[3]}.text", "en").split("\n")[0][:20]
    assert first_words in scene.text.html_text
    d.key(pygame.K_RIGHT)
    assert scene.page == 4


def test_builder_at_200_percent_keeps_every_control_on_screen(make_app):
    from game.ui.scenes.builder import BuilderScene

    app = make_app(size=(1280, 800), scale=200)
    b = app.push(BuilderScene(app))
    d = Driver(app)
    d.frames(2)
    screen = app.screen.get_rect()
    for key in ("builder.preset", "builder.save", "builder.load", "builder.back"):
        assert screen.contains(d.button(key).rect), key
    assert screen.contains(d.dropdown("builder.faction").rect)
    for box in b.lists.values():
        assert screen.contains(box.rect)
    assert screen.contains(b.status.rect)
    for pid in b.cat.factions[b.faction_id()].profiles:    # more than fit: the list scrolls
        b.add(pid)
    d.frames(2)
    box = b.lists["members"]
    inner = box.scrollable_container.rect.h
    assert inner > box.rect.h and box.vert_scroll_bar is not None
    assert len([x for x in b.buttons if x.key.startswith("builder.remove.")]) == len(b.members)
    d.press("builder.remove.0")                             # the first is on screen: click it
    assert len(b.members) == len(b.cat.factions[b.faction_id()].profiles) - 1


def _scenes(app):
    """Every migrated scene, built fresh on the app (a game underneath where one is needed)."""
    from game.ui.scenes.builder import BuilderScene
    from game.ui.scenes.end import EndScene
    from game.ui.scenes.handoff import HandoffScene
    from game.ui.scenes.menu import LoadScene, MainMenu, NewGameScene, PauseScene, start_game
    from game.ui.scenes.rules import RulesScene
    from game.ui.scenes.settings_scene import SettingsScene

    game = start_game(app, "extermination", 2, {1: "human", 2: "human"}, ruleset="evenor")
    return [("menu", lambda: MainMenu(app)), ("new", lambda: NewGameScene(app)),
            ("demo", lambda: NewGameScene(app, demo=True)), ("load", lambda: LoadScene(app)),
            ("settings", lambda: SettingsScene(app)), ("rules", lambda: RulesScene(app)),
            ("builder", lambda: BuilderScene(app)), ("pause", lambda: PauseScene(app, game)),
            ("handoff", lambda: HandoffScene(app, game.session, 2)), ("end", lambda: EndScene(app, game))]


@pytest.mark.parametrize("scale", [100, 200])
def test_every_migrated_scene_draws_on_screen(make_app, scale):
    app = make_app(scale=scale)
    d = Driver(app)
    screen = app.screen.get_rect()
    for name, make in _scenes(app):
        scene = app.push(make())
        d.frames(2)
        assert ink(app.screen) > 120, name
        assert scene.buttons, name
        for b in scene.buttons:
            container = b.element.ui_container
            inside_scroller = container is not None and container is not scene.root.get_container()
            assert inside_scroller or screen.contains(b.rect), (name, b.key, b.rect)
        app.pop()


def test_rules_reference_has_mortebrume_pages_too(make_app):
    from game.ui.rules_info import rule_pages
    from game.ui.scenes.rules import RulesScene
    MB_PAGES = rule_pages("mortebrume")[1]

    app = make_app()
    scene = app.push(RulesScene(app))
    d = Driver(app)
    d.choose("rules.ruleset", "mortebrume")
    assert scene.ruleset == "mortebrume" and scene.page == 0
    assert scene.title() == t("ui.rules.mb.turn.title", "fr")
    for _ in MB_PAGES[1:]:
        d.press("rules.next")
    assert scene.page == len(MB_PAGES) - 1 and not d.button("rules.next").enabled
    assert "8 cm" in scene.text.html_text                  # the mist stone page
    for page in MB_PAGES:                                   # each page has a worked example
        assert "\nExemple" in t(f"ui.rules.mb.{page}.text", "fr")
        assert "\nExample" in t(f"ui.rules.mb.{page}.text", "en")


def test_replay_controls_window_steps_and_jumps(make_app, home):
    from game.ai.agents import make_agent
    from game.core.engine import Engine
    from game.core.record import save_game
    from game.ui.scenes.menu import PauseScene
    from game.ui.scenes.replay import open_replay

    engine = Engine.new("evenor", "extermination", 5)          # a short game played headless
    agent = make_agent("random", 1)
    for _ in range(14):
        engine.step(agent.choose(engine))
    save_game(engine, home / "saves" / "partie.json")
    app = make_app()
    d = Driver(app)
    rep = open_replay(app, home / "saves" / "partie.json")
    controls = rep.replay.controls
    assert {id(rep.bar), id(controls), id(rep.log), id(rep.panel.set)} <= {id(p) for p in app.attached(rep)}
    assert controls.window.visible
    d.press("replay.gui.forward")
    d.press("replay.gui.forward")
    assert rep.replay.pos == 2 and controls.slider.get_current_value() == 2
    d.click(controls.slider.left_button.rect.center)        # the slider's own arrow: one back
    assert rep.replay.pos == 1 and len(rep.session.engine.record.actions) == 1
    controls.slider.set_current_value(10)                   # dragged: jump there
    d.frames(2)
    assert rep.replay.pos == 10 and len(rep.session.engine.record.actions) == 10
    assert "10" in controls.window.window_display_title
    d.key(pygame.K_ESCAPE)                                  # covered by the pause menu: hidden
    assert isinstance(app.top, PauseScene) and not controls.window.visible
    d.press("pause.resume")
    assert controls.window.visible
    app.settings.scale = 150                                 # a new manager: rebuilt in it
    app.settings_changed()
    assert controls.window.ui_manager is app.ui and controls.window.alive()
    window = controls.window
    d.key(pygame.K_ESCAPE)
    d.press("pause.main")                                   # a replay: no question asked
    assert not window.alive() and app.attached(rep) == []
