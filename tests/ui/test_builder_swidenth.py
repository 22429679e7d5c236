"""The warband builder for Swidenth: warbands with costs in points, the limits in the
player's language from ``warband_breaks``, tooltips naming rank and equipment, presets, and
warbands saved as YAML rosters that the data checker and setup accept."""
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
    d.choose("builder.ruleset", "swidenth")
    return app, b, d


def test_build_save_and_play_a_legion(make_app, home):
    app, b, d = open_builder(make_app, "en")
    assert b.ruleset == "swidenth" and b.faction_id() == "legion_imperiale"
    add = d.button("builder.add.centurion")
    assert add.label == "+ Centurion (44 pts)"
    assert add.tooltip == "Chef: Sword, Shield, Mail"
    d.press("builder.add.optio")
    assert b.cost() == 32
    assert b.problems() == [t("sw.roster.chef", "en", count=0),
                            t("sw.roster.size", "en", n=1, min=6, max=12)]
    assert t("sw.builder.note", "en") in b.status.html_text
    for pid in ("centurion", "legionnaire", "legionnaire", "legionnaire", "archer"):
        d.press(f"builder.add.{pid}")
    assert not b.problems() and b.cost() == 148
    assert t("sw.builder.cost", "en", cost=148, n=6) in b.status.html_text
    d.press("builder.save")
    files = list((home / "rosters").glob("*.yaml"))
    assert len(files) == 1
    doc = yaml.safe_load(files[0].read_text(encoding="utf-8"))
    assert doc["ruleset"] == "swidenth" and sorted(doc["members"]) == sorted(b.members)
    from game.data import check_files
    from game.rulesets.swidenth import setup

    assert check_files([str(files[0])])[0] == 0
    st = setup.setup("le_gue", 4, {"rosters": {"1": str(files[0]), "2": "clans_du_nord"}})
    assert sorted(f.profile for f in st.figures.values() if f.side == 1) == sorted(doc["members"])


def test_an_illegal_warband_is_not_saved(make_app, home):
    app, b, d = open_builder(make_app)
    for _ in range(3):
        d.press("builder.add.optio")
    assert t("sw.roster.champions", "fr", count=3, max=2) in b.problems()
    d.press("builder.save")
    assert not (home / "rosters").exists() or not list((home / "rosters").glob("*.yaml"))


def test_presets_of_every_warband_are_legal(make_app):
    app, b, d = open_builder(make_app)
    assert len(b.factions) == 4
    for band in b.factions:
        d.choose("builder.faction", band)
        d.press("builder.preset")
        assert b.members and not b.problems(), band
        assert all(b.cat.warband_of(p) == band for p in b.members)
