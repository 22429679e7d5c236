"""The warband builder for Mortebrume: the ruleset drop-down, hordes with costs in horde
points, the recruitment limits in the player's language from ``horde_breaks``, presets,
and hordes saved and loaded as YAML rosters the game accepts."""
from __future__ import annotations

import yaml

from game.core.text import t
from tests.ui.driver import Driver


def open_builder(make_app, lang="fr"):
    from game.ui.scenes.builder import BuilderScene

    app = make_app(lang=lang)
    b = app.push(BuilderScene(app))
    d = Driver(app)
    d.frames(2)
    d.choose("builder.ruleset", "mortebrume")
    return app, b, d


def test_switch_to_mortebrume_and_build_a_horde(make_app, home):
    app, b, d = open_builder(make_app, "en")
    assert b.ruleset == "mortebrume" and b.faction_id() in b.cat.hordes
    horde = b.faction_id()
    knight = next(p for p in b.cat.hordes[horde].profiles if b.cat.profile(p).rank == "chevalier")
    add = d.button(f"builder.add.{knight}")
    assert "20 pts" in add.label and add.tooltip.startswith(t("ui.role.chevalier", "en"))
    d.press(f"builder.add.{knight}")
    assert b.cost() == 20
    name = b.cat.profile(knight).name.en
    assert b.problems() == [t("horde.escort", "en", names=name, need=2, has=0)]
    assert b.problems()[0] in b.status.html_text
    assert t("horde.points_note", "en") in b.status.html_text
    recruit = next(p for p in b.cat.hordes[horde].profiles if b.cat.profile(p).rank == "recrue")
    d.press(f"builder.add.{recruit}")
    d.press(f"builder.add.{recruit}")           # the same recruit twice is allowed
    assert not b.problems() and b.cost() == 30
    assert t("ui.builder.cost_points", "en", cost=30, n=3) in b.status.html_text
    d.press("builder.save")
    files = list((home / "rosters").glob("*.yaml"))
    assert len(files) == 1
    doc = yaml.safe_load(files[0].read_text(encoding="utf-8"))
    assert (doc["ruleset"], doc["members"]) == ("mortebrume", [knight, recruit, recruit])
    from game.data import check_files

    assert check_files([str(files[0])])[0] == 0
    b.members = []
    d.press("builder.load")
    assert b.members == doc["members"]


def test_presets_of_every_horde_are_legal(make_app):
    app, b, d = open_builder(make_app)
    for _i, horde in enumerate(b.factions):
        d.choose("builder.faction", horde)
        assert b.faction_id() == horde
        d.press("builder.preset")
        assert b.members and not b.problems(), horde
        assert all(b.cat.horde_of(p) == horde for p in b.members)


def test_saved_evenor_warbands_are_not_offered_to_mortebrume(make_app, home):
    from game.ui.scenes.builder import BuilderScene

    app = make_app()
    ev = app.push(BuilderScene(app))
    d = Driver(app)
    d.frames(2)
    d.press("builder.preset")
    d.press("builder.save")
    d.choose("builder.ruleset", "mortebrume")
    assert ev.ruleset == "mortebrume" and ev.saved_files() == []
    d.press("builder.load")
    assert ev.members == [] and ev.message == t("ui.builder.none_saved", "fr")
