"""Warbands are named for players by their own names, not their ids or file names."""
from __future__ import annotations

from game.ui.roster_names import roster_title


def test_presets_by_id_in_both_languages(home):
    assert roster_title("evenor", "grecs", "fr") == "Les Spartiates de Léonidas"
    assert roster_title("evenor", "grecs", "en") == "Leonidas's Spartans"
    assert roster_title("mortebrume", "abelberiens", "fr") == "Marteaux d'Abelber"


def test_a_saved_roster_by_path_and_by_the_id_a_game_recorded(home):
    from game.ui.settings import rosters_dir

    rosters_dir().mkdir(parents=True, exist_ok=True)
    path = rosters_dir() / "ma_bande.yaml"
    path.write_text("kind: roster\nruleset: evenor\nid: ma_bande_2\n"
                    "name: {fr: Ma bande, en: My band}\nmembers: [leonidas, phobos]\n", encoding="utf-8")
    assert roster_title("evenor", str(path), "fr") == "Ma bande"
    assert roster_title("evenor", "ma_bande_2", "en") == "My band"
    assert roster_title("evenor", "custom", "fr") == "bande choisie figurine par figurine"   # a list of profiles


def test_a_warband_given_as_profiles_is_named_after_its_preset(home):
    """A guided game's warband reads as the figures picked from a preset, not as jargon."""
    from game.core.engine import Engine
    from game.ui.roster_names import picked_title
    from game.ui.sides import warband

    assert picked_title("evenor", ["leonidas", "ulysse", "phobos"], "fr") == \
        "Les Spartiates de Léonidas\u00a0: 3 figurines choisies"
    assert picked_title("evenor", ["leonidas"], "en") == "Leonidas's Spartans: 1 figure picked"
    assert picked_title("evenor", ["leonidas", "asteria"], "fr") == "bande choisie figurine par figurine"
    engine = Engine.new("evenor", "premiere_partie", 3,
                        {"rosters": {"1": ["leonidas", "ulysse"], "2": ["asteria", "hiera"]}})
    assert warband(engine.state, 2, "en") == "Myrina's Warriors: 2 figures picked"


def test_the_top_bar_names_the_warband(make_app):
    from game.core.engine import Engine
    from tests.ui.test_activation_flow import table_scene

    app = make_app()
    engine = Engine.new("mortebrume", "pierre_de_brume", 4, {"rosters": {"1": "abelberiens"}})
    scene = table_scene(app, engine)
    text, _ = scene.bar.caption()
    assert "Marteaux d'Abelber" in text and "abelberiens" not in text


def test_the_top_bar_says_which_side_is_the_player_against_the_computer(make_app):
    from game.core.engine import Engine
    from game.core.text import t
    from game.ui.scenes.game import GameScene
    from game.ui.session import Session

    app = make_app()
    engine = Engine.new("mortebrume", "pierre_de_brume", 4, {})
    decider = engine.decider()
    other = next(s for s in engine.state.seats() if s != decider)
    scene = app.push(GameScene(app, Session(engine, {decider: "human", other: "ai:normal"}, lang=app.lang)))
    assert scene.bar.caption()[0].count(t("ui.bar.you", app.lang)) == 1
    app.pop()
    scene = app.push(GameScene(app, Session(engine, {decider: "ai:normal", other: "human"}, lang=app.lang)))
    assert t("ui.bar.computer", app.lang) in scene.bar.caption()[0]
    app.pop()
    scene = app.push(GameScene(app, Session(engine, {decider: "human", other: "human"}, lang=app.lang)))
    text = scene.bar.caption()[0]
    assert t("ui.bar.you", app.lang) not in text and t("ui.bar.computer", app.lang) not in text
