"""The turn limit is a scenario option the ruleset declares as data and the new-game form
shows (off by default: only the safety limit); reaching it is shown as a draw."""
from __future__ import annotations

from game.core.text import t
from tests.ui.driver import Driver


def _new_game(make_app, ruleset: str | None = None):
    from game.ui.scenes.menu import MainMenu

    app = make_app()
    app.push(MainMenu(app))
    d = Driver(app)
    d.press("menu.new")
    if ruleset is not None:
        d.choose("new.ruleset", ruleset)
    return app, d


def test_no_turn_limit_by_default_only_the_safety_one(make_app):
    from game.ui.scenes.game import GameScene

    app, d = _new_game(make_app)
    scene = app.top
    dd = d.dropdown("new.opt.max_turns")
    assert dd.selected_option[0] == t("ui.ev.opt.turns.none", "fr", n=30)
    assert scene.values["new.opt.max_turns"][0] is None
    d.press("new.start")
    assert isinstance(app.top, GameScene)
    eng = app.top.session.engine
    assert eng.state.max_turns == 30 and "max_turns" not in eng.record.options


def test_a_chosen_turn_limit_reaches_the_game_and_its_save(make_app):
    from game.ui.scenes.game import GameScene

    app, d = _new_game(make_app)
    d.choose("new.opt.max_turns", 12)
    d.press("new.start")
    assert isinstance(app.top, GameScene)
    eng = app.top.session.engine
    assert eng.state.max_turns == 12 and eng.record.options["max_turns"] == 12


def test_a_ruleset_without_options_shows_none(make_app):
    app, d = _new_game(make_app, "kharn_ages")
    assert not [k for k in app.top.dropdowns if k.startswith("new.opt.")]


def test_the_end_screen_reports_a_turn_limit_draw(make_app):
    from game.ui.scenes.end import EndScene
    from game.ui.scenes.menu import start_game

    app = make_app()
    game = start_game(app, "extermination", 5, {1: "human", 2: "human"}, ruleset="evenor")
    st = game.session.engine.state
    next(iter(st.figures_of(2))).out = True          # side 1 took more out: still a draw
    st.extras["turn_limit"] = True
    st.outcome = game.session.engine.ruleset.outcome(st)
    end = EndScene(app, game)
    assert end.title() == t("ui.end.draw", "fr")
    assert end.body()[0][0] == t("reason.turn_limit", "fr") == "limite de tours atteinte\u00a0: match nul"
